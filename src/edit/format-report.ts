/** Plain-text edit results, short enough for the model's next message and readable in a terminal. */
import type { DiffSpec, PatchReport, RewriteReport } from './types.js';

const SHOWN_LINES = 12;

export function formatPatchReport(report: PatchReport, diffs: DiffSpec[] = []): string {
  const total = report.diffs.length;
  if (report.error) return `❌ PATCH ${report.file}: ${report.error.message} (${report.error.code}); nothing was changed.`;
  if (report.outcome === 'applied') {
    const how = report.diffs
      .map((d) => (d.status === 'matched' ? `DIFF ${d.index + 1} ${d.how} at line ${d.line}` : ''))
      .filter(Boolean)
      .join('; ');
    const state = report.created ? 'created' : report.changed ? 'changed' : 'unchanged (REPLACE equals SEARCH)';
    return `✅ PATCH ${report.file}: ${total}/${total} DIFF${total === 1 ? '' : 's'} applied, file ${state} (${how}).`;
  }
  const failed = report.diffs.filter((d) => d.status === 'refused');
  const out = [`❌ PATCH ${report.file}: ${failed.length} of ${total} DIFF${total === 1 ? '' : 's'} failed; the file was not changed.`];
  for (const d of failed) {
    if (d.status !== 'refused') continue;
    out.push(`DIFF ${d.index + 1}: ${d.reason.message} (${d.reason.code})`);
    const spec = diffs[d.index];
    if (spec) out.push(indent(spec.kind === 'search' ? `SEARCH:\n${spec.search}` : `SEARCH_START:\n${spec.start}\nSEARCH_END:\n${spec.end}`));
  }
  const ok = report.diffs.filter((d) => d.status === 'matched').length;
  if (ok) out.push(`The other ${ok} DIFF${ok === 1 ? '' : 's'} matched but were not applied: send the whole PATCH again, corrected.`);
  return out.join('\n');
}

export function formatRewriteReport(report: RewriteReport): string {
  if (report.error) return `❌ REWRITE ${report.file}: ${report.error.message} (${report.error.code}); nothing was changed.`;
  const state = report.created ? 'created' : report.changed ? 'rewritten' : 'unchanged (same content)';
  return `✅ REWRITE ${report.file}: ${state}, ${report.bytes} bytes.`;
}

function indent(text: string): string {
  const lines = text.replace(/\n$/, '').split('\n');
  const shown = lines.slice(0, SHOWN_LINES).map((l) => `    ${l}`);
  if (lines.length > SHOWN_LINES) shown.push(`    … (${lines.length - SHOWN_LINES} more lines)`);
  return shown.join('\n');
}
