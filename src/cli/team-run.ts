import { AgentFactory, openAgentKit } from '../agent/index.js';
import { checkTeamTools, loadTeamDefinition, Team, type Hop, type TeamResult } from '../apps/multi/index.js';
import { finishRun } from '../runs/index.js';
import { JarvisError, colors } from '../util/index.js';
import { loadEffectiveConfig, resolveGroupName } from '../util/config/index.js';
import type { InterruptWiring } from './interrupt.js';
import { LineInput } from './line-input.js';
import { createPrompts } from './prompts.js';
import { EXIT_CODES, resultJson, showProgress, type OutputFormat } from './run-report.js';
import { startAgentSession } from './run-setup.js';

/**
 * `jarvis agent -c team.yaml`: the command-line side of a MultiAgent team (docs/multi-agent.md).
 * Config, platforms per llm group, the run directory and transcript, the person's input and
 * Ctrl-C; the routing itself is src/apps/multi. Progress goes to stderr, the result to stdout.
 */

export interface TeamRunOptions {
  task?: string;
  nonInteractive?: boolean;
  /** `-g`: the group of every agent without its own `llm_group` */
  llmGroup?: string;
  /** `-G`, `-f` */
  toolGroup?: string | undefined;
  configFile?: string | undefined;
  outputFormat: OutputFormat;
  restoreSession?: boolean;
}

/** Runs the team in `file`; returns the exit code (0 completed, 1 failed, 3 incomplete or stopped, 130 interrupted). */
export async function runTeamFromFile(file: string, o: TeamRunOptions): Promise<number> {
  const def = loadTeamDefinition(file);
  if (o.restoreSession) {
    throw new JarvisError('usage', '--restore-session is not available for a team', { hint: 'a team run always starts fresh' });
  }
  const cwd = process.cwd();
  // everything that can fail on bad configuration happens before the run directory exists
  const loaded = loadEffectiveConfig({
    cwd,
    flags: { ...(o.llmGroup ? { llmGroup: o.llmGroup } : {}), ...(o.toolGroup ? { toolGroup: o.toolGroup } : {}), ...(o.configFile ? { configFile: o.configFile } : {}) },
  });
  const config = loaded.config;
  for (const a of def.agents) if (a.llm_group) resolveGroupName(config, a.llm_group);
  const interactive = !(o.nonInteractive === true || def.non_interactive === true || config.agent.non_interactive);
  const progress = process.stderr;
  const warn = (m: string) => progress.write(`${colors.yellow(`warning: ${m}`)}\n`);
  // the main agent's models are set up now, so a missing script or key fails before anything runs;
  // MCP servers and tool modules are every member's, as in a single-agent run (agent/kit.ts)
  const opened = await openAgentKit({ loaded, root: cwd, groups: [def.agents.find((x) => x.name === def.main_agent)?.llm_group], warn });
  let input: LineInput | undefined;
  try {
    checkTeamTools(def, new AgentFactory(opened.kit, { interactive }));
    let task = o.task ?? def.task;
    if (task !== undefined && task.trim() === '') throw new JarvisError('usage', 'the task is empty', { hint: 'give the task text: -T "…"' });
    if (task === undefined && !interactive) {
      throw new JarvisError('usage', 'a non-interactive team run needs a task', { hint: `pass -T "…" or add task: to ${file}` });
    }
    input = interactive ? new LineInput() : undefined;
    let wiring: InterruptWiring | undefined;
    const { ask, confirm } = createPrompts({
      input,
      out: progress,
      notice: (t) => progress.write(`${colors.yellow(t)}\n`),
      beforeAsk: () => wiring?.reset(),
    });
    if (task === undefined) {
      const t = await ask(`${def.main_agent} (team): what is the task?`).catch(() => '');
      if (t.trim() === '') throw new JarvisError('usage', 'no task was given');
      task = t;
    }

    const stops: (() => void)[] = [];
    const late: { team?: Team } = {};
    const session = startAgentSession({
      projectDir: cwd,
      command: `jarvis agent ${def.main_agent} (team)`,
      secretEnvNames: opened.kit.secretEnvNames ?? [],
      interactive,
      confirm,
      print: (t) => progress.write(`${t}\n`),
      agent: () => {
        const current = late.team?.current;
        if (!current) throw new JarvisError('internal', 'team: no agent is running');
        return current;
      },
      toolRoot: () => cwd,
      recordInputCommands: false,
    });
    const { run, writer, hardStop, bridge } = session;
    const team = new Team({
      definition: def,
      agents: new AgentFactory(opened.kit, {
        transcript: writer,
        interactive,
        ...(interactive ? { ask, confirm } : {}),
        inputHandlers: [bridge.handler],
        signal: hardStop.signal,
        warn,
      }),
      onAgent: (agent) => stops.push(showProgress(agent, progress)),
      onHop: (hop) => progress.write(`${hopLine(hop)}\n`),
    });
    late.team = team;

    let result: TeamResult;
    wiring = session.wireInterrupts(team, { input, notice: (t) => progress.write(`${colors.yellow(t)}\n`) });
    try {
      result = await team.run(task);
    } finally {
      wiring.dispose();
      wiring = undefined;
      stops.forEach((s) => s());
    }
    const status = bridge.exitRequested || result.status === 'completed' ? 'ok' : result.status === 'interrupted' ? 'interrupted' : 'failed';
    finishRun(run, { status, ...(status === 'ok' ? {} : { error: `${result.status}: ${result.result}`.slice(0, 500) }) });
    printTeamResult(result, o.outputFormat);
    return EXIT_CODES[result.status];
  } finally {
    input?.close();
    void opened.close();
  }
}

/** `lead → coder: Please fix the parser` */
export function hopLine(hop: Hop): string {
  const subject = hop.content.split('\n').find((l) => l.trim() !== '')?.trim() ?? '';
  const cut = subject.length > 100 ? `${subject.slice(0, 99)}…` : subject;
  return `${colors.magenta(`✉ ${hop.from} → ${hop.to}`)}${hop.summary ? colors.dim(' (with hand-off summary)') : ''}: ${cut}`;
}

/** `--output-format json`: the agent result fields plus the team's route and how it ended. */
export function teamResultJson(r: TeamResult): Record<string, unknown> {
  const base = resultJson({ status: r.status, result: r.result, rounds: r.rounds, tokens: r.tokens, cost: r.cost, runId: r.runId });
  return { ...base, final_agent: r.finalAgent, ...(r.stopReason ? { stop_reason: r.stopReason } : {}), route: r.route };
}

function printTeamResult(r: TeamResult, format: OutputFormat): void {
  if (format === 'json') {
    process.stdout.write(`${JSON.stringify(teamResultJson(r))}\n`);
    return;
  }
  const err = process.stderr;
  if (r.status === 'failed') err.write(`${colors.red('error:')} ${r.error?.message ?? r.result}\n`);
  else if (r.status !== 'completed') err.write(`${colors.yellow(`${r.status}:`)} ${r.result}\n`);
  if (r.status === 'completed') process.stdout.write(`${r.result.trimEnd()}\n`);
  const tokens = r.tokens.input + r.tokens.output;
  const cost = r.cost > 0 ? `, $${r.cost.toFixed(4)}` : '';
  const hops = `${r.route.length} message${r.route.length === 1 ? '' : 's'}`;
  err.write(colors.dim(`${r.status} · ${hops} · ended by ${r.finalAgent} · ${r.rounds} round${r.rounds === 1 ? '' : 's'} · ${tokens} tokens${cost} · run ${r.runId}\n`));
}
