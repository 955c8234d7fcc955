import { describe, expect, it } from 'vitest';
import { JarvisError } from '../util/index.js';
import { parseAgentDefinition } from './agent-definition.js';

function errorOf(text: string): JarvisError {
  try {
    parseAgentDefinition(text, 'def.yaml');
  } catch (e) {
    if (e instanceof JarvisError) return e;
    throw e;
  }
  throw new Error('expected the definition to be rejected');
}

describe('parseAgentDefinition', () => {
  it('accepts a full definition', () => {
    const d = parseAgentDefinition(
      'name: rev\ndescription: reviews\nsystem_prompt: |\n  You review C.\nuse_tools: [read_code]\nllm_group: fast\nauto_complete: true\nauto_summary_rounds: 5\nplan: false\n',
      'def.yaml',
    );
    expect(d).toMatchObject({ name: 'rev', system_prompt: 'You review C.\n', use_tools: ['read_code'], llm_group: 'fast', auto_complete: true, auto_summary_rounds: 5, plan: false });
  });

  it.each([
    ['a missing key', 'name: x\n', /^agent definition def\.yaml: system_prompt: /],
    ['a wrong type, with its line', 'name: x\nsystem_prompt: hi\nneed_summary: "sometimes"\n', /^agent definition def\.yaml:3: need_summary: .*boolean/],
    ['a nested bad item', 'name: x\nsystem_prompt: hi\nuse_tools:\n  - read_code\n  - 7\n', /^agent definition def\.yaml:5: use_tools\.1: /],
    ['an unknown key', 'name: x\nsystem_prompt: hi\nsystem-prompt: y\n', /^agent definition def\.yaml:3: system-prompt: unknown key; known keys: name, /],
    ['broken YAML', 'name: x\nsystem_prompt: [unclosed\n', /^agent definition def\.yaml:\d+:\d+: /],
    ['a list instead of a mapping', '- a\n- b\n', /^agent definition def\.yaml: \(top level\): /],
  ])('rejects %s in one line naming file and key', (_what, text, pattern) => {
    const e = errorOf(text);
    expect(e.message).toMatch(pattern);
    expect(e.message).not.toContain('\n');
  });
});
