/**
 * The two tiers of a finding and the level reports give it. *proven*: the analysis shows the flaw
 * on a path (a bound, a freed block, a NULL). *suspect*: a dangerous sink whose bound or source is
 * unknown; reported so that a reviewer or `jsec agent` decides. A checker that sets no tier
 * reports proven findings (the syntactic rules report what the code plainly does).
 */
import { WARNING_CONFIDENCE, type Finding, type Severity, type Tier } from '../finding.js';

export type { Tier };
/** SARIF result levels, which code-scanning services show as error / warning / note. */
export type Level = 'error' | 'warning' | 'note';

/** A finding as reports read it (the scan sets every finding's tier). */
export type ReportedFinding = Finding;

export function tierOf(f: { confidence: number; tier?: Tier }): Tier {
  return f.tier === 'suspect' ? 'suspect' : 'proven';
}

/**
 * - `note`: severity low, or confidence below 0.5, or a suspect below 0.6;
 * - `error`: a proven, high-severity finding with confidence at least 0.7;
 * - `warning`: everything else (a suspect is never an error).
 */
export function levelOf(f: { severity: Severity; confidence: number; tier?: Tier }): Level {
  const tier = tierOf(f);
  if (f.severity === 'low' || f.confidence < 0.5 || (tier === 'suspect' && f.confidence < WARNING_CONFIDENCE)) return 'note';
  if (tier === 'proven' && f.severity === 'high' && f.confidence >= 0.7) return 'error';
  return 'warning';
}

/** Warning or error: what CI gates and the benchmarks count as "reported". */
export function atLeastWarning(f: { severity: Severity; confidence: number; tier?: Tier }): boolean {
  return levelOf(f) !== 'note';
}

const SEVERITY_RANK: Record<Severity, number> = { high: 3, medium: 2, low: 1 };

/**
 * Report order: new findings first (with a baseline), then severity, then score, then place.
 * Used by every table and list a person reads, so the finding that matters is never cut off.
 */
export function orderFindings<T extends Finding>(findings: readonly T[], newIds?: ReadonlySet<string>): T[] {
  const isNew = (f: T) => (newIds?.has(f.id) ? 1 : 0);
  return [...findings].sort(
    (a, b) =>
      isNew(b) - isNew(a) ||
      SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] ||
      b.score - a.score ||
      (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line),
  );
}

/** Counts per tier and level, for summaries. */
export function tierCounts(findings: readonly ReportedFinding[]): { byTier: Record<Tier, number>; byLevel: Record<Level, number> } {
  const byTier: Record<Tier, number> = { proven: 0, suspect: 0 };
  const byLevel: Record<Level, number> = { error: 0, warning: 0, note: 0 };
  for (const f of findings) {
    byTier[tierOf(f)]++;
    byLevel[levelOf(f)]++;
  }
  return { byTier, byLevel };
}
