import { AgentFactory, definitionSwitches, openAgentKit, type Agent, type AgentKit, type AgentResult, type DefinitionSwitches, type KitInfo } from '../agent/index.js';
import { finishRun, type Run } from '../runs/index.js';
import { JarvisError, colors } from '../util/index.js';
import { loadEffectiveConfig, type JarvisConfig } from '../util/config/index.js';
import type { InputBridge } from './input-ops.js';
import type { InterruptWiring } from './interrupt.js';
import { LineInput } from './line-input.js';
import { replacementsFrom } from './input/index.js';
import { createPrompts } from './prompts.js';
import { EXIT_CODES, printResult, showProgress, type OutputFormat } from './run-report.js';
import { startAgentSession } from './run-setup.js';

/**
 * Everything between the command line and `agent.run()`: configuration, the platforms, the
 * run directory and transcript, the tools, the person's input, Ctrl-C. `jarvis -T`, the REPL
 * and `jarvis agent` differ only in the role and the switches they pass.
 */

/** Per-agent switches, as a definition file spells them; unset ones come from the config's `agent:` section. */
export interface DefinitionFileSwitches extends DefinitionSwitches {
  auto_complete?: boolean;
  non_interactive?: boolean;
  disable_file_edit?: boolean;
}

/** Who the agent is: what `jarvis` and a definition file differ in. */
export interface AgentRole {
  /** recorded in run.json, e.g. `jarvis -T` */
  command: string;
  name?: string;
  description?: string;
  systemPrompt: string;
  useTools?: readonly string[];
  /** names where the whitelist came from in errors, e.g. `agent definition a.yaml: use_tools` */
  useToolsSource?: string;
  switches?: DefinitionFileSwitches;
}

export interface AgentRunOptions extends AgentRole {
  /** `-g`; beats the definition's group, which beats env and config */
  llmGroup?: string;
  /** `-G` */
  toolGroup?: string | undefined;
  /** `-f`: this configuration file only */
  configFile?: string | undefined;
  /** `-n` */
  nonInteractive?: boolean;
  restoreSession?: boolean;
  outputFormat: OutputFormat;
  /** the REPL: refuse (before anything is written) when the run would be non-interactive */
  requireInteractive?: boolean;
  /** where progress goes: stderr for `-T`, stdout in the REPL */
  progress: NodeJS.WritableStream;
  /** the person's input when the caller reads it already (the REPL after '<ReloadConfig>'); left open by close() */
  input?: LineInput;
}

export interface AgentRun {
  agent: Agent;
  /** what the run was built from: the banner and the REPL's predefined tasks read it */
  config: JarvisConfig;
  kit: AgentKit;
  info: KitInfo;
  /** one free-text answer from the person (the REPL's own questions) */
  ask(question: string): Promise<string>;
  interactive: boolean;
  /** present when interactive */
  input?: LineInput;
  bridge: InputBridge;
  run: Run;
  /** runs one task; Ctrl-C is wired for its duration */
  runTask(task: string): Promise<AgentResult>;
  /** records how the run ended in run.json, prints the result, returns the exit code */
  finish(result: AgentResult): number;
  /** records how the run ended in run.json (the REPL, after several tasks) */
  finishStatus(status: 'ok' | 'failed' | 'interrupted'): void;
  /** the run was stopped for good (a second Ctrl-C, '<SaveSession>'): the agent cannot run again */
  readonly stopped: boolean;
  close(): void;
}

export async function prepareAgentRun(o: AgentRunOptions): Promise<AgentRun> {
  const cwd = process.cwd();
  // everything that can fail on bad configuration happens before the run directory exists
  const loaded = loadEffectiveConfig({
    cwd,
    flags: { ...(o.llmGroup ? { llmGroup: o.llmGroup } : {}), ...(o.toolGroup ? { toolGroup: o.toolGroup } : {}), ...(o.configFile ? { configFile: o.configFile } : {}) },
  });
  const config = loaded.config;
  const a = config.agent;
  const s = o.switches ?? {};
  const interactive = !(o.nonInteractive === true || s.non_interactive === true || a.non_interactive);

  const warnUser = (m: string) => process.stderr.write(`${colors.yellow(`warning: ${m}`)}\n`);
  // models, tools (MCP servers start here and stop in close()), memory, plugins: agent/kit.ts
  const opened = await openAgentKit({ loaded, root: cwd, warn: warnUser });
  const { kit } = opened;
  try {
    if (o.requireInteractive && !interactive) {
      throw new JarvisError('usage', 'a non-interactive run needs a task: nobody can type one', {
        hint: 'pass the task with -T "…", or drop -n / JARVIS_NON_INTERACTIVE for the interactive prompt',
      });
    }
    if (o.useTools) new AgentFactory(kit, { interactive }).checkTools(o.useTools, o.useToolsSource);
  } catch (e) {
    await opened.close();
    throw e;
  }

  const secretEnvNames = kit.secretEnvNames ?? [];
  let wiring: InterruptWiring | undefined;
  // the input bridge is built before the agent it serves; it reaches the agent through this
  const late: { agent?: Agent } = {};
  const notice = (t: string) => process.stderr.write(`${colors.yellow(t)}\n`);

  // end of input answers like an empty line (the task ends), but never approves anything
  const input = interactive ? (o.input ?? new LineInput()) : undefined;
  const { ask, confirm } = createPrompts({ input, out: process.stderr, notice, beforeAsk: () => wiring?.reset() });
  const session = startAgentSession({
    replacements: replacementsFrom(config.replace_map, warnUser),
    projectDir: cwd,
    command: o.command,
    secretEnvNames,
    interactive,
    confirm,
    print: (t) => o.progress.write(`${t}\n`),
    agent: () => late.agent as Agent,
    toolRoot: () => late.agent?.root ?? cwd,
  });
  const { run, writer, hardStop, bridge } = session;

  const factory = new AgentFactory(kit, {
    transcript: writer,
    interactive,
    ...(interactive ? { ask, confirm } : {}),
    inputHandlers: [bridge.handler],
    signal: hardStop.signal,
  });
  const agent = await factory.create({
    ...(o.name ? { name: o.name } : {}),
    ...(o.description ? { description: o.description } : {}),
    role: o.systemPrompt,
    ...(o.useTools ? { tools: { use: o.useTools, ...(o.useToolsSource ? { source: o.useToolsSource } : {}) } } : {}),
    edits: s.disable_file_edit !== true,
    switches: {
      ...definitionSwitches(s),
      // the definition's auto_complete, which nobody-to-ask turns on as always
      autoComplete: s.auto_complete === undefined ? undefined : s.auto_complete || !interactive,
    },
    // an agent limited by use_tools gets no helper tool it was not given
    features: { plan: a.plan, subAgent: o.useTools === undefined },
  });
  late.agent = agent;
  if (o.restoreSession && !agent.restoreSession()) {
    notice(`no saved session at ${agent.sessionFile()}; starting a new one`);
  }
  const stopProgress = showProgress(agent, o.progress);

  return {
    agent,
    config,
    kit,
    info: opened.info,
    ask,
    interactive,
    input,
    bridge,
    run,
    async runTask(task) {
      wiring = session.wireInterrupts(agent, { input, notice });
      try {
        return await agent.run(task);
      } finally {
        wiring.dispose();
        wiring = undefined;
      }
    },
    get stopped() {
      return hardStop.signal.aborted;
    },
    finishStatus(status) {
      finishRun(run, { status });
    },
    finish(result) {
      const saved = bridge.exitRequested;
      const status = saved || result.status === 'completed' ? 'ok' : result.status === 'interrupted' ? 'interrupted' : 'failed';
      finishRun(run, { status, ...(status === 'ok' ? {} : { error: `${result.status}: ${result.result}`.slice(0, 500) }) });
      if (saved) return 0;
      printResult(result, o.outputFormat, process.stdout, process.stderr);
      return EXIT_CODES[result.status];
    },
    close() {
      stopProgress();
      if (input !== o.input) input?.close();
      // stdio servers also exit on their own when our end of their stdin closes with the process
      void opened.close();
    },
  };
}
