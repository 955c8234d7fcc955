import { plainLines, type Diagnostic } from '../diagnostic.js';

/**
 * pytest: the short summary's `FAILED path::test - message` lines name the tests; the
 * traceback's `path:line: ErrorType` line under each test's header gives the place.
 */
export function parsePytest(output: string): Diagnostic[] {
  const lines = plainLines(output);
  const places = new Map<string, { file: string; line: number }>();
  let header: string | undefined;
  for (const l of lines) {
    if (!l.startsWith('_') && !l.includes('.py:')) continue;
    const h = /^_{3,} (\S+) _{3,}$/.exec(l);
    if (h) {
      header = h[1];
      continue;
    }
    const p = /^(\S+\.py):(\d+): (\w+)$/.exec(l);
    if (p && header && !places.has(header)) places.set(header, { file: p[1] as string, line: Number(p[2]) });
  }
  const out: Diagnostic[] = [];
  for (const l of lines) {
    if (!l.startsWith('FAILED ') && !l.startsWith('ERROR ')) continue;
    const m = /^(FAILED|ERROR) (\S+?)(?: - (.*))?$/.exec(l);
    if (!m) continue;
    const test = m[2] as string;
    const short = test.split('::').slice(1).join('.') || test;
    const place = places.get(short) ?? places.get(test.split('::').at(-1) ?? '');
    out.push({ kind: 'test', source: 'pytest', test, ...(place ? place : { file: test.split('::')[0] }), message: m[3] ?? (m[1] === 'ERROR' ? 'error' : 'failed') });
  }
  return out;
}
