import { describe, expect, it } from 'vitest';
import type { FileInput } from '../finding.js';
import { runTasks, startWorkers } from './pool.js';

// A stand-in for scan/worker that answers without analysing, so the test sees who ran what; it
// exits on a task holding CRASH (a worker dying mid-task) and sleeps on SLOW.
const FAKE_WORKER = `
const { parentPort } = require('node:worker_threads');
parentPort.postMessage({ ready: true });
parentPort.on('message', (m) => {
  if (!m.inputs) return;
  if (m.inputs.some((i) => i.source.includes('CRASH'))) process.exit(3);
  if (m.inputs.some((i) => i.source.includes('SLOW'))) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
  if (m.inputs.some((i) => i.source.includes('LONG'))) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2000);
  parentPort.postMessage({ id: m.id, ok: true, outcomes: m.inputs.map((i) => ({ file: i.file, findings: [], parseErrors: 0, suppressed: 0, error: 'ran in the worker' })) });
});
`;

const task = (i: number, body = ''): FileInput[] => [{ file: `t${i}.c`, source: `int f${i}(void) { return ${i}; } /* ${body} */\n`, language: 'c' }];

async function run(tasks: FileInput[][], jobs: number, entry: string, order?: number[], weights?: number[]) {
  const done: number[] = [];
  const results = await runTasks(tasks.length, {
    jobs,
    load: async (i) => tasks[i] ?? [],
    onTaskDone: (n) => done.push(n),
    order,
    weights,
    workers: await startWorkers(jobs, entry),
  });
  return { results, done };
}

describe('runTasks', () => {
  it('shares the tasks between this thread and the workers, results in task order', async () => {
    const tasks = Array.from({ length: 12 }, (_, i) => task(i, i < 3 ? 'SLOW' : ''));
    const { results, done } = await run(tasks, 2, FAKE_WORKER);
    expect(results.map((r) => r[0]?.file)).toEqual(tasks.map((t) => t[0]?.file));
    expect(done).toHaveLength(12);
    // the worker took from the front (largest first), this thread from the back
    expect(results[0]?.[0]?.error).toBe('ran in the worker');
    expect(results[11]?.[0]?.error).toBeUndefined();
    expect(results.filter((r) => r[0]?.error === undefined).length).toBeGreaterThan(0);
  });

  it('never queues a big task behind another big one on a worker', async () => {
    // two directories hold most of the work: the worker runs the first, this thread takes the
    // second once it has done the small ones, instead of it waiting behind the first
    const tasks = Array.from({ length: 12 }, (_, i) => task(i, i === 0 ? 'LONG' : ''));
    const weights = tasks.map((_, i) => (i < 2 ? 100 : 1));
    const { results } = await run(tasks, 2, FAKE_WORKER, undefined, weights);
    expect(results[0]?.[0]?.error).toBe('ran in the worker');
    expect(results[1]?.[0]?.error).toBeUndefined();
    // without the weights the worker holds both from the start
    const unweighted = await run(tasks, 2, FAKE_WORKER);
    expect(unweighted.results[1]?.[0]?.error).toBe('ran in the worker');
  });

  it('fails only the task a worker died on; the task it held next is still analysed', async () => {
    const tasks = Array.from({ length: 8 }, (_, i) => task(i, i === 5 ? 'CRASH' : ''));
    // the worker gets 5 first and 6 behind it
    const { results, done } = await run(tasks, 2, FAKE_WORKER, [5, 6, 0, 1, 2, 3, 4, 7]);
    expect(results[5]?.[0]?.error).toMatch(/worker exited with code 3/);
    for (const i of [0, 1, 2, 3, 4, 6, 7]) expect(results[i]?.[0]?.error ?? 'analysed here').not.toMatch(/exited/);
    expect(results.every((r) => r.length === 1)).toBe(true);
    expect(done).toHaveLength(8);
  });

  it('finishes in this thread when workers cannot start, losing no task', async () => {
    const tasks = Array.from({ length: 10 }, (_, i) => task(i));
    const { results, done } = await run(tasks, 3, 'process.exit(5)');
    expect(results.map((r) => r[0]?.file)).toEqual(tasks.map((t) => t[0]?.file));
    expect(results.every((r) => r[0]?.error === undefined)).toBe(true);
    expect(done).toHaveLength(10);
  });
});
