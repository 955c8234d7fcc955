/** One thing a build, test or lint run reported, reduced to what the model needs to act on. */
export interface Diagnostic {
  /** `error`/`warning` from a compiler or checker; `test` for a failing test */
  kind: 'error' | 'warning' | 'test';
  /** which parser found it (gcc, rustc, gtest, …) */
  source: string;
  file?: string;
  line?: number;
  column?: number;
  /** the compiler's message, or a test's assertion text */
  message: string;
  /** rustc error code (E0308), checker rule id */
  code?: string;
  /** the failing test's full name */
  test?: string;
}

/** Parses one tool's output; returns nothing for text it does not recognise. */
export type OutputParser = (output: string) => Diagnostic[];

export function location(d: Diagnostic): string {
  if (!d.file) return '';
  return `${d.file}${d.line !== undefined ? `:${d.line}` : ''}${d.column !== undefined ? `:${d.column}` : ''}`;
}

/** Lines without terminal colour codes and carriage returns (tools colour output on some CIs anyway). */
export function plainLines(output: string): string[] {
  // every parser reads the same output in turn (parseOutput): split it once
  if (cache?.output === output) return cache.lines;
  // eslint-disable-next-line no-control-regex
  const lines = output.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '').replace(/\r/g, '').split('\n');
  cache = { output, lines };
  return lines;
}

let cache: { output: string; lines: string[] } | undefined;
