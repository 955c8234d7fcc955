import { withoutCompletionMarker, type Agent, type AgentResult } from '../agent/index.js';
import { colors, createSpinner, type Spinner } from '../util/index.js';

/**
 * What a person sees of a run: the model's replies and each action's result as they happen
 * (shortened), then the result. Progress goes to `progress` (stderr for `-T`, so stdout
 * carries only the result and scripts can capture it; stdout in the REPL).
 */

export type OutputFormat = 'text' | 'json';

/** 0 done, 1 failed, 3 incomplete (non-interactive, the model stopped without finishing), 130 interrupted. */
export const EXIT_CODES: Readonly<Record<AgentResult['status'], number>> = {
  completed: 0,
  failed: 1,
  incomplete: 3,
  interrupted: 130,
};

const MAX_SHOWN_LINES = 20;

function shorten(text: string, max = MAX_SHOWN_LINES): string {
  const lines = text.trimEnd().split('\n');
  if (lines.length <= max) return lines.join('\n');
  return `${lines.slice(0, max).join('\n')}\n… (${lines.length - max} more lines)`;
}

/** Spinners of every agent shown; a run that fails mid-call ends with its spinner still on. */
const spinners = new Set<Spinner>();

/** Erases any spinner line, so a notice or a question starts on a clean line. */
export function stopSpinners(): void {
  for (const s of spinners) s.stop();
}

/**
 * Shows each reply and action result; while a model call is under way, a spinner with the
 * seconds waited (terminals only: src/util/spinner.ts).
 */
export function showProgress(agent: Agent, progress: NodeJS.WritableStream): () => void {
  const spinner = createSpinner(progress);
  spinners.add(spinner);
  const offs = [
    agent.events.subscribe('before_model_call', () => spinner.start(`${agent.name} is waiting for the model… (Ctrl-C to interrupt)`)),
    // the final summary is a model call too, and after a Ctrl-C the one the person waits on
    agent.events.subscribe('before_summary', (e) =>
      spinner.start(e.reason === 'completion' ? `${agent.name} is writing the summary… (Ctrl-C to skip it)` : `${agent.name} is summarising the conversation…`),
    ),
    agent.events.subscribe('after_summary', () => spinner.stop()),
    () => {
      spinner.stop();
      spinners.delete(spinner);
    },
    agent.events.subscribe('after_model_call', (e) => {
      spinner.stop();
      const text = withoutCompletionMarker(e.response);
      progress.write(`${colors.cyan(`${agent.name} ▸`)} ${text === '' ? colors.dim('(empty reply)') : shorten(text, 60)}\n`);
    }),
    // after everything joined the result: a tool's one-line summary for people when it has one
    agent.events.subscribe(
      'after_action',
      (e) => {
        const shown = e.result.forUser && !e.result.error && e.toolPrompt === e.result.forModel ? e.result.forUser : e.toolPrompt;
        if (shown.trim() === '') return;
        progress.write(`${colors.dim(shorten(shown))}\n`);
      },
      { observer: true },
    ),
  ];
  return () => offs.forEach((off) => off());
}

/** The `--output-format json` object. */
export function resultJson(r: AgentResult): Record<string, unknown> {
  return { status: r.status, result: r.result, rounds: r.rounds, tokens: r.tokens, cost: r.cost, run_id: r.runId };
}

export function printResult(r: AgentResult, format: OutputFormat, out: NodeJS.WritableStream, err: NodeJS.WritableStream): void {
  stopSpinners();
  if (format === 'json') {
    out.write(`${JSON.stringify(resultJson(r))}\n`);
    return;
  }
  if (r.status === 'failed') {
    err.write(`${colors.red('error:')} ${r.error?.message ?? r.result}\n`);
    if (r.error?.hint) err.write(`${colors.dim('hint:')} ${r.error.hint}\n`);
  }
  else if (r.status !== 'completed') err.write(`${colors.yellow(`${r.status}:`)} ${r.result}\n`);
  if (r.status === 'completed') out.write(`${r.result.trimEnd()}\n`);
  const tokens = r.tokens.input + r.tokens.output;
  const cost = r.cost > 0 ? `, $${r.cost.toFixed(4)}` : '';
  err.write(colors.dim(`${r.status} · ${r.rounds} round${r.rounds === 1 ? '' : 's'} · ${tokens} tokens${cost} · run ${r.runId}\n`));
}
