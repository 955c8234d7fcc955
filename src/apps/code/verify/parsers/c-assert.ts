import { plainLines, type Diagnostic } from '../diagnostic.js';

/**
 * A C/C++ test program's failed `assert()`: glibc prints
 * `prog: file.c:12: main: Assertion `expr' failed.`, musl `Assertion failed: expr (file.c: main: 12)`.
 */
export function parseCAssert(output: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const l of plainLines(output)) {
    if (!l.includes('Assertion')) continue;
    const g = /^(?:\S+: )?(\S+?):(\d+): (.+?): Assertion [`'‘](.*)['’] failed\.$/.exec(l);
    if (g) {
      out.push({ kind: 'test', source: 'assert', test: g[3] as string, file: g[1] as string, line: Number(g[2]), message: `assertion \`${g[4]}\` failed` });
      continue;
    }
    const m = /^Assertion failed: (.*) \((\S+): (\S+): (\d+)\)$/.exec(l);
    if (m) out.push({ kind: 'test', source: 'assert', test: m[3] as string, file: m[2] as string, line: Number(m[4]), message: `assertion \`${m[1]}\` failed` });
  }
  return out;
}
