import type { Finding } from '../finding.js';
import type { ScanResult } from '../scan.js';
import { version } from '../../../util/index.js';
import { levelOf, tierCounts, tierOf, type Level, type ReportedFinding, type Tier } from './tiers.js';

export type BaselineState = 'new' | 'existing';

export interface JsonReport {
  tool: { name: 'jsec'; version: string };
  root: string;
  summary: ScanResult['summary'] & {
    scannedFiles: number;
    lines: number;
    findingsPerKloc: number;
    skippedFiles: number;
    suppressed: number;
    belowConfidence: number;
    parseErrors: number;
    durationMs: number;
    newFindings?: number;
    byTier: Record<Tier, number>;
    byLevel: Record<Level, number>;
  };
  skipped: ScanResult['skipped'];
  invalidUtf8: string[];
  findings: Array<Finding & { tier: Tier; level: Level; baseline?: BaselineState }>;
}

export function findingsPerKloc(r: Pick<ScanResult, 'findings' | 'lines'>): number {
  return r.lines === 0 ? 0 : Math.round((r.findings.length / (r.lines / 1000)) * 100) / 100;
}

export function toJsonReport(r: ScanResult): JsonReport {
  return {
    tool: { name: 'jsec', version },
    root: r.root,
    summary: {
      ...r.summary,
      scannedFiles: r.scannedFiles,
      lines: r.lines,
      findingsPerKloc: findingsPerKloc(r),
      skippedFiles: r.skipped.length,
      suppressed: r.suppressed,
      belowConfidence: r.belowConfidence,
      parseErrors: r.parseErrors,
      durationMs: r.durationMs,
      ...(r.newIds ? { newFindings: r.newIds.size } : {}),
      ...tierCounts(r.findings),
    },
    skipped: r.skipped,
    invalidUtf8: r.invalidUtf8,
    findings: r.findings.map((f: ReportedFinding) => ({
      ...f,
      tier: tierOf(f),
      level: levelOf(f),
      ...(r.newIds ? { baseline: r.newIds.has(f.id) ? ('new' as const) : ('existing' as const) } : {}),
    })),
  };
}

export function formatJson(r: ScanResult): string {
  return `${JSON.stringify(toJsonReport(r), null, 2)}\n`;
}
