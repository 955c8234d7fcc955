import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { expect, onTestFinished } from 'vitest';
import { transpileProject, type TranspileOutcome } from '../../src/apps/c2rust/transpile/index.js';
import { runProcess } from '../../src/util/process.js';
import { writeTree } from '../support/temp-tree.js';

/** A run of one program: arguments and standard input. */
export interface RunCase {
  args?: string[];
  stdin?: string;
}

export interface Outputs {
  stdout: string;
  stderr: string;
  code: number | null;
}

export interface DiffProject {
  root: string;
  crate: string;
  outcome: TranspileOutcome;
  /** Runs the C build and the Rust build of program `name` (stem of its C file) the same way. */
  run(name: string, rc?: RunCase): Promise<{ c: Outputs; rust: Outputs }>;
  /** Asserts C and Rust give the same stdout, stderr and exit status. */
  same(name: string, rc?: RunCase): Promise<Outputs>;
}

function tempDir(prefix: string): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** One cargo target directory per test file, so parallel files never wait on each other's lock. */
const targetDir = join(tmpdir(), `jc2r-transpile-target-${process.pid}`);

/**
 * Writes a C project, builds every C file that defines `main` with gcc (the rest are linked into
 * each program), translates the project, builds the crate with `cargo build --offline`, and
 * returns a runner that runs both builds the same way. One crate build per project: tests
 * batch several constructs, one program each.
 */
export async function diffProject(files: Record<string, string>, opts: { cflags?: string[]; libs?: string[] } = {}): Promise<DiffProject> {
  const base = tempDir('jc2r-tr-');
  const root = join(base, 'proj');
  writeTree(root, files);
  const sources = Object.keys(files).filter((f) => f.endsWith('.c'));
  const mains = sources.filter((f) => /\bint\s+main\s*\(/.test(files[f] as string));
  const lib = sources.filter((f) => !mains.includes(f));
  const cbin = join(base, 'cbin');
  for (const m of mains) {
    const out = join(cbin, basename(m, '.c'));
    await runProcess('mkdir', ['-p', cbin]);
    const r = await runProcess('gcc', ['-O0', '-w', ...(opts.cflags ?? []), '-o', out, m, ...lib, '-lm', ...(opts.libs ?? [])], { cwd: root });
    if (r.exitCode !== 0) throw new Error(`gcc ${m}: ${r.stderr}`);
  }
  const outcome = await transpileProject({ root, outDir: join(base, 'proj_rs') });
  const crate = outcome.outDir;
  const build = await runProcess('cargo', ['build', '--offline', '--quiet'], {
    cwd: crate,
    env: { ...process.env, CARGO_TARGET_DIR: targetDir, CARGO_TERM_COLOR: 'never' },
    timeoutMs: 10 * 60_000,
    maxOutputBytes: 4 * 1024 * 1024,
  });
  if (build.exitCode !== 0) throw new Error(`cargo build failed in ${crate}:\n${build.stderr.slice(0, 6000)}`);
  const runOne = async (exe: string, rc: RunCase): Promise<Outputs> => {
    const r = await runProcess(exe, rc.args ?? [], { cwd: root, input: rc.stdin, timeoutMs: 60_000 });
    return { stdout: r.stdout, stderr: r.stderr, code: r.exitCode ?? (r.signal ? -1 : null) };
  };
  const run = async (name: string, rc: RunCase = {}) => {
    const rustExe = join(targetDir, 'debug', name);
    if (!existsSync(rustExe)) throw new Error(`no Rust binary ${name} (binaries: ${outcome.report.binaries.map((b) => b.name).join(', ')})`);
    return { c: await runOne(join(cbin, name), rc), rust: await runOne(rustExe, rc) };
  };
  return {
    root,
    crate,
    outcome,
    run,
    async same(name, rc = {}) {
      const { c, rust } = await run(name, rc);
      expect(rust.stdout, `${name}: stdout`).toBe(c.stdout);
      expect(rust.stderr, `${name}: stderr`).toBe(c.stderr);
      expect(rust.code, `${name}: exit status`).toBe(c.code);
      return c;
    },
  };
}

/** The files of `fixtures/<name>/`, path → text, for diffProject. */
export function fixture(name: string): Record<string, string> {
  const dir = join(import.meta.dirname, 'fixtures', name);
  const out: Record<string, string> = {};
  const walk = (d: string, rel: string) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p, `${rel}${n}/`);
      else out[`${rel}${n}`] = readFileSync(p, 'utf8');
    }
  };
  walk(dir, '');
  return out;
}
