import type { AgentFactory } from '../../../agent/index.js';
import type { Cargo } from './cargo.js';

export type PassName = 'unsafe' | 'structure' | 'visibility' | 'doc';

export interface PassInput {
  crateDir: string;
  workspaceRoot: string;
  /** Current text of each target file, keyed by posix path relative to the crate. */
  texts: ReadonlyMap<string, string>;
  cargo: Cargo;
  fallbackRetries: number;
  /** The crate's Rust edition year (2015, 2018, 2021, 2024). */
  edition: number;
  /** Only count what would change: no writes, no cargo runs. */
  dryRun: boolean;
  /** Builds the model stages' agents (the group's cheap model), when one is configured: sharper SAFETY texts and merge confirmations. */
  agents?: AgentFactory;
}

export interface PassResult {
  /** New text of each file the pass changed (already on disk unless dry-run). */
  texts: Map<string, string>;
  counts: Record<string, number>;
  /** Set when the pass could not reach a building state; the caller rolls it back. */
  failure?: string;
  /** Per-file notes for the report, e.g. the kept unsafe sites and their reasons. */
  notes: string[];
}
