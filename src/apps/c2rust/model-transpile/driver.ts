import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { JarvisError, writeFileAtomicSync } from '../../../util/index.js';
import { artifactPath, c2rustDir } from '../artifacts.js';
import { Cargo } from '../optimize/cargo.js';
import { modulePath } from '../optimize/crate.js';
import { scanProject, writeScanArtifacts } from '../scan.js';
import { convertFunction, emptyOutcome, type ConvertContext } from './convert.js';
import { CrateGit } from './crate-git.js';
import { cSource, orderFromSteps, readLibraryReplacements, readOrder, readStageConfig, appliedReplacement, reportBinaries, type OrderedFunction, type SymbolMapRecord } from './inputs.js';
import { budgetOf, type ModelTranspileOptions } from './options.js';
import { emptyProgress, key, lastCommit, readProgress, saveProgress, type Progress } from './progress.js';
import type { ModelTranspileReport } from './report.js';
import { findFunction } from './rust-items.js';
import { deterministicMap, rustBareName, writeSymbolMap } from './symbol-records.js';

/** `jc2r prepare`'s target module per C function (`crate_plan.json`), none without a plan. */
function plannedModules(root: string): Record<string, string> {
  const path = artifactPath(root, 'cratePlan');
  if (!existsSync(path)) return {};
  try {
    const plan = JSON.parse(readFileSync(path, 'utf8')) as { target?: unknown };
    return plan.target !== null && typeof plan.target === 'object' ? (plan.target as Record<string, string>) : {};
  } catch {
    return {};
  }
}

const BASE_MESSAGE = 'jc2r transpile: deterministic translation';

/** The library crate's name as binaries write it (`[lib] name`, else the package name with `-` → `_`). */
function libName(crateDir: string): string {
  const toml = readFileSync(join(crateDir, 'Cargo.toml'), 'utf8');
  const lib = /\[lib\][^[]*?^\s*name\s*=\s*"([^"]+)"/ms.exec(toml)?.[1];
  const pkg = /\[package\][^[]*?^\s*name\s*=\s*"([^"]+)"/ms.exec(toml)?.[1];
  return (lib ?? pkg ?? 'crate').replace(/-/g, '_');
}

/** The crate's own repository and progress: fresh, resumed (reset to the last converted commit), or reset on request. */
async function openProgress(git: CrateGit, crateDir: string, progressPath: string, reset: boolean, notices: string[], checkBase: () => Promise<void>): Promise<{ progress: Progress; fresh: boolean }> {
  let progress = readProgress(progressPath);
  if (!(await git.isOwnRepo())) {
    await checkBase();
    return { progress: emptyProgress(crateDir, await git.init(BASE_MESSAGE)), fresh: true };
  }
  if (progress && (await git.hasCommit(progress.base_commit)) && (await git.isAncestor(progress.base_commit))) {
    if (reset) {
      await git.resetTo(progress.base_commit);
      return { progress: emptyProgress(crateDir, progress.base_commit), fresh: false };
    }
    // a run killed mid-function left its edits: they are thrown away and the function redone
    const last = lastCommit(progress);
    const dirty = (await git.dirty()).filter((f) => f !== 'Cargo.lock');
    if (!progress.current && (dirty.length > 0 || (await git.head()) !== last)) {
      // no function was under way: these are someone else's changes, never thrown away silently
      throw new JarvisError('usage', `the crate ${crateDir} changed since the model stage's last step (${dirty.length > 0 ? `uncommitted: ${dirty.slice(0, 3).join(', ')}${dirty.length > 3 ? ', …' : ''}` : 'new commits'})`, {
        hint: 'keep them out of the crate (git stash / git reset in it), or pass --reset-progress to start the model stage over from the deterministic translation',
      });
    }
    if (progress.current || dirty.length > 0) notices.push(`resuming: back to ${last.slice(0, 10)}${progress.current ? `, redoing ${progress.current.c_name}` : ''}`);
    await git.resetTo(last);
    progress.current = null;
    return { progress, fresh: false };
  }
  // a crate of its own without our progress (or a new translation written over it): it is the new base
  await checkBase();
  git.ensureIgnores();
  progress = emptyProgress(crateDir, await git.commitAll(BASE_MESSAGE));
  return { progress, fresh: true };
}

/**
 * Every step must start from a crate that builds: one that does not (a translator defect, a
 * missing system library) would make every function fail its checks and spend the model's
 * budget on errors that are not its own.
 */
async function startsBuilding(crateDir: string, opts: ModelTranspileOptions): Promise<void> {
  const cargo = new Cargo({ crateDir, ...(opts.exec ? { exec: opts.exec } : {}), ...(opts.env ? { env: opts.env } : {}) });
  const check = await cargo.check();
  if (check.ok) return;
  const first = check.errors[0];
  const where = first?.spans[0] ? ` (${first.spans[0].file}:${first.spans[0].lineStart})` : '';
  throw new JarvisError('usage', `the crate ${crateDir} does not build before the model stage: ${first ? `${first.code ?? 'error'}: ${first.message}${where}` : (check.stderrTail.trim().split('\n').pop() ?? 'cargo check failed')}`, {
    hint: `run \`cargo check\` in ${crateDir} and fix the translation (or report the translator defect); the model stage starts only from a crate that builds`,
  });
}

async function functionOrder(opts: ModelTranspileOptions, root: string): Promise<OrderedFunction[]> {
  const order = readOrder(root);
  if (order) return order;
  const scan = await scanProject({ root, ...(opts.scan?.ccRoot ? { ccRoot: opts.scan.ccRoot } : {}), defines: opts.scan?.defines ?? [], includes: opts.scan?.includes ?? [] });
  writeScanArtifacts(root, scan);
  return orderFromSteps(scan.order);
}

export async function runModelTranspile(opts: ModelTranspileOptions): Promise<ModelTranspileReport> {
  const root = resolve(opts.root);
  const crateDir = resolve(opts.crateDir ?? `${root}_rs`);
  if (!existsSync(join(crateDir, 'Cargo.toml'))) throw new JarvisError('not_found', `no crate at ${crateDir}`, { hint: 'run `jc2r transpile --no-model` first (or pass the crate directory)' });
  const symbolMapPath = artifactPath(root, 'symbolMap');
  if (!existsSync(symbolMapPath)) throw new JarvisError('not_found', `no ${symbolMapPath}`, { hint: 'run `jc2r transpile --no-model` first: the model stage starts from its translation' });
  const budget = budgetOf(opts.budget);
  const notices: string[] = [];
  const progressPath = artifactPath(root, 'progress');
  const reportPath = join(c2rustDir(root), 'model_transpile_report.json');
  const git = new CrateGit(crateDir);
  const { progress, fresh } = await openProgress(git, crateDir, progressPath, opts.resetProgress === true, notices, () => startsBuilding(crateDir, opts));
  const base = deterministicMap(symbolMapPath, fresh);
  const byKey = new Map<string, SymbolMapRecord>(base.filter((r) => r.kind === 'function').map((r) => [key(r.c_name, r.c_file), r]));
  const order = (await functionOrder(opts, root)).filter((f) => byKey.has(key(f.name, f.file)));
  const only = opts.functions && opts.functions.length > 0 ? new Set(opts.functions) : undefined;
  const unknown = [...(only ?? [])].filter((n) => !order.some((f) => f.name === n));
  if (unknown.length > 0) throw new JarvisError('usage', `no translated C function named ${unknown.join(', ')}`, { hint: `the functions in translation order are: ${order.map((f) => f.name).slice(0, 20).join(', ')}${order.length > 20 ? ', …' : ''}` });
  const config = readStageConfig(root);
  const replacements = readLibraryReplacements(root);
  const targets = plannedModules(root);
  const lib = libName(crateDir);
  const finished = new Set(progress.outcomes.map((o) => key(o.c_name, o.c_file)));
  const total = order.length;
  const say = (message: string, fn?: string, stage?: string) => opts.onProgress?.({ done: progress.outcomes.length, total, ...(fn ? { function: fn } : {}), ...(stage ? { stage } : {}), message });
  await writeSymbolMap(symbolMapPath, crateDir, base, progress);
  saveProgress(progressPath, progress);

  let complete = true;
  let current: OrderedFunction | undefined;
  // one context for the run: the differential tests switch off for good when there is nothing to run
  const cc: ConvertContext = {
    root,
    crateDir,
    libName: lib,
    git,
    agents: opts.agents,
    budget,
    equiv: opts.equiv !== false && reportBinaries(root).length > 0,
    notices,
    ...(opts.equivRuns ? { equivRuns: opts.equivRuns } : {}),
    ...(opts.equivCommandsFile ? { equivCommandsFile: opts.equivCommandsFile } : {}),
    ...(opts.exec ? { exec: opts.exec } : {}),
    ...(opts.env ? { env: opts.env } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
    wrappers: progress.wrappers,
    stage: (stage, round, lastError) => {
      const fn = current as OrderedFunction;
      progress.current = { c_name: fn.name, c_file: fn.file, stage, round, ...(lastError ? { last_error: lastError.slice(0, 2000) } : {}) };
      saveProgress(progressPath, progress);
      say(`${fn.name}: ${stage}${round ? ` (round ${round})` : ''}`, fn.name, stage);
    },
  };
  for (const fn of order) {
    const k = key(fn.name, fn.file);
    if (finished.has(k)) continue;
    if (only && !only.has(fn.name)) continue;
    if (opts.signal?.aborted) {
      complete = false;
      break;
    }
    const rec = byKey.get(k) as SymbolMapRecord;
    const outcome = emptyOutcome(fn.name, fn.file);
    const replaced = appliedReplacement(fn.name, fn.libReplacement, replacements);
    if (replaced && !replaced.std) {
      // only std or code without dependencies builds here: a crate would need crates.io
      outcome.reason = `replaced by ${replaced.libraries.join(', ')} (lib-replace): a third-party crate cannot be added to an offline build (no dependencies), so the deterministic translation stays`;
    } else {
      const rustName = rustBareName(rec.rust_name);
      const converted = new Map(progress.outcomes.filter((o) => o.status === 'converted').map((o) => [o.c_name, o]));
      const calleeLine = async (name: string): Promise<string | undefined> => {
        const r = base.find((x) => x.kind === 'function' && x.c_name === name);
        if (!r) return undefined;
        // a converted callee may have moved to its planned module
        const file = converted.get(name)?.rust_file ?? r.rust_file;
        const it = await findFunction(crateDir, file, rustBareName(r.rust_name));
        return `crate::${[...modulePath(file), rustBareName(r.rust_name)].join('::')}: ${it?.signature ?? '(not found)'}`;
      };
      const callees: string[] = [];
      const unconverted: string[] = [];
      for (const c of [...new Set(fn.calls)].filter((c) => c !== fn.name)) {
        const line = await calleeLine(c);
        if (line) (converted.has(c) ? callees : unconverted).push(line);
      }
      progress.current = { c_name: fn.name, c_file: fn.file, stage: 'plan', round: 0 };
      saveProgress(progressPath, progress);
      say(`${fn.name}: converting`, fn.name, 'plan');
      current = fn;
      await convertFunction(
        cc,
        {
          ctx: {
            cName: fn.name,
            cFile: fn.file,
            cLines: `${fn.startLine}-${fn.endLine}`,
            cSource: cSource(root, fn.file, fn.startLine, fn.endLine),
            rustName,
            rustFile: rec.rust_file,
            modulePath: ['crate', ...modulePath(rec.rust_file)].join('::'),
            ...(targets[fn.name] && targets[fn.name] !== modulePath(rec.rust_file).join('::') ? { targetModule: targets[fn.name] } : {}),
            callees,
            unconvertedCallees: unconverted,
            replacements: replacements.map((r) => JSON.stringify(r)),
            ...(replaced ? { libReplacement: replaced } : {}),
            notes: config.notes,
          },
        },
        outcome,
      );
      if (outcome.status === 'fallback' && outcome.reason === 'stopped') {
        await git.resetTo(lastCommit(progress));
        complete = false;
        break;
      }
    }
    if (outcome.status === 'converted') {
      outcome.commit = await git.commitAll(`jc2r transpile: ${fn.name} (${fn.file}) in safe Rust`);
    } else {
      // the deterministic translation stays: everything the function's attempt changed goes
      await git.resetTo(lastCommit(progress));
    }
    progress.outcomes.push(outcome);
    progress.current = null;
    saveProgress(progressPath, progress);
    await writeSymbolMap(symbolMapPath, crateDir, base, progress);
    say(`${fn.name}: ${outcome.status}${outcome.reason ? ` (${outcome.reason})` : ''}`, fn.name, outcome.status);
  }

  const outcomes = progress.outcomes;
  const sum = (f: (o: (typeof outcomes)[number]) => number) => outcomes.reduce((a, o) => a + f(o), 0);
  const report: ModelTranspileReport = {
    root,
    crate: crateDir,
    baseCommit: progress.base_commit,
    finalCommit: await git.head(),
    functions: outcomes,
    converted: outcomes.filter((o) => o.status === 'converted').length,
    fallback: outcomes.filter((o) => o.status === 'fallback').length,
    skipped: outcomes.filter((o) => o.status === 'skipped').length,
    tokens: { input: sum((o) => o.tokens.total.input), output: sum((o) => o.tokens.total.output) },
    calls: sum((o) => o.calls ?? 0),
    cost: sum((o) => o.cost),
    cargoRuns: sum((o) => o.cargo_runs),
    builds: (await git.dirty()).length === 0,
    complete: complete && order.every((f) => (only && !only.has(f.name)) || progress.outcomes.some((o) => o.c_name === f.name && o.c_file === f.file)),
    reportPath,
    progressPath,
    symbolMapPath,
    notices,
  };
  writeFileAtomicSync(reportPath, `${JSON.stringify(report, null, 2)}\n`);
  return report;
}
