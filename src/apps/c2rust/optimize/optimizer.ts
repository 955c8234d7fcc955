import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentFactory } from '../../../agent/index.js';
import { writeFileAtomicSync } from '../../../util/index.js';
import { BudgetExhausted, Cargo, type Exec } from './cargo.js';
import { crateEdition, resolveCrateDir, workspaceRoot } from './crate.js';
import { docsPassFactory } from './docs-pass.js';
import { runDuplicatesPass } from './duplicates-pass.js';
import type { PassInput, PassName, PassResult } from './pass.js';
import { optimizePaths } from './paths.js';
import type { OptimizeReport, PassReport } from './report.js';
import { parseRust } from './rust-syntax.js';
import { GitGuard, type Snapshot } from './snapshot.js';
import { SymbolDocs } from './symbol-map.js';
import { readProgress, selectTargets, writeProgress } from './targets.js';
import { unsafeLines } from './unsafe-candidates.js';
import { runUnsafePass } from './unsafe-pass.js';
import { runVisibilityPass } from './visibility-pass.js';

export interface OptimizeOptions {
  /** The project directory: `.jarvis/c2rust/` lives here. */
  cwd: string;
  crateDir?: string;
  passes: Record<PassName, boolean>;
  include?: string[];
  exclude?: string[];
  maxFiles?: number;
  resume: boolean;
  resetProgress: boolean;
  /** Cap on cargo check/test runs; 0 = unlimited. */
  maxChecks: number;
  dryRun: boolean;
  /** Repair rounds allowed when build errors cannot be tied to one change. */
  buildFixRetries: number;
  gitGuard: boolean;
  /** Runs cargo; tests inject a counting wrapper. */
  exec?: Exec;
  /** Extra environment for cargo (e.g. CARGO_TARGET_DIR). */
  cargoEnv?: NodeJS.ProcessEnv;
  onProgress?: (message: string) => void;
  /** Builds the model stages' agents on the group's cheap model (recording into the run); without it every pass is deterministic. */
  agents?: AgentFactory;
}

const ORDER: PassName[] = ['unsafe', 'structure', 'visibility', 'doc'];
/** Passes that only add comments: one `cargo test` verifies them. */
const COMMENT_ONLY = new Set<PassName>(['structure', 'doc']);

async function countUnsafeLines(texts: ReadonlyMap<string, string>): Promise<number> {
  let n = 0;
  for (const text of texts.values()) {
    const tree = await parseRust(text);
    n += unsafeLines(tree);
    tree.delete();
  }
  return n;
}

/**
 * `jc2r optimize`: runs the enabled passes over the selected files, each behind a snapshot,
 * verified by cargo and rolled back whole when it leaves the crate failing.
 */
export async function optimizeCrate(opts: OptimizeOptions): Promise<OptimizeReport> {
  const started = Date.now();
  const crateDir = resolveCrateDir(opts.cwd, opts.crateDir);
  const paths = optimizePaths(opts.cwd);
  const say = opts.onProgress ?? (() => undefined);

  let progress = readProgress(paths.progress, crateDir);
  if (opts.resetProgress) {
    progress = { ...progress, processed: [] };
    if (!opts.dryRun) writeProgress(paths.progress, progress);
  }
  const { targets, skipped } = selectTargets(crateDir, {
    include: opts.include,
    exclude: opts.exclude,
    maxFiles: opts.maxFiles,
    skip: opts.resume ? new Set(progress.processed) : undefined,
  });

  const texts = new Map<string, string>();
  for (const f of targets) texts.set(f, readFileSync(join(crateDir, f), 'utf8'));
  const report: OptimizeReport = {
    version: 1,
    crate_dir: crateDir,
    started_at: new Date(started).toISOString(),
    duration_ms: 0,
    dry_run: opts.dryRun,
    files_scanned: targets.length,
    files: targets,
    files_skipped: skipped.length,
    passes: [],
    unsafe_lines_before: await countUnsafeLines(texts),
    unsafe_lines_after: 0,
    unsafe_removed: 0,
    unsafe_kept: 0,
    safety_comments_added: 0,
    visibility_narrowed: 0,
    duplicates_tagged: 0,
    duplicates_merged: 0,
    docs_added: 0,
    cargo_runs: 0,
    errors: [],
  };

  const cargo = new Cargo({ crateDir, exec: opts.exec, maxRuns: opts.maxChecks, env: opts.cargoEnv });
  const anyPass = Object.values(opts.passes).some(Boolean);
  const guard = opts.gitGuard && !opts.dryRun && anyPass && targets.length > 0 ? await GitGuard.open(crateDir, paths.snapshotRepo) : undefined;
  const symbols = SymbolDocs.load(paths.symbolMap, opts.cwd);
  const passes: Record<PassName, (input: PassInput) => Promise<PassResult>> = {
    unsafe: runUnsafePass,
    structure: runDuplicatesPass,
    visibility: runVisibilityPass,
    doc: docsPassFactory(symbols),
  };

  let budgetStop = false;
  for (const name of ORDER) {
    if (!opts.passes[name] || targets.length === 0) continue;
    const entry: PassReport = { name, status: 'skipped', cargo_runs: 0, counts: {}, notes: [] };
    report.passes.push(entry);
    if (budgetStop) {
      entry.error = 'cargo run budget exhausted';
      continue;
    }
    say(`${name}: ${opts.dryRun ? 'counting' : 'running'} over ${targets.length} file(s)`);
    const runsBefore = cargo.runs;
    const before = new Map(texts);
    let snapshot: Snapshot | undefined;
    if (guard) {
      snapshot = await guard.take(`before-${name}`, targets);
      entry.snapshot = snapshot.ref;
    }
    let failure: string | undefined;
    let result: PassResult | undefined;
    try {
      result = await passes[name]({
        crateDir,
        workspaceRoot: workspaceRoot(crateDir),
        edition: crateEdition(crateDir),
        texts,
        cargo,
        fallbackRetries: opts.buildFixRetries,
        dryRun: opts.dryRun,
        ...(opts.agents && !opts.dryRun ? { agents: opts.agents } : {}),
      });
      failure = result.failure;
      entry.counts = result.counts;
      entry.notes = result.notes;
      if (!failure && !opts.dryRun && result.texts.size > 0) {
        const test = await cargo.test();
        if (!test.ok) failure = `cargo test fails after the ${name} pass${COMMENT_ONLY.has(name) ? '' : ' although cargo check passes'}: ${test.output.trim().split('\n').slice(-3).join(' | ')}`;
      }
    } catch (e) {
      if (!(e instanceof BudgetExhausted)) {
        await rollback(guard, snapshot, crateDir, before);
        throw e;
      }
      budgetStop = true;
      failure = `${e.message} (--max-checks ${e.limit})`;
    }
    entry.cargo_runs = cargo.runs - runsBefore;
    if (failure) {
      await rollback(guard, snapshot, crateDir, before);
      entry.status = 'rolled_back';
      entry.error = failure;
      report.errors.push(`${name}: ${failure}`);
      say(`${name}: rolled back (${failure})`);
      continue;
    }
    const changed = result?.texts ?? new Map<string, string>();
    entry.status = opts.dryRun ? 'dry_run' : changed.size > 0 ? 'applied' : 'unchanged';
    for (const [f, t] of changed) texts.set(f, t);
    say(`${name}: ${entry.status}`);
  }

  // A rolled-back pass changed nothing, whatever it counted before the rollback.
  const count = (key: string) =>
    report.passes.filter((p) => p.status === 'applied' || p.status === 'unchanged' || p.status === 'dry_run').reduce((n, p) => n + (p.counts[key] ?? 0), 0);
  report.unsafe_removed = opts.dryRun ? 0 : count('unsafe_removed');
  report.unsafe_kept = opts.dryRun ? 0 : count('unsafe_kept');
  report.safety_comments_added = opts.dryRun ? 0 : count('safety_comments_added');
  report.visibility_narrowed = opts.dryRun ? 0 : count('visibility_narrowed');
  report.duplicates_tagged = count('duplicates_tagged');
  report.duplicates_merged = opts.dryRun ? 0 : count('duplicates_merged');
  report.docs_added = count('docs_added');
  report.unsafe_lines_after = opts.dryRun ? report.unsafe_lines_before : await countUnsafeLines(texts);
  report.cargo_runs = cargo.runs;
  report.duration_ms = Date.now() - started;

  if (!opts.dryRun) {
    if (!budgetStop && targets.length > 0) {
      writeProgress(paths.progress, { ...progress, processed: [...new Set([...progress.processed, ...targets])] });
    }
    writeFileAtomicSync(paths.report, `${JSON.stringify(report, null, 2)}\n`);
  }
  return report;
}

async function rollback(guard: GitGuard | undefined, snapshot: Snapshot | undefined, crateDir: string, before: ReadonlyMap<string, string>): Promise<void> {
  if (guard && snapshot) {
    try {
      await guard.restore(snapshot);
      return;
    } catch (e) {
      // Put back at least the files we know, then report why the snapshot failed.
      for (const [f, t] of before) writeFileAtomicSync(join(crateDir, f), t);
      throw e;
    }
  }
  // Without a snapshot we still know every file a pass may have written.
  for (const [f, t] of before) writeFileAtomicSync(join(crateDir, f), t);
}

