import { readdirSync, statSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describeError } from '../util/index.js';
import type { Agent } from './agent.js';

/**
 * After-tool-call plugins (docs/extending.md, "Plugins"): modules in the directories of
 * `JARVIS_AFTER_TOOL_CALL_CB_DIRS` whose callbacks run after every action, before the next
 * model call, and are awaited: `after_action` subscribers like any other. A module exports one of three forms (snake_case as in the
 * spec, camelCase also accepted):
 *   after_tool_call_cb(agent, info)             the callback itself
 *   get_after_tool_call_cb()                     returns a callback or a list of them
 *   register_after_tool_call_cb()                returns a callback or a list of them
 * A module that fails to load, or exports none of these, is reported naming the file and
 * skipped; a callback that throws is reported and the run goes on.
 */

export interface AfterToolCallInfo {
  /** the model's reply that held the action */
  response: string;
  /** what goes back to the model as the action's result */
  toolPrompt: string;
  needReturn: boolean;
}

export type AfterToolCallCallback = (agent: Agent, info: AfterToolCallInfo) => unknown;

export interface AfterToolCallPlugin {
  /** the module the callback came from, named in warnings */
  file: string;
  callback: AfterToolCallCallback;
}

export const PLUGIN_DIRS_ENV = 'JARVIS_AFTER_TOOL_CALL_CB_DIRS';

const FORMS = {
  direct: ['after_tool_call_cb', 'afterToolCallCb'],
  factory: ['get_after_tool_call_cb', 'getAfterToolCallCb', 'register_after_tool_call_cb', 'registerAfterToolCallCb'],
} as const;

/** The directories named in the variable: separated by the path delimiter (`:`) or commas. */
export function pluginDirsFromEnv(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): string[] {
  const raw = env[PLUGIN_DIRS_ENV] ?? '';
  return raw
    .split(delimiter)
    .flatMap((p) => p.split(','))
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => resolve(cwd, p));
}

/** Plugin modules directly in `dir`, in name order; `_`/`.` files, tests and `.d.ts` are not plugins. */
function pluginFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => /\.(m?js|m?ts)$/.test(n) && !/\.d\.m?ts$/.test(n) && !/\.test\./.test(n) && !n.startsWith('_') && !n.startsWith('.'))
    .sort()
    .map((n) => join(dir, n))
    .filter((f) => statSync(f, { throwIfNoEntry: false })?.isFile() === true);
}

/** Loads every plugin module of `dirs`, in order; what is skipped is told to `warn`. */
export async function loadAfterToolCallPlugins(o: { dirs: readonly string[]; warn: (message: string) => void }): Promise<AfterToolCallPlugin[]> {
  const out: AfterToolCallPlugin[] = [];
  for (const dir of o.dirs) {
    for (const file of pluginFiles(dir)) {
      const r = await loadOne(file);
      if (typeof r === 'string') o.warn(`after-tool-call plugin ${file} is skipped: ${r}`);
      else out.push(...r.map((callback) => ({ file, callback })));
    }
  }
  return out;
}

async function loadOne(file: string): Promise<AfterToolCallCallback[] | string> {
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (code === 'ERR_UNKNOWN_FILE_EXTENSION') return 'Node cannot load TypeScript here; compile it to .mjs or run jarvis from source (tsx)';
    const kind = e instanceof Error && e.name !== 'Error' ? `${e.name}: ` : '';
    return `it failed to load: ${kind}${describeError(e).split('\n')[0]}`;
  }
  const found = new Set<AfterToolCallCallback>();
  for (const name of FORMS.direct) {
    const v = mod[name];
    if (v === undefined) continue;
    if (typeof v !== 'function') return `export ${name} must be a function`;
    found.add(v as AfterToolCallCallback);
  }
  for (const name of FORMS.factory) {
    const v = mod[name];
    if (v === undefined) continue;
    if (typeof v !== 'function') return `export ${name} must be a function returning a callback or a list of them`;
    let made: unknown;
    try {
      made = await (v as () => unknown)();
    } catch (e) {
      return `${name}() threw: ${describeError(e)}`;
    }
    const list = Array.isArray(made) ? made : [made];
    if (list.length === 0 || list.some((c) => typeof c !== 'function')) return `${name}() must return a function or a list of functions`;
    for (const c of list) found.add(c as AfterToolCallCallback);
  }
  if (found.size === 0) return `it exports none of ${[...FORMS.direct, ...FORMS.factory].filter((n) => !/[A-Z]/.test(n)).join(', ')}`;
  return [...found];
}

/**
 * Subscribes each plugin to the agent's `after_action` events, as an observer: it sees the
 * result with every note already joined, and the run waits for it. A failure is reported
 * naming the module, and the run goes on.
 */
export function attachPlugins(agent: Agent, plugins: readonly AfterToolCallPlugin[], warn: (message: string) => void): void {
  for (const plugin of plugins) {
    agent.events.subscribe(
      'after_action',
      async (e) => {
        try {
          await plugin.callback(agent, { response: e.currentResponse, toolPrompt: e.toolPrompt, needReturn: e.needReturn });
        } catch (e2) {
          warn(`after-tool-call plugin ${plugin.file} failed: ${describeError(e2)}`);
        }
      },
      { observer: true },
    );
  }
}
