import type { AgentFactory } from '../../../agent/index.js';
import type { Exec } from '../optimize/cargo.js';

/** What one function may spend before its deterministic translation is kept instead. */
export interface FunctionBudget {
  /** model rounds that answer a failed check (build, tests, differential tests) */
  repairRounds: number;
  /** review runs; a function is accepted only on a review that finds nothing (0: no review) */
  reviewRounds: number;
  /** tokens (input + output) over every agent of the function; 0 = no limit */
  tokens: number;
  /** USD at the configured prices; 0 = no limit */
  cost: number;
  /** cargo check/test runs; 0 = no limit */
  cargoRuns: number;
  /** model turns one agent run may take (tool calls included) before it is stopped */
  agentTurns: number;
  /** `cargo check` rounds of deterministic fixes before the errors go to the model */
  deterministicFixRounds: number;
}

export const DEFAULT_BUDGET: FunctionBudget = {
  repairRounds: 4,
  reviewRounds: 2,
  tokens: 400_000,
  cost: 0,
  cargoRuns: 30,
  agentTurns: 12,
  deterministicFixRounds: 3,
};

export interface ModelTranspileOptions {
  /** the C project (its `.jarvis/c2rust/` holds the records) */
  root: string;
  /** the crate `jc2r transpile` wrote (default `<root>_rs`) */
  crateDir?: string;
  /** builds every agent of the stage (plan, write, review) */
  agents: AgentFactory;
  budget?: Partial<FunctionBudget>;
  /** only these C functions (names); the rest keep their deterministic translation this run */
  functions?: readonly string[];
  /** aborting it stops the run between steps; the function under way is redone next time */
  signal?: AbortSignal;
  /** forget earlier progress: back to the deterministic commit and start over */
  resetProgress?: boolean;
  /** differential test commands as `jc2r equiv --run` takes them; default the project's test programs */
  equivRuns?: readonly string[];
  equivCommandsFile?: string;
  /** false: no differential tests */
  equiv?: boolean;
  /** scan options, used when there is no translation order yet */
  scan?: { ccRoot?: string; defines?: string[]; includes?: string[] };
  /** one event per step, for a progress bar or log */
  onProgress?: (event: ProgressEvent) => void;
  /** runs cargo (tests count the runs) */
  exec?: Exec;
  /** extra environment for cargo and the differential tests (e.g. a shared CARGO_TARGET_DIR) */
  env?: NodeJS.ProcessEnv;
}

/** Where the stage is: `done` of `total` functions finished, the current one and its stage. */
export interface ProgressEvent {
  done: number;
  total: number;
  function?: string;
  stage?: string;
  /** one line for a person */
  message: string;
}

export function budgetOf(b: Partial<FunctionBudget> | undefined): FunctionBudget {
  const out = { ...DEFAULT_BUDGET };
  for (const [k, v] of Object.entries(b ?? {})) if (typeof v === 'number' && Number.isFinite(v) && v >= 0) out[k as keyof FunctionBudget] = v;
  return out;
}
