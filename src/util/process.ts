import { spawn } from 'node:child_process';
import { JarvisError } from './errors.js';

export interface RunOptions {
  cwd?: string;
  /** The child's whole environment; defaults to this process's. Build tools need PATH, HOME, CARGO_HOME… */
  env?: NodeJS.ProcessEnv;
  /** Kill the whole process group after this long (SIGTERM, then SIGKILL after `killGraceMs`). */
  timeoutMs?: number;
  killGraceMs?: number;
  /** Per stream. Past it the head and the tail are kept and the middle is replaced by a marker. */
  maxOutputBytes?: number;
  /** Written to stdin, which is then closed. Without it stdin is closed at once. */
  input?: string;
  signal?: AbortSignal;
  /**
   * When the command itself exits, end what is left of its process group (SIGTERM, then
   * SIGKILL): a background job it started would otherwise hold the output pipes open and
   * make the call wait for the timeout.
   */
  endGroupOnExit?: boolean;
}

export interface RunResult {
  argv: string[];
  /** null when the child was ended by a signal. */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  durationMs: number;
  timedOut: boolean;
  /** Bytes dropped from the middle of each stream by the output cap. */
  omittedBytes: { stdout: number; stderr: number };
}

const DEFAULT_MAX_OUTPUT = 1024 * 1024;

/**
 * Children run in their own process group, so the terminal's Ctrl-C does not reach them.
 * While any is running we forward SIGINT/SIGTERM to their groups and, when nobody else
 * listens for the signal, end this process the default way; on exit we end them too.
 */
const activeGroups = new Set<number>();
const forward = (sig: NodeJS.Signals) => {
  for (const pgid of activeGroups) killQuietly(pgid, sig);
  untrack();
  if (process.listenerCount(sig) === 0) process.kill(process.pid, sig);
};
const onSigint = () => forward('SIGINT');
const onSigterm = () => forward('SIGTERM');
const onExit = () => {
  for (const pgid of activeGroups) killQuietly(pgid, 'SIGTERM');
};

function killQuietly(pgid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(-pgid, sig);
  } catch {
    // The group is already gone.
  }
}

function track(pgid: number): void {
  if (activeGroups.size === 0) {
    process.on('SIGINT', onSigint);
    process.on('SIGTERM', onSigterm);
    process.on('exit', onExit);
  }
  activeGroups.add(pgid);
}

function untrack(pgid?: number): void {
  if (pgid === undefined) activeGroups.clear();
  else activeGroups.delete(pgid);
  if (activeGroups.size === 0) {
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigterm);
    process.off('exit', onExit);
  }
}

/** Keeps the first and last `max/2` bytes of a stream and counts what falls between. */
class HeadTail {
  private head: Buffer[] = [];
  private headLen = 0;
  private tail: Buffer[] = [];
  private tailLen = 0;
  omitted = 0;
  constructor(private readonly max: number) {}

  push(chunk: Buffer): void {
    const headRoom = Math.ceil(this.max / 2) - this.headLen;
    if (headRoom > 0) {
      const part = chunk.subarray(0, headRoom);
      this.head.push(part);
      this.headLen += part.length;
      chunk = chunk.subarray(part.length);
    }
    if (chunk.length === 0) return;
    this.tail.push(chunk);
    this.tailLen += chunk.length;
    const tailMax = Math.floor(this.max / 2);
    while (this.tailLen > tailMax) {
      const first = this.tail[0] as Buffer;
      const excess = this.tailLen - tailMax;
      if (first.length <= excess) {
        this.tail.shift();
        this.tailLen -= first.length;
        this.omitted += first.length;
      } else {
        this.tail[0] = first.subarray(excess);
        this.tailLen -= excess;
        this.omitted += excess;
      }
    }
  }

  text(): string {
    const head = Buffer.concat(this.head).toString('utf8');
    const tail = Buffer.concat(this.tail).toString('utf8');
    return this.omitted > 0 ? `${head}\n[... ${this.omitted} bytes omitted ...]\n${tail}` : head + tail;
  }
}

/**
 * Runs `cmd args…` without a shell, in its own process group so a timeout ends the
 * children it started too (cargo → rustc, make → cc). Never rejects for a non-zero exit:
 * the caller reads `exitCode`. Rejects with a JarvisError when the command cannot start.
 */
export function runProcess(cmd: string, args: readonly string[], opts: RunOptions = {}): Promise<RunResult> {
  const started = performance.now();
  const max = opts.maxOutputBytes ?? DEFAULT_MAX_OUTPUT;
  const out = new HeadTail(max);
  const err = new HeadTail(max);
  const argv = [cmd, ...args];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: opts.cwd,
      env: opts.env ?? process.env,
      shell: false,
      detached: process.platform !== 'win32',
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let timedOut = false;
    let settled = false;
    const timers: NodeJS.Timeout[] = [];

    const grouped = process.platform !== 'win32' && child.pid !== undefined;
    if (grouped) track(child.pid as number);
    const killGroup = (sig: NodeJS.Signals) => {
      if (child.pid === undefined) return;
      if (grouped) killQuietly(child.pid, sig);
      else child.kill(sig);
    };
    const stop = () => {
      killGroup('SIGTERM');
      const t = setTimeout(() => killGroup('SIGKILL'), opts.killGraceMs ?? 2000);
      t.unref();
      timers.push(t);
    };
    if (opts.timeoutMs !== undefined && opts.timeoutMs > 0) {
      const t = setTimeout(() => {
        timedOut = true;
        stop();
      }, opts.timeoutMs);
      timers.push(t);
    }
    const onAbort = () => stop();
    if (opts.signal?.aborted) stop();
    else opts.signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    // A child that exits without reading its stdin makes our write fail with EPIPE; that is not our error.
    child.stdin.on('error', () => undefined);
    if (opts.input !== undefined) child.stdin.end(opts.input);
    else child.stdin.end();

    const finish = () => {
      if (grouped) untrack(child.pid);
      for (const t of timers) clearTimeout(t);
      opts.signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (e: NodeJS.ErrnoException) => {
      if (settled) return;
      settled = true;
      finish();
      const missing = e.code === 'ENOENT';
      reject(
        new JarvisError(missing ? 'not_found' : 'io', missing ? `command not found: ${cmd}` : `cannot run ${cmd}: ${e.message}`, {
          hint: missing ? `install ${cmd} or put it on PATH` : undefined,
          cause: e,
        }),
      );
    });
    if (opts.endGroupOnExit) child.on('exit', () => stop());
    child.on('close', (code, signal) => {
      if (settled) return;
      settled = true;
      finish();
      resolve({
        argv,
        exitCode: code,
        signal,
        stdout: out.text(),
        stderr: err.text(),
        durationMs: performance.now() - started,
        timedOut,
        omittedBytes: { stdout: out.omitted, stderr: err.omitted },
      });
    });
  });
}
