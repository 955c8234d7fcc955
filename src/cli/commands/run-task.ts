import { Option, type Command } from 'commander';
import { JarvisError } from '../../util/index.js';
import { prepareAgentRun, type AgentRole } from '../agent-run.js';
import { JARVIS_ROLE } from '../jarvis-role.js';
import { addAgentConfigOptions } from '../llm-options.js';
import { runRepl } from '../repl.js';
import type { OutputFormat } from '../run-report.js';

/**
 * The default action of `jarvis`: `-T "task"` runs one task and exits; without `-T` the REPL
 * starts (interactive only: a non-interactive run has nobody to type a task).
 */

export interface AgentModeOptions {
  task?: string;
  nonInteractive?: boolean;
  llmGroup?: string;
  toolGroup?: string;
  /** `-f, --config` */
  config?: string;
  outputFormat: OutputFormat;
  /** `--json`: the same as `--output-format json` */
  json?: boolean;
  restoreSession?: boolean;
}

/** The options `jarvis` and `jarvis agent` share. */
export function addAgentModeOptions(command: Command): Command {
  addAgentConfigOptions(command);
  return command
    .option('-T, --task <text>', 'run this task and exit (without it: the interactive REPL)')
    .option('-n, --non-interactive', 'never read stdin: the task completes or ends incomplete on its own (env JARVIS_NON_INTERACTIVE)')
    .addOption(new Option('--output-format <format>', 'how the result is printed').choices(['text', 'json']).default('text'))
    .option('--json', 'print the result as one JSON line (the same as --output-format json)')
    .option('--restore-session', 'continue the session saved with the \'<SaveSession>\' command');
}

/** Runs one task (`-T`) or the REPL with the given role; sets the exit code. */
export async function runAgentMode(
  o: AgentModeOptions,
  role: AgentRole,
  /** a definition's `task:`, used when -T is not given */
  defaultTask?: string,
): Promise<void> {
  const task = o.task ?? defaultTask;
  if (task !== undefined && task.trim() === '') throw new JarvisError('usage', 'the task is empty', { hint: 'give the task text: -T "…"' });
  const base = {
    ...role,
    llmGroup: o.llmGroup,
    toolGroup: o.toolGroup,
    configFile: o.config,
    nonInteractive: o.nonInteractive,
    restoreSession: o.restoreSession,
    outputFormat: outputFormatOf(o),
  };
  if (task === undefined) {
    process.exitCode = await runRepl({ ...base, progress: process.stdout });
    return;
  }
  const r = await prepareAgentRun({ ...base, progress: process.stderr });
  try {
    const result = await r.runTask(task);
    process.exitCode = r.finish(result);
  } finally {
    r.close();
  }
}

/** `--json` asks for the JSON line whatever `--output-format` says. */
export function outputFormatOf(o: Pick<AgentModeOptions, 'outputFormat' | 'json'>): OutputFormat {
  return o.json ? 'json' : o.outputFormat;
}

export function registerRunTask(program: Command): void {
  addAgentModeOptions(program).action((o: AgentModeOptions) =>
    runAgentMode(o, { command: o.task === undefined ? 'jarvis' : 'jarvis -T', systemPrompt: JARVIS_ROLE }),
  );
}
