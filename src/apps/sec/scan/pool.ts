import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FileInput } from '../finding.js';
import type { ProjectIndex } from '../c/project.js';
import { analyzeTask, type FileOutcome } from './analyze.js';
import { bundledWorker } from './worker-bundle.js';

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
  const bundled = await bundledWorker(entry);
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
  /** workers started earlier (startWorkers), so their start-up overlapped the caller's work */
  workers?: StartedWorkers;
}

interface Pending {
  i: number;
  inputs: Promise<FileInput[]>;
}

const failed = (inputs: FileInput[], why: string): FileOutcome[] =>
  inputs.map((i) => ({ file: i.file, findings: [], parseErrors: 0, suppressed: 0, error: why }));

/** A worker thread and what it has said so far; its listeners are attached at once, so no message or error is lost. */
interface Live {
  w: Worker;
  ready: boolean;
  /** why it died, once it has */
  dead?: string;
  projectSent: boolean;
  onReady?: () => void;
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
    if ('ready' in msg) {
      live.ready = true;
      live.onReady?.();
    } else live.onReply?.(msg);
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
 * Starts `jobs` worker threads now, so that loading their modules and tree-sitter overlaps what the
 * caller does before it has tasks for them (reading and indexing the sources). Undefined for one job.
 */
export async function startWorkers(jobs: number): Promise<StartedWorkers | undefined> {
  if (jobs <= 1) return undefined;
  const entry = await workerEntry();
  const live = Array.from({ length: jobs }, () => spawnLive(entry));
  return {
    entry,
    live,
    close() {
      for (const l of live.splice(0)) stop(l);
    },
  };
}

/**
 * Runs `count` tasks on `jobs` worker threads (in this thread when jobs <= 1). Tasks start in
 * `order`; any free worker takes the next one (its files are read ahead while the workers are
 * busy, never reserved for one worker). A worker that dies fails only its current task, whose
 * files come back with `error`; a fresh worker takes over. Results are in task order, whatever
 * order the workers finish in.
 */
export async function runTasks(count: number, opts: PoolOptions): Promise<FileOutcome[][]> {
  const results: FileOutcome[][] = Array.from({ length: count }, () => []);
  const order = opts.order ?? Array.from({ length: count }, (_, i) => i);
  let next = 0;
  // tasks whose files are read, shared by all workers, in start order
  const ahead: Pending[] = [];
  const fill = (depth: number): void => {
    while (ahead.length < depth && next < count) {
      const i = order[next++] as number;
      ahead.push({ i, inputs: opts.load(i) });
    }
  };
  const take = (): Pending | undefined => {
    fill(1);
    return ahead.shift();
  };
  const runInline = async (): Promise<void> => {
    for (let task = take(); task; task = take()) {
      const inputs = await task.inputs;
      results[task.i] = await analyzeTask(inputs, opts.project);
      opts.onTaskDone?.(inputs.length);
    }
  };
  const started = opts.workers;
  if (opts.jobs <= 1 || count <= 1) {
    started?.close();
    await runInline();
    return results;
  }

  const depth = Math.min(opts.jobs, count);
  const entry = started?.entry ?? (await workerEntry());
  const prespawned = started ? started.live.splice(0, depth) : [];
  started?.close();
  const runOne = (pre: Live | undefined): Promise<void> =>
    new Promise((resolve) => {
      let current: { i: number; inputs: FileInput[] } | undefined;
      // the task whose files are being awaited before it is posted
      let taking: Pending | undefined;
      let restarts = 0;
      let live = pre ?? spawnLive(entry);
      attach(live);
      function attach(l: Live): void {
        l.onReady = () => void dispatch(l);
        l.onReply = (msg) => {
          if (l !== live || !current || msg.id !== current.i) return;
          results[current.i] = msg.ok ? msg.outcomes : failed(current.inputs, `analysis failed: ${msg.error}`);
          opts.onTaskDone?.(current.inputs.length);
          current = undefined;
          void dispatch(l);
        };
        l.onDead = (why) => crashed(l, why);
        if (l.dead !== undefined) crashed(l, l.dead);
        else if (l.ready) void dispatch(l);
      }
      async function dispatch(l: Live): Promise<void> {
        const task = take();
        if (!task) {
          stop(l);
          return resolve();
        }
        taking = task;
        const inputs = await task.inputs;
        // the worker died meanwhile: crashed() put the task back at the head of the line
        if (taking !== task) return;
        taking = undefined;
        if (!l.projectSent) {
          l.projectSent = true;
          if (opts.project) l.w.postMessage({ project: opts.project } satisfies ProjectMessage);
        }
        current = { i: task.i, inputs };
        l.w.postMessage({ id: task.i, inputs } satisfies TaskRequest);
        // the next files are read while the workers analyse
        fill(depth);
      }
      function crashed(l: Live, why: string): void {
        if (l !== live) return;
        if (taking) {
          ahead.unshift(taking);
          taking = undefined;
        }
        if (current) {
          results[current.i] = failed(current.inputs, why);
          opts.onTaskDone?.(current.inputs.length);
          current = undefined;
        }
        // Workers that cannot even start (restarts exhausted) leave the rest to this thread.
        if (++restarts > 3) return void runInline().then(resolve);
        if (next >= count && ahead.length === 0) return resolve();
        live = spawnLive(entry);
        attach(live);
      }
    });

  await Promise.all(Array.from({ length: depth }, (_, k) => runOne(prespawned[k])));
  return results;
}
