/** `jsec agent`: cluster, verify and report with a model (docs/jsec-agent.md). */
export { runSecAgent, type SecAgentOptions, type SecAgentResult } from './pipeline.js';
export { DEFAULT_CLUSTER_LIMIT, toBatches, toCandidates, candidateSignature, type Batch, type Candidate } from './candidates.js';
export { parseClusters, parseReport, type Cluster, type Verdict } from './answers.js';
export { checkReadOnly, readOnlyTools, READ_ONLY_NOTE } from './read-only.js';
export { guardWorkspace, type RestoreRecord, type WorkspaceGuard } from './workspace.js';
export { secPaths, type AgentIssue, type ClusterLine } from './artifacts.js';
export type { AgentReport } from './report-model.js';
