import type { AgentFactory } from '../../../agent/index.js';
import { describeError, writeFileAtomicSync } from '../../../util/index.js';
import type { Finding } from '../finding.js';
import { scanPath, type ScanOptions, type ScanResult } from '../scan.js';
import { emptyState, loadResumeState, Progress, resetArtifacts, secPaths, type SecPaths } from './artifacts.js';
import { DEFAULT_CLUSTER_LIMIT, toBatches, toCandidates, type Candidate } from './candidates.js';
import { agentJson, agentMarkdown, agentSarif } from './report-format.js';
import { buildAgentReport, type AgentReport } from './report-model.js';
import { clusterStage, completeIssues, verifyStage, type StageContext } from './stages.js';
import { guardWorkspace } from './workspace.js';

/**
 * `jsec agent`: scan → cluster → verify → report (docs/jsec-agent.md). Every stage
 * writes its artifacts under `<root>/.jarvis/sec/`; `resume` picks up what a killed run committed.
 */

export interface SecAgentOptions {
  /** builds the cluster and verify agents; undefined: no model is configured, the report falls back to the scan and says why (`noModelReason`) */
  agents?: AgentFactory;
  noModelReason?: string;
  clusterLimit?: number;
  /** verification (and clustering) agents at a time; model calls are I/O-bound */
  jobs?: number;
  resume?: boolean;
  scan?: Omit<ScanOptions, 'writeArtifacts' | 'outDir'>;
  /** progress notes for the person */
  notice?: (message: string) => void;
}

export interface SecAgentResult {
  root: string;
  paths: SecPaths;
  scan: ScanResult;
  report: AgentReport;
  /** set when the agent stage started but failed (the report then falls back) */
  failure?: string;
  reports: { md: string; json: string; sarif: string };
  /** the rendered report texts, by format */
  texts: { md: string; json: string; sarif: string };
}

export async function runSecAgent(path: string, o: SecAgentOptions = {}): Promise<SecAgentResult> {
  const notice = o.notice ?? (() => undefined);
  // every finding is a candidate unless the caller sets a threshold: verifying is the model's job
  const scan = await scanPath(path, { ...o.scan, minConfidence: o.scan?.minConfidence ?? 0, writeArtifacts: true });
  const root = scan.root;
  const paths = secPaths(root);
  if (!o.resume) resetArtifacts(paths);
  const state = o.resume ? loadResumeState(paths) : emptyState();
  const progress = new Progress(paths.progress);
  const { candidates, byGid } = toCandidates(scan.findings);
  const bySignature = new Map<string, { candidate: Candidate; finding: Finding }>();
  for (const c of candidates) bySignature.set(c.signature, { candidate: c, finding: byGid.get(c.gid) as Finding });
  progress.log({ event: 'scan', files: scan.scannedFiles, findings: scan.findings.length, candidates: candidates.length, resume: o.resume === true });

  let fallback: string | undefined;
  let failure: string | undefined;
  if (!o.agents) {
    fallback = o.noModelReason ?? 'no model is configured';
    progress.log({ event: 'agent_skipped', reason: fallback });
  } else if (candidates.length > 0) {
    const guard = await guardWorkspace(root, paths.backup);
    const ctx: StageContext = {
      agent: { agents: o.agents, root },
      paths,
      progress,
      guard,
      state,
      jobs: Math.max(1, o.jobs ?? 1),
      candidates: new Map(candidates.map((c) => [c.gid, c])),
      bySignature,
    };
    try {
      completeIssues(ctx);
      const batches = toBatches(candidates, o.clusterLimit ?? DEFAULT_CLUSTER_LIMIT);
      notice(`clustering ${candidates.length} candidate(s) in ${batches.length} batch(es)`);
      const clusters = await clusterStage(ctx, batches);
      const total = [...clusters.values()].reduce((n, l) => n + l.length, 0);
      notice(`verifying ${total} cluster(s) with ${ctx.jobs} job(s)`);
      await verifyStage(ctx, batches, clusters);
    } catch (e) {
      failure = describeError(e);
      fallback = `the agent stage failed (${failure}); run again with --resume to finish it`;
      progress.log({ event: 'agent_failed', reason: failure });
    } finally {
      guard.dispose();
    }
  }

  const report = buildAgentReport({ scan, candidates, bySignature, state, ...(fallback !== undefined ? { fallback } : {}) });
  const texts = { md: agentMarkdown(report), json: agentJson(report), sarif: agentSarif(report, scan) };
  const reports = { md: paths.report('md'), json: paths.report('json'), sarif: paths.report('sarif') };
  for (const k of ['md', 'json', 'sarif'] as const) writeFileAtomicSync(reports[k], texts[k]);
  progress.log({ event: 'report', mode: report.mode, confirmed: report.confirmed.length, rejected: report.rejected.length, unverified: report.unverified.length });
  return { root, paths, scan, report, ...(failure !== undefined ? { failure } : {}), reports, texts };
}
