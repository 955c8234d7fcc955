import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import type { FileInput } from '../finding.js';
import type { ProjectIndex } from '../c/project.js';
import { analyzeTask, type FileOutcome } from './analyze.js';

export interface TaskRequest {
  id: number;
  inputs: FileInput[];
}

/** Sent once to each worker before its first task: the whole scan's index (c/project.ts). */
export interface ProjectMessage {
  project: ProjectIndex;
}
export type TaskReply = { id: number; ok: true; outcomes: FileOutcome[] } | { id: number; ok: false; error: string };

/**
 * How workers load scan/worker: from dist/ it is plain JS. From source (bin/launch.js or vitest)
 * it is TypeScript: a bundle of it when esbuild is there (see worker-bundle.ts), else a tiny
 * bootstrap that registers tsx inside the worker (module hooks registered in the main thread do
 * not reach workers) before importing the entry.
 */
async function workerEntry(): Promise<URL | string> {
  const here = import.meta.url;
  if (!/\.[cm]?ts$/.test(new URL(here).pathname)) return new URL('./worker.js', here);
  const entry = new URL('./worker.ts', here);
  const bundled = await (await import('./worker-bundle.js')).bundledWorker(entry);
  if (bundled) return bundled;
  const tsxApi = pathToFileURL(tsxEsmApi(here)).href;
  return `import(${JSON.stringify(tsxApi)})
    .then((m) => { (m.register ?? m.default.register)(); return import(${JSON.stringify(entry.href)}); })
    .catch((e) => { process.stderr.write('jsec worker failed to start: ' + (e && e.message) + '\\n'); process.exit(70); });`;
}

// Plain JS needs no loader: `tsx script.ts` would otherwise pass its hooks on to every worker.
const startWorker = (W: typeof Worker, entry: URL | string): Worker => (typeof entry === 'string' ? new W(entry, { eval: true }) : new W(entry, { execArgv: [] }));

/**
 * The ESM build of tsx's register API. require.resolve would pick the CommonJS build, which
 * breaks when the worker already runs under tsx (`tsx script.ts` passes its loader to workers).
 */
function tsxEsmApi(from: string): string {
  const req = createRequire(from);
  const pkgPath = req.resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as { exports?: Record<string, { import?: { default?: string } | string }> };
  const entry = pkg.exports?.['./esm/api']?.import;
  const rel = typeof entry === 'string' ? entry : entry?.default;
  return rel ? join(dirname(pkgPath), rel) : req.resolve('tsx/esm/api');
}

export interface PoolOptions {
  jobs: number;
  /** what every group may follow calls into */
  project?: ProjectIndex;
  /** reads task `i`'s files just before it runs, so a large tree is never all in memory */
  load: (i: number) => Promise<FileInput[]>;
  /** called after each task with the number of files it held */
  onTaskDone?: (files: number) => void;
}

interface Pending {
  i: number;
  inputs: Promise<FileInput[]>;
}

const failed = (inputs: FileInput[], why: string): FileOutcome[] =>
  inputs.map((i) => ({ file: i.file, findings: [], parseErrors: 0, suppressed: 0, error: why }));

/**
 * Runs `count` tasks on `jobs` worker threads (in this thread when jobs <= 1). A worker that dies
 * fails only its current task, whose files come back with `error`; a fresh worker takes over.
 * Results are in task order, whatever order the workers finish in.
 */
export async function runTasks(count: number, opts: PoolOptions): Promise<FileOutcome[][]> {
  const results: FileOutcome[][] = Array.from({ length: count }, () => []);
  let next = 0;
  const runInline = async (queued: Pending[] = []): Promise<void> => {
    for (let task = queued.shift(); task; task = queued.shift()) {
      const inputs = await task.inputs;
      results[task.i] = await analyzeTask(inputs, opts.project);
      opts.onTaskDone?.(inputs.length);
    }
    while (next < count) {
      const i = next++;
      const inputs = await opts.load(i);
      results[i] = await analyzeTask(inputs, opts.project);
      opts.onTaskDone?.(inputs.length);
    }
  };
  if (opts.jobs <= 1 || count <= 1) {
    await runInline();
    return results;
  }

  // worker_threads (and, from source, the worker bundler) only when there are workers to start:
  // most scans in a pre-commit hook run in this thread
  const { Worker: W } = await import('node:worker_threads');
  const entry = await workerEntry();
  const claim = (): Pending | undefined => {
    if (next >= count) return undefined;
    const i = next++;
    return { i, inputs: opts.load(i) };
  };
  const runOne = (): Promise<void> =>
    new Promise((resolve) => {
      let current: { i: number; inputs: FileInput[] } | undefined;
      // The next group is read while the worker analyses the current one, so it never waits on the
      // disk. A task leaves the queue only when it is handed to a live worker, so a crash loses none.
      const queue: Pending[] = [];
      const refill = (): void => {
        const t = queue.length === 0 ? claim() : undefined;
        if (t) queue.push(t);
      };
      let gaveUp = false;
      let restarts = 0;
      let worker = spawn();
      function spawn(): Worker {
        const w = startWorker(W, entry);
        w.on('message', (msg: TaskReply | { ready: true }) => {
          if ('ready' in msg) {
            if (opts.project) w.postMessage({ project: opts.project } satisfies ProjectMessage);
            return void dispatch(w);
          }
          if (!current || msg.id !== current.i) return;
          results[current.i] = msg.ok ? msg.outcomes : failed(current.inputs, `analysis failed: ${msg.error}`);
          opts.onTaskDone?.(current.inputs.length);
          current = undefined;
          void dispatch(w);
        });
        w.on('error', (e) => crashed(w, e.message));
        w.on('exit', (code) => crashed(w, `worker exited with code ${code}`));
        return w;
      }
      async function dispatch(w: Worker): Promise<void> {
        refill();
        const task = queue[0];
        if (!task) {
          w.removeAllListeners();
          void w.terminate();
          return resolve();
        }
        const inputs = await task.inputs;
        if (w !== worker || gaveUp || queue[0] !== task) return;
        queue.shift();
        current = { i: task.i, inputs };
        w.postMessage({ id: task.i, inputs } satisfies TaskRequest);
        refill();
      }
      function crashed(w: Worker, why: string): void {
        if (w !== worker) return;
        w.removeAllListeners();
        void w.terminate();
        if (current) {
          results[current.i] = failed(current.inputs, why);
          opts.onTaskDone?.(current.inputs.length);
          current = undefined;
        }
        // Workers that cannot even start (restarts exhausted) leave the rest to this thread.
        if (++restarts > 3) {
          gaveUp = true;
          return void runInline(queue).then(resolve);
        }
        if (next >= count && queue.length === 0) return resolve();
        worker = spawn();
      }
    });

  await Promise.all(Array.from({ length: Math.min(opts.jobs, count) }, runOne));
  return results;
}
