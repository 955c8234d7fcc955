/**
 * jsec, the security analyser (docs/jsec.md): the offline scan and its reports, the agent
 * stages that cluster and verify candidates with a model (docs/jsec-agent.md), and the
 * benchmark scorers. What src/cli may use; the rest of src/apps/sec is the app's own.
 */
export { scanPath, type ScanOptions, type ScanResult } from './scan.js';
export { baselineOf, readBaseline, type BaselineFile } from './scan/baseline.js';
export type { FileInput, Finding, FlowStep, RawFinding, Severity } from './finding.js';
export { ALL_RULES, ruleFor } from './rule-catalog.js';
export { findingsPerKloc, formatJson, formatMarkdown, formatReport, formatSarif, REPORT_FORMATS, toJsonReport, toSarif, type ReportFormat } from './report/index.js';
export { DEFAULT_TABLE_ROWS, findingsTable, omittedNote, type FindingsTable } from './report/table.js';
export { tierCounts, type Tier } from './report/tiers.js';
export {
  candidateSignature,
  checkReadOnly,
  DEFAULT_CLUSTER_LIMIT,
  guardWorkspace,
  parseClusters,
  parseReport,
  READ_ONLY_NOTE,
  readOnlyTools,
  runSecAgent,
  secPaths,
  toBatches,
  toCandidates,
  type AgentIssue,
  type AgentReport,
  type Batch,
  type Candidate,
  type Cluster,
  type ClusterLine,
  type RestoreRecord,
  type SecAgentOptions,
  type SecAgentResult,
  type Verdict,
  type WorkspaceGuard,
} from './agent/index.js';
export { scoreRows, scoreJuliet, type JulietScore } from './bench/juliet.js';
export { runJuliet, type JulietRun, type JulietRunOptions } from './bench/juliet-run.js';
