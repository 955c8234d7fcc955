import type { FunctionOutcome, Tokens } from './progress.js';

/** What `runModelTranspile` did, also written to `.jarvis/c2rust/model_transpile_report.json`. */
export interface ModelTranspileReport {
  root: string;
  crate: string;
  /** the deterministic translation's commit in the crate's repository */
  baseCommit: string;
  /** HEAD when the run ended: the last converted function's commit */
  finalCommit: string;
  /** every function of the order this run or an earlier one finished, in order */
  functions: FunctionOutcome[];
  converted: number;
  /** functions that kept their deterministic translation because the budget ran out */
  fallback: number;
  skipped: number;
  tokens: Tokens;
  /** model calls over every function */
  calls: number;
  cost: number;
  cargoRuns: number;
  /**
   * the crate is clean at a verified commit: the base (checked to build before the first
   * function) or a converted function's (checked, tested, differential-tested); false means
   * something changed it outside the stage
   */
  builds: boolean;
  /** false: stopped by the signal before every function was done (rerun to resume) */
  complete: boolean;
  reportPath: string;
  progressPath: string;
  symbolMapPath: string;
  notices: string[];
}
