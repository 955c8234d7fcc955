import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomicSync } from '../../../util/index.js';
import { c2rustDir } from '../artifacts.js';

/**
 * `.jarvis/c2rust/run_state.json`: which pipeline stages finished, on which inputs, with what
 * result. `jc2r run` skips a stage whose recorded inputs hash equals the current one; a stage
 * that did not finish (killed, failed) has no record and runs again.
 */

export const RUN_STATE_FILE = 'run_state.json';

/** Model use of a stage: from the agents' results, summed over its calls. */
export interface StageUsage {
  calls: number;
  input_tokens: number;
  output_tokens: number;
  cost: number;
}

export interface StageRecord {
  /** `done`, or `skipped` when it could not run (no model) and said why */
  status: 'done' | 'skipped';
  /** hash of everything the stage read */
  inputs: string;
  /** hash of what it produced, which the next stage's inputs include */
  outputs: string;
  finished_at: string;
  seconds: number;
  usage: StageUsage;
  /** one line for the summary table */
  summary: string;
  /** `skipped`: why */
  reason?: string;
}

export interface RunState {
  version: 1;
  stages: Record<string, StageRecord>;
}

export const emptyUsage = (): StageUsage => ({ calls: 0, input_tokens: 0, output_tokens: 0, cost: 0 });

export function addUsage(a: StageUsage, b: Partial<StageUsage>): StageUsage {
  return {
    calls: a.calls + (b.calls ?? 0),
    input_tokens: a.input_tokens + (b.input_tokens ?? 0),
    output_tokens: a.output_tokens + (b.output_tokens ?? 0),
    cost: a.cost + (b.cost ?? 0),
  };
}

export function runStatePath(root: string): string {
  return join(c2rustDir(root), RUN_STATE_FILE);
}

/** The recorded state; a missing or unreadable file is an empty one (every stage runs). */
export function loadRunState(root: string): RunState {
  const path = runStatePath(root);
  if (!existsSync(path)) return { version: 1, stages: {} };
  try {
    const raw = JSON.parse(readFileSync(path, 'utf8')) as Partial<RunState>;
    if (raw.version === 1 && raw.stages && typeof raw.stages === 'object') return { version: 1, stages: raw.stages };
  } catch {
    // written atomically, so only a hand edit breaks it: start over rather than stop
  }
  return { version: 1, stages: {} };
}

export function saveRunState(root: string, state: RunState): void {
  writeFileAtomicSync(runStatePath(root), `${JSON.stringify(state, null, 2)}\n`);
}

/** Records a finished stage and drops the records of the stages after it (their inputs changed). */
export function recordStage(root: string, stage: string, rec: StageRecord, later: readonly string[]): RunState {
  const state = loadRunState(root);
  state.stages[stage] = rec;
  for (const s of later) delete state.stages[s];
  saveRunState(root, state);
  return state;
}

/** Forgets a stage (and the ones after it) before it runs again, so a kill mid-stage never looks finished. */
export function forgetStages(root: string, stages: readonly string[]): void {
  const state = loadRunState(root);
  let changed = false;
  for (const s of stages) {
    if (state.stages[s]) {
      delete state.stages[s];
      changed = true;
    }
  }
  if (changed) saveRunState(root, state);
}

/** A stable hash of JSON-able parts (object keys sorted), for stage inputs and outputs. */
export function hashOf(...parts: unknown[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(stableJson(p)).update('\0');
  return h.digest('hex').slice(0, 32);
}

function stableJson(v: unknown): string {
  if (Buffer.isBuffer(v)) return `b:${createHash('sha256').update(v).digest('hex')}`;
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'undefined';
}

/** Hash of a file's bytes, `absent` when there is none. */
export function fileHash(path: string): string {
  if (!existsSync(path)) return 'absent';
  return createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 32);
}
