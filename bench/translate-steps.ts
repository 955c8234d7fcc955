/**
 * The steps of `npm run bench c2rust-translate`, one function each: the project's own C tests,
 * `jc2r transpile`, clang's parse time for the same units, `cargo build`, the C side of the
 * equivalence commands alone, and `jc2r equiv`. Each returns what it measured and never throws
 * for a project that fails: a failure is a result.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, dirname, extname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';
import { compileProject, linkProgram } from '../src/apps/c2rust/equiv/build-c.js';
import type { EquivReport } from '../src/apps/c2rust/equiv/equiv.js';
import { runInSandbox, seedManifest } from '../src/apps/c2rust/equiv/sandbox.js';
import { statusText } from '../src/apps/c2rust/equiv/compare.js';
import { projectUnits } from '../src/apps/c2rust/project-units.js';

const here = dirname(fileURLToPath(import.meta.url));
export const JC2R = join(here, '../bin/jc2r.js');

export interface Shell {
  code: number | null;
  /** stdout and stderr as they came. */
  out: string;
  stdout: string;
  stderr: string;
  seconds: number;
  timedOut: boolean;
}

/** `sh -c` in `cwd`, output (stdout+stderr) kept, the group killed at the timeout. */
export function shell(command: string, cwd: string, timeoutMs: number, env: NodeJS.ProcessEnv = process.env): Promise<Shell> {
  return new Promise((done) => {
    const t0 = performance.now();
    const child = spawn('sh', ['-c', command], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => {
      if (out.length < 4_000_000) out += b.toString('utf8');
      stdout += b.toString('utf8');
    });
    child.stderr.on('data', (b: Buffer) => {
      if (out.length < 4_000_000) out += b.toString('utf8');
      if (stderr.length < 1_000_000) stderr += b.toString('utf8');
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // gone
      }
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, out, stdout, stderr, seconds: (performance.now() - t0) / 1000, timedOut });
    });
  });
}

/**
 * Hands `jc2r transpile` the compile commands `jc2r scan` finds, as a compile_commands.json at
 * the root, unless the project has its own: the build system's commands, plus default-flag
 * entries for the sources the test commands need that the build skips (avalanche's Makefile
 * names its tests under the wrong folder) and the other sources in their folders. Not every
 * uncovered source: zlib's contrib/ is not part of its build and does not build as Rust. Until
 * the translator reads the build system itself (`projectUnits`), it would otherwise see bzip2.c
 * without `-D BZ_UNIX=1` and bzlib.c without the generated bz_version.h. Says what it handed.
 */
export async function handCompileCommands(root: string, commands: readonly string[]): Promise<string> {
  const found = await projectUnits(root, { keepUncovered: true });
  if (found.source.kind === 'compile_commands.json') return "the project's compile_commands.json";
  if (found.source.kind === 'none') return 'default flags';
  const needed = new Set(commands.flatMap((c) => [...c.matchAll(/\{main:([^}]+)\}/g)].map((m) => dirname(resolve(root, m[1] as string)))));
  const uncovered = new Set(found.leftOut.filter((f) => needed.has(dirname(f))));
  const units = found.units.filter((u) => u.argv || uncovered.has(u.file));
  const entries = units.map((u) => ({ directory: u.cwd, file: u.file, arguments: u.argv ?? ['cc', ...u.args, '-c', u.file] }));
  writeFileSync(join(root, 'compile_commands.json'), `${JSON.stringify(entries, null, 1)}\n`);
  return `${found.source.kind} (${found.source.buildFile})${uncovered.size ? ` + ${uncovered.size} file(s) the tests need, with default flags` : ''}${found.leftOut.length > uncovered.size ? `; ${found.leftOut.length - uncovered.size} other file(s) not in the build left out` : ''}`;
}

/** `jc2r transpile` as a user runs it; `available: false` when this checkout has no such command yet. */
const TRANSPILE_TIMEOUT_MS = 10 * 60_000;

export async function transpile(root: string): Promise<{ available: boolean; ok: boolean; seconds: number; out: string }> {
  const help = spawnSync(process.execPath, [JC2R, '--help'], { encoding: 'utf8' });
  if (!/^\s+transpile\b/m.test(help.stdout)) return { available: false, ok: false, seconds: 0, out: 'jc2r has no transpile command' };
  const r = await shell(`${JSON.stringify(process.execPath)} ${JSON.stringify(JC2R)} transpile ${JSON.stringify(root)} --force --json`, root, TRANSPILE_TIMEOUT_MS, { ...process.env, NO_COLOR: '1' });
  return { available: true, ok: r.code === 0, seconds: r.seconds, out: r.timedOut ? `timed out after ${TRANSPILE_TIMEOUT_MS / 60_000} min` : r.out };
}

/** clang's own parse (`-fsyntax-only`) of the same units with their flags, as many at a time as there are cores. */
export async function clangParse(root: string, files?: string[]): Promise<{ seconds: number; units: number; failed: number }> {
  const { units } = await projectUnits(root, { keepUncovered: true });
  const chosen = files ? units.filter((u) => files.includes(u.file)) : units;
  const limit = pLimit(Math.max(1, availableParallelism()));
  const t0 = performance.now();
  let failed = 0;
  await Promise.all(
    chosen.map((u) =>
      limit(async () => {
        const r = await shell(['clang', '-fsyntax-only', '-w', ...u.args, u.file].map((a) => JSON.stringify(a)).join(' '), u.cwd, 300_000);
        if (r.code !== 0) failed++;
      }),
    ),
  );
  return { seconds: (performance.now() - t0) / 1000, units: chosen.length, failed };
}

export interface TranspileReport {
  binaries: { name: string; cFile: string }[];
  keptInC: { name: string; reason: string }[];
  unsafeLines?: number;
  files?: string[];
}

/**
 * The translator's report, read loosely (snake_case or camelCase keys): the field names are the
 * translator's to choose, the bench only needs the facts.
 */
export function readTranspileReport(root: string): TranspileReport | undefined {
  const p = join(root, '.jarvis/c2rust/transpile_report.json');
  if (!existsSync(p)) return undefined;
  const raw = JSON.parse(readFileSync(p, 'utf8')) as Record<string, unknown>;
  const pick = (...keys: string[]) => keys.map((k) => raw[k]).find((v) => v !== undefined);
  const list = (v: unknown) => (Array.isArray(v) ? (v as Record<string, unknown>[]) : []);
  const str = (o: Record<string, unknown>, ...keys: string[]) => String(keys.map((k) => o[k]).find((v) => v !== undefined) ?? '');
  const unsafe = pick('unsafe_lines', 'unsafeLines');
  return {
    binaries: list(pick('binaries')).map((b) => ({ name: str(b, 'name'), cFile: str(b, 'c_file', 'cFile') })),
    keptInC: list(pick('kept_in_c', 'keptInC', 'kept')).map((k) => ({ name: str(k, 'name', 'function'), reason: str(k, 'reason') })),
    ...(typeof unsafe === 'number' ? { unsafeLines: unsafe } : {}),
  };
}

/** `cargo build --offline` of the translated crate. */
export async function cargoBuild(crate: string): Promise<{ ok: boolean; seconds: number; error?: string }> {
  if (!existsSync(join(crate, 'Cargo.toml'))) return { ok: false, seconds: 0, error: 'no Cargo.toml' };
  const r = await shell('cargo build --offline --bins 2>&1', crate, 30 * 60_000);
  const error = r.code === 0 ? undefined : (r.out.split('\n').find((l) => /^error/.test(l)) ?? r.out.trim().split('\n').pop() ?? '').slice(0, 200);
  return { ok: r.code === 0, seconds: r.seconds, ...(error ? { error } : {}) };
}

/** `{main:path/to/file.c}` → `{bin:NAME}`: the report's name for that C file, else its stem. */
export function resolveMains(commands: readonly string[], root: string, report?: TranspileReport): string[] {
  return commands.map((c) =>
    c.replace(/\{main:([^}]+)\}/g, (_m, file: string) => {
      const abs = resolve(root, file);
      const named = report?.binaries.find((b) => (isAbsolute(b.cFile) ? b.cFile : resolve(root, b.cFile)) === abs)?.name;
      return `{bin:${named ?? basename(file, extname(file))}}`;
    }),
  );
}

export interface CSideRun {
  command: string;
  status: string;
  stdoutBytes: number;
  stdoutSha: string;
  filesWritten: number;
}

/**
 * The equivalence commands run on the C side alone, with the C built exactly as `jc2r equiv`
 * builds it (compile commands, one archive, one program per main): it shows the commands and
 * the C build work before there is any Rust to compare with, and records the C outputs.
 */
export async function runCSide(root: string, commands: readonly string[], timeoutMs: number): Promise<{ runs: CSideRun[]; error?: string }> {
  let project;
  try {
    project = await compileProject(root, join(root, '.jarvis/c2rust/equiv/c'), process.env);
  } catch (e) {
    return { runs: [], error: (e as Error).message };
  }
  // Outside the project: a run directory inside the seed would be copied into itself.
  const base = mkdtempSync(join(tmpdir(), 'jc2r-c-side-'));
  const manifest = seedManifest(root);
  const runs: CSideRun[] = [];
  for (const [i, command] of commands.entries()) {
    const programs = new Map<string, string>();
    try {
      for (const m of command.matchAll(/\{main:([^}]+)\}/g)) {
        const file = resolve(root, m[1] as string);
        programs.set(basename(file, extname(file)), await linkProgram(project, file, basename(file, extname(file)), process.env));
      }
    } catch (e) {
      return { runs, error: (e as Error).message };
    }
    const dir = join(base, String(i));
    const text = command.replace(/\{main:([^}]+)\}/g, (_m, f: string) => join(dir, 'bin', basename(f, extname(f))));
    const o = await runInSandbox({ dir, programs, command: text, seed: { root, manifest }, timeoutMs, env: process.env, keepAs: join(dir, 'c') });
    rmSync(dir, { recursive: true, force: true });
    runs.push({ command, status: statusText(o.status), stdoutBytes: o.stdout.length, stdoutSha: createHash('sha256').update(o.stdout).digest('hex').slice(0, 12), filesWritten: o.written.size });
  }
  rmSync(base, { recursive: true, force: true });
  return { runs };
}

/** `jc2r equiv --json` with the commands in a file; the report, or why there is none. */
export async function equiv(root: string, commands: readonly string[], timeoutS: number): Promise<{ report?: EquivReport; code: number | null; error?: string }> {
  const file = join(root, '.jarvis/c2rust/bench-commands.txt');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${commands.join('\n')}\n`);
  const r = await shell(`${JSON.stringify(process.execPath)} ${JSON.stringify(JC2R)} equiv . --commands ${JSON.stringify(file)} --timeout ${timeoutS} --json`, root, 60 * 60_000, { ...process.env, NO_COLOR: '1' });
  try {
    return { report: JSON.parse(r.stdout) as EquivReport, code: r.code };
  } catch {
    const lines = r.stderr.split('\n').filter((l) => /error|hint/.test(l));
    return { code: r.code, error: (lines.join(' / ') || r.stderr.trim().split('\n').pop() || `exit ${r.code}`).slice(0, 300) };
  }
}
