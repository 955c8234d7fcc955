import type { ScanResult } from '../scan.js';
import { formatJson } from './json.js';
import { formatMarkdown } from './markdown.js';
import { formatSarif } from './sarif.js';

export type ReportFormat = 'md' | 'json' | 'sarif';
export const REPORT_FORMATS: readonly ReportFormat[] = ['md', 'json', 'sarif'];

export function formatReport(r: ScanResult, format: ReportFormat): string {
  if (format === 'json') return formatJson(r);
  if (format === 'sarif') return formatSarif(r);
  return formatMarkdown(r);
}

export { formatJson, toJsonReport, findingsPerKloc } from './json.js';
export { formatMarkdown } from './markdown.js';
export { formatSarif, toSarif } from './sarif.js';
export { atLeastWarning, levelOf, orderFindings, tierCounts, tierOf, type Level, type Tier } from './tiers.js';
