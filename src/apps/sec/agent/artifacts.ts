import { appendFileSync, closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, rmSync, truncateSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { appendJsonl, readJsonl, writeFileAtomicSync, JarvisError } from '../../../util/index.js';
import type { Verdict } from './answers.js';
import type { Finding } from '../finding.js';

/**
 * The files `jsec agent` keeps in `<root>/.jarvis/sec/` and how a resumed run reads them.
 * Commit points are single appended lines: a batch's clusters are one write, a task's verdicts
 * are one `task_status` line in progress.jsonl, and agent_issues.jsonl is completed from those
 * lines on resume, so a kill at any moment leaves nothing half-done that counts as done.
 */

export interface SecPaths {
  dir: string;
  heuristic: string;
  clusters: string;
  issues: string;
  progress: string;
  backup: string;
  report: (ext: 'md' | 'json' | 'sarif') => string;
}

export function secPaths(root: string): SecPaths {
  const dir = join(root, '.jarvis', 'sec');
  return {
    dir,
    heuristic: join(dir, 'heuristic_issues.jsonl'),
    clusters: join(dir, 'cluster_report.jsonl'),
    issues: join(dir, 'agent_issues.jsonl'),
    progress: join(dir, 'progress.jsonl'),
    backup: join(dir, 'backup'),
    report: (ext) => join(dir, `report.${ext}`),
  };
}

/** One line of cluster_report.jsonl. */
export interface ClusterLine {
  batch: string;
  batch_index: number;
  file: string;
  cluster_index: number;
  clusters_in_batch: number;
  verification: string;
  gids: number[];
  signatures: string[];
  count: number;
  /** `model`, `completed` (missing gids added), `fallback` (one per candidate after invalid answers) */
  source: 'model' | 'completed' | 'fallback';
}

/** A verdict as committed: the gid of that run plus the signature that survives into the next. */
export interface StoredVerdict extends Verdict {
  signature: string;
  /** the cluster's verification condition */
  verification: string;
}

/** `task_status` done/unverified lines: the commit point of a verification task. */
export interface TaskCommit {
  event: 'task_status';
  task: string;
  status: 'done' | 'unverified';
  verdicts?: StoredVerdict[];
  signatures: string[];
  reason?: string;
}

/** A confirmed issue: the scan's finding with the model's verification merged in. */
export interface AgentIssue extends Finding {
  gid: number;
  signature: string;
  verification: { condition: string; preconditions: string; trigger_path: string; consequences: string; suggestions: string };
}

/** The issue a confirming verdict makes of its finding: the fields the model left out are empty. */
export function agentIssue(finding: Finding, gid: number, v: StoredVerdict): AgentIssue {
  return {
    ...finding,
    gid,
    signature: v.signature,
    verification: {
      condition: v.verification,
      preconditions: v.preconditions ?? '',
      trigger_path: v.trigger_path ?? '',
      consequences: v.consequences ?? '',
      suggestions: v.suggestions ?? '',
    },
  };
}

/** Cuts a torn last line (a kill during a write) so the next append starts on a fresh line. */
export function dropTornTail(path: string): void {
  if (!existsSync(path)) return;
  const data = readFileSync(path);
  if (data.length === 0 || data[data.length - 1] === 0x0a) return;
  truncateSync(path, data.lastIndexOf(0x0a) + 1);
}

export interface ProgressEvent {
  event: string;
  [key: string]: unknown;
}

export class Progress {
  constructor(private readonly path: string) {}

  log(event: ProgressEvent): void {
    appendJsonl(this.path, { ts: new Date().toISOString(), ...event });
  }

  read(): ProgressEvent[] {
    return readJsonl<ProgressEvent>(this.path);
  }
}

/** What a resumed run finds already done. */
export interface ResumeState {
  /** complete batches only, by batch key */
  clusters: Map<string, ClusterLine[]>;
  /** by candidate signature */
  verdicts: Map<string, StoredVerdict>;
  /** signatures of candidates whose verification gave no usable answer */
  unverified: Map<string, string>;
  /** signatures already in agent_issues.jsonl */
  issued: Set<string>;
}

/** A fresh run: the previous run's agent artifacts go (the scan rewrites its own file). */
export function resetArtifacts(p: SecPaths): void {
  for (const f of [p.clusters, p.issues, p.progress]) rmSync(f, { force: true });
}

/**
 * Repairs and reads the artifacts for `--resume`: torn tails cut, batches whose cluster lines
 * are incomplete dropped (the file is rewritten without them, atomically).
 */
export function loadResumeState(p: SecPaths): ResumeState {
  try {
    return readResumeState(p);
  } catch (e) {
    throw new JarvisError('io', `cannot resume: ${(e as Error).message}`, { hint: 'run without --resume to start over', cause: e });
  }
}

function readResumeState(p: SecPaths): ResumeState {
  for (const f of [p.clusters, p.issues, p.progress]) dropTornTail(f);
  const lines = readJsonl<ClusterLine>(p.clusters);
  const byBatch = new Map<string, ClusterLine[]>();
  for (const l of lines) byBatch.set(l.batch, [...(byBatch.get(l.batch) ?? []), l]);
  const clusters = new Map<string, ClusterLine[]>();
  for (const [key, list] of byBatch) {
    const n = list[0]?.clusters_in_batch ?? 0;
    const indices = new Set(list.map((l) => l.cluster_index));
    if (list.length === n && indices.size === n) clusters.set(key, [...list].sort((a, b) => a.cluster_index - b.cluster_index));
  }
  if (clusters.size !== byBatch.size) {
    writeFileAtomicSync(p.clusters, lines.filter((l) => clusters.has(l.batch)).map((l) => `${JSON.stringify(l)}\n`).join(''));
  }
  const verdicts = new Map<string, StoredVerdict>();
  const unverified = new Map<string, string>();
  for (const e of readJsonl<ProgressEvent>(p.progress)) {
    if (e.event !== 'task_status') continue;
    const t = e as unknown as TaskCommit;
    if (t.status === 'done') for (const v of t.verdicts ?? []) verdicts.set(v.signature, v);
    else if (t.status === 'unverified') for (const s of t.signatures) unverified.set(s, t.reason ?? 'no usable answer');
  }
  const issued = new Set(readJsonl<AgentIssue>(p.issues).map((i) => i.signature));
  return { clusters, verdicts, unverified, issued };
}

export function emptyState(): ResumeState {
  return { clusters: new Map(), verdicts: new Map(), unverified: new Map(), issued: new Set() };
}

/** Appends records in one flushed write, so a group of lines lands whole or (torn) is dropped on resume. */
export function appendLines(path: string, records: readonly unknown[]): void {
  if (records.length === 0) return;
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, 'a');
  try {
    appendFileSync(fd, records.map((r) => `${JSON.stringify(r)}\n`).join(''));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
