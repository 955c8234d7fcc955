import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { externalToolDirs, loadExternalTools } from '../../src/tools/external/index.js';
import { ToolRegistry } from '../../src/tools/registry.js';
import type { ToolContext } from '../../src/tools/tool.js';
import { tempTree } from '../support/temp-tree.js';

const GREET = `
export const name = 'greet';
export const description = 'Greets someone by name.';
export const parameters = {
  type: 'object',
  properties: { who: { type: 'string', description: 'who to greet' }, times: { type: 'integer', minimum: 1 } },
  required: ['who'],
  additionalProperties: false,
};
export async function execute(args, ctx) {
  return 'hello ' + args.who + (args.times ? ' x' + args.times : '') + ' from ' + ctx.root;
}
`;

function ctx(root: string): ToolContext {
  return { root, runDir: join(root, '.run'), interactive: false, env: {} };
}

async function load(files: Record<string, string>, reserved: string[] = []) {
  const root = tempTree(files);
  const warnings: string[] = [];
  const tools = await loadExternalTools({
    dirs: externalToolDirs({ dataDir: join(root, 'home'), projectDir: join(root, 'project') }),
    reserved,
    warn: (w) => warnings.push(w),
  });
  return { root, tools, warnings, registry: new ToolRegistry(tools) };
}

describe('external tool modules', () => {
  it('loads a module from the user tools directory and runs it with validated arguments', async () => {
    const { root, registry, warnings } = await load({ 'home/tools/greet.mjs': GREET });
    expect(warnings).toEqual([]);
    const spec = registry.list()[0];
    expect(spec).toEqual({
      name: 'greet',
      description: 'Greets someone by name.',
      parameters: {
        type: 'object',
        properties: { who: { type: 'string', description: 'who to greet' }, times: { type: 'integer', minimum: 1 } },
        required: ['who'],
        additionalProperties: false,
      },
    });
    const ok = await registry.invoke('greet', { who: 'ada', times: 2 }, ctx(root));
    expect(ok.forModel).toBe(`hello ada x2 from ${root}`);
    const bad = await registry.invoke('greet', { who: 'ada', times: 0 }, ctx(root));
    expect(bad.error?.code).toBe('invalid_arguments');
    const extra = await registry.invoke('greet', { who: 'ada', shout: true }, ctx(root));
    expect(extra.error?.code).toBe('invalid_arguments');
  });

  it('skips a module with a syntax error, warning with its file name, and keeps the others', async () => {
    const { root, registry, warnings } = await load({
      'project/.jarvis/tools/broken.mjs': 'export const name = "broken";\nexport function execute( {\n',
      'project/.jarvis/tools/greet.mjs': GREET,
    });
    expect(registry.names()).toEqual(['greet']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(join(root, 'project/.jarvis/tools/broken.mjs'));
    expect(warnings[0]).toMatch(/is skipped: it failed to load: .*syntax/i);
  });

  it.each([
    ['no execute', 'export const name = "x"; export const description = "d";', 'execute(args, ctx)` must be a function'],
    ['bad name', 'export const name = "has space"; export const description = "d"; export function execute() {}', 'export `name`'],
    ['no description', 'export const name = "x"; export function execute() {}', 'export `description`'],
    ['non-object parameters', 'export const name = "x"; export const description = "d"; export const parameters = { type: "string" }; export function execute() {}', 'must describe an object'],
    ['throwing module', 'throw new Error("cannot start here");', 'cannot start here'],
  ])('reports a module with %s and skips it', async (_case, source, expected) => {
    const { registry, warnings } = await load({ 'home/tools/mod.mjs': source });
    expect(registry.names()).toEqual([]);
    expect(warnings[0]).toContain('mod.mjs is skipped');
    expect(warnings[0]).toContain(expected);
  });

  it('hides a tool whose check() returns false', async () => {
    const { registry, warnings } = await load({
      'home/tools/greet.mjs': `${GREET}\nexport function check() { return false; }`,
      'home/tools/other.mjs': GREET.replace("'greet'", "'other'") + '\nexport async function check() { return true; }',
    });
    expect(registry.names()).toEqual(['other']);
    expect(warnings).toEqual([]);
  });

  it('lets a project tool replace a user tool of the same name, and skips names already taken', async () => {
    const { root, registry, warnings } = await load(
      {
        'home/tools/greet.mjs': GREET,
        'project/.jarvis/tools/greet.mjs': GREET.replace("'hello '", "'hi '"),
        'project/.jarvis/tools/read_code.mjs': GREET.replace("'greet'", "'read_code'"),
      },
      ['read_code'],
    );
    expect(registry.names()).toEqual(['greet']);
    expect((await registry.invoke('greet', { who: 'bo' }, ctx(root))).forModel).toMatch(/^hi bo/);
    expect(warnings).toEqual([expect.stringContaining('the name read_code is taken')]);
  });

  it('accepts one object as the default export, and a CommonJS-style .js file', async () => {
    const { root, registry } = await load({
      'home/tools/a.mjs': 'export default { name: "a_tool", description: "A.", execute: () => ({ success: true, stdout: "out", stderr: "warn" }) };',
      'home/tools/b.js': 'module.exports = { name: "b_tool", description: "B.", execute: () => ({ success: false, stdout: "", stderr: "boom" }) };',
    });
    expect(registry.names()).toEqual(['a_tool', 'b_tool']);
    expect((await registry.invoke('a_tool', {}, ctx(root))).forModel).toBe('<stdout>\nout\n</stdout>\n<stderr>\nwarn\n</stderr>');
    const b = await registry.invoke('b_tool', {}, ctx(root));
    expect(b.error?.code).toBe('failed');
    expect(b.forModel).toBe('b_tool failed:\n<stderr>\nboom\n</stderr>');
  });

  it('passes our own result shape through and reports a throwing execute() as a tool error', async () => {
    const { root, registry } = await load({
      'home/tools/r.mjs': `export const name = 'r'; export const description = 'R.';
        export function execute(args) {
          if (args.fail) throw new Error('disk on fire');
          return { forModel: 'for the model', forUser: 'for you', data: { n: 1 } };
        }`,
    });
    expect(await registry.invoke('r', {}, ctx(root))).toEqual({ forModel: 'for the model', forUser: 'for you', data: { n: 1 } });
    const thrown = await registry.invoke('r', { fail: true }, ctx(root));
    expect(thrown.error?.code).toBe('internal');
    expect(thrown.forModel).toContain('disk on fire');
  });

  it('falls back to unchecked arguments for a schema zod cannot check, and says so', async () => {
    const { root, registry, warnings } = await load({
      'home/tools/d7.mjs': `export const name = 'd7'; export const description = 'Draft 7.';
        export const parameters = { type: 'object', properties: { p: { $ref: '#/definitions/p' } }, definitions: { p: { type: 'string' } } };
        export function execute(args) { return JSON.stringify(args); }`,
    });
    expect(warnings[0]).toContain('d7.mjs: its arguments are not checked');
    expect((await registry.invoke('d7', { p: 'x' }, ctx(root))).forModel).toBe('{"p":"x"}');
    expect(registry.list()[0]?.parameters).toMatchObject({ definitions: { p: { type: 'string' } } });
  });

  it('finds nothing, quietly, when the directories do not exist', async () => {
    const { tools, warnings } = await load({});
    expect(tools).toEqual([]);
    expect(warnings).toEqual([]);
  });
});
