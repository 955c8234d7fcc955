import { formatTable } from '../../../util/index.js';
import type { PassName } from './pass.js';

export type PassStatus = 'applied' | 'unchanged' | 'rolled_back' | 'skipped' | 'dry_run';

export interface PassReport {
  name: PassName;
  status: PassStatus;
  cargo_runs: number;
  counts: Record<string, number>;
  error?: string;
  /** Git ref of the snapshot taken before the pass. */
  snapshot?: string;
  notes: string[];
}

/** `.jarvis/c2rust/optimize_report.json`. */
export interface OptimizeReport {
  version: 1;
  crate_dir: string;
  started_at: string;
  duration_ms: number;
  dry_run: boolean;
  files_scanned: number;
  files: string[];
  /** Files skipped because an earlier run processed them (--resume). */
  files_skipped: number;
  passes: PassReport[];
  unsafe_lines_before: number;
  unsafe_lines_after: number;
  unsafe_removed: number;
  unsafe_kept: number;
  safety_comments_added: number;
  visibility_narrowed: number;
  duplicates_tagged: number;
  /** Duplicates turned into calls to the function they repeat (only with a model). */
  duplicates_merged: number;
  docs_added: number;
  cargo_runs: number;
  errors: string[];
}

/** The table `jc2r optimize` prints at the end. */
export function summaryTable(r: OptimizeReport): string {
  const would = r.dry_run ? ' (candidates)' : '';
  const count = (name: PassName, key: string) => r.passes.find((p) => p.name === name)?.counts[key] ?? 0;
  const rows: string[][] = [
    ['metric', 'value'],
    ['files scanned', String(r.files_scanned)],
    ['files skipped (resume)', String(r.files_skipped)],
    ['unsafe lines before', String(r.unsafe_lines_before)],
    ...(r.dry_run
      ? [
          ['unsafe blocks/fns' + would, String(count('unsafe', 'unsafe_candidates'))],
          ['pub items to narrow' + would, String(count('visibility', 'visibility_candidates'))],
        ]
      : [
          ['unsafe lines after', String(r.unsafe_lines_after)],
          ['unsafe removed', String(r.unsafe_removed)],
          ['unsafe kept (with SAFETY)', String(r.unsafe_kept)],
          ['visibility narrowed', String(r.visibility_narrowed)],
        ]),
    ['duplicates tagged' + (r.dry_run ? ' (would)' : ''), String(r.duplicates_tagged)],
    ...(r.dry_run ? [] : [['duplicates merged', String(r.duplicates_merged)]]),
    ['docs added' + (r.dry_run ? ' (would)' : ''), String(r.docs_added)],
    ['cargo runs', String(r.cargo_runs)],
    ['errors', String(r.errors.length)],
  ];
  const passes = r.passes.map((p) => `${p.name}: ${p.status}${p.error ? ` (${p.error})` : ''}`).join('; ');
  return `${formatTable(rows)}\npasses: ${passes || 'none'}`;
}
