import { runProcess } from '../../../util/process.js';

/**
 * Formats the crate's Rust files in place with `rustfmt` (installed with cargo). Without it, or
 * when it rejects a file, the files stay as written and the result says why.
 */
export async function formatFiles(dir: string, files: string[]): Promise<{ ok: boolean; notice?: string }> {
  if (files.length === 0) return { ok: true };
  let r;
  try {
    r = await runProcess('rustfmt', ['--edition', '2021', ...files], { cwd: dir, timeoutMs: 5 * 60_000 });
  } catch (e) {
    return { ok: false, notice: `rustfmt not available (${(e as Error).message.split('\n')[0]}): the Rust files are unformatted` };
  }
  if (r.exitCode === 0) return { ok: true };
  if (r.exitCode === 127 || /not found|ENOENT/i.test(r.stderr) && !/error\[/.test(r.stderr)) {
    return { ok: false, notice: 'rustfmt not found (it comes with cargo/rustup): the Rust files are unformatted' };
  }
  const first = r.stderr.split('\n').find((l) => /error/.test(l)) ?? r.stderr.split('\n')[0] ?? '';
  return { ok: false, notice: `rustfmt failed (${first.trim().slice(0, 200)}): some files are unformatted` };
}
