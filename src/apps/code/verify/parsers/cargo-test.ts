import { plainLines, type Diagnostic } from '../diagnostic.js';

/**
 * `cargo test` (libtest): `test name ... FAILED` lines, then per test a `---- name stdout ----`
 * section whose panic line gives the place (`panicked at src/lib.rs:10:5:` on Rust >= 1.73,
 * `panicked at 'msg', src/lib.rs:10:5` before) followed by the assertion text.
 */
export function parseCargoTest(output: string): Diagnostic[] {
  const lines = plainLines(output);
  const failed: string[] = [];
  for (const l of lines) {
    if (!l.includes('FAILED')) continue;
    const m = /^test (\S+) \.\.\. FAILED$/.exec(l.trim());
    if (m && !failed.includes(m[1] as string)) failed.push(m[1] as string);
  }
  const details = new Map<string, Diagnostic>();
  for (let i = 0; i < lines.length; i++) {
    if (!(lines[i] as string).startsWith('thread ')) continue;
    const p = /^thread '([^']+)'(?: \(\d+\))? panicked at (?:'(.*)', )?(.+?):(\d+):(\d+):?$/.exec(lines[i] as string) ?? oldMultiline(lines, i);
    if (!p) continue;
    const [, test, oldMsg, file, ln, col] = p as unknown as [string, string, string | undefined, string, string, string];
    let message = oldMsg ?? '';
    if (!oldMsg) {
      const body: string[] = [];
      for (let j = i + 1; j < lines.length && body.length < 4; j++) {
        const t = lines[j] as string;
        if (t.startsWith('note:') || t.startsWith('stack backtrace') || t.trim() === '' || t.startsWith('----')) break;
        body.push(t.trim());
      }
      message = body.join(' ');
    }
    details.set(test, { kind: 'test', source: 'cargo-test', test, file, line: Number(ln), column: Number(col), message: message || 'panicked' });
  }
  return failed.map((t) => details.get(t) ?? { kind: 'test', source: 'cargo-test', test: t, message: 'failed' });
}

/**
 * Before Rust 1.73 a multi-line message sat inside the quotes:
 * `panicked at 'assertion failed: …` / `  left: `0`,` / ` right: `4`', src/lib.rs:11:9`.
 * Returns the same groups as the one-line form, the message joined into one line.
 */
function oldMultiline(lines: readonly string[], i: number): string[] | undefined {
  const start = /^thread '([^']+)'(?: \(\d+\))? panicked at '(.*)$/.exec(lines[i] as string);
  if (!start) return undefined;
  const parts = [start[2] as string];
  for (let j = i + 1; j < Math.min(lines.length, i + 12); j++) {
    const end = /^(.*)', (\S+?):(\d+):(\d+)$/.exec(lines[j] as string);
    if (end) {
      parts.push(end[1] as string);
      return ['', start[1] as string, parts.map((t) => t.trim()).join(' '), end[2] as string, end[3] as string, end[4] as string];
    }
    parts.push(lines[j] as string);
  }
  return undefined;
}
