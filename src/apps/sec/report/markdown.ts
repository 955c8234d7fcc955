import type { ScanResult } from '../scan.js';
import { findingsPerKloc } from './json.js';
import { fence, LANG_FENCE, table } from './markdown-blocks.js';
import { levelOf, orderFindings, tierCounts, tierOf, type ReportedFinding } from './tiers.js';

function findingSection(f: ReportedFinding, n: number, isNew: boolean | undefined): string {
  const cwe = f.cwe.map((c) => `CWE-${c}`).join(', ');
  const lines = [
    `### ${n}. ${f.severity.toUpperCase()} ${tierOf(f)} \`${f.rule}\` — ${f.file}:${f.line}${isNew ? ' (new)' : ''}`,
    '',
    `${levelOf(f)} · score ${f.score} · confidence ${f.confidence} · ${f.category}${cwe ? ` · ${cwe}` : ''} · id \`${f.id}\``,
    '',
    fence(f.evidence, LANG_FENCE[f.language] ?? ''),
    '',
    f.description,
    '',
    `**Fix:** ${f.suggestion}`,
  ];
  if (f.trace.length > 0) {
    lines.push('', '**Trace:**', '', ...f.trace.map((s, i) => `${i + 1}. line ${s.line}: ${s.note}`));
  }
  return lines.join('\n');
}

/**
 * The human report: summary tables first, then every finding (new ones first with a baseline,
 * then by severity and score) with its trace.
 */
export function formatMarkdown(r: ScanResult): string {
  const s = r.summary;
  const sev = ['high', 'medium', 'low'].map((k) => `${s.bySeverity[k] ?? 0} ${k}`).join(', ');
  const { byTier, byLevel } = tierCounts(r.findings);
  const out: string[] = [
    '# jsec scan report',
    '',
    `Scanned ${r.scannedFiles} files (${r.lines} lines) under \`${r.root}\` in ${(r.durationMs / 1000).toFixed(1)} s.`,
    '',
    `**${s.total} findings** (${sev}; ${byTier.proven} proven, ${byTier.suspect} suspect; ${findingsPerKloc(r)} per 1000 lines)` +
      (r.newIds ? `, ${r.newIds.size} new since the baseline` : '') +
      (r.suppressed ? `; ${r.suppressed} suppressed inline` : '') +
      (r.belowConfidence ? `; ${r.belowConfidence} below --min-confidence` : '') +
      '.',
    '',
  ];
  if (s.total > 0) {
    out.push('## Summary', '', '### By language', '', table(['language', 'findings'], Object.entries(s.byLanguage).map(([k, v]) => [k, String(v)])), '');
    out.push('### By category', '', table(['category', 'findings'], Object.entries(s.byCategory).map(([k, v]) => [k, String(v)])), '');
    const cell = (tier: string, level: string) => String(r.findings.filter((f) => tierOf(f) === tier && levelOf(f) === level).length);
    out.push('### By tier and level', '', table(['tier', 'error', 'warning', 'note', 'all'], [
      ...(['proven', 'suspect'] as const).map((t) => [t, cell(t, 'error'), cell(t, 'warning'), cell(t, 'note'), String(byTier[t])]),
      ['all', String(byLevel.error), String(byLevel.warning), String(byLevel.note), String(s.total)],
    ]), '');
    const files = new Set(r.findings.map((f) => f.file)).size;
    out.push(`### Top risk files${files > s.topRiskFiles.length ? ` (${s.topRiskFiles.length} of ${files})` : ''}`, '', table(['file', 'score', 'findings'], s.topRiskFiles.map((t) => [t.file, String(t.score), String(t.count)])), '');
    const ordered = orderFindings(r.findings, r.newIds);
    out.push('## Findings', '', ...ordered.map((f, i) => `${findingSection(f, i + 1, r.newIds?.has(f.id))}\n`));
  }
  if (r.skipped.length > 0) {
    out.push('## Files not analysed', '', table(['file', 'reason', 'detail'], r.skipped.map((k) => [k.file, k.reason, k.detail])), '');
  }
  if (r.invalidUtf8.length > 0) {
    out.push(`Decoded with replacement characters (invalid UTF-8): ${r.invalidUtf8.join(', ')}`, '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}
