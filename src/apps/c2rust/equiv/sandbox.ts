import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, cpSync, linkSync, lstatSync, mkdirSync, readFileSync, readlinkSync, renameSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { walkFiles } from '../tree-walk.js';

/** What a file looked like: content hash and size (a symlink hashes its target). */
export interface FileState {
  size: number;
  hash: string;
  mtimeMs: number;
}

/** The files a run starts with, by path relative to the working directory. */
export type Manifest = Map<string, FileState & { source: string }>;

export interface RunStatus {
  /** Exit code; for a shell that reports a signal as 128+n, the signal is decoded too. */
  code: number | null;
  signal: string | null;
  timedOut: boolean;
}

export interface RunOutcome {
  stdout: Buffer;
  stderr: Buffer;
  status: RunStatus;
  /** Files created or changed (path → state); `null` for a seed file the run deleted. */
  written: Map<string, FileState | null>;
  /** Where the run's working directory was kept, to read written files back for excerpts. */
  workDir: string;
  /** A stream reached the capture limit; only its head was kept. */
  truncated: { stdout: boolean; stderr: boolean };
  ms: number;
}

export interface SandboxRun {
  /** The per-command directory; the same absolute path for the C and the Rust run. */
  dir: string;
  /** The program files to place in `<dir>/bin/` under their common names. */
  programs: Map<string, string>;
  command: string;
  seed?: { root: string; manifest: Manifest };
  timeoutMs: number;
  env: NodeJS.ProcessEnv;
  /** Where to move the working directory after the run (`<dir>/c1`, `<dir>/rust`…). */
  keepAs: string;
}

const MAX_CAPTURE = 64 * 1024 * 1024;
/** Never copied into a run: VCS data, our own files, build trees of dependencies. */
const NOT_SEEDED = new Set(['.git', '.hg', '.svn', '.jarvis', 'node_modules', 'target']);

/** The seed's files with their states, read once and shared by every run. */
export function seedManifest(root: string): Manifest {
  const out: Manifest = new Map();
  walkFiles(
    root,
    (abs, rel) => {
      const st = stateOf(abs);
      if (st) out.set(rel, { ...st, source: abs });
    },
    { skipDir: (n) => NOT_SEEDED.has(n), noFollow: true },
  );
  return out;
}

/**
 * Runs `sh -c command` in `<dir>/work`, a fresh copy of the seed, with the programs in
 * `<dir>/bin/`, stdin empty, its own TMPDIR and HOME under `<dir>`, and the whole process group
 * killed at the timeout. Both sides of a comparison run in the same `dir` one after the other,
 * so absolute paths and `argv[0]` are the same for both and need no rewriting.
 */
export async function runInSandbox(run: SandboxRun): Promise<RunOutcome> {
  const work = join(run.dir, 'work');
  const bin = join(run.dir, 'bin');
  for (const d of [work, bin, join(run.dir, 'tmp'), join(run.dir, 'home')]) {
    rmSync(d, { recursive: true, force: true });
    mkdirSync(d, { recursive: true });
  }
  if (run.seed) cpSync(run.seed.root, work, { recursive: true, preserveTimestamps: true, verbatimSymlinks: true, filter: (src) => src === run.seed?.root || !NOT_SEEDED.has(basename(src)) });
  for (const [name, file] of run.programs) placeProgram(file, join(bin, name));
  const env = { ...run.env, HOME: join(run.dir, 'home'), TMPDIR: join(run.dir, 'tmp') };
  const started = performance.now();
  const result = await execute(run.command, work, env, run.timeoutMs);
  const written = writtenFiles(work, run.seed?.manifest ?? new Map());
  rmSync(run.keepAs, { recursive: true, force: true });
  renameSync(work, run.keepAs);
  return { ...result, written, workDir: run.keepAs, ms: performance.now() - started };
}

/** A hard link keeps `/proc/self/exe` at the common path; a copy when the link cannot be made. */
function placeProgram(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
    chmodSync(to, 0o755);
  }
}

function execute(command: string, cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Pick<RunOutcome, 'stdout' | 'stderr' | 'status' | 'truncated'>> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', command], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = capture();
    const err = capture();
    child.stdout.on('data', out.push);
    child.stderr.on('data', err.push);
    let timedOut = false;
    const kill = (sig: NodeJS.Signals) => {
      try {
        if (child.pid) process.kill(-child.pid, sig);
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill('SIGTERM');
      setTimeout(() => kill('SIGKILL'), 1000).unref();
    }, timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      resolve({ stdout: Buffer.alloc(0), stderr: Buffer.from(`cannot start sh: ${e.message}\n`), status: { code: null, signal: null, timedOut }, truncated: { stdout: false, stderr: false } });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      // Whatever the program left running in the background ends with it.
      kill('SIGKILL');
      const decoded = code !== null && code > 128 && code < 128 + 65 ? signalName(code - 128) : null;
      resolve({
        stdout: out.buffer(),
        stderr: err.buffer(),
        status: { code, signal: signal ?? decoded, timedOut },
        truncated: { stdout: out.truncated(), stderr: err.truncated() },
      });
    });
  });
}

function capture() {
  const parts: Buffer[] = [];
  let size = 0;
  let cut = false;
  return {
    push: (b: Buffer) => {
      if (size >= MAX_CAPTURE) {
        cut = true;
        return;
      }
      const keep = b.subarray(0, MAX_CAPTURE - size);
      if (keep.length < b.length) cut = true;
      parts.push(keep);
      size += keep.length;
    },
    buffer: () => Buffer.concat(parts),
    truncated: () => cut,
  };
}

const SIGNALS: Record<number, string> = { 1: 'SIGHUP', 2: 'SIGINT', 3: 'SIGQUIT', 4: 'SIGILL', 5: 'SIGTRAP', 6: 'SIGABRT', 7: 'SIGBUS', 8: 'SIGFPE', 9: 'SIGKILL', 11: 'SIGSEGV', 13: 'SIGPIPE', 14: 'SIGALRM', 15: 'SIGTERM' };

function signalName(n: number): string | null {
  return SIGNALS[n] ?? null;
}

/** Files that differ from the seed after a run: new, changed (by content), or deleted. */
function writtenFiles(work: string, seed: Manifest): Map<string, FileState | null> {
  const out = new Map<string, FileState | null>();
  const present = new Set<string>();
  walkFiles(work, (abs, rel) => {
    present.add(rel);
    const before = seed.get(rel);
    const st = lstatSync(abs);
    // Same size and time as the copy made from the seed: untouched, no need to read it.
    if (before && st.size === before.size && st.mtimeMs === before.mtimeMs) return;
    const now = stateOf(abs);
    if (now && (!before || now.hash !== before.hash)) out.set(rel, now);
  }, { noFollow: true });
  for (const rel of seed.keys()) if (!present.has(rel)) out.set(rel, null);
  return out;
}

function stateOf(abs: string): FileState | undefined {
  try {
    const st = lstatSync(abs);
    const data = st.isSymbolicLink() ? Buffer.from(`-> ${readlinkSync(abs)}`) : readFileSync(abs);
    return { size: data.length, hash: createHash('sha256').update(data).digest('hex'), mtimeMs: st.mtimeMs };
  } catch {
    return undefined;
  }
}

