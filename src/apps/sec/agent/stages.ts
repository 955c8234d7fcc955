import pLimit from 'p-limit';
import { EXECUTE_SCRIPT, LIST_FILES, READ_CODE, SEARCH_FILES } from '../../../tools/index.js';
import { createHash } from 'node:crypto';
import { parseClusters, parseReport, singletonClusters, type Cluster } from './answers.js';
import { runForAnswer, type AgentEnv } from './answer-run.js';
import {
  agentIssue,
  appendLines,
  type AgentIssue,
  type ClusterLine,
  type Progress,
  type ResumeState,
  type SecPaths,
  type StoredVerdict,
  type TaskCommit,
} from './artifacts.js';
import type { Batch, Candidate } from './candidates.js';
import { CLUSTER_ROLE, CLUSTERS, CLUSTERS_USAGE, clusterTask, REPORT, REPORT_USAGE, VERIFY_ROLE, verifyTask } from './prompts.js';
import { makeReadOnlyExecuteScript } from './read-only.js';
import type { WorkspaceGuard } from './workspace.js';
import type { Finding } from '../finding.js';

/** Shared by both stages: the model, the files, the guard, the parallelism. */
export interface StageContext {
  agent: AgentEnv;
  paths: SecPaths;
  progress: Progress;
  guard: WorkspaceGuard;
  state: ResumeState;
  jobs: number;
  /** this run's candidates by gid */
  candidates: Map<number, Candidate>;
  /** this run's candidates and their findings by signature */
  bySignature: Map<string, { candidate: Candidate; finding: Finding }>;
}

const short = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/**
 * Runs `work` for items 0..n-1 with at most `jobs` at a time, and `commit` in index order, so
 * the files come out the same whatever finishes first. The first failure stops new work; the
 * results after it are not committed (a resumed run redoes them).
 */
async function ordered<T>(n: number, jobs: number, work: (i: number) => Promise<T>, commit: (i: number, v: T) => void): Promise<void> {
  const limit = pLimit(Math.max(1, jobs));
  const done = new Map<number, T>();
  let next = 0;
  let failed: unknown;
  const tasks = Array.from({ length: n }, (_, i) =>
    limit(async () => {
      if (failed !== undefined) return;
      try {
        done.set(i, await work(i));
      } catch (e) {
        // Queued work sees `failed` and returns at once (p-limit's clearQueue would leave its promises pending).
        failed ??= e;
        return;
      }
      while (failed === undefined && done.has(next)) {
        commit(next, done.get(next) as T);
        done.delete(next);
        next++;
      }
    }),
  );
  await Promise.all(tasks);
  if (failed !== undefined) throw failed;
}

/** Parallel agents may share one check (workspace.ts); its restore is logged once. */
const logged = new WeakSet<object>();

async function protect(ctx: StageContext, after: string): Promise<void> {
  const r = await ctx.guard.check();
  if (!r || logged.has(r)) return;
  logged.add(r);
  ctx.progress.log({ event: 'workspace_restore', after, method: ctx.guard.kind, restored: r.restored, removed: r.removed });
}

const defaultQuestion = (ctx: StageContext) => (gid: number) => {
  const c = ctx.candidates.get(gid);
  return c ? `Is ${c.rule} at ${c.file}:${c.line} (${c.evidence}) a real ${c.category} flaw?` : `candidate ${gid}`;
};

/** Stage 2: one clustering agent per batch not already in cluster_report.jsonl. */
export async function clusterStage(ctx: StageContext, batches: readonly Batch[]): Promise<Map<string, ClusterLine[]>> {
  const result = new Map<string, ClusterLine[]>();
  const reused = batches.filter((b) => ctx.state.clusters.has(b.key));
  for (const b of reused) result.set(b.key, ctx.state.clusters.get(b.key) as ClusterLine[]);
  ctx.progress.log({ event: 'batch_selection', batches: batches.length, reused: reused.length, to_cluster: batches.length - reused.length });
  const todo = batches.filter((b) => !ctx.state.clusters.has(b.key));
  const tools = { use: [READ_CODE, LIST_FILES, SEARCH_FILES] };
  await ordered(
    todo.length,
    ctx.jobs,
    async (i) => {
      const b = todo[i] as Batch;
      const gids = b.candidates.map((c) => c.gid);
      ctx.progress.log({ event: 'cluster_status', batch: b.key, batch_index: b.index, file: b.file, status: 'running', candidates: gids.length });
      let answer;
      try {
        answer = await runForAnswer<Cluster[]>(ctx.agent, {
          name: `sec-cluster-${b.index + 1}`,
          role: CLUSTER_ROLE,
          task: clusterTask(b.file, b.candidates),
          tag: CLUSTERS,
          usage: CLUSTERS_USAGE,
          tools,
          parse: (body) => parseClusters(body, gids, defaultQuestion(ctx)),
          onInvalid: (attempt, reason) => ctx.progress.log({ event: 'cluster_status', batch: b.key, batch_index: b.index, status: 'invalid', attempt, reason }),
        });
      } finally {
        await protect(ctx, `clustering batch ${b.index + 1}`);
      }
      if (answer.kind === 'answer') {
        return { clusters: answer.value, source: answer.value.some((c) => c.added) ? ('completed' as const) : ('model' as const) };
      }
      return { clusters: singletonClusters(gids, defaultQuestion(ctx)), source: 'fallback' as const };
    },
    (i, r) => {
      const b = todo[i] as Batch;
      const lines: ClusterLine[] = r.clusters.map((c, k) => ({
        batch: b.key,
        batch_index: b.index,
        file: b.file,
        cluster_index: k,
        clusters_in_batch: r.clusters.length,
        verification: c.verification,
        gids: c.gids,
        signatures: c.gids.map((g) => ctx.candidates.get(g)?.signature ?? ''),
        count: c.gids.length,
        source: r.source,
      }));
      appendLines(ctx.paths.clusters, lines);
      result.set(b.key, lines);
      ctx.progress.log({ event: 'cluster_status', batch: b.key, batch_index: b.index, status: r.source === 'fallback' ? 'fallback' : 'done', clusters: lines.length });
    },
  );
  return result;
}

interface Task {
  key: string;
  batch: Batch;
  verification: string;
  candidates: Candidate[];
}

function issueOf(ctx: StageContext, v: StoredVerdict): AgentIssue | undefined {
  const hit = ctx.bySignature.get(v.signature);
  if (!hit || !v.has_risk) return undefined;
  return agentIssue(hit.finding, hit.candidate.gid, v);
}

/** Confirmed verdicts of earlier runs missing from agent_issues.jsonl (a kill after the commit line). */
export function completeIssues(ctx: StageContext): void {
  const missing: AgentIssue[] = [];
  for (const v of ctx.state.verdicts.values()) {
    if (ctx.state.issued.has(v.signature)) continue;
    const issue = issueOf(ctx, v);
    if (issue) missing.push(issue);
  }
  missing.sort((a, b) => a.gid - b.gid);
  appendLines(ctx.paths.issues, missing);
  for (const m of missing) ctx.state.issued.add(m.signature);
}

/** Stage 3: one read-only verification agent per cluster whose candidates are not all decided. */
export async function verifyStage(ctx: StageContext, batches: readonly Batch[], clusters: Map<string, ClusterLine[]>): Promise<void> {
  const decided = (s: string) => ctx.state.verdicts.has(s) || ctx.state.unverified.has(s);
  const tasks: Task[] = [];
  for (const b of batches) {
    for (const line of clusters.get(b.key) ?? []) {
      const members = line.signatures.filter((s) => !decided(s)).map((s) => ctx.bySignature.get(s)?.candidate).filter((c): c is Candidate => c !== undefined);
      if (members.length === 0) continue;
      tasks.push({ key: short(members.map((m) => m.signature).join(',')), batch: b, verification: line.verification, candidates: members });
    }
  }
  ctx.progress.log({ event: 'batch_status', status: 'verifying', tasks: tasks.length, decided: ctx.state.verdicts.size + ctx.state.unverified.size });
  const remaining = new Map<string, number>();
  for (const t of tasks) remaining.set(t.batch.key, (remaining.get(t.batch.key) ?? 0) + 1);
  await ordered(
    tasks.length,
    ctx.jobs,
    async (i) => {
      const t = tasks[i] as Task;
      const gids = t.candidates.map((c) => c.gid);
      ctx.progress.log({ event: 'task_status', task: t.key, batch: t.batch.key, status: 'running', gids });
      // execute_script behind the read-only policy, in place of the plain one
      const policed = makeReadOnlyExecuteScript((reason) => ctx.progress.log({ event: 'tool_refused', task: t.key, tool: 'execute_script', reason }));
      const tools = { use: [READ_CODE, LIST_FILES, SEARCH_FILES, EXECUTE_SCRIPT], own: [policed] };
      try {
        return await runForAnswer(ctx.agent, {
          name: `sec-verify-${i + 1}`,
          role: VERIFY_ROLE,
          task: verifyTask(t.verification, t.candidates),
          tag: REPORT,
          usage: REPORT_USAGE,
          tools,
          parse: (body) => parseReport(body, gids),
          onInvalid: (attempt, reason) => ctx.progress.log({ event: 'task_status', task: t.key, status: 'invalid', attempt, reason }),
        });
      } finally {
        await protect(ctx, `verification task ${t.key}`);
      }
    },
    (i, answer) => {
      const t = tasks[i] as Task;
      const signatures = t.candidates.map((c) => c.signature);
      const sig = new Map(t.candidates.map((c) => [c.gid, c.signature]));
      let commit: TaskCommit;
      if (answer.kind === 'answer') {
        const verdicts = answer.value.map((v) => ({ ...v, signature: sig.get(v.gid) ?? '', verification: t.verification }));
        commit = { event: 'task_status', task: t.key, status: 'done', verdicts, signatures };
        ctx.progress.log({ ...commit });
        for (const v of verdicts) ctx.state.verdicts.set(v.signature, v);
        completeIssues(ctx);
      } else {
        commit = { event: 'task_status', task: t.key, status: 'unverified', signatures, reason: answer.reason };
        ctx.progress.log({ ...commit });
        for (const s of signatures) ctx.state.unverified.set(s, answer.reason);
      }
      const left = (remaining.get(t.batch.key) ?? 1) - 1;
      remaining.set(t.batch.key, left);
      if (left === 0) ctx.progress.log({ event: 'batch_status', batch: t.batch.key, batch_index: t.batch.index, status: 'done' });
    },
  );
}
