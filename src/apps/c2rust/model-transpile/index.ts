/**
 * `jc2r transpile` with a model (docs/c2rust-model-transpile.md): per C function, callees first,
 * a plan, a safe rewrite by the code agent, cargo check/test and the differential tests, a
 * review, and a commit in the crate's own repository; a function whose budget runs out keeps
 * its deterministic translation.
 */
export { runModelTranspile } from './driver.js';
export { DEFAULT_BUDGET, type FunctionBudget, type ModelTranspileOptions, type ProgressEvent } from './options.js';
export type { ModelTranspileReport } from './report.js';
export type { FunctionOutcome } from './progress.js';
export { modelSummaryTable } from './summary.js';
