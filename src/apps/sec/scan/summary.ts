import type { Finding } from '../finding.js';

export interface ScanSummary {
  total: number;
  byLanguage: Record<string, number>;
  byCategory: Record<string, number>;
  bySeverity: Record<string, number>;
  /** the 10 files with the highest summed score */
  topRiskFiles: Array<{ file: string; score: number; count: number }>;
}

function countBy(findings: readonly Finding[], key: (f: Finding) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of findings) out[key(f)] = (out[key(f)] ?? 0) + 1;
  // Largest first, ties by name, so reports are stable.
  return Object.fromEntries(Object.entries(out).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)));
}

export function summarize(findings: readonly Finding[]): ScanSummary {
  const files = new Map<string, { score: number; count: number }>();
  for (const f of findings) {
    const e = files.get(f.file) ?? { score: 0, count: 0 };
    e.score += f.score;
    e.count++;
    files.set(f.file, e);
  }
  return {
    total: findings.length,
    byLanguage: countBy(findings, (f) => f.language),
    byCategory: countBy(findings, (f) => f.category),
    bySeverity: countBy(findings, (f) => f.severity),
    topRiskFiles: [...files.entries()]
      .map(([file, e]) => ({ file, score: Math.round(e.score * 100) / 100, count: e.count }))
      .sort((a, b) => b.score - a.score || (a.file < b.file ? -1 : 1))
      .slice(0, 10),
  };
}
