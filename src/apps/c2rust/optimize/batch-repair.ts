import { isAbsolute, relative, resolve } from 'node:path';
import { writeFileAtomicSync } from '../../../util/index.js';
import type { Cargo } from './cargo.js';
import type { Diagnostic } from './diagnostics.js';
import type { PassInput } from './pass.js';
import { applyEdits, byteToIndex, mapBack, type TextEdit } from './text-edits.js';

/** One reversible change, e.g. "drop this `unsafe`" or "make this item pub(crate)". */
export interface Candidate {
  id: number;
  /** Posix path relative to the crate. */
  file: string;
  kind: string;
  name?: string;
  /** The code the change is about, in original-text indices: errors inside it blame this change. */
  region: { start: number; end: number };
  edits: TextEdit[];
}

/** A diagnostic span located in one of the edited files, in original-text indices. */
export interface LocatedSpan {
  file: string;
  start: number;
  end: number;
  primary: boolean;
  highlighted: string;
}

export interface LocatedError {
  diag: Diagnostic;
  /** Spans in edited files (mapped back to the original text). */
  spans: LocatedSpan[];
  /** Highlighted text of spans elsewhere (tests, examples, other crates). */
  foreign: string[];
}

export interface RepairOptions {
  crateDir: string;
  workspaceRoot: string;
  /** Current text of every file that has candidates. */
  originals: ReadonlyMap<string, string>;
  candidates: readonly Candidate[];
  cargo: Cargo;
  /** Which applied candidates the errors of one round blame; they are undone for the next round. */
  blame: (errors: LocatedError[], applied: ReadonlySet<number>) => Set<number>;
  /** Warnings that count as failures for this pass (by code, e.g. `unsafe_op_in_unsafe_fn`). */
  failOnWarnings?: ReadonlySet<string>;
  /** Rounds allowed where nothing could be blamed and whole files (then everything) are undone. */
  fallbackRetries: number;
}

export interface RepairResult {
  ok: boolean;
  /** Candidates whose change stayed. */
  applied: Set<number>;
  rounds: number;
  /** Final text of each edited file (also written to disk). */
  texts: Map<string, string>;
  failure?: string;
}

/**
 * Applies every candidate at once, then reads `cargo check` and undoes exactly the changes
 * the errors point to, until it compiles. Each failing round undoes at least one change, so
 * the number of checks is at most 1 + (number of changes undone).
 */
export async function batchRepair(opts: RepairOptions): Promise<RepairResult> {
  const applied = new Set(opts.candidates.map((c) => c.id));
  const byFile = new Map<string, Candidate[]>();
  for (const c of opts.candidates) byFile.set(c.file, [...(byFile.get(c.file) ?? []), c]);
  let retries = opts.fallbackRetries;
  let rounds = 0;
  for (;;) {
    rounds++;
    const texts = new Map<string, string>();
    const editsOf = new Map<string, TextEdit[]>();
    for (const [file, cands] of byFile) {
      const edits = cands.filter((c) => applied.has(c.id)).flatMap((c) => c.edits);
      const original = opts.originals.get(file) ?? '';
      const text = applyEdits(original, edits);
      editsOf.set(file, edits);
      texts.set(file, text);
      writeFileAtomicSync(resolve(opts.crateDir, file), text);
    }
    const check = await opts.cargo.check();
    const denied = check.all.filter((d) => d.level === 'warning' && d.code !== undefined && opts.failOnWarnings?.has(d.code));
    if (check.ok && (denied.length === 0 || applied.size === 0)) return { ok: true, applied, rounds, texts };
    if (applied.size === 0) {
      const first = check.errors[0];
      return { ok: false, applied, rounds, texts, failure: first ? `crate does not build: ${first.code ?? ''} ${first.message}`.trim() : `cargo check failed: ${check.stderrTail.trim().split('\n').pop() ?? ''}` };
    }
    const located = [...check.errors, ...denied].map((d) => locate(d, opts, texts, editsOf));
    let undo = new Set([...opts.blame(located, applied)].filter((id) => applied.has(id)));
    if (undo.size === 0) {
      if (retries <= 0) {
        return { ok: false, applied, rounds, texts, failure: 'build errors that no single change explains and no fallback retries left' };
      }
      retries--;
      const errorFiles = new Set(located.flatMap((e) => e.spans.map((s) => s.file)));
      undo = new Set(opts.candidates.filter((c) => applied.has(c.id) && errorFiles.has(c.file)).map((c) => c.id));
      if (undo.size === 0) undo = new Set(applied);
    }
    for (const id of undo) applied.delete(id);
  }
}

function locate(d: Diagnostic, opts: RepairOptions, texts: Map<string, string>, editsOf: Map<string, TextEdit[]>): LocatedError {
  const spans: LocatedSpan[] = [];
  const foreign: string[] = [];
  for (const s of d.spans) {
    const abs = isAbsolute(s.file) ? s.file : resolve(opts.workspaceRoot, s.file);
    const rel = relative(opts.crateDir, abs).split('\\').join('/');
    const text = texts.get(rel);
    if (text === undefined) {
      if (s.highlighted) foreign.push(s.highlighted);
      continue;
    }
    const edits = editsOf.get(rel) ?? [];
    const start = mapBack(edits, byteToIndex(text, s.byteStart));
    // Map the last character, not the end: an end that touches a deletion would map past it.
    const endIdx = byteToIndex(text, s.byteEnd);
    const end = endIdx > 0 ? Math.max(start, mapBack(edits, endIdx - 1) + 1) : start;
    spans.push({ file: rel, start, end, primary: s.primary, highlighted: s.highlighted });
  }
  return { diag: d, spans, foreign };
}

/** The innermost candidate (smallest region) among `cands` whose region holds the span. */
export function innermost(cands: readonly Candidate[], span: LocatedSpan): Candidate | undefined {
  let best: Candidate | undefined;
  for (const c of cands) {
    if (c.file !== span.file || span.start < c.region.start || span.end > c.region.end) continue;
    if (!best || c.region.end - c.region.start < best.region.end - best.region.start) best = c;
  }
  return best;
}

/**
 * batchRepair for a pass: the originals are the pass input's texts of the files a candidate
 * is in. Returns them too, since a pass re-applies or compares against them afterwards.
 */
export async function repairPassCandidates(
  input: PassInput,
  candidates: readonly Candidate[],
  blame: RepairOptions['blame'],
  failOnWarnings: ReadonlySet<string>,
): Promise<{ originals: Map<string, string>; result: RepairResult }> {
  const originals = new Map([...input.texts].filter(([f]) => candidates.some((c) => c.file === f)));
  const result = await batchRepair({
    crateDir: input.crateDir,
    workspaceRoot: input.workspaceRoot,
    originals,
    candidates,
    cargo: input.cargo,
    blame,
    failOnWarnings,
    fallbackRetries: input.fallbackRetries,
  });
  return { originals, result };
}
