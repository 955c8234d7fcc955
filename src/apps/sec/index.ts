/**
 * jsec, the security analyser (docs/jsec.md): the offline scan and its reports, the agent
 * stages that cluster and verify candidates with a model (docs/jsec-agent.md), and the
 * benchmark scorers. What src/cli may use; the rest of src/apps/sec is the app's own.
 */
import type * as AgentPipeline from './agent/pipeline.js';

export { scanPath, type ScanOptions, type ScanResult } from './scan.js';
export { baselineOf, readBaseline, type BaselineFile } from './scan/baseline.js';
export type { FileInput, Finding, FlowStep, RawFinding, Severity } from './finding.js';
export { ALL_RULES, ruleFor } from './rule-catalog.js';
export { findingsPerKloc, formatJson, formatMarkdown, formatReport, formatSarif, REPORT_FORMATS, toJsonReport, toSarif, type ReportFormat } from './report/index.js';
export { DEFAULT_TABLE_ROWS, findingsTable, omittedNote, type FindingsTable } from './report/table.js';
export { tierCounts, type Tier } from './report/tiers.js';
// The agent's model and tool modules take longer to load than a scan of a small tree takes to run
// (`jsec scan` runs in pre-commit hooks): this file loads only its light parts, and the pipeline
// when it is called. Not its answer parsers either: they need yaml (~70 modules);
// test/jsec-scan-startup.test.ts fails if a scan loads it again.
export type { AgentIssue, AgentReport, Batch, Candidate, Cluster, ClusterLine, RestoreRecord, SecAgentOptions, SecAgentResult, Verdict, WorkspaceGuard } from './agent/index.js';
export { candidateSignature, DEFAULT_CLUSTER_LIMIT, toBatches, toCandidates } from './agent/candidates.js';
export { secPaths } from './agent/artifacts.js';
export { guardWorkspace } from './agent/workspace.js';

/** `jsec agent`'s pipeline (agent/pipeline.ts), loaded on first use. */
export async function runSecAgent(...args: Parameters<typeof AgentPipeline.runSecAgent>): ReturnType<typeof AgentPipeline.runSecAgent> {
  return (await import('./agent/pipeline.js')).runSecAgent(...args);
}
export { scoreRows, scoreJuliet, type JulietScore } from './bench/juliet.js';
export { runJuliet, type JulietRun, type JulietRunOptions } from './bench/juliet-run.js';
