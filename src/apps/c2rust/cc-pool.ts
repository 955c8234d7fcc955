import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface PoolJob {
  argv: string[];
  cwd: string;
}

const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * Runs many short commands (one `cc -E` per unit), `parallel` at a time, from one `sh | xargs -P`
 * started up front. Starting each from Node would copy this process's page tables every time —
 * by the end of a scan it holds the parser's wasm memory, and those copies cost more than the
 * preprocessing itself. Output goes through files in a private temp directory. Without `sh` or
 * `xargs`, each job is spawned directly.
 */
export class CommandPool {
  private readonly dir: string;
  /** Exit codes arrive as jobs finish; outputs stay on disk until asked for (memory stays flat). */
  private readonly waiting = new Map<number, (r: ProcessResult | number) => void>();
  private readonly done: Promise<ProcessResult | number>[];
  private finished = false;

  constructor(private readonly jobs: readonly PoolJob[], parallel: number) {
    this.dir = mkdtempSync(join(tmpdir(), 'jc2r-cc-'));
    this.done = jobs.map((_, i) => new Promise<ProcessResult | number>((resolve) => this.waiting.set(i, resolve)));
    if (jobs.length === 0) return;
    jobs.forEach((job, i) => {
      const cmd = `cd ${sq(job.cwd)} && exec ${job.argv.map(sq).join(' ')} >${sq(this.file(i, 'out'))} 2>${sq(this.file(i, 'err'))}\n`;
      writeFileSync(this.file(i, 'sh'), cmd);
    });
    writeFileSync(join(this.dir, 'run.sh'), 'sh "$1/$2.sh"; echo "$2 $?"\n');
    const child = spawn('sh', ['-c', `xargs -n 1 -P ${Math.max(1, parallel)} sh ${sq(join(this.dir, 'run.sh'))} ${sq(this.dir)}`], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    let buffered = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffered += chunk;
      let nl: number;
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const m = /^(\d+) (\d+)$/.exec(buffered.slice(0, nl));
        buffered = buffered.slice(nl + 1);
        if (m) this.settle(Number(m[1]), Number(m[2]));
      }
    });
    child.on('error', () => this.runDirectly());
    child.on('close', () => {
      // sh or xargs missing, or killed: whatever did not report runs the slow way.
      if (this.waiting.size > 0) this.runDirectly();
    });
    child.stdin.end(`${jobs.map((_, i) => i).join('\n')}\n`);
  }

  /** Job `i`'s result once it has finished; its files are read and removed (ask once per job). */
  async result(i: number): Promise<ProcessResult> {
    const done = this.done[i];
    if (!done) throw new Error(`no job ${i}`);
    const r = await done;
    if (typeof r !== 'number') return r;
    const read = (ext: 'out' | 'err') => {
      try {
        return readFileSync(this.file(i, ext), 'utf8');
      } catch {
        return '';
      }
    };
    const out = { code: r, stdout: r === 0 ? read('out') : '', stderr: read('err') };
    for (const ext of ['sh', 'out', 'err'] as const) rmSync(this.file(i, ext), { force: true });
    return out;
  }

  /** Waits for every job, then removes the temp directory. */
  async close(): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    await Promise.all(this.done);
    rmSync(this.dir, { recursive: true, force: true });
  }

  private file(i: number, ext: 'sh' | 'out' | 'err'): string {
    return join(this.dir, `${i}.${ext}`);
  }

  private settle(i: number, code: number): void {
    const resolve = this.waiting.get(i);
    if (!resolve) return;
    this.waiting.delete(i);
    resolve(code);
  }

  private runDirectly(): void {
    for (const i of [...this.waiting.keys()]) {
      const job = this.jobs[i] as PoolJob;
      const resolve = this.waiting.get(i) as (r: ProcessResult | number) => void;
      this.waiting.delete(i);
      void runProcess(job.argv, job.cwd).then(resolve);
    }
  }
}

/** One process, its output collected; never rejects (a spawn failure is code -1). */
export function runProcess(argv: readonly string[], cwd: string): Promise<ProcessResult> {
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(argv[0] as string, argv.slice(1), { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) {
      resolve({ code: -1, stdout: '', stderr: (e as Error).message });
      return;
    }
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e) => resolve({ code: -1, stdout: '', stderr: e.message }));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
  });
}
