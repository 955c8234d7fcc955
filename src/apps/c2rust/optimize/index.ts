export { optimizeCrate, type OptimizeOptions } from './optimizer.js';
export { summaryTable, type OptimizeReport, type PassReport, type PassStatus } from './report.js';
export type { PassName } from './pass.js';
export type { Exec } from './cargo.js';
export { ModelBudgetSpent } from './model-agent.js';
