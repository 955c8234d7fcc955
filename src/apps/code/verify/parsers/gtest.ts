import { plainLines, type Diagnostic } from '../diagnostic.js';

/**
 * GoogleTest: `[ RUN      ] Suite.Name` opens a test, `file:line: Failure` plus the lines
 * after it (up to the next marker) are the assertion, `[  FAILED  ] Suite.Name (N ms)` closes
 * it as failed. The summary repeats the names; each test is reported once.
 */
export function parseGtest(output: string): Diagnostic[] {
  const lines = plainLines(output);
  const out = new Map<string, Diagnostic>();
  let current: string | undefined;
  let pending: { file: string; line: number; text: string[] } | undefined;
  const firstFailure = new Map<string, { file: string; line: number; text: string[] }>();
  const flush = () => {
    if (pending && current && !firstFailure.has(current)) firstFailure.set(current, pending);
    pending = undefined;
  };
  for (const l of lines) {
    if (!pending && l.charCodeAt(0) !== 91 && !l.endsWith(': Failure')) continue;
    const run = /^\[ RUN {6}\] (\S+)/.exec(l);
    if (run) {
      flush();
      current = run[1];
      continue;
    }
    const fail = /^(.+?):(\d+): Failure$/.exec(l);
    if (fail) {
      flush();
      pending = { file: fail[1] as string, line: Number(fail[2]), text: [] };
      continue;
    }
    const failed = /^\[ {2}FAILED {2}\] ([\w/.]+(?:\/\d+)?)(?: \(\d+ ms\)|, where|$)/.exec(l);
    if (failed && !/^\d+$/.test(failed[1] as string)) {
      flush();
      const name = failed[1] as string;
      if (!out.has(name)) {
        const f = firstFailure.get(name);
        out.set(name, {
          kind: 'test',
          source: 'gtest',
          test: name,
          ...(f ? { file: f.file, line: f.line } : {}),
          message: f ? f.text.join(' ').replace(/\s+/g, ' ').trim() || 'failure' : 'failed',
        });
      }
      continue;
    }
    if (/^\[[ =\-A-Z]+\]/.test(l)) {
      flush();
      continue;
    }
    if (pending && l.trim() !== '' && pending.text.length < 6) pending.text.push(l.trim());
  }
  return [...out.values()];
}
