import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { describeError, runProcess } from '../../util/index.js';
import { defineTool, toolError, type Tool } from '../tool.js';
import { paramsFromJsonSchema } from './json-schema-params.js';

/**
 * `save_tool`: the task analysis writes a tool module that was missing (docs/memory.md). The
 * module goes to the project's tool folder, `.jarvis/tools/<name>.mjs`, where every later run
 * loads it like a hand-written one (docs/extending.md). It is checked before it lands: it is
 * imported in a separate Node process (so its top-level code cannot touch this one, and a hang
 * is killed), its exports must be a valid tool of the name asked for, and its `execute` is
 * never called here. Once saved it runs only when a model calls it, through the usual
 * confirmation (`execute_tool_confirm`).
 */

export const SAVE_TOOL = 'save_tool';

const NAME = /^[a-z][a-z0-9_]*$/;
const VALIDATE_TIMEOUT_MS = 15_000;

const params = z.strictObject({
  name: z.string().regex(NAME, 'snake_case: lower-case letters, digits and _').max(60).describe('the tool name, snake_case; the module must export the same name'),
  description: z.string().min(10).max(500).describe('one or two sentences: what the tool does and when to call it'),
  module: z
    .string()
    .min(40)
    .describe('the whole ES module source: `export const name`, `export const description`, `export const parameters` (JSON Schema object), `export async function execute(args, ctx)` returning a string'),
});

/** Imports the module in a child Node and reports its exports as JSON; never calls execute. */
const PROBE = `
const m = await import(process.argv[1]);
const d = m.default && typeof m.default === 'object' && 'execute' in m.default ? m.default : m;
process.stdout.write(JSON.stringify({ name: d.name, description: d.description, parameters: d.parameters ?? null, execute: typeof d.execute, check: typeof d.check }));
process.exit(0);
`;

interface Probe {
  name?: unknown;
  description?: unknown;
  parameters?: unknown;
  execute?: unknown;
  check?: unknown;
}

export interface SaveToolOptions {
  /** the project root: modules go to `<root>/.jarvis/tools/` */
  root: string;
  /** names taken in this run (built-ins, MCP, modules): a new module may not shadow one */
  taken: () => readonly string[];
}

/** Validates `source` as a tool module named `name`; the reason it is not one, or undefined. */
export async function validateToolModule(file: string, name: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const r = await runProcess(process.execPath, ['--input-type=module', '-e', PROBE, pathToFileURL(file).href], {
    env,
    timeoutMs: VALIDATE_TIMEOUT_MS,
    maxOutputBytes: 256 * 1024,
  });
  if (r.timedOut) return `loading it did not finish within ${VALIDATE_TIMEOUT_MS / 1000} s (top-level code must not wait)`;
  if (r.exitCode !== 0) return `it failed to load: ${(r.stderr.trim().split('\n').find((l) => /Error/.test(l)) ?? r.stderr.trim().split('\n')[0] ?? '').trim()}`;
  let p: Probe;
  try {
    p = JSON.parse(r.stdout) as Probe;
  } catch {
    return 'it printed to stdout while loading; a tool module must not';
  }
  if (p.name !== name) return `export \`name\` is ${JSON.stringify(p.name)}, not "${name}"`;
  if (typeof p.description !== 'string' || p.description.trim() === '') return 'export `description` must be a non-empty string';
  if (p.execute !== 'function') return 'export `execute(args, ctx)` must be a function';
  if (p.check !== 'undefined' && p.check !== 'function') return 'export `check`, when given, must be a function';
  try {
    paramsFromJsonSchema(p.parameters ?? { type: 'object', properties: {} }, { validate: true });
  } catch (e) {
    return `export \`parameters\` is not a usable JSON Schema object: ${describeError(e)}`;
  }
  return undefined;
}

export function createSaveToolTool(o: SaveToolOptions): Tool {
  return defineTool({
    name: SAVE_TOOL,
    description:
      'Saves a new tool module in the project (.jarvis/tools/<name>.mjs) for later runs, when this task showed a tool was missing. ' +
      'The module is checked by loading it before it is kept; it is not available until the next run.',
    params,
    paths: (a) => ({ reads: [], writes: [`.jarvis/tools/${a.name}.mjs`] }),
    describe: (a) => `save_tool: write the tool module .jarvis/tools/${a.name}.mjs (${a.description.split('\n')[0]})`,
    async run(args, ctx) {
      if (o.taken().includes(args.name)) return toolError('invalid_arguments', `A tool named ${args.name} exists already; choose another name.`);
      const dir = join(o.root, '.jarvis', 'tools');
      const target = join(dir, `${args.name}.mjs`);
      if (existsSync(target)) return toolError('invalid_arguments', `.jarvis/tools/${args.name}.mjs exists already; choose another name.`);
      mkdirSync(dir, { recursive: true });
      // a dot file: tool loaders skip it, so no run picks up a module that is not checked yet
      const pending = join(dir, `.pending-${args.name}-${process.pid}.mjs`);
      writeFileSync(pending, args.module.endsWith('\n') ? args.module : `${args.module}\n`);
      try {
        const why = await validateToolModule(pending, args.name, ctx.env);
        if (why !== undefined) return toolError('invalid_arguments', `The module was not saved: ${why}. Fix it and call save_tool again.`);
        renameSync(pending, target);
      } finally {
        rmSync(pending, { force: true });
      }
      return {
        forModel: `Saved the tool module .jarvis/tools/${args.name}.mjs; it loads at the start of the next run.`,
        forUser: `saved tool module .jarvis/tools/${args.name}.mjs`,
        data: { name: args.name, path: target },
      };
    },
  });
}
