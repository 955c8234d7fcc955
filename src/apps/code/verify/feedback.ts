import { location, type Diagnostic } from './diagnostic.js';

/**
 * The short signal sent back to the model after a failed step: which command failed, the
 * first few errors or failing tests with file and line, and where the full log is. When no
 * parser recognised the output, its last lines stand in.
 */

export const MAX_ITEMS = 8;
const TAIL_LINES = 25;

export interface StepReport {
  name: string;
  display: string;
  ok: boolean;
  exitCode: number | null;
  timedOut: boolean;
  diagnostics: Diagnostic[];
  output: string;
  /** path of the full log, relative to the repository */
  log: string;
}

export function formatDiagnostic(d: Diagnostic): string {
  const where = location(d);
  if (d.kind === 'test') return `- test ${d.test ?? '?'}${where ? ` (${where})` : ''}: ${d.message}`;
  return `- ${where ? `${where}: ` : ''}${d.kind}${d.code ? `[${d.code}]` : ''}: ${d.message}`;
}

export function formatStepFailure(r: StepReport): string {
  const how = r.timedOut ? 'timed out' : `exit ${r.exitCode ?? 'signal'}`;
  const head = `${r.name === 'build' ? 'Build' : r.name === 'test' ? 'Tests' : r.name} failed (\`${r.display}\`, ${how}).`;
  const errors = r.diagnostics.filter((d) => d.kind !== 'warning');
  const items = errors.length > 0 ? errors : r.diagnostics;
  let body: string;
  if (items.length > 0) {
    const label = items.every((d) => d.kind === 'test') ? 'Failing tests' : 'First errors';
    body = `${label}:\n${items.slice(0, MAX_ITEMS).map(formatDiagnostic).join('\n')}${items.length > MAX_ITEMS ? `\n(… ${items.length - MAX_ITEMS} more)` : ''}`;
  } else {
    const tail = r.output.trimEnd().split('\n').slice(-TAIL_LINES).join('\n');
    body = `Last lines of the output:\n${tail}`;
  }
  return `${head}\n${body}\nFull log: ${r.log}`;
}
