import type { LanguageId } from '../../lang/index.js';

/** How bad a flaw is when real; `score = confidence × SEVERITY_WEIGHT[severity]`. */
export type Severity = 'high' | 'medium' | 'low';
export const SEVERITY_WEIGHT: Record<Severity, number> = { high: 3, medium: 2, low: 1 };

/** One step of the path that makes a finding: where a value came from, where it was checked, where it hurts. */
export interface FlowStep {
  line: number;
  note: string;
}

/**
 * How a finding was reached. `proven`: the analysis state shows the flaw on a feasible path with
 * finite values (a constant, a loop range, an input's type range, a block freed on that path).
 * `suspect`: a dangerous sink whose bound or source is unbounded or unknown (a string of any
 * length from input copied into a fixed buffer, a non-literal format, a command built at run
 * time, a parameter of an exported function). Suspects carry lower confidence and are always
 * handed to `jsec agent`, whose model verification decides them.
 */
export type Tier = 'proven' | 'suspect';

/**
 * Confidence from which a finding is a SARIF `warning` (and counts in "findings per kLOC at
 * warning and above"); below it a finding is a `note`. Suspects from program inputs sit above
 * it, suspects from unknown values or library callers below.
 */
export const WARNING_CONFIDENCE = 0.6;

/**
 * What `jsec scan` shows by default: findings below this confidence (justified unsafe Rust,
 * values nothing is known about, constructs that are usually fine) are informational. They are
 * counted in the summary, shown with `--min-confidence 0`, and always handed to `jsec agent`.
 */
export const DEFAULT_MIN_CONFIDENCE = 0.4;

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
  /** absent means `proven` (checkers that match constructs rather than values) */
  tier?: Tier;
}

/** A finding as stored in heuristic_issues.jsonl and written to reports. */
export interface Finding extends RawFinding {
  /** hash of file, rule and normalised evidence: survives line shifts */
  id: string;
  language: LanguageId;
  /** path relative to the scanned root, forward slashes */
  file: string;
  score: number;
  tier: Tier;
}

/** What one file's analysis needs; the checker never reads the disk itself. */
export interface FileInput {
  /** path relative to the scanned root */
  file: string;
  source: string;
  language: LanguageId;
}
