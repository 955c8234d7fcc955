import { join } from 'node:path';
import { appendJsonl, readJsonl } from '../../util/index.js';

/**
 * Per-repository record of what jca changed: one JSONL line per change offered, under
 * `.jarvis/code/` (ignored by git), so `jca stats` survives crashes and concurrent readers.
 */

export interface ChangeRecord {
  time: string;
  runId: string;
  accepted: boolean;
  /** absent when rejected or when the commit failed */
  commit?: string;
  /** why git refused the commit of an accepted change; the change stayed uncommitted */
  commitError?: string;
  files: string[];
  insertions: number;
  deletions: number;
}

export interface StatsSummary {
  changes: number;
  accepted: number;
  rejected: number;
  /** accepted changes git refused to commit (left uncommitted in the work tree) */
  commitFailed: number;
  commits: number;
  insertions: number;
  deletions: number;
  files: number;
  runs: number;
  first?: string;
  last?: string;
}

export function statsFile(root: string): string {
  return join(root, '.jarvis', 'code', 'stats.jsonl');
}

export function recordChange(root: string, rec: ChangeRecord): void {
  appendJsonl(statsFile(root), rec);
}

export function readChanges(root: string): ChangeRecord[] {
  return readJsonl<ChangeRecord>(statsFile(root)).filter((r) => r && typeof r === 'object' && typeof r.accepted === 'boolean');
}

export function summarize(records: readonly ChangeRecord[]): StatsSummary {
  const files = new Set<string>();
  const runs = new Set<string>();
  const s: StatsSummary = { changes: 0, accepted: 0, rejected: 0, commitFailed: 0, commits: 0, insertions: 0, deletions: 0, files: 0, runs: 0 };
  for (const r of records) {
    s.changes++;
    runs.add(r.runId);
    if (!r.accepted) {
      s.rejected++;
      continue;
    }
    if (r.commitError !== undefined) {
      // not jca's work in the history: the person still has to commit or drop it
      s.commitFailed++;
      continue;
    }
    s.accepted++;
    if (r.commit) s.commits++;
    s.insertions += r.insertions;
    s.deletions += r.deletions;
    for (const f of r.files) files.add(f);
    s.first ??= r.time;
    s.last = r.time;
  }
  s.files = files.size;
  s.runs = runs.size;
  return s;
}
