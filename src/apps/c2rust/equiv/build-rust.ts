import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { JarvisError } from '../../../util/errors.js';
import { runProcess } from '../../../util/process.js';

export interface RustBuild {
  /** Binary name → executable path. */
  bins: Map<string, string>;
  profile: 'debug' | 'release';
  seconds: number;
}

/**
 * `cargo build --offline --bins`, the executables read from cargo's own JSON messages (so a
 * custom target dir or profile layout needs no guessing). Debug by default: it builds faster,
 * and its overflow and bounds checks turn a translation that silently computes something else
 * into a visible difference (a panic) instead of a coincidence.
 */
export async function buildRust(crate: string, opts: { release?: boolean; env?: NodeJS.ProcessEnv }): Promise<RustBuild> {
  if (!existsSync(join(crate, 'Cargo.toml'))) {
    throw new JarvisError('usage', `no Rust crate at ${crate} (no Cargo.toml)`, { hint: 'run `jc2r transpile` first, or pass the crate with --crate', exitCode: 2 });
  }
  const started = performance.now();
  const args = ['build', '--offline', '--bins', '--message-format=json-render-diagnostics', ...(opts.release ? ['--release'] : [])];
  const r = await runProcess('cargo', args, { cwd: crate, env: opts.env, timeoutMs: 30 * 60_000, maxOutputBytes: 64 * 1024 * 1024 });
  if (r.exitCode !== 0) {
    const lines = r.stderr.split('\n');
    const err = lines.find((l) => /^error/.test(l.trim())) ?? lines.find((l) => l.trim()) ?? `exit ${r.exitCode}`;
    throw new JarvisError('tool', `cargo build failed in ${crate}: ${err.trim().slice(0, 300)}`, { hint: `run \`cargo build --offline\` in ${crate} for the full output`, exitCode: 2 });
  }
  const bins = new Map<string, string>();
  for (const line of r.stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    let msg: { reason?: string; executable?: string | null; target?: { name?: string; kind?: string[] } };
    try {
      msg = JSON.parse(line) as typeof msg;
    } catch {
      continue;
    }
    if (msg.reason === 'compiler-artifact' && msg.executable && msg.target?.kind?.includes('bin') && msg.target.name) bins.set(msg.target.name, msg.executable);
  }
  if (bins.size === 0) throw new JarvisError('usage', `the crate at ${crate} has no binary targets`, { hint: 'a program needs a [[bin]] (or src/main.rs) to be compared', exitCode: 2 });
  return { bins, profile: opts.release ? 'release' : 'debug', seconds: (performance.now() - started) / 1000 };
}
