import { statSync } from 'node:fs';
import { join } from 'node:path';
import { runProcess } from '../../../util/process.js';

function size(dir: string, f: string): number {
  try {
    return statSync(join(dir, f)).size;
  } catch {
    return 0;
  }
}

/**
 * Formats the crate's Rust files in place with `rustfmt` (installed with cargo). Without it, or
 * when it rejects a file, the files stay as written and the result says why.
 */
export async function formatFiles(dir: string, files: string[]): Promise<{ ok: boolean; notice?: string }> {
  if (files.length === 0) return { ok: true };
  // Two halves at once (biggest files spread over both): formatting is most of the writing time.
  const sorted = [...files].sort((a, b) => size(dir, b) - size(dir, a));
  const halves: string[][] = [[], []];
  sorted.forEach((f, i) => (halves[i % 2] as string[]).push(f));
  let results;
  try {
    results = await Promise.all(halves.filter((h) => h.length > 0).map((h) => runProcess('rustfmt', ['--edition', '2021', ...h], { cwd: dir, timeoutMs: 5 * 60_000 })));
  } catch (e) {
    return { ok: false, notice: `rustfmt not available (${(e as Error).message.split('\n')[0]}): the Rust files are unformatted` };
  }
  const r = results.find((x) => x.exitCode !== 0) ?? (results[0] as (typeof results)[number]);
  if (r.exitCode === 0) return { ok: true };
  if (r.exitCode === 127 || /not found|ENOENT/i.test(r.stderr) && !/error\[/.test(r.stderr)) {
    return { ok: false, notice: 'rustfmt not found (it comes with cargo/rustup): the Rust files are unformatted' };
  }
  const first = r.stderr.split('\n').find((l) => /error/.test(l)) ?? r.stderr.split('\n')[0] ?? '';
  return { ok: false, notice: `rustfmt failed (${first.trim().slice(0, 200)}): some files are unformatted` };
}
