import { formatTable } from '../../../util/index.js';
import type { ModelTranspileReport } from './report.js';

/** The report for a person: totals, then one row per function this stage finished. */
export function modelSummaryTable(r: ModelTranspileReport): string {
  const totals = formatTable([
    ['transpile (model)', 'value'],
    ['crate', r.crate],
    ['functions converted to safe Rust', String(r.converted)],
    ['kept deterministic (budget ran out)', String(r.fallback)],
    ['skipped (replaced by a third-party crate)', String(r.skipped)],
    ['model calls', String(r.calls)],
    ['tokens (in / out)', `${r.tokens.input} / ${r.tokens.output}`],
    ['cost', `$${r.cost.toFixed(4)}`],
    ['cargo runs', String(r.cargoRuns)],
    ['crate commit', r.finalCommit.slice(0, 12)],
    ...(r.complete ? [] : [['state', 'stopped: run again to resume']]),
  ]);
  const rows = r.functions.map((f) => [
    f.c_name,
    f.status === 'converted' ? 'safe Rust' : f.status === 'fallback' ? 'deterministic kept' : 'skipped',
    String(f.repair_rounds),
    String(f.review_issues.length),
    String(f.calls ?? 0),
    String(f.tokens.total.input + f.tokens.total.output),
    (f.reason ?? f.rust_signature ?? '').slice(0, 100),
  ]);
  const out = [totals];
  if (rows.length > 0) out.push('', formatTable([['function', 'result', 'repairs', 'review issues', 'calls', 'tokens', 'signature / reason'], ...rows]));
  out.push('', `records: ${r.symbolMapPath}, ${r.progressPath}, ${r.reportPath}`);
  return out.join('\n');
}
