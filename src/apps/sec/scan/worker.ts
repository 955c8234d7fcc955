/**
 * Worker-thread entry: analyses groups of files sent by the pool. Each worker loads its own
 * tree-sitter runtime (wasm parsers are per thread).
 */
import { parentPort } from 'node:worker_threads';
import { describeError } from '../../../util/errors.js';
import { analyzeTask } from './analyze.js';
import type { ProjectIndex } from '../c/project.js';
import type { ProjectMessage, TaskRequest, TaskReply } from './pool.js';

const port = parentPort;
if (!port) throw new Error('scan/worker.ts must run in a worker thread');

let project: ProjectIndex | undefined;
// the pool sends the next task before this one is done: tasks run one after the other, in order
let queue: Promise<void> = Promise.resolve();

port.on('message', (msg: TaskRequest | ProjectMessage) => {
  if ('project' in msg) {
    project = msg.project;
    return;
  }
  queue = queue.then(() =>
    analyzeTask(msg.inputs, project).then(
      (outcomes) => port.postMessage({ id: msg.id, ok: true, outcomes } satisfies TaskReply),
      (e: unknown) => port.postMessage({ id: msg.id, ok: false, error: describeError(e) } satisfies TaskReply),
    ),
  );
});
// up and listening: a worker that dies before saying so started none of the tasks sent to it
port.postMessage({ ready: true });
