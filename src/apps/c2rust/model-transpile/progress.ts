import { existsSync, readFileSync } from 'node:fs';
import { writeFileAtomicSync } from '../../../util/index.js';

/**
 * `.jarvis/c2rust/progress.json`: where the stage is (function, stage, round, last error), and
 * every function it finished, converted ones with their crate commit. Written whole and
 * atomically after each step, so a kill leaves the previous state; a resumed run goes back to
 * the last converted commit and redoes the function that was under way.
 */

export type Stage = 'plan' | 'write' | 'check' | 'test' | 'equiv' | 'review' | 'record';

export interface Tokens {
  input: number;
  output: number;
}

export interface FunctionOutcome {
  c_name: string;
  c_file: string;
  status: 'converted' | 'fallback' | 'skipped';
  /** fallback and skipped: why */
  reason?: string;
  rust_name?: string;
  rust_file?: string;
  rust_signature?: string;
  safe?: boolean;
  /** the C-ABI wrapper left for unconverted callers, if one was needed */
  ffi_wrapper?: string;
  commit?: string;
  plan?: { module: string; signature?: string; notes?: string; fallback?: string };
  /** why a converted function stays out of its planned module (the move did not build or pass its tests) */
  relocation?: string;
  cargo_runs: number;
  repair_rounds: number;
  review_rounds: number;
  /** what the deterministic fixes changed, one line each */
  deterministic_fixes: string[];
  /** every issue a review raised (resolved ones included) */
  review_issues: string[];
  /** the guard's refusals (edits that deleted tests) */
  guard_refusals: number;
  /** unsafe blocks and functions in the new function and its wrapper */
  unsafe_sites?: number;
  tests_added?: number;
  tokens: { plan: Tokens; write: Tokens; review: Tokens; total: Tokens };
  /** model calls of every agent of the function (absent in progress files of older runs) */
  calls?: number;
  cost: number;
  seconds: number;
}

export interface Progress {
  version: 1;
  crate: string;
  /** the commit of the deterministic translation everything builds on */
  base_commit: string;
  current: { c_name: string; c_file: string; stage: Stage; round: number; last_error?: string } | null;
  converted: { c_name: string; c_file: string; rust_name: string; commit: string }[];
  /** every finished function in order: converted, fell back, skipped */
  outcomes: FunctionOutcome[];
  /** C-ABI wrappers still in the crate: Rust name, file, and the C function they stand for */
  wrappers: { c_name: string; c_file: string; name: string; file: string }[];
}

export function emptyProgress(crate: string, base: string): Progress {
  return { version: 1, crate, base_commit: base, current: null, converted: [], outcomes: [], wrappers: [] };
}

export function readProgress(path: string): Progress | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const p = JSON.parse(readFileSync(path, 'utf8')) as Progress;
    if (p.version !== 1 || typeof p.base_commit !== 'string' || !Array.isArray(p.outcomes)) return undefined;
    return { ...p, wrappers: p.wrappers ?? [], converted: p.converted ?? [] };
  } catch {
    return undefined;
  }
}

export function saveProgress(path: string, p: Progress): void {
  p.converted = p.outcomes.filter((o) => o.status === 'converted').map((o) => ({ c_name: o.c_name, c_file: o.c_file, rust_name: o.rust_name ?? '', commit: o.commit ?? '' }));
  writeFileAtomicSync(path, `${JSON.stringify(p, null, 2)}\n`);
}

/** The commit the crate must be at when no function is under way: the last converted one. */
export function lastCommit(p: Progress): string {
  const done = p.outcomes.filter((o) => o.status === 'converted' && o.commit);
  return done[done.length - 1]?.commit ?? p.base_commit;
}

export const key = (name: string, file: string): string => `${file}\0${name}`;
