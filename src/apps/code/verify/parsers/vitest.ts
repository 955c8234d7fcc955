import { plainLines, type Diagnostic } from '../diagnostic.js';

/**
 * vitest and jest. vitest: ` FAIL  file > suite > name`, then the error line
 * (`AssertionError: expected 5 to be 4`) and ` ❯ file:line:col`. jest: `● suite › name`, the
 * matcher lines (Expected/Received), and `at … (file:line:col)`.
 */
export function parseJsTests(output: string): Diagnostic[] {
  const lines = plainLines(output);
  const out = new Map<string, Diagnostic>();
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] as string;
    if (!l.includes('FAIL') && !l.includes('●') && !l.includes('×') && !l.includes('✗')) continue;
    const v = /^\s*(?:FAIL|×|✗)\s+(\S+\.[cm]?[jt]sx?) > (.+?)(?:\s+\d+ms)?$/.exec(l);
    const j = /^\s*● (.+ › .+|[^●].*)$/.exec(l);
    if (!v && !(j && !/Console|Test suite failed to run/.test(l))) continue;
    const name = v ? `${v[1]} > ${(v[2] as string).trim()}` : (j?.[1] as string).trim();
    if (out.has(name)) continue;
    let message = '';
    let file: string | undefined;
    let line: number | undefined;
    for (let k = i + 1; k < Math.min(lines.length, i + 40); k++) {
      const t = (lines[k] as string).trim();
      if (!message && /^(\w*Error|Error|expect\(|Expected|AssertionError)/.test(t)) message = t;
      else if (message && /^(Expected|Received|[-+] (Expected|Received))/.test(t) && message.length < 200) message += ` ${t}`;
      const at = /(?:❯|at .*?\(?)\s*([^\s()]+\.[cm]?[jt]sx?):(\d+):(\d+)\)?$/.exec(t);
      if (at && !file && !(at[1] as string).includes('node_modules')) {
        file = at[1] as string;
        line = Number(at[2]);
      }
      if (k > i + 1 && (/^\s*(?:FAIL|●)\s/.test(lines[k] as string) || /^⎯{3,}/.test(t))) break;
    }
    out.set(name, { kind: 'test', source: v ? 'vitest' : 'jest', test: name, ...(file ? { file, line } : {}), message: message || 'failed' });
  }
  return [...out.values()];
}
