import { plainLines, type Diagnostic } from '../diagnostic.js';

/** tsc: `src/a.ts(3,7): error TS2322: message` (the --pretty false form, used when piped). */
export function parseTsc(output: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const l of plainLines(output)) {
    if (!l.includes(' TS')) continue;
    const m = /^(.+?)\((\d+),(\d+)\): (error|warning) (TS\d+): (.*)$/.exec(l);
    if (m) out.push({ kind: m[4] === 'error' ? 'error' : 'warning', source: 'tsc', file: m[1] as string, line: Number(m[2]), column: Number(m[3]), code: m[5] as string, message: m[6] as string });
  }
  return out;
}
