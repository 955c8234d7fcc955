import { plainLines, type Diagnostic } from '../diagnostic.js';

/**
 * CTest: per test `n/N Test #k: name ....***Failed` (or Exception, Timeout, Not Run), and the
 * closing "The following tests FAILED:" list. With --output-on-failure the test's own output
 * follows its line; the other parsers (gtest, assertions) read that part.
 */
export function parseCtest(output: string): Diagnostic[] {
  const out = new Map<string, Diagnostic>();
  const add = (name: string, why: string) => {
    if (!out.has(name)) out.set(name, { kind: 'test', source: 'ctest', test: name, message: why });
  };
  for (const l of plainLines(output)) {
    if (!l.includes('Test') && !l.includes(' - ')) continue;
    const m = /^\s*\d+\/\d+ Test\s+#\d+: (\S+) \.*\s*\*{0,3}(Failed|Exception: .*?|\*?Timeout|Not Run|SEGFAULT|Subprocess aborted)\b/.exec(l);
    if (m) {
      add(m[1] as string, (m[2] as string).replace(/^\*+/, '').trim());
      continue;
    }
    const s = /^\s+\d+ - (\S+) \((Failed|Timeout|Not Run|SEGFAULT|Subprocess aborted|Exception)\)/.exec(l);
    if (s) add(s[1] as string, s[2] as string);
  }
  return [...out.values()];
}
