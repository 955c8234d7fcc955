import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentFactory } from '../../../agent/index.js';
import { describeError, JarvisError } from '../../../util/index.js';
import { runEquiv } from '../equiv/equiv.js';
import { BudgetExhausted, Cargo, type Exec } from '../optimize/cargo.js';
import { modulePath } from '../optimize/crate.js';
import { runPlanner, runReviewer, runWriter, type AgentRun, type Plan, type RunLimits } from './agents.js';
import type { CrateGit } from './crate-git.js';
import { deterministicFixes } from './fixes.js';
import type { FunctionBudget } from './options.js';
import type { FunctionOutcome, Stage, Tokens } from './progress.js';
import { planTask, repairTask, reviewFixTask, reviewTask, writeTask, type FunctionContext } from './prompts.js';
import { relocate } from './relocate.js';
import { ffiName, renameForWrapper } from './rename.js';
import { findFunction, rustSources } from './rust-items.js';
import { removeWrapper, restoreFiles, wrapperUses, type Wrapper } from './wrappers.js';

/**
 * One function through plan → write → check (deterministic fixes, then model repairs) → tests →
 * differential tests → review (issues back to the fixer) within its budget. It starts and ends
 * on a crate that builds and passes its tests: on success the caller commits, on failure it
 * resets to the last commit (the deterministic translation stays).
 */

export interface ConvertContext {
  root: string;
  crateDir: string;
  libName: string;
  git: CrateGit;
  agents: AgentFactory;
  budget: FunctionBudget;
  /** run the differential tests after the crate tests */
  equiv: boolean;
  equivRuns?: readonly string[];
  equivCommandsFile?: string;
  exec?: Exec;
  env?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  /** wrappers left by earlier functions, dropped when nothing uses them any more */
  wrappers: Wrapper[];
  stage: (stage: Stage, round: number, lastError?: string) => void;
  /** for the report, once each */
  notices: string[];
}

export interface ConvertInput {
  ctx: Omit<FunctionContext, 'rustSource' | 'wrapperName' | 'tree'>;
}

export class FunctionFailed extends Error {}

const add = (a: Tokens, b: Tokens) => ({ input: a.input + b.input, output: a.output + b.output });
const zero = (): Tokens => ({ input: 0, output: 0 });
const firstLine = (s: string) => s.trim().split('\n')[0] ?? '';

export async function convertFunction(cc: ConvertContext, input: ConvertInput, outcome: FunctionOutcome): Promise<void> {
  const started = Date.now();
  const { budget } = cc;
  const cargo = new Cargo({ crateDir: cc.crateDir, maxRuns: budget.cargoRuns, ...(cc.exec ? { exec: cc.exec } : {}), ...(cc.env ? { env: cc.env } : {}) });
  const spend = (part: 'plan' | 'write' | 'review', r: AgentRun<unknown>) => {
    outcome.tokens[part] = add(outcome.tokens[part], r.tokens);
    outcome.tokens.total = add(outcome.tokens.total, r.tokens);
    outcome.cost += r.cost;
    outcome.calls = (outcome.calls ?? 0) + r.calls;
    outcome.guard_refusals += r.refusals ?? 0;
    const total = outcome.tokens.total.input + outcome.tokens.total.output;
    if (budget.tokens > 0 && total > budget.tokens) throw new FunctionFailed(`token budget exhausted (${total} > ${budget.tokens})`);
    if (budget.cost > 0 && outcome.cost > budget.cost) throw new FunctionFailed(`cost budget exhausted ($${outcome.cost.toFixed(4)} > $${budget.cost})`);
    if (cc.signal?.aborted) throw new FunctionFailed('stopped');
  };
  // a writer whose model call failed (server down, bad key) ends the function's attempt
  const write = async (task: string) => {
    const w = await runWriter(cc.agents, cc.crateDir, task, left());
    spend('write', w);
    if (w.why) throw new FunctionFailed(w.why);
  };
  // what the next agent run may spend: the turns of one run, and what is left of the function's budget
  const left = (): RunLimits => {
    const used = outcome.tokens.total.input + outcome.tokens.total.output;
    return { turns: budget.agentTurns, tokens: budget.tokens > 0 ? Math.max(1, budget.tokens - used) : 0, cost: budget.cost > 0 ? Math.max(1e-9, budget.cost - outcome.cost) : 0 };
  };
  try {
    const c = input.ctx;
    const item = await findFunction(cc.crateDir, c.rustFile, c.rustName);
    if (!item) throw new FunctionFailed(`\`${c.rustName}\` not found in ${c.rustFile}`);
    const wrapperName = ffiName(c.rustName);
    // callers not converted yet keep the C-shaped function under its new name
    await renameForWrapper(cc.crateDir, { name: c.rustName, file: c.rustFile, modPath: modulePath(c.rustFile), cName: c.cName, libName: cc.libName });
    const renamed = await findFunction(cc.crateDir, c.rustFile, wrapperName);
    const rustSource = renamed ? readFileSync(join(cc.crateDir, c.rustFile), 'utf8').split('\n').slice(renamed.startLine - 1, renamed.endLine).join('\n') : '';
    const fc: FunctionContext = { ...c, wrapperName, rustSource, tree: rustSources(cc.crateDir) };

    cc.stage('plan', 0);
    let plan: Plan | undefined;
    const p = await runPlanner(cc.agents, cc.crateDir, planTask(fc), left());
    spend('plan', p);
    if (p.value) {
      plan = p.value;
      outcome.plan = { module: fc.modulePath, signature: p.value.signature, notes: p.value.notes };
    } else outcome.plan = { module: fc.modulePath, notes: `no plan: ${p.why ?? ''}` };

    cc.stage('write', 0);
    await write(writeTask(fc, plan));

    let reviews = 0;
    for (;;) {
      const failure = await verify(cc, cargo, fc, outcome);
      if (failure) {
        if (outcome.repair_rounds >= budget.repairRounds) throw new FunctionFailed(`still failing after ${outcome.repair_rounds} repair round(s): ${failure.summary}`);
        outcome.repair_rounds++;
        cc.stage('write', outcome.repair_rounds, failure.summary);
        await write(failure.task);
        continue;
      }
      if (reviews >= budget.reviewRounds) break;
      reviews++;
      outcome.review_rounds = reviews;
      cc.stage('review', reviews);
      const now = await findFunction(cc.crateDir, c.rustFile, c.rustName);
      const text = readFileSync(join(cc.crateDir, c.rustFile), 'utf8');
      const source = now ? text.split('\n').slice(now.startLine - 1, now.endLine).join('\n') : '(not found)';
      const r = await runReviewer(cc.agents, cc.crateDir, reviewTask(fc, source), left());
      spend('review', r);
      if (!r.value) break; // a reviewer that cannot answer does not hold a passing function back
      if (r.value.issues.length === 0) break;
      outcome.review_issues.push(...r.value.issues);
      if (reviews >= budget.reviewRounds) throw new FunctionFailed(`review issues left unresolved: ${r.value.issues.join('; ')}`);
      cc.stage('write', outcome.repair_rounds, r.value.issues.join('; '));
      await write(reviewFixTask(fc, r.value.issues));
    }
    if (!(await findFunction(cc.crateDir, c.rustFile, c.rustName))) throw new FunctionFailed(`the safe \`${c.rustName}\` is missing from ${c.rustFile}`);

    cc.stage('record', 0);
    await dropUnusedWrappers(cc, cargo, [...cc.wrappers, { c_name: c.cName, c_file: c.cFile, name: wrapperName, file: c.rustFile }]);
    let file = c.rustFile;
    if (c.targetModule) {
      const m = await relocate({ crateDir: cc.crateDir, libName: cc.libName, name: c.rustName, file, module: c.targetModule, cargo, fixRounds: budget.deterministicFixRounds });
      if (m.moved) {
        file = m.file;
        outcome.deterministic_fixes.push(...m.fixes);
        outcome.plan = { ...(outcome.plan ?? { module: fc.modulePath }), module: `crate::${c.targetModule}` };
      } else if (m.reason) outcome.relocation = m.reason;
    }
    const done = await findFunction(cc.crateDir, file, c.rustName);
    outcome.status = 'converted';
    outcome.rust_name = c.rustName;
    outcome.rust_file = file;
    if (done?.signature) outcome.rust_signature = done.signature;
    outcome.safe = done ? !done.unsafe && !/\*(const|mut)\b/.test(done.signature ?? '') : false;
    if (cc.wrappers.some((w) => w.c_name === c.cName && w.c_file === c.cFile)) outcome.ffi_wrapper = wrapperName;
  } catch (e) {
    outcome.status = 'fallback';
    outcome.reason = e instanceof FunctionFailed ? e.message : e instanceof BudgetExhausted ? `cargo run budget of ${budget.cargoRuns} exhausted` : firstLine(describeError(e));
  } finally {
    outcome.cargo_runs = cargo.runs;
    outcome.seconds = Math.round((Date.now() - started) / 100) / 10;
  }
}

interface Failure {
  summary: string;
  task: string;
}

/** check (with deterministic fixes first), tests, differential tests; undefined when all pass. */
async function verify(cc: ConvertContext, cargo: Cargo, fc: FunctionContext, outcome: FunctionOutcome): Promise<Failure | undefined> {
  cc.stage('check', outcome.repair_rounds);
  let check = await cargo.check();
  for (let i = 0; !check.ok && i < cc.budget.deterministicFixRounds; i++) {
    const fixes = await deterministicFixes(cc.crateDir, check.errors, cc.libName);
    if (fixes.length === 0) break;
    outcome.deterministic_fixes.push(...fixes);
    check = await cargo.check();
  }
  if (!check.ok) {
    const first = check.errors[0];
    const summary = first ? `${first.code ?? 'error'}: ${first.message}` : firstLine(check.stderrTail) || 'cargo check failed';
    return { summary, task: repairTask(fc, 'build', check.errors.length ? { errors: check.errors } : { output: check.stderrTail }) };
  }
  cc.stage('test', outcome.repair_rounds);
  const test = await cargo.test();
  if (!test.ok) return { summary: 'cargo test failed', task: repairTask(fc, 'tests', { output: test.output }) };
  if (!cc.equiv) return undefined;
  cc.stage('equiv', outcome.repair_rounds);
  let eq: Awaited<ReturnType<typeof runEquiv>>;
  try {
    eq = await runEquiv({
      root: cc.root,
      crate: cc.crateDir,
      ...(cc.equivRuns ? { runs: [...cc.equivRuns] } : {}),
      ...(cc.equivCommandsFile ? { commandsFile: cc.equivCommandsFile } : {}),
      cRuns: 1,
      jobs: 1,
      ...(cc.env ? { env: { ...process.env, ...cc.env } } : {}),
    });
  } catch (e) {
    // nothing to run (no test program, no --run): the differential tests are off for the run, said once
    if (!(e instanceof JarvisError && e.code === 'usage')) throw e;
    cc.equiv = false;
    cc.notices.push(`no differential tests: ${firstLine(e.message)}${e.hint ? ` (${e.hint})` : ''}`);
    return undefined;
  }
  if (eq.different === 0) return undefined;
  const d = eq.firstDifference;
  const detail = d ? `command: ${d.command}\n${JSON.stringify(d.difference, null, 2)}` : `${eq.different} command(s) differ`;
  return { summary: `differential test: ${eq.different} of ${eq.commands.length} command(s) differ`, task: repairTask(fc, 'equiv', { output: detail }) };
}

/** Deletes C-ABI wrappers nothing calls any more; a deletion that breaks the build is put back. */
async function dropUnusedWrappers(cc: ConvertContext, cargo: Cargo, candidates: Wrapper[]): Promise<void> {
  const kept: Wrapper[] = [];
  for (const w of candidates) {
    if (!(await findFunction(cc.crateDir, w.file, w.name))) continue;
    if ((await wrapperUses(cc.crateDir, w)).length > 0) {
      kept.push(w);
      continue;
    }
    const before = await removeWrapper(cc.crateDir, w);
    const check = await cargo.check();
    if (!check.ok) {
      restoreFiles(cc.crateDir, before);
      kept.push(w);
    }
  }
  cc.wrappers.splice(0, cc.wrappers.length, ...kept);
}

export function emptyOutcome(cName: string, cFile: string): FunctionOutcome {
  return {
    c_name: cName,
    c_file: cFile,
    status: 'skipped',
    cargo_runs: 0,
    repair_rounds: 0,
    review_rounds: 0,
    deterministic_fixes: [],
    review_issues: [],
    guard_refusals: 0,
    tokens: { plan: zero(), write: zero(), review: zero(), total: zero() },
    calls: 0,
    cost: 0,
    seconds: 0,
  };
}
