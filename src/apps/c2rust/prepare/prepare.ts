import { existsSync } from 'node:fs';
import { readJsonl, writeFileAtomicSync } from '../../../util/index.js';
import { artifactPath } from '../artifacts.js';
import { loadC2rustConfig, promptNotes, type C2rustConfig } from '../config/index.js';
import { orderForTranspile } from '../lib-replace/index.js';
import type { Exec } from '../optimize/cargo.js';
import { commitAll, ensureCrateRepo, revertToHead } from '../pipeline/crate-git.js';
import { askForAnswer, type StageModel } from '../pipeline/stage-model.js';
import { applyPlan, checkCrate } from './apply.js';
import { cratePlanPath, defaultPlan, parsePlan, PLAN_TAG, PLAN_USAGE, planFacts, targetModules, type CratePlan, type PlanFacts } from './plan.js';
import { PLANNER_ROLE, planTask } from './prompt.js';

export interface PrepareOptions {
  root: string;
  /** the crate the deterministic translation wrote */
  crateDir: string;
  /** none: the deterministic layout is the plan */
  model?: StageModel;
  config?: C2rustConfig;
  exec?: Exec;
  env?: NodeJS.ProcessEnv;
  onProgress?: (line: string) => void;
}

export interface PrepareResult {
  plan: CratePlan;
  /** planning rounds the model took (a round: a plan applied and built) */
  rounds: number;
  /** why the deterministic layout was kept although a model was asked */
  fellBack?: string;
  /** build errors of the rounds that failed, in order */
  buildErrors: string[][];
  created: string[];
  commit: string;
  planPath: string;
}

/** Default planning rounds when the config sets no `prepare.rounds` budget. */
export const PREPARE_ROUNDS = 3;

function orderRoots(facts: PlanFacts, config: C2rustConfig): string[] {
  if (config.root_symbols.length > 0) return config.root_symbols.filter((n) => facts.functions.has(n));
  const called = new Set([...facts.calls.values()].flat());
  return [...facts.functions.keys()].filter((n) => !called.has(n));
}

function replacedNames(root: string): string[] {
  const p = artifactPath(root, 'libraryReplacements');
  return existsSync(p) ? readJsonl<{ name: string; applied: boolean }>(p).filter((r) => r.applied).map((r) => r.name) : [];
}

/**
 * `jc2r prepare` (docs/c2rust-pipeline.md): the crate's module layout. Without a model it is
 * the deterministic translation's (recorded, nothing changes). With one, the model proposes a
 * layout from the order's roots; it is validated (a binary per C program, no module cycles),
 * applied to the crate, committed and built with `cargo check`; build errors go back to the
 * model for another round while the `prepare.rounds` budget lasts, and a plan that never
 * builds leaves the crate as it was, with the deterministic layout.
 */
export async function prepareCrate(o: PrepareOptions): Promise<PrepareResult> {
  const config = o.config ?? loadC2rustConfig(o.root);
  const facts = planFacts(o.root, orderForTranspile(o.root).steps);
  await ensureCrateRepo(o.crateDir);
  const planPath = cratePlanPath(o.root);
  const save = (plan: CratePlan) => writeFileAtomicSync(planPath, `${JSON.stringify({ ...plan, target: Object.fromEntries(targetModules(plan, facts)) }, null, 2)}\n`);
  const fallback = async (why: string | undefined, rounds: number, buildErrors: string[][]): Promise<PrepareResult> => {
    const plan = defaultPlan(facts);
    save(plan);
    const commit = await commitAll(o.crateDir, 'jc2r prepare: the deterministic layout');
    return { plan, rounds, ...(why ? { fellBack: why } : {}), buildErrors, created: [], commit, planPath };
  };
  if (!o.model) return fallback(undefined, 0, []);
  // a round a kill interrupted left files the last commit does not have
  await revertToHead(o.crateDir);

  const maxRounds = config.budgets.prepare?.rounds || PREPARE_ROUNDS;
  const buildErrors: string[][] = [];
  for (let round = 1; round <= maxRounds; round++) {
    const spent = o.model.meter.exhausted();
    if (spent) return fallback(spent, round - 1, buildErrors);
    o.onProgress?.(`prepare: planning round ${round}/${maxRounds}`);
    const answer = await askForAnswer(o.model, {
      name: 'c2rust-prepare',
      role: PLANNER_ROLE,
      task: planTask({ crateDir: o.crateDir, facts, roots: orderRoots(facts, config), replaced: replacedNames(o.root), notes: promptNotes(config), ...(buildErrors.length > 0 ? { feedback: (buildErrors.at(-1) as string[]).join('\n') } : {}) }),
      tag: PLAN_TAG,
      usage: PLAN_USAGE,
      parse: (body) => parsePlan(body, facts),
      root: o.crateDir,
    });
    if (answer.kind === 'invalid') return fallback(`no usable plan: ${answer.reason}`, round, buildErrors);
    const plan = answer.value;
    const created = applyPlan(o.crateDir, plan, facts);
    o.onProgress?.(`prepare: cargo check with ${plan.modules.length} planned module(s)`);
    const build = await checkCrate(o.crateDir, o.exec, o.env);
    if (build.ok) {
      save(plan);
      const commit = await commitAll(o.crateDir, `jc2r prepare: module layout (${plan.modules.map((m) => m.name).join(', ')})`);
      return { plan, rounds: round, buildErrors, created, commit, planPath };
    }
    buildErrors.push(build.errors);
    await revertToHead(o.crateDir);
  }
  return fallback(`no plan built within ${maxRounds} round(s)`, maxRounds, buildErrors);
}
