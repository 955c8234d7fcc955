/**
 * Worker-thread entry: analyses groups of files sent by the pool. Each worker loads its own
 * tree-sitter runtime (wasm parsers are per thread).
 */
import { parentPort } from 'node:worker_threads';
import { describeError } from '../../../util/errors.js';
import { analyzeTask } from './analyze.js';
import type { TaskRequest, TaskReply } from './pool.js';

const port = parentPort;
if (!port) throw new Error('scan/worker.ts must run in a worker thread');

port.on('message', (msg: TaskRequest) => {
  analyzeTask(msg.inputs).then(
    (outcomes) => port.postMessage({ id: msg.id, ok: true, outcomes } satisfies TaskReply),
    (e: unknown) => port.postMessage({ id: msg.id, ok: false, error: describeError(e) } satisfies TaskReply),
  );
});
port.postMessage({ ready: true });
