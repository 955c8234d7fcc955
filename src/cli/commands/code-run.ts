import { Option, type Command } from 'commander';
import {
  CodeAgent,
  commitsSince,
  headHash,
  resetToStart,
  reviewQuestion,
  codeToolWhitelist,
  DEFAULT_MAX_ITERATIONS,
  detectVerify,
  setupRepository,
  type CodeRunResult,
  type EditFormat,
  type GitCheckMode,
} from '../../apps/code/index.js';
import { AgentFactory, openAgentKit, type AgentKit } from '../../agent/index.js';
import { finishRun } from '../../runs/index.js';
import { JarvisError, colors } from '../../util/index.js';
import { loadEffectiveConfig } from '../../util/config/index.js';
import { replacementsFrom, type ReplaceEntry } from '../input/index.js';
import { LineInput } from '../line-input.js';
import { createPrompts } from '../prompts.js';
import { addAgentConfigOptions, configFlagsFrom } from '../llm-options.js';
import { showProgress } from '../run-report.js';
import { startAgentSession } from '../run-setup.js';

/** The default action of `jca`: set up the repository, run the code agent on a requirement, report. */

export interface CodeRunOptions {
  requirement?: string;
  nonInteractive?: boolean;
  llmGroup?: string;
  allowDirty?: boolean;
  prefix?: string;
  suffix?: string;
  build?: string;
  test?: string;
  maxIterations: string;
  editFormat: EditFormat;
  lint?: boolean;
  appendTools?: string;
  plan?: boolean;
  restoreSession?: boolean;
  gitCheck: GitCheckMode;
  json?: boolean;
  toolGroup?: string;
  config?: string;
  /** undefined: on when interactive */
  review?: boolean;
  init?: boolean;
}

export function registerCodeRun(program: Command): void {
  addAgentConfigOptions(program)
    .option('-r, --requirement <text>', 'what to change (required with -n; asked for otherwise)')
    .option('-n, --non-interactive', 'never ask: commit every change automatically (env JARVIS_NON_INTERACTIVE)')
    .option('--allow-dirty', 'start even with uncommitted changes (they are left uncommitted)')
    .option('--prefix <text>', 'put this before every commit message')
    .option('--suffix <text>', 'put this after every commit message')
    .option('--build <command>', 'build command (sh -c); "" for none; default: detected')
    .option('--test <command>', 'test command (sh -c); "" for none; default: detected')
    .option('--max-iterations <n>', 'verify attempts after edits before giving up', String(DEFAULT_MAX_ITERATIONS))
    .addOption(new Option('--edit-format <format>', 'how the model edits files').choices(['patch', 'json']).default('patch'))
    .option('--lint', 'run the installed checkers for the changed files once after the edits')
    .option('--append-tools <names>', 'comma-separated tools to allow besides the code tools')
    .option('--plan', 'split the requirement into sub-tasks run by helper agents first (default: config agent.plan)')
    .option('--no-plan', 'do not split the task')
    .option('--restore-session', "continue the session saved with '<SaveSession>'")
    .addOption(new Option('--git-check <mode>', 'missing git user.name/email: stop or warn').choices(['strict', 'warn']).default('warn'))
    .option('--review', 'at the end, list the commits of the run and ask to keep them or reset to the start (default in interactive runs)')
    .option('--no-review', 'keep the commits without asking')
    .option('--init', 'outside a git repository, run git init here without asking (non-interactive runs)')
    .option('--json', 'print the result as one JSON line: status, result, commits, verify, run_id')
    .action(async (o: CodeRunOptions) => {
      process.exitCode = await runCode(o);
    });
}

/** The defaults of the options commander would fill in, for a run started from elsewhere (the jarvis REPL). */
export const CODE_RUN_DEFAULTS: Pick<CodeRunOptions, 'maxIterations' | 'editFormat' | 'gitCheck'> = {
  maxIterations: String(DEFAULT_MAX_ITERATIONS),
  editFormat: 'patch',
  gitCheck: 'warn',
};

/**
 * One jca run in the current directory; returns the exit code. `input` is the person's input
 * when the caller already reads it (the jarvis REPL hands a task over): it is used and left open.
 */
export async function runCode(o: CodeRunOptions, shared: { input?: LineInput } = {}): Promise<number> {
  const maxIterations = Number(o.maxIterations);
  if (!Number.isInteger(maxIterations) || maxIterations < 1) throw new JarvisError('usage', `--max-iterations must be a positive integer, not ${o.maxIterations}`);
  if (o.requirement !== undefined && o.requirement.trim() === '') throw new JarvisError('usage', 'the requirement is empty', { hint: 'jca -r "what to change"' });

  const first = loadEffectiveConfig({ cwd: process.cwd(), flags: configFlagsFrom(o) });
  const interactive = !(o.nonInteractive === true || first.config.agent.non_interactive);
  if (!interactive && o.requirement === undefined) {
    throw new JarvisError('usage', 'a non-interactive run needs the requirement', { hint: 'jca -n -r "what to change"' });
  }
  const input = interactive ? (shared.input ?? new LineInput()) : undefined;
  const notice = (t: string) => process.stderr.write(`${colors.yellow(t)}\n`);
  const interrupts: { wiring?: { reset(): void } } = {};
  // end of input answers like an empty line, and never approves anything (src/cli/prompts.ts)
  const { ask, confirm } = createPrompts({ input, out: process.stderr, notice, beforeAsk: () => interrupts.wiring?.reset() });

  try {
    const repo = await setupRepository({
      cwd: process.cwd(),
      interactive,
      allowDirty: o.allowDirty === true,
      ...(o.init ? { init: true } : {}),
      gitCheck: o.gitCheck,
      ...(interactive ? { ask, confirm } : {}),
      warn: (m) => notice(`warning: ${m}`),
      lock: true,
    });
    const release = () => repo.lock?.release();
    process.once('exit', release);
    try {
      if (repo.ignores.commit) process.stderr.write(`added ${repo.ignores.added.join(', ')} to .gitignore (commit ${repo.ignores.commit.slice(0, 10)})\n`);
      return await runInRepo(o, { root: repo.root, interactive, maxIterations, ask, confirm, input, notice, interrupts });
    } finally {
      release();
      process.removeListener('exit', release);
    }
  } finally {
    if (input !== shared.input) input?.close();
  }
}

/** The run's result after the review: `dropped` holds the commits reset away. */
type Reviewed = CodeRunResult & { dropped?: string[] };

interface RepoRun {
  root: string;
  interactive: boolean;
  maxIterations: number;
  ask: (q: string) => Promise<string>;
  confirm: (q: string, d: boolean) => Promise<boolean>;
  input?: LineInput;
  notice: (t: string) => void;
  /** the Ctrl-C wiring of the task, so that each question starts the count again */
  interrupts: { wiring?: { reset(): void } };
}

async function runInRepo(o: CodeRunOptions, r: RepoRun): Promise<number> {
  const loaded = loadEffectiveConfig({ cwd: r.root, flags: configFlagsFrom(o) });
  const config = loaded.config;
  // models, tools (MCP servers and tool modules included), memory, methodology, plugins: agent/kit.ts
  const opened = await openAgentKit({ loaded, root: r.root, warn: (m) => r.notice(`warning: ${m}`) });
  try {
    return await runWithKit(o, r, opened.kit, config.agent.plan, replacementsFrom(config.replace_map, (m) => r.notice(`warning: ${m}`)));
  } finally {
    void opened.close();
  }
}

async function runWithKit(o: CodeRunOptions, r: RepoRun, kit: AgentKit, planByDefault: boolean, replacements: Record<string, ReplaceEntry>): Promise<number> {
  const appendTools = (o.appendTools ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  // an unknown --append-tools name is a usage error before anything is asked or written
  codeToolWhitelist(new AgentFactory(kit, { interactive: r.interactive }), appendTools);
  const plan = detectVerify(r.root, { ...(o.build !== undefined ? { build: o.build } : {}), ...(o.test !== undefined ? { test: o.test } : {}) });
  const requirement = o.requirement ?? (await r.ask('What should jca change? (end a line with \\ to continue it)'));
  if (requirement.trim() === '') throw new JarvisError('usage', 'the requirement is empty');

  // the built-in input commands, as in jarvis; the bridge reaches the agent once it exists
  const late: { code?: CodeAgent } = {};
  const session = startAgentSession({
    replacements,
    projectDir: r.root,
    command: 'jca',
    secretEnvNames: kit.secretEnvNames ?? [],
    interactive: r.interactive,
    confirm: r.confirm,
    print: (t) => process.stderr.write(`${t}\n`),
    agent: () => (late.code as CodeAgent).agent,
    toolRoot: () => r.root,
  });
  const { run, writer, hardStop, bridge } = session;
  const code = await CodeAgent.create(
    {
      agents: new AgentFactory(kit, {
        transcript: writer,
        interactive: r.interactive,
        ...(r.interactive ? { ask: r.ask, confirm: r.confirm } : {}),
        inputHandlers: [bridge.handler],
        signal: hardStop.signal,
        warn: (m) => r.notice(`warning: ${m}`),
      }),
      appendTools,
      editFormat: o.editFormat,
      ...(o.prefix ? { prefix: o.prefix } : {}),
      ...(o.suffix ? { suffix: o.suffix } : {}),
      plan,
      maxIterations: r.maxIterations,
      lint: o.lint === true,
      planTasks: o.plan ?? planByDefault,
      print: (t) => process.stderr.write(`${t}\n`),
    },
    firstLine(requirement),
  );
  late.code = code;
  if (o.restoreSession && !code.agent.restoreSession()) r.notice(`no saved session at ${code.agent.sessionFile()}; starting a new one`);
  process.stderr.write(colors.dim(`jca: ${r.root} · verify with ${plan.system}${plan.build ? ` · build: ${plan.build.display}` : ''}${plan.test ? ` · test: ${plan.test.display}` : ''} · run ${run.runId}\n`));
  const stopProgress = showProgress(code.agent, process.stderr);
  const wiring = session.wireInterrupts(code.agent, { ...(r.input ? { input: r.input } : {}), notice: r.notice });
  r.interrupts.wiring = wiring;
  const start = await headHash(r.root);
  let result: Reviewed;
  try {
    result = await code.run(requirement);
  } finally {
    wiring.dispose();
    r.interrupts.wiring = undefined;
    stopProgress();
  }
  if (bridge.exitRequested) {
    finishRun(run, { status: 'ok' });
    process.stderr.write(colors.dim(`session saved; continue it with jca --restore-session · run ${run.runId}\n`));
    return 0;
  }
  const dropped = await reviewCommits(o, r, start, result);
  if (dropped) result = { ...result, commits: [], dropped };
  const exit = exitCodeOf(result);
  finishRun(run, { status: exit === 0 ? 'ok' : result.agent.status === 'interrupted' ? 'interrupted' : 'failed', ...(exit === 0 ? {} : { error: describe(result).slice(0, 500) }) });
  process.stdout.write(o.json ? `${JSON.stringify(resultJson(result, exit))}\n` : `${describe(result)}\n`);
  process.stderr.write(colors.dim(`${result.commits.length} commit(s) · ${result.iterations} verify iteration(s) · ${result.agent.rounds} round(s) · run ${result.agent.runId}\n`));
  return exit;
}

/**
 * The end-of-run review: the run's commits with their diffstat, always printed; with --review
 * (the default when interactive) the person may drop them all, which resets the branch to
 * where the run started. Returns the dropped commits, or undefined when they stay.
 */
async function reviewCommits(o: CodeRunOptions, r: RepoRun, start: string | undefined, result: CodeRunResult): Promise<string[] | undefined> {
  if (result.commits.length === 0) return undefined;
  const c = await commitsSince(r.root, start);
  if (c.hashes.length === 0) return undefined;
  process.stderr.write(`\nCommits of this run (oldest first):\n${c.text}\n\n`);
  if (!(o.review ?? r.interactive) || !r.interactive) return undefined;
  if (!(await r.confirm(reviewQuestion(c), false))) return undefined;
  const why = await resetToStart(r.root, c);
  if (why !== undefined) {
    r.notice(`the commits stay: could not reset (${why})`);
    return undefined;
  }
  process.stderr.write(`reset to ${start?.slice(0, 10) ?? ''}; the dropped commits stay reachable for a while through git reflog\n`);
  return c.hashes;
}

const STATUS_OF_EXIT: Readonly<Record<number, string>> = { 0: 'completed', 1: 'failed', 3: 'incomplete', 130: 'interrupted' };

/** The `--json` line: jarvis's fields (docs/cli.md) plus what jca adds. */
function resultJson(r: Reviewed, exit: number): Record<string, unknown> {
  return {
    status: STATUS_OF_EXIT[exit] ?? 'failed',
    result: describe(r),
    commits: r.commits,
    ...(r.dropped ? { dropped: r.dropped } : {}),
    verify: r.verify,
    iterations: r.iterations,
    rounds: r.agent.rounds,
    tokens: r.agent.tokens,
    cost: r.agent.cost,
    run_id: r.agent.runId,
  };
}

function exitCodeOf(r: Reviewed): number {
  if (r.agent.status === 'interrupted') return 130;
  if (r.agent.status === 'failed' || r.commitFailure) return 1;
  if (r.verify === 'red') return 1;
  return r.agent.status === 'incomplete' ? 3 : 0;
}

function describe(r: Reviewed): string {
  if (r.commitFailure) {
    const files = r.commitFailure.files.join(', ');
    return `jca failed: git commit failed: ${r.commitFailure.message}\nThe change is left in the work tree, staged but not committed (${files}): commit it yourself once git can, or drop it.`;
  }
  if (r.agent.status === 'failed') {
    const hint = r.agent.error?.hint ? `\nhint: ${r.agent.error.hint}` : '';
    return `jca failed: ${r.agent.error?.message ?? r.agent.result}${hint}`;
  }
  if (r.verify === 'red') {
    const why = r.limitReached ? `verification still fails after ${r.iterations} attempt(s)` : 'verification fails';
    return `jca stopped: ${why}.\n${r.failure ?? ''}`.trimEnd();
  }
  if (r.dropped) return `dropped at review: ${r.dropped.length} commit(s); the branch is back where the run started.`;
  const v = r.verify === 'green' ? 'build and tests pass' : 'nothing to verify';
  return `${r.agent.status === 'completed' ? 'done' : r.agent.status}: ${r.commits.length} commit(s), ${v}.\n${r.agent.result.trim()}`.trimEnd();
}

function firstLine(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 60 ? `${line.slice(0, 57)}…` : line;
}
