import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, ToolRegistry } from '../tools/index.js';
import { createPatchHandler } from './handlers/patch.js';
import { createRewriteHandler } from './handlers/rewrite.js';
import { createToolCallHandler } from './handlers/tool-call.js';
import { buildSystemPrompt, defaultAddon, joinPrompts, loadRules } from './prompt.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function temp(): string {
  const d = mkdtempSync(join(tmpdir(), 'jarvis-prompt-'));
  dirs.push(d);
  return d;
}

describe('system prompt', () => {
  it('puts user rules, project rules and AGENTS.md in one <rules> block, general first', () => {
    const root = temp();
    const data = temp();
    mkdirSync(join(data, 'rules'));
    mkdirSync(join(root, '.jarvis', 'rules'), { recursive: true });
    writeFileSync(join(data, 'rules', 'style.md'), 'USER RULE');
    writeFileSync(join(root, '.jarvis', 'rules', 'b.md'), 'PROJECT RULE B');
    writeFileSync(join(root, '.jarvis', 'rules', 'a.md'), 'PROJECT RULE A');
    writeFileSync(join(root, '.jarvis', 'rules', 'notes.txt'), 'NOT A RULE');
    writeFileSync(join(root, 'AGENTS.md'), 'AGENTS RULE');
    const prompt = buildSystemPrompt('ROLE', [createToolCallHandler(new ToolRegistry()), createPatchHandler()], loadRules(root, data));
    expect(prompt.match(/<rules>/g)).toHaveLength(1);
    const order = ['ROLE', '## TOOL_CALL', '## PATCH', '<rules>', 'USER RULE', 'PROJECT RULE A', 'PROJECT RULE B', 'AGENTS RULE', '</rules>'].map((s) =>
      prompt.indexOf(s),
    );
    expect(order.every((v, i) => v >= 0 && (i === 0 || v > (order[i - 1] as number)))).toBe(true);
    expect(prompt).not.toContain('NOT A RULE');
  });

  it('has no rules block without rules files', () => {
    expect(buildSystemPrompt('ROLE', [], loadRules(temp(), undefined))).toBe('ROLE');
  });
});

describe('addon', () => {
  it('mentions the completion marker only when auto-complete is on', () => {
    expect(defaultAddon({ needComplete: true, autoComplete: true, actions: ['TOOL_CALL'] })).toContain('<!!!COMPLETE!!!>');
    expect(defaultAddon({ needComplete: true, autoComplete: false, actions: ['TOOL_CALL'] })).not.toContain('COMPLETE');
  });

  it('joinPrompts drops empty parts', () => {
    expect(joinPrompts('a', '', '  ', undefined, 'b')).toBe('a\n\nb');
  });
});

describe('what the model sees', () => {
  it('renders the system prompt and the addon as snapshotted (review prompt changes here)', () => {
    const tools = new ToolRegistry([
      defineTool({ name: 'echo', description: 'Returns its text.', params: z.object({ text: z.string() }), run: async (a) => ({ forModel: a.text }) }),
    ]);
    const handlers = [createToolCallHandler(tools), createPatchHandler(), createRewriteHandler()];
    expect(buildSystemPrompt('You are Jarvis.', handlers, [{ source: 'AGENTS.md', text: 'Use C11.' }])).toMatchSnapshot();
    expect(defaultAddon({ needComplete: true, autoComplete: true, actions: handlers.map((h) => h.name) })).toMatchSnapshot();
  });
});
