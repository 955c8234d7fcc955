export { transpileProject, type TranspileOptions, type TranspileOutcome } from './transpile.js';
export { summaryTable, type TranspileReport } from './report.js';
