import type { AgentFactory } from '../../../agent/index.js';
import type { StageBudget } from '../config/index.js';

/**
 * The seam to the model-driven per-function transpile (src/apps/c2rust/model-transpile/,
 * issue 18 item 4). `jc2r run` calls it after the deterministic translation when a model is
 * configured; while this build has no such stage, `modelTranspile` is undefined and the run
 * says so in its summary: the crate stays the deterministic translation.
 */
export interface ModelTranspileCall {
  root: string;
  crateDir: string;
  agents: AgentFactory;
  budget: StageBudget;
  testCommands: readonly string[];
  signal?: AbortSignal;
  onProgress?: (line: string) => void;
}

export interface ModelTranspileOutcome {
  /** one line for the summary table */
  summary: string;
  converted: number;
  /** functions that keep their deterministic translation */
  kept: number;
  usage?: { calls: number; input_tokens: number; output_tokens: number; cost: number };
}

export const modelTranspile: ((c: ModelTranspileCall) => Promise<ModelTranspileOutcome>) | undefined = undefined;
