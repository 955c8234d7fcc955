import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
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
  // the bundler only when there are workers to start from source: most scans run in this thread
  const bundled = await (await import('./worker-bundle.js')).bundledWorker(entry);
  if (bundled) return bundled;
  const tsxApi = pathToFileURL(tsxEsmApi(here)).href;
  return `import(${JSON.stringify(tsxApi)})
    .then((m) => { (m.register ?? m.default.register)(); return import(${JSON.stringify(entry.href)}); })
    .catch((e) => { process.stderr.write('jsec worker failed to start: ' + (e && e.message) + '\\n'); process.exit(70); });`;
}

// Plain JS needs no loader: `tsx script.ts` would otherwise pass its hooks on to every worker.
const startWorker = (entry: URL | string): Worker => (typeof entry === 'string' ? new Worker(entry, { eval: true }) : new Worker(entry, { execArgv: [] }));

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
  /** the order tasks start in (default: 0, 1, …): largest first, so no big one is left for last */
  order?: readonly number[];
  /** each task's expected cost (its bytes): a worker queues a second task only when that is small */
  weights?: readonly number[];
  /** workers started earlier (startWorkers), so their start-up overlapped the caller's work */
  workers?: StartedWorkers;
}

const failed = (inputs: FileInput[], why: string): FileOutcome[] =>
  inputs.map((i) => ({ file: i.file, findings: [], parseErrors: 0, suppressed: 0, error: why }));

/** A worker thread and what it has said so far; its listeners are attached at once, so no message or error is lost. */
interface Live {
  w: Worker;
  /** it said it is listening (before that it has run nothing) */
  ready: boolean;
  /** why it died, once it has */
  dead?: string;
  projectSent: boolean;
  onReply?: (msg: TaskReply) => void;
  onDead?: (why: string) => void;
}

/** Ends a worker without hearing from it again (a late error of a terminated worker must not go unhandled). */
function stop(l: Live): void {
  l.onDead = undefined;
  l.w.removeAllListeners();
  l.w.on('error', () => undefined);
  void l.w.terminate();
}

function spawnLive(entry: URL | string): Live {
  const live: Live = { w: startWorker(entry), ready: false, projectSent: false };
  live.w.on('message', (msg: TaskReply | { ready: true }) => {
    if ('ready' in msg) live.ready = true;
    else live.onReply?.(msg);
  });
  const died = (why: string): void => {
    if (live.dead !== undefined) return;
    live.dead = why;
    const onDead = live.onDead;
    stop(live);
    onDead?.(why);
  };
  live.w.on('error', (e) => died(e.message));
  live.w.on('exit', (code) => died(`worker exited with code ${code}`));
  return live;
}

/** Worker threads started before the tasks are known (runTasks takes them over). */
export interface StartedWorkers {
  entry: URL | string;
  live: Live[];
  /** ends the workers runTasks did not take (call it when the scan ends early) */
  close(): void;
}

/**
 * Starts the `jobs - 1` worker threads runTasks will use (this thread is the other one) now, so
 * that loading their modules and tree-sitter overlaps what the caller does before it has tasks for
 * them (reading and indexing the sources). Undefined for one job. `entry` replaces scan/worker
 * (tests use workers that misbehave).
 */
export async function startWorkers(jobs: number, entry?: URL | string): Promise<StartedWorkers | undefined> {
  if (jobs <= 1) return undefined;
  entry ??= await workerEntry();
  const live = Array.from({ length: jobs - 1 }, () => spawnLive(entry));
  return {
    entry,
    live,
    close() {
      for (const l of live.splice(0)) stop(l);
    },
  };
}

/** Tasks a worker holds at once: the next one is already there when it finishes, whatever this thread is doing. */
const WORKER_DEPTH = 2;
/** a task above 1/(BIG_SHARE × jobs) of all the work is never queued behind another */
const BIG_SHARE = 4;

/** Lets pending messages (worker replies) be handled between two tasks run in this thread. */
const yieldToEvents = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Runs `count` tasks on `jobs` threads: this one and `jobs - 1` workers (all in this thread when
 * jobs <= 1). Tasks are taken in `order` (largest first): the workers from the front, this thread
 * from the back, so its tasks are short and it feeds the workers often. Each worker holds up to
 * WORKER_DEPTH tasks, so it never waits for this thread to finish a task before it gets its next.
 * A worker that dies fails only the task it was running (the one it held next goes back to the
 * line; all of them when it died before it was up); a fresh worker takes over, up to three times. Results are in task order, whatever order
 * the threads finish in.
 */
export async function runTasks(count: number, opts: PoolOptions): Promise<FileOutcome[][]> {
  const results: FileOutcome[][] = Array.from({ length: count }, () => []);
  const order = opts.order ?? Array.from({ length: count }, (_, i) => i);
  // order[front..back) have not been taken; `returned` holds tasks a dead worker did not start
  let front = 0;
  let back = count;
  const returned: Array<{ i: number; inputs: FileInput[] }> = [];
  const left = (): boolean => returned.length > 0 || front < back;
  // A second task held by a worker waits behind its first whatever the other threads do. Near the
  // end, or when the next task is a large share of all the work (the few big directories of a
  // real tree: two of them queued on one worker made it the long pole), a worker holds one.
  const weightOf = (i: number | undefined): number => (i === undefined ? 0 : (opts.weights?.[i] ?? 1));
  const totalWeight = order.reduce((sum, i) => sum + weightOf(i), 0);
  const depth = (): number => {
    if (returned.length + back - front <= 2 * Math.min(opts.jobs, count)) return 1;
    const next = returned.length > 0 ? undefined : order[front];
    return weightOf(next) * BIG_SHARE * opts.jobs > totalWeight ? 1 : WORKER_DEPTH;
  };
  const take = async (fromBack: boolean): Promise<{ i: number; inputs: FileInput[] } | undefined> => {
    const again = returned.shift();
    if (again) return again;
    if (front >= back) return undefined;
    const i = order[fromBack ? --back : front++] as number;
    return { i, inputs: await opts.load(i) };
  };
  const runHere = async (fromBack: boolean): Promise<void> => {
    for (let task = await take(fromBack); task; task = await take(fromBack)) {
      results[task.i] = await analyzeTask(task.inputs, opts.project);
      opts.onTaskDone?.(task.inputs.length);
      await yieldToEvents();
    }
  };
  const started = opts.workers;
  const workerCount = Math.min(opts.jobs, count) - 1;
  if (workerCount <= 0) {
    started?.close();
    await runHere(false);
    return results;
  }

  const entry = started?.entry ?? (await workerEntry());
  const prespawned = started ? started.live.splice(0, workerCount) : [];
  started?.close();
  const runWorker = (pre: Live | undefined): Promise<void> =>
    new Promise((resolve) => {
      // tasks posted to the worker, in the order it runs them
      const held: Array<{ i: number; inputs: FileInput[] }> = [];
      let restarts = 0;
      let feeding = false;
      let live = pre ?? spawnLive(entry);
      attach(live);
      function attach(l: Live): void {
        l.onReply = (msg) => {
          const k = held.findIndex((t) => t.i === msg.id);
          const task = held[k];
          if (l !== live || !task) return;
          held.splice(k, 1);
          results[task.i] = msg.ok ? msg.outcomes : failed(task.inputs, `analysis failed: ${msg.error}`);
          opts.onTaskDone?.(task.inputs.length);
          void feed(l);
        };
        l.onDead = (why) => crashed(l, why);
        if (l.dead !== undefined) return crashed(l, l.dead);
        // messages posted before the worker listens wait for it, so it is fed at once
        void feed(l);
      }
      async function feed(l: Live): Promise<void> {
        if (feeding) return;
        feeding = true;
        try {
          while (l === live && l.dead === undefined && held.length < depth()) {
            const task = await take(false);
            if (!task) break;
            if (l !== live || l.dead !== undefined) {
              returned.unshift(task);
              break;
            }
            if (!l.projectSent) {
              l.projectSent = true;
              if (opts.project) l.w.postMessage({ project: opts.project } satisfies ProjectMessage);
            }
            held.push(task);
            l.w.postMessage({ id: task.i, inputs: task.inputs } satisfies TaskRequest);
          }
        } finally {
          feeding = false;
        }
        if (l === live && held.length === 0 && !left()) {
          stop(l);
          resolve();
        }
      }
      function crashed(l: Live, why: string): void {
        if (l !== live) return;
        // one that never came up ran none of them
        const running = l.ready ? held.shift() : undefined;
        const waiting = held.splice(0);
        if (running) {
          results[running.i] = failed(running.inputs, why);
          opts.onTaskDone?.(running.inputs.length);
        }
        returned.unshift(...waiting);
        // a worker that cannot even start (restarts exhausted) leaves the rest to this thread
        if (++restarts > 3 || !left()) return resolve();
        live = spawnLive(entry);
        attach(live);
      }
    });

  // this thread works too; whatever the workers leave (they may give up) it finishes after them
  const workers = Promise.all(Array.from({ length: workerCount }, (_, k) => runWorker(prespawned[k])));
  await runHere(true);
  await workers;
  await runHere(true);
  return results;
}
