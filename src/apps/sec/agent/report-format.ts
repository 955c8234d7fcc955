import { version } from '../../../util/index.js';
import { toSarif } from '../report/index.js';
import type { ScanResult } from '../scan.js';
import type { AgentReport } from './report-model.js';
import { fence, LANG_FENCE, table } from '../report/markdown-blocks.js';

/** The agent report as Markdown, JSON and SARIF. No times or run ids: a resumed run writes the same bytes. */

/** A one-line text follows its label; a longer one keeps its lines (a trigger path is often a list of steps). */
function field(label: string, text: string): string {
  if (!text.includes('\n')) return `**${label}:** ${text}\n`;
  return `**${label}:**\n\n${text.split('\n').map((l) => (l.trim() === '' ? '' : `    ${l}`)).join('\n')}\n`;
}

export function agentMarkdown(r: AgentReport): string {
  const out: string[] = [
    '# jsec agent report',
    '',
    `Analysed \`${r.root}\`: ${r.scannedFiles} files, ${r.lines} lines. ${r.candidates} candidate(s) from the scan: ` +
      `**${r.confirmed.length} confirmed**, ${r.rejected.length} rejected by the model, ${r.unverified.length} not verified.`,
    '',
  ];
  if (r.mode === 'scan-fallback') out.push(`> **Fallback to the scan's findings:** ${r.note ?? ''}`, '');
  if (r.confirmed.length > 0) {
    out.push('## Confirmed issues', '');
    r.confirmed.forEach((f, n) => {
      const cwe = f.cwe.map((c) => `CWE-${c}`).join(', ');
      const v = f.verification;
      out.push(
        `### ${n + 1}. ${f.severity.toUpperCase()} \`${f.rule}\` — ${f.file}:${f.line}`,
        '',
        `gid ${f.gid} · score ${f.score} · confidence ${f.confidence} · ${f.category}${cwe ? ` · ${cwe}` : ''} · id \`${f.id}\``,
        '',
        fence(f.evidence, LANG_FENCE[f.language] ?? ''),
        '',
        field('Verified condition', v.condition),
        field('Preconditions', v.preconditions),
        field('Trigger path', v.trigger_path),
        field('Consequences', v.consequences),
        field('Suggestions', v.suggestions),
      );
    });
  }
  if (r.unverified.length > 0) {
    out.push(
      r.mode === 'scan-fallback' ? "## Scan findings (not verified by a model)" : '## Not verified',
      '',
      table(
        ['gid', 'severity', 'location', 'rule', 'evidence', 'status'],
        r.unverified.map((u) => [String(u.gid), u.finding.severity, `${u.finding.file}:${u.finding.line}`, u.finding.rule, u.finding.evidence, u.reason]),
      ),
      '',
    );
  }
  if (r.rejected.length > 0) {
    out.push(
      '## Appendix: candidates the model rejected',
      '',
      table(['gid', 'location', 'rule', 'reason'], r.rejected.map((x) => [String(x.gid), `${x.finding.file}:${x.finding.line}`, x.finding.rule, x.reason])),
      '',
    );
  }
  return `${out.join('\n').trimEnd()}\n`;
}

export function agentJson(r: AgentReport): string {
  const bySeverity: Record<string, number> = {};
  const byCategory: Record<string, number> = {};
  for (const f of r.confirmed) {
    bySeverity[f.severity] = (bySeverity[f.severity] ?? 0) + 1;
    byCategory[f.category] = (byCategory[f.category] ?? 0) + 1;
  }
  const doc = {
    tool: { name: 'jsec', version },
    root: r.root,
    mode: r.mode,
    ...(r.note ? { note: r.note } : {}),
    summary: {
      scannedFiles: r.scannedFiles,
      lines: r.lines,
      candidates: r.candidates,
      confirmed: r.confirmed.length,
      rejected: r.rejected.length,
      unverified: r.unverified.length,
      bySeverity,
      byCategory,
    },
    issues: r.confirmed,
    unverified: r.unverified.map((u) => ({ gid: u.gid, reason: u.reason, ...u.finding })),
    rejected: r.rejected.map((x) => ({ gid: x.gid, reason: x.reason, condition: x.condition, ...x.finding })),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/**
 * SARIF from the scan's writer: confirmed issues carry the verification in their message and
 * properties, unverified findings say so, rejected ones are results with an external suppression
 * whose justification is the model's reason (code scanning services hide those by default).
 */
export function agentSarif(r: AgentReport, scan: ScanResult): string {
  const findings = [...r.confirmed, ...r.unverified.map((u) => u.finding), ...r.rejected.map((x) => x.finding)];
  const sarif = toSarif({ ...scan, findings, newIds: undefined });
  const run = (sarif.runs as Array<{ results: Array<Record<string, unknown>>; invocations?: unknown }>)[0];
  if (run) {
    run.results.forEach((res, i) => {
      const props = (res.properties ?? {}) as Record<string, unknown>;
      if (i < r.confirmed.length) {
        const f = r.confirmed[i];
        if (!f) return;
        const v = f.verification;
        res.message = { text: `${f.description} Trigger path: ${v.trigger_path} Consequences: ${v.consequences} Fix: ${v.suggestions}` };
        res.properties = { ...props, verified: true, gid: f.gid, verification: v };
      } else if (i < r.confirmed.length + r.unverified.length) {
        const u = r.unverified[i - r.confirmed.length];
        res.properties = { ...props, verified: false, gid: u?.gid, status: u?.reason };
      } else {
        const x = r.rejected[i - r.confirmed.length - r.unverified.length];
        res.suppressions = [{ kind: 'external', status: 'accepted', justification: x?.reason ?? '' }];
        res.properties = { ...props, verified: true, gid: x?.gid, rejected: true };
      }
    });
  }
  return `${JSON.stringify(sarif, null, 2)}\n`;
}
