/**
 * The findings table `jsec scan` prints: the rows a person reads first, in report order (new
 * findings first with a baseline, then severity, then score), and what was left out.
 */
import type { ScanResult } from '../scan.js';
import { orderFindings, tierOf } from './tiers.js';

/** Rows shown when no `--limit` is given. */
export const DEFAULT_TABLE_ROWS = 10;

export interface FindingsTable {
  header: string[];
  rows: string[][];
  /** findings not shown */
  omitted: number;
  /** new findings not shown (only with a baseline) */
  omittedNew: number;
}

/** `limit` 0 or undefined-with-`all` means every finding. */
export function findingsTable(r: ScanResult, limit: number = DEFAULT_TABLE_ROWS): FindingsTable {
  const ordered = orderFindings(r.findings, r.newIds);
  const shown = limit > 0 ? ordered.slice(0, limit) : ordered;
  const header = [...(r.newIds ? ['new'] : []), 'severity', 'tier', 'location', 'rule', 'evidence'];
  const rows = shown.map((f) => [
    ...(r.newIds ? [r.newIds.has(f.id) ? 'NEW' : ''] : []),
    f.severity,
    tierOf(f),
    `${f.file}:${f.line}`,
    f.rule,
    f.evidence.slice(0, 60),
  ]);
  const rest = ordered.slice(shown.length);
  return { header, rows, omitted: rest.length, omittedNew: r.newIds ? rest.filter((f) => r.newIds?.has(f.id)).length : 0 };
}

/** The line under a cut table: how many rows are missing and how to see them. */
export function omittedNote(t: Pick<FindingsTable, 'omitted' | 'omittedNew'>): string | undefined {
  if (t.omitted === 0) return undefined;
  const newPart = t.omittedNew > 0 ? ` (${t.omittedNew} of them new)` : '';
  return `… ${t.omitted} more finding(s) not shown${newPart}: --all (or --limit N) lists them here, --format md -o report.md or --format json writes every one`;
}
