import { existsSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { AgentFactory } from '../../../agent/index.js';
import { JarvisError, runProcess } from '../../../util/index.js';
import { artifactPath } from '../artifacts.js';
import { findCompileCommands, listSources } from '../compile-db.js';
import {
  emptyUsage,
  fileHash,
  forgetStages,
  hashOf,
  loadC2rustConfig,
  loadRunState,
  recordStage,
  saveRunState,
  stageBudget,
  type C2rustConfig,
  type StageRecord,
  type StageUsage,
} from '../config/index.js';
import { CHECKPOINT_FILE, libReplace, orderForTranspile } from '../lib-replace/index.js';
import { optimizeCrate } from '../optimize/index.js';
import type { Exec } from '../optimize/cargo.js';
import { applyPlan, cratePlanPath, planFacts, prepareCrate, type CratePlan } from '../prepare/index.js';
import { scanProject, writeScanArtifacts } from '../scan.js';
import { commitAll } from './crate-git.js';
import { ensureDeterministicCrate, scannedCompileCommands, sourceTreeHash } from './deterministic.js';
import { modelTranspile } from './model-transpile-adapter.js';
import { meteredFactory, UsageMeter } from './stage-model.js';

export const STAGES = ['scan', 'lib-replace', 'prepare', 'transpile', 'optimize'] as const;
export type StageName = (typeof STAGES)[number];

/** Stages that cannot do their job without a model (prepare and transpile fall back to the deterministic translation). */
export const MODEL_STAGES: readonly StageName[] = ['lib-replace', 'prepare', 'transpile'];

export interface PipelineOptions {
  root: string;
  /** default: the config's crate_dir, else `<root>_rs` */
  crateDir?: string;
  /** the run's model; none: the deterministic stages only */
  model?: { agents: AgentFactory; group: string };
  /** forget run_state.json (and lib-replace's checkpoint) first: every stage runs */
  reset?: boolean;
  /** stop after this stage */
  until?: StageName;
  ccRoot?: string;
  defines?: string[];
  includes?: string[];
  signal?: AbortSignal;
  exec?: Exec;
  env?: NodeJS.ProcessEnv;
  onProgress?: (stage: StageName, line: string) => void;
}

export interface StageOutcome {
  stage: StageName;
  /** ran; done earlier on the same inputs; not run for want of a model; after --until */
  status: 'ran' | 'up to date' | 'needs a model' | 'not run';
  seconds: number;
  usage: StageUsage;
  summary: string;
}

export interface PipelineReport {
  crateDir: string;
  stages: StageOutcome[];
  /** one line when some stage needs a model and none is configured */
  modelNote?: string;
  total: StageUsage;
}

function crateDirOf(root: string, config: C2rustConfig, given?: string): string {
  if (given) return resolve(given);
  if (config.crate_dir) return resolve(config.crate_dir);
  return join(dirname(root), `${basename(root)}_rs`);
}

async function crateHead(crateDir: string): Promise<string> {
  if (!existsSync(join(crateDir, '.git'))) return 'none';
  const r = await runProcess('git', ['rev-parse', 'HEAD'], { cwd: crateDir, timeoutMs: 30_000 });
  return r.exitCode === 0 ? r.stdout.trim() : 'none';
}

/**
 * `jc2r run` (docs/c2rust-pipeline.md): scan → lib-replace → prepare → transpile → optimize.
 * A stage is skipped when run_state.json records it finished on the inputs it would read now;
 * its record is dropped before it runs, so a kill mid-stage runs it again next time (each stage
 * resumes from its own checkpoint: lib-replace's verdicts, the crate's commits).
 */
export async function runPipeline(o: PipelineOptions): Promise<PipelineReport> {
  const root = resolve(o.root);
  if (!existsSync(root)) throw new JarvisError('usage', `project root ${root} does not exist`);
  if (!o.ccRoot && !findCompileCommands(root) && listSources(root).sources.length === 0) {
    throw new JarvisError('not_found', `no C sources under ${root}: nothing to translate`, { hint: "jc2r run PATH, with PATH the C project's root (or --cc-root for its compile_commands.json)" });
  }
  const config = loadC2rustConfig(root);
  const crateDir = crateDirOf(root, config, o.crateDir);
  if (o.reset) {
    saveRunState(root, { version: 1, stages: {} });
    rmSync(join(root, '.jarvis', 'c2rust', CHECKPOINT_FILE), { force: true });
  }
  const group = o.model?.group ?? 'none';
  const say = (stage: StageName) => (line: string) => o.onProgress?.(stage, line);
  const tx = { root, crateDir, ...(o.ccRoot ? { ccRoot: o.ccRoot } : {}), ...(o.defines ? { defines: o.defines } : {}), ...(o.includes ? { includes: o.includes } : {}), ...(o.env ? { env: o.env } : {}) };
  const report: PipelineReport = { crateDir, stages: [], total: emptyUsage() };
  const needModel: string[] = [];
  let prevOutputs = '';
  let stopped = false;

  const stage = async (name: StageName, inputs: string, body: () => Promise<{ summary: string; usage?: StageUsage; outputs: () => Promise<string>; skipped?: string }>) => {
    if (stopped || o.signal?.aborted) {
      report.stages.push({ stage: name, status: 'not run', seconds: 0, usage: emptyUsage(), summary: o.signal?.aborted ? 'interrupted' : `after --until ${o.until ?? ''}` });
      return;
    }
    const later = STAGES.slice(STAGES.indexOf(name) + 1);
    const rec = loadRunState(root).stages[name];
    if (rec && rec.inputs === inputs) {
      prevOutputs = rec.outputs;
      report.stages.push({ stage: name, status: rec.status === 'skipped' ? 'needs a model' : 'up to date', seconds: 0, usage: emptyUsage(), summary: rec.summary });
      if (rec.status === 'skipped') needModel.push(name);
    } else {
      forgetStages(root, [name, ...later]);
      const t0 = performance.now();
      say(name)(`${name}: running`);
      const r = await body();
      const seconds = (performance.now() - t0) / 1000;
      const usage = r.usage ?? emptyUsage();
      prevOutputs = await r.outputs();
      const record: StageRecord = { status: r.skipped ? 'skipped' : 'done', inputs, outputs: prevOutputs, finished_at: new Date().toISOString(), seconds: Math.round(seconds * 10) / 10, usage, summary: r.summary, ...(r.skipped ? { reason: r.skipped } : {}) };
      recordStage(root, name, record, later);
      report.stages.push({ stage: name, status: r.skipped ? 'needs a model' : 'ran', seconds, usage, summary: r.summary });
      if (r.skipped) needModel.push(name);
      for (const k of Object.keys(usage) as (keyof StageUsage)[]) report.total[k] += usage[k];
    }
    if (o.until === name) stopped = true;
  };

  await stage('scan', hashOf('scan/1', sourceTreeHash(tx)), async () => {
    const result = await scanProject({ root, ...(o.ccRoot ? { ccRoot: o.ccRoot } : {}), ...(o.defines ? { defines: o.defines } : {}), ...(o.includes ? { includes: o.includes } : {}) });
    writeScanArtifacts(root, result);
    const s = result.summary;
    return { summary: `${s.functions} functions, ${s.callEdges} call edges, ${s.parseErrors} parse error(s)`, outputs: async () => hashOf(fileHash(artifactPath(root, 'symbols')), fileHash(artifactPath(root, 'translationOrder'))) };
  });

  const cfgKey = (c: C2rustConfig) => [c.root_symbols, c.disabled_libraries, c.allow_crates, c.min_confidence, c.extra_notes];
  // the translator reads compile_commands.json only: hand it the one the scan found or generated (meson, CMake, make -n)
  if (!o.ccRoot) {
    const found = scannedCompileCommands(root);
    if (found) Object.assign(tx, { ccRoot: found });
  }

  await stage('lib-replace', hashOf('lib-replace/1', prevOutputs, cfgKey(config), group, config.budgets['lib-replace'] ?? {}), async () => {
    if (!o.model) {
      // an earlier lib-replace's results stay (the order file says whether they are current)
      return { summary: 'no library replacement without a model', skipped: 'no model configured', outputs: async () => hashOf(fileHash(orderForTranspile(root).path)) };
    }
    const meter = new UsageMeter(stageBudget(config, 'lib-replace'));
    const r = await libReplace({ root, config, group, model: { agents: o.model.agents, meter }, onProgress: (d, t, n) => say('lib-replace')(`lib-replace: ${d}/${t} ${n}`) });
    const summary = `${r.replaced.length} replaced (${r.replaced.map((x) => x.name).join(', ') || 'none'}), ${r.pruned} pruned: ${r.functionsBefore} → ${r.functionsAfter} functions${r.budgetNote ? `; stopped: ${r.budgetNote}` : ''}`;
    return { summary, usage: meter.usage, outputs: async () => hashOf(fileHash(r.paths.order), fileHash(r.paths.replacements)) };
  });

  await stage('prepare', hashOf('prepare/1', prevOutputs, group, config.extra_notes, config.budgets.prepare ?? {}, sourceTreeHash(tx)), async () => {
    const det = await ensureDeterministicCrate(tx);
    if (det.written) say('prepare')(`prepare: deterministic translation written to ${crateDir}`);
    const meter = new UsageMeter(stageBudget(config, 'prepare'));
    const r = await prepareCrate({ root, crateDir, config, ...(o.model ? { model: { agents: o.model.agents, meter } } : {}), ...(o.exec ? { exec: o.exec } : {}), ...(o.env ? { env: o.env } : {}), onProgress: say('prepare') });
    const layout = `${r.plan.modules.length} module(s), ${r.plan.binaries.length} program(s)`;
    const summary = !o.model ? `the deterministic layout (${layout})` : r.fellBack ? `kept the deterministic layout: ${r.fellBack}` : `model layout in ${r.rounds} round(s): ${r.plan.modules.map((m) => m.name).join(', ')}`;
    return { summary, usage: meter.usage, ...(o.model ? {} : { skipped: 'no model configured: the deterministic layout' }), outputs: async () => hashOf(fileHash(r.planPath), await crateHead(crateDir)) };
  });

  await stage('transpile', hashOf('transpile/1', prevOutputs, group, config.budgets.transpile ?? {}, config.test_commands), async () => {
    const det = await ensureDeterministicCrate(tx);
    if (det.written) {
      // the crate was rewritten since prepare (deleted by hand): its plan goes back on
      const planPath = cratePlanPath(root);
      if (existsSync(planPath)) {
        applyPlan(crateDir, JSON.parse(readFileSync(planPath, 'utf8')) as CratePlan, planFacts(root, orderForTranspile(root).steps));
        await commitAll(crateDir, 'jc2r prepare: module layout (re-applied)');
      }
    }
    const outputs = async () => hashOf(fileHash(artifactPath(root, 'symbolMap')), await crateHead(crateDir));
    if (!o.model) return { summary: 'the deterministic translation', skipped: 'no model configured: functions keep their deterministic translation', outputs };
    const r = await modelTranspile({ root, crateDir, agents: o.model.agents, budget: stageBudget(config, 'transpile'), testCommands: config.test_commands, ...(o.signal ? { signal: o.signal } : {}), onProgress: say('transpile'), ...(o.exec ? { exec: o.exec } : {}), ...(o.env ? { env: o.env } : {}) });
    // interrupted: not recorded as finished, so the next run resumes it
    if (!r.complete) throw new JarvisError('llm_aborted', `transpile interrupted after ${r.converted} function(s): run \`jc2r run\` again to resume`);
    return { summary: r.summary, usage: r.usage, outputs };
  });

  await stage('optimize', hashOf('optimize/1', prevOutputs, group, config.budgets.optimize ?? {}), async () => {
    const budget = stageBudget(config, 'optimize');
    const meter = new UsageMeter(budget);
    const r = await optimizeCrate({
      // with the run's model: sharper SAFETY texts and merging of safe duplicates, as `jc2r optimize -g`
      ...(o.model ? { agents: meteredFactory(o.model.agents, meter) } : {}),
      cwd: root,
      crateDir,
      passes: { unsafe: true, structure: true, visibility: true, doc: true },
      resume: false,
      resetProgress: true,
      maxChecks: budget.rounds ?? 0,
      dryRun: false,
      buildFixRetries: 2,
      gitGuard: true,
      ...(o.exec ? { exec: o.exec } : {}),
      ...(o.env ? { cargoEnv: o.env } : {}),
      onProgress: say('optimize'),
    });
    await commitAll(crateDir, 'jc2r optimize');
    const applied = r.passes.filter((p) => p.status === 'applied').map((p) => p.name);
    const counts = (k: string) => r.passes.reduce((a, p) => a + (p.counts[k] ?? 0), 0);
    const byModel = o.model ? `; model: ${counts('safety_model_texts')} SAFETY text(s), ${r.duplicates_merged} duplicate(s) merged` : '';
    return { summary: `passes applied: ${applied.join(', ') || 'none'}; unsafe lines ${r.unsafe_lines_before} → ${r.unsafe_lines_after}${byModel}`, usage: meter.usage, outputs: async () => crateHead(crateDir) };
  });

  if (needModel.length > 0) report.modelNote = `no model configured: ${needModel.join(', ')} ran without one (the deterministic translation stays); configure one with 'jarvis config init' to run them with a model`;
  return report;
}
