import type { AgentFactory } from '../../../agent/index.js';
import type { StageBudget } from '../config/index.js';
import { runModelTranspile, type FunctionBudget } from '../model-transpile/index.js';
import type { Exec } from '../optimize/cargo.js';

/**
 * The seam between `jc2r run` and the model-driven per-function transpile
 * (src/apps/c2rust/model-transpile/, docs/c2rust-model-transpile.md): the pipeline's config
 * (budgets, differential test commands) in, one summary line and the stage's use of the model out.
 */
export interface ModelTranspileCall {
  root: string;
  crateDir: string;
  agents: AgentFactory;
  /** the config's `transpile` budget: each key applies to every function */
  budget: StageBudget;
  testCommands: readonly string[];
  signal?: AbortSignal;
  onProgress?: (line: string) => void;
  exec?: Exec;
  env?: NodeJS.ProcessEnv;
}

export interface ModelTranspileOutcome {
  summary: string;
  converted: number;
  /** functions that keep their deterministic translation */
  kept: number;
  complete: boolean;
  usage: { calls: number; input_tokens: number; output_tokens: number; cost: number };
}

/** `transpile.rounds` → repair rounds, `tokens` and `cost` → per-function caps, `calls` → agent turns. */
export function functionBudget(b: StageBudget): Partial<FunctionBudget> {
  return {
    ...(b.rounds !== undefined ? { repairRounds: b.rounds } : {}),
    ...(b.tokens !== undefined ? { tokens: b.tokens } : {}),
    ...(b.cost !== undefined ? { cost: b.cost } : {}),
    ...(b.calls !== undefined ? { agentTurns: b.calls } : {}),
  };
}

export async function modelTranspile(c: ModelTranspileCall): Promise<ModelTranspileOutcome> {
  const r = await runModelTranspile({
    root: c.root,
    crateDir: c.crateDir,
    agents: c.agents,
    budget: functionBudget(c.budget),
    ...(c.testCommands.length > 0 ? { equivRuns: c.testCommands } : {}),
    ...(c.signal ? { signal: c.signal } : {}),
    ...(c.onProgress ? { onProgress: (e: { message: string }) => c.onProgress?.(`transpile: ${e.message}`) } : {}),
    ...(c.exec ? { exec: c.exec } : {}),
    ...(c.env ? { env: c.env } : {}),
  });
  const kept = r.functions.filter((f) => f.status === 'fallback');
  const names = kept.length > 0 ? ` (${kept.slice(0, 5).map((f) => f.c_name).join(', ')}${kept.length > 5 ? ', …' : ''})` : '';
  const summary = `${r.converted} function(s) converted by the model, ${r.fallback} kept their deterministic translation${names}${r.skipped > 0 ? `, ${r.skipped} replaced by a third-party crate kept deterministic (no dependencies offline)` : ''}${r.builds ? '' : '; the crate does not build'}`;
  return { summary, converted: r.converted, kept: r.fallback + r.skipped, complete: r.complete, usage: { calls: r.calls, input_tokens: r.tokens.input, output_tokens: r.tokens.output, cost: r.cost } };
}
