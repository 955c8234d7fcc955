import type { Agent } from '../agent/index.js';
import { defaultInputHandlers, type ReplaceEntry } from './input/index.js';
import { startRun, type Run, type TranscriptWriter } from '../runs/index.js';
import { createInputBridge, type InputBridge } from './input-ops.js';
import { wireInterrupts, type InterruptWiring } from './interrupt.js';
import type { LineInput } from './line-input.js';

/**
 * The set-up `jarvis` (agent-run.ts, team-run.ts) and `jca` (commands/code-run.ts) share
 * around their agents: the run directory with its transcript, the input commands, the hard
 * stop and Ctrl-C. The agents themselves come from the AgentFactory (src/agent/factory.ts).
 */

/** The environment `!` scripts and tools get: without the variables that hold secrets. */
export function toolEnv(secrets: readonly string[]): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of secrets) delete env[k];
  return env;
}

export interface AgentSessionOptions {
  projectDir: string;
  /** recorded in run.json, e.g. `jca` */
  command: string;
  secretEnvNames: readonly string[];
  interactive: boolean;
  confirm: (question: string, defaultYes: boolean) => Promise<boolean>;
  /** what input commands print */
  print: (text: string) => void;
  /** the agent the input commands act on; called only once the agent exists */
  agent: () => Agent;
  /** the directory the input commands' tools run in */
  toolRoot: () => string;
  /** what input commands did goes into the transcript (default); team runs have not recorded it */
  recordInputCommands?: boolean;
  /** the shorthands: built-in ones and the config's replace_map (replacementsFrom) */
  replacements?: Readonly<Record<string, ReplaceEntry>>;
}

export interface AgentSession {
  run: Run;
  writer: TranscriptWriter;
  /** aborted by a second Ctrl-C or '<SaveSession>': the run stops for good */
  hardStop: AbortController;
  bridge: InputBridge;
  /** Ctrl-C for the duration of one task (the first press interrupts `target`); dispose() it afterwards */
  wireInterrupts(target: { interrupt(): void }, opts: { input?: LineInput; notice: (text: string) => void }): InterruptWiring;
}

/** Creates the run directory: call it only after everything that can fail on bad input. */
export function startAgentSession(o: AgentSessionOptions): AgentSession {
  const { run, writer } = startRun({ projectDir: o.projectDir, command: o.command, argv: process.argv.slice(2), secretEnvNames: o.secretEnvNames });
  const hardStop = new AbortController();
  const bridge = createInputBridge({
    handlers: defaultInputHandlers(o.replacements),
    agent: o.agent,
    interactive: o.interactive,
    confirm: o.confirm,
    print: o.print,
    tool: () => ({ root: o.toolRoot(), runDir: run.dir, interactive: o.interactive, env: toolEnv(o.secretEnvNames), signal: hardStop.signal }),
    onExit: () => hardStop.abort(),
    ...(o.recordInputCommands === false ? {} : { record: (rec: Parameters<TranscriptWriter['write']>[0]) => writer.write(rec) }),
  });
  return {
    run,
    writer,
    hardStop,
    bridge,
    wireInterrupts: (target, w) =>
      wireInterrupts(
        { interrupt: () => target.interrupt(), abort: () => hardStop.abort() },
        { ...(w.input ? { input: w.input } : {}), interactive: o.interactive, notice: w.notice },
      ),
  };
}
