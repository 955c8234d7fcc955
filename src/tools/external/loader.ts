import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describeError } from '../../util/index.js';
import { defineTool, type Tool } from '../tool.js';
import { isPlainObject, paramsFromJsonSchema } from './json-schema-params.js';
import { externalResult } from './result.js';

/**
 * User tools: ES modules in `<dataDir>/tools/` and `<project>/.jarvis/tools/` that export
 * `{ name, description, parameters, execute(args, ctx), check? }` (named exports, or one object
 * as the default export). A module that fails to load or to validate is reported, naming the
 * file, and skipped; it never stops the run. `check()` returning false hides the tool.
 */

export interface ExternalToolOptions {
  /** Directories in order; on a name clash the later directory wins (the project over the user). */
  dirs: readonly string[];
  /** Names already taken (built-in and MCP tools); a module claiming one is skipped. */
  reserved?: readonly string[];
  /** Default: a line on stderr. */
  warn?: (message: string) => void;
}

/** Where user tools live: the user's data directory first, then the project's. */
export function externalToolDirs(opts: { dataDir: string; projectDir: string }): string[] {
  return [join(opts.dataDir, 'tools'), join(opts.projectDir, '.jarvis', 'tools')];
}

const TOOL_NAME = /^[A-Za-z_][\w.-]*$/;

interface ToolModule {
  name?: unknown;
  description?: unknown;
  parameters?: unknown;
  execute?: unknown;
  check?: unknown;
}

type Loaded = { ok: true; tool: Tool } | { ok: false; why: string } | { ok: 'hidden' };

/** Loads every tool module of `dirs`; what is skipped is told to `warn`. */
export async function loadExternalTools(opts: ExternalToolOptions): Promise<Tool[]> {
  const warn = opts.warn ?? ((m: string) => process.stderr.write(`warning: ${m}\n`));
  const reserved = new Set(opts.reserved ?? []);
  const byName = new Map<string, { tool: Tool; file: string; dir: string }>();
  for (const dir of opts.dirs) {
    for (const file of moduleFiles(dir)) {
      const loaded = await loadOne(file, warn);
      if (loaded.ok === 'hidden') continue;
      if (!loaded.ok) {
        warn(`external tool ${file} is skipped: ${loaded.why}`);
        continue;
      }
      const { tool } = loaded;
      if (reserved.has(tool.name)) {
        warn(`external tool ${file} is skipped: the name ${tool.name} is taken by a built-in or MCP tool`);
        continue;
      }
      const earlier = byName.get(tool.name);
      if (earlier && earlier.dir === dir) {
        warn(`external tool ${file} is skipped: ${earlier.file} already defines ${tool.name}`);
        continue;
      }
      byName.set(tool.name, { tool, file, dir });
    }
  }
  return [...byName.values()].map((v) => v.tool);
}

/** `.mjs` and `.js` files directly in `dir`, sorted; a missing directory has none. */
function moduleFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => (n.endsWith('.mjs') || n.endsWith('.js')) && !n.startsWith('.'))
    .sort()
    .map((n) => join(dir, n))
    .filter((f) => statSync(f, { throwIfNoEntry: false })?.isFile() === true);
}

async function loadOne(file: string, warn: (m: string) => void): Promise<Loaded> {
  let mod: ToolModule & { default?: unknown };
  try {
    // The mtime in the URL makes an edited module load afresh in a long-lived process.
    const url = `${pathToFileURL(file).href}?mtime=${statSync(file).mtimeMs}`;
    mod = (await import(url)) as ToolModule & { default?: unknown };
  } catch (e) {
    const kind = e instanceof Error && e.name !== 'Error' ? `${e.name}: ` : '';
    return { ok: false, why: `it failed to load: ${kind}${describeError(e).split('\n')[0]}` };
  }
  const def: ToolModule =
    typeof mod.default === 'object' && mod.default !== null && 'execute' in mod.default ? (mod.default as ToolModule) : mod;
  const { name, description, parameters, execute, check } = def;
  if (typeof name !== 'string' || !TOOL_NAME.test(name)) {
    return { ok: false, why: 'export `name` must be a string of letters, digits, _, . and - (starting with a letter or _)' };
  }
  if (typeof description !== 'string' || description.trim() === '') return { ok: false, why: 'export `description` must be a non-empty string' };
  if (typeof execute !== 'function') return { ok: false, why: 'export `execute(args, ctx)` must be a function' };
  if (check !== undefined && typeof check !== 'function') return { ok: false, why: 'export `check`, when given, must be a function' };
  if (typeof check === 'function') {
    try {
      if ((await (check as () => unknown)()) === false) return { ok: 'hidden' };
    } catch (e) {
      return { ok: false, why: `its check() threw: ${describeError(e)}` };
    }
  }
  const schema = parameters ?? { type: 'object', properties: {} };
  let params;
  try {
    params = paramsFromJsonSchema(schema, { validate: true });
  } catch (e) {
    if (!isPlainObject(schema) || (schema.type !== undefined && schema.type !== 'object')) {
      return { ok: false, why: `export \`parameters\`: ${describeError(e)}` };
    }
    // A schema zod cannot check (draft-07 `definitions`, say) still describes the tool; execute() checks.
    warn(`external tool ${file}: its arguments are not checked before execute() (${describeError(e)})`);
    params = paramsFromJsonSchema(schema, { validate: false });
  }
  const run = execute as (args: unknown, ctx: unknown) => unknown;
  return {
    ok: true,
    tool: defineTool({
      name,
      description: description.trim(),
      params,
      async run(args, ctx) {
        return externalResult(await run(args, ctx), name, ctx);
      },
    }),
  };
}
