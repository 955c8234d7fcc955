import { listMethodologies } from '../agent/index.js';
import { findGitRoot } from '../apps/code/index.js';
import { colors } from '../util/index.js';
import { userDataDir, type JarvisConfig, type TaskEntry } from '../util/config/index.js';
import type { AgentRun } from './agent-run.js';

/**
 * What the jarvis REPL adds around its prompt (docs/cli.md, "The REPL"): the one-line banner of
 * what is in play, the config's predefined tasks offered by number, and in a git repository
 * the offer to hand a task to jca.
 */

/** `model … · N tools (group g) · MCP a ✓, b ✗ · memory N · methodologies N · analysis on|off` */
export async function startBanner(r: AgentRun): Promise<string> {
  const dataDir = r.config.data_dir ?? userDataDir({ env: process.env });
  const models = await r.kit.models(undefined);
  const model = `${models.normal.name}/${models.normal.model}${models.cheap ? ` (cheap ${models.cheap.model})` : ''}`;
  const tools = `${r.agent.tools.names().length} tools${r.info.toolGroup ? ` (group ${r.info.toolGroup})` : ''}`;
  const mcp = r.info.mcp.length > 0 ? `MCP ${r.info.mcp.map((s) => `${s.name} ${s.state === 'ready' ? '✓' : s.state === 'failed' ? '✗' : 'off'}`).join(', ')}` : 'no MCP servers';
  const memory = `memory ${r.kit.memory?.store.list().length ?? 0}`;
  const methodologies = `methodologies ${r.kit.methodology ? listMethodologies({ root: r.agent.root, dataDir }).length : 'off'}`;
  return [model, tools, mcp, memory, methodologies, `analysis ${r.info.analysis ? 'on' : 'off'}`].join(' · ');
}

function taskText(t: TaskEntry): string {
  return typeof t === 'string' ? t : t.task;
}

function taskLabel(t: TaskEntry): string {
  const text = typeof t === 'string' ? t : `${t.name}: ${t.task}`;
  const line = text.split('\n')[0] ?? '';
  return line.length > 100 ? `${line.slice(0, 97)}…` : line;
}

/**
 * The config's `tasks:` by number; the chosen task's text, or undefined (Enter, end of input,
 * or no tasks). Anything else typed is taken as a task of its own.
 */
export async function pickPredefinedTask(config: JarvisConfig, r: Pick<AgentRun, 'ask'>, out: NodeJS.WritableStream): Promise<string | undefined> {
  const tasks = config.tasks;
  if (tasks.length === 0) return undefined;
  out.write(`Predefined tasks:\n${tasks.map((t, i) => `  ${i + 1}. ${taskLabel(t)}`).join('\n')}\n`);
  for (;;) {
    const a = (await r.ask(`Run one? (1-${tasks.length}, Enter to skip)`)).trim();
    if (a === '') return undefined;
    const n = Number(a);
    if (Number.isInteger(n) && n >= 1 && n <= tasks.length) return taskText(tasks[n - 1] as TaskEntry);
    if (!/^\d+$/.test(a)) return a;
    out.write(colors.dim(`no task ${a}; choose 1-${tasks.length}\n`));
  }
}

/** Offers jca for tasks typed in a git repository, until the person says never. */
export class JcaOffer {
  private never = false;
  private root: string | undefined | null = null;

  constructor(private readonly cwd: string) {}

  /** true when the person wants `task` handed to jca */
  async wanted(r: Pick<AgentRun, 'ask'>): Promise<boolean> {
    if (this.never) return false;
    if (this.root === null) this.root = await findGitRoot(this.cwd);
    if (this.root === undefined) return false;
    const a = (await r.ask(`This is a git repository (${this.root}). Hand this task to jca, which edits, builds, tests and commits? [y/N, "never" stops asking]`)).trim().toLowerCase();
    if (a === 'never') this.never = true;
    return a === 'y' || a === 'yes';
  }
}
