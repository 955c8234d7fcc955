import type { LanguageId } from '../../lang/index.js';

/** How bad a flaw is when real; `score = confidence × SEVERITY_WEIGHT[severity]`. */
export type Severity = 'high' | 'medium' | 'low';
export const SEVERITY_WEIGHT: Record<Severity, number> = { high: 3, medium: 2, low: 1 };

/** One step of the path that makes a finding: where a value came from, where it was checked, where it hurts. */
export interface FlowStep {
  line: number;
  note: string;
}

/** What a checker reports before the scan fills in ids and scores. */
export interface RawFinding {
  /** stable rule id, e.g. `c.buffer.strcpy-overflow` */
  rule: string;
  /** rule family shown to users, e.g. `buffer_overflow`, `use_after_free` */
  category: string;
  /** the API or construct matched, e.g. `strcpy` */
  pattern: string;
  cwe: number[];
  line: number;
  column?: number;
  /** source text of the offending statement (trimmed, one line) */
  evidence: string;
  description: string;
  suggestion: string;
  /** 0..1 */
  confidence: number;
  severity: Severity;
  /** source → sink; empty when the flaw is local to one line */
  trace: FlowStep[];
}

/** A finding as stored in heuristic_issues.jsonl and written to reports. */
export interface Finding extends RawFinding {
  /** hash of file, rule and normalised evidence: survives line shifts */
  id: string;
  language: LanguageId;
  /** path relative to the scanned root, forward slashes */
  file: string;
  score: number;
}

/** What one file's analysis needs; the checker never reads the disk itself. */
export interface FileInput {
  /** path relative to the scanned root */
  file: string;
  source: string;
  language: LanguageId;
}
