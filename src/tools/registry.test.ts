import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tempTree } from '../../test/support/temp-tree.js';
import { JarvisError } from '../util/index.js';
import { builtinTools } from './builtin/index.js';
import { ToolRegistry } from './registry.js';
import { defineTool, type ToolContext } from './tool.js';
import { BUILTIN_TOOL_NAMES } from './tool-names.js';

function ctx(over: Partial<ToolContext> = {}): ToolContext {
  const root = tempTree();
  return { root, runDir: `${root}/.jarvis/runs/t`, interactive: false, env: process.env, ...over };
}

/** Records what it was called with, so a test can tell whether it ran. */
function echoTool() {
  const calls: unknown[] = [];
  const tool = defineTool({
    name: 'echo',
    description: 'Echo the text back.',
    params: z.strictObject({ text: z.string(), times: z.number().int().min(1).default(1) }),
    async run(args) {
      calls.push(args);
      return { forModel: args.text.repeat(args.times) };
    },
  });
  return { tool, calls };
}

describe('ToolRegistry.invoke', () => {
  it('runs a tool with validated arguments, defaults applied', async () => {
    const { tool, calls } = echoTool();
    const r = await new ToolRegistry([tool]).invoke('echo', { text: 'ab' }, ctx());
    expect(r).toEqual({ forModel: 'ab' });
    expect(calls).toEqual([{ text: 'ab', times: 1 }]);
  });

  it('accepts arguments given as a JSON string', async () => {
    const { tool } = echoTool();
    const r = await new ToolRegistry([tool]).invoke('echo', '{"text":"x","times":3}', ctx());
    expect(r.forModel).toBe('xxx');
  });

  it.each(['nope', 'constructor', 'toString', '__proto__', 'hasOwnProperty'])('answers an unknown tool "%s" with the list of tools and runs nothing', async (name) => {
    const { tool, calls } = echoTool();
    const r = await new ToolRegistry([tool]).invoke(name, { text: 'x' }, ctx());
    expect(r.error?.code).toBe('unknown_tool');
    expect(r.forModel).toContain(`no tool named "${name}"`);
    expect(r.forModel).toContain('Available tools: echo');
    expect(calls).toEqual([]);
  });

  it('answers a non-string name without throwing', async () => {
    const { tool } = echoTool();
    const r = await new ToolRegistry([tool]).invoke({ evil: true }, {}, ctx());
    expect(r.error?.code).toBe('unknown_tool');
  });

  it('turns bad arguments into a message naming each field and the schema, without running the tool', async () => {
    const { tool, calls } = echoTool();
    const r = await new ToolRegistry([tool]).invoke('echo', { text: 5, time: 2 }, ctx());
    expect(calls).toEqual([]);
    expect(r.error?.code).toBe('invalid_arguments');
    expect(r.forModel).toContain('- text: Invalid input: expected string, received number');
    expect(r.forModel).toContain('Unrecognized key: "time"');
    expect(r.forModel).toContain('Call echo again with arguments matching this JSON Schema: {"type":"object"');
  });

  it('reports arguments that are a broken JSON string', async () => {
    const { tool, calls } = echoTool();
    const r = await new ToolRegistry([tool]).invoke('echo', '{"text": ', ctx());
    expect(r.error?.code).toBe('invalid_arguments');
    expect(r.forModel).toMatch(/not valid JSON/);
    expect(calls).toEqual([]);
  });

  it('reports a tool failure as a result: JarvisError as failed with its hint, anything else as internal', async () => {
    const reg = new ToolRegistry([
      defineTool({
        name: 'user_fault',
        description: 'x',
        params: z.object({}),
        run: () => Promise.reject(new JarvisError('tool', 'disk full', { hint: 'free some space' })),
      }),
      defineTool({ name: 'bug', description: 'x', params: z.object({}), run: () => Promise.reject(new TypeError('x is undefined')) }),
    ]);
    const a = await reg.invoke('user_fault', {}, ctx());
    expect(a.error).toEqual({ code: 'failed', message: 'user_fault failed: disk full (free some space)' });
    const b = await reg.invoke('bug', {}, ctx());
    expect(b.error?.code).toBe('internal');
    expect(b.forModel).toContain('x is undefined');
  });

  it('does not run a tool once the run is aborted', async () => {
    const { tool, calls } = echoTool();
    const ac = new AbortController();
    ac.abort();
    const r = await new ToolRegistry([tool]).invoke('echo', { text: 'x' }, ctx({ signal: ac.signal }));
    expect(r.error?.code).toBe('aborted');
    expect(calls).toEqual([]);
  });
});

describe('ToolRegistry whitelists', () => {
  it('use() keeps only the named tools and dontUse() removes tools', async () => {
    const reg = new ToolRegistry(builtinTools());
    expect(reg.names()).toEqual(['read_code', 'search_files', 'list_files', 'execute_script', 'ask_user']);
    reg.use(['read_code', 'execute_script']);
    expect(reg.names()).toEqual(['read_code', 'execute_script']);
    reg.dontUse(['execute_script']);
    expect(reg.names()).toEqual(['read_code']);
    const r = await reg.invoke('execute_script', { script_content: 'touch ran' }, ctx());
    expect(r.error?.code).toBe('unknown_tool');
    expect(r.forModel).toContain('Available tools: read_code.');
  });

  it('rejects unknown names in a whitelist and duplicate registrations', () => {
    const reg = new ToolRegistry(builtinTools());
    expect(() => reg.use(['read_code', 'reed_code'])).toThrow(/unknown tool reed_code/);
    expect(() => reg.dontUse(['constructor'])).toThrow(JarvisError);
    expect(() => reg.register(builtinTools()[0] as never)).toThrow(/registered twice/);
  });
});

describe('what the model sees', () => {
  const reg = new ToolRegistry(builtinTools());

  it('lists every built-in tool', () => {
    expect(reg.list().map((t) => t.name).sort()).toEqual([...BUILTIN_TOOL_NAMES].sort());
  });

  it.each(BUILTIN_TOOL_NAMES)('keeps the %s schema stable', (name) => {
    expect(reg.list().find((t) => t.name === name)).toMatchSnapshot();
  });

  it('renders the prompt tool section', () => {
    expect(reg.renderForPrompt()).toMatchSnapshot();
  });
});
