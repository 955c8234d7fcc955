import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { existsSync, statSync } from 'node:fs';
import { JarvisError, writeFileAtomicSync } from '../../util/index.js';
import { artifactPath, type ArtifactName } from './artifacts.js';
import { listSources, type TranslationUnit } from './compile-db.js';
import type { CompileSource } from './build-discovery.js';
import { projectUnits } from './project-units.js';
import { describeHints, predefinedMacros, unselectedBranchHints } from './unselected-branch.js';
import { relPath } from './expansion.js';
import { extractFacts, type RegionCache } from './extract.js';
import { HeaderReuse } from './header-reuse.js';
import { CommandPool } from './cc-pool.js';
import { findPreprocessor, frontEndFrom, preprocessArgv, type FrontEndMode } from './front-end.js';
import { link, type LinkInput } from './link.js';
import { countCycles, findRoots, translationOrder } from './order.js';
import type { OrderStep, SymbolRecord } from './symbols.js';

export interface ScanOptions {
  root: string;
  /** Directory (or file) of compile_commands.json; otherwise the root and build dirs are searched. */
  ccRoot?: string;
  /** `NAME` or `NAME=VALUE`, added to every unit. */
  defines?: string[];
  includes?: string[];
  /** false: parse raw sources even when a preprocessor is installed. */
  preprocess?: boolean;
  /** false: never configure the build system for compile commands (only an existing compile_commands.json). */
  discoverBuild?: boolean;
  /** Where generated build directories go instead of `.jarvis/c2rust/build/` (a tree that must stay untouched). */
  buildDir?: string;
  env?: NodeJS.ProcessEnv;
}

export interface FileReport {
  file: string;
  mode: FrontEndMode;
  parseErrors: number;
  notice?: string;
  /** With parse errors: a macro defined only in a conditional branch that was off, and where. */
  hint?: string;
}

export interface ScanSummary {
  files: number;
  translationUnits: number;
  functions: number;
  types: number;
  callEdges: number;
  externalCalls: number;
  unresolvedCalls: number;
  cycles: number;
  roots: number;
  parseErrors: number;
  rawUnits: number;
  preprocessor: string | null;
  /** The compile_commands.json read (the project's or one generated from its build), or null. */
  compileCommands: string | null;
  /** Where the compile commands came from: the project's database, meson, CMake, make -n, or none. */
  compileSource: CompileSource;
  /** Sources under the root the compile commands do not cover, left out of the scan. */
  sourcesLeftOut: number;
  seconds: number;
}

export interface ScanResult {
  symbols: SymbolRecord[];
  raw: SymbolRecord[];
  order: OrderStep[];
  roots: number[];
  units: TranslationUnit[];
  files: FileReport[];
  notices: string[];
  summary: ScanSummary;
}

/** Scans a C/C++ tree: front end per unit (in parallel), tree-sitter facts, cross-unit linking, order. */
export async function scanProject(opts: ScanOptions): Promise<ScanResult> {
  const started = performance.now();
  const root = resolve(opts.root);
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new JarvisError('not_found', `${root} is not a directory`, { hint: 'pass the C project root with -p' });
  const notices: string[] = [];
  const userArgs = [...(opts.defines ?? []).map((d) => `-D${d}`), ...(opts.includes ?? []).map((i) => `-I${resolve(i)}`)];
  const found = await projectUnits(root, { ccRoot: opts.ccRoot, userArgs, generate: opts.discoverBuild, buildRoot: opts.buildDir, env: opts.env });
  const units = found.units;
  notices.push(...found.notices);
  if (units.length === 0 && listSources(root).headers.length === 0) {
    throw new JarvisError('not_found', `no C or C++ sources under ${root}`, { hint: 'pass the project root with -p, or --cc-root for compile_commands.json' });
  }
  const cc = opts.preprocess === false ? undefined : await findPreprocessor(opts.env);
  if (!cc) notices.push(opts.preprocess === false ? 'preprocessing disabled: parsed raw sources (macros and #if resolved approximately)' : 'no C preprocessor (cc or $CC) found: parsed raw sources (macros and #if resolved approximately)');

  const cpus = Math.max(1, availableParallelism());
  const inputs: LinkInput[] = [];
  const reports = new Map<string, FileReport>();
  const seen = new Set<string>();
  const cache: RegionCache = new Map();
  const reuse = new HeaderReuse();
  const damaged = new Map<string, { unit: TranslationUnit; words: Set<string> }>();
  const scanUnits = async (list: TranslationUnit[], header: boolean) => {
    // All units are queued at once; results arrive roughly in order, so parsing overlaps cc -E.
    const pool = cc ? new CommandPool(list.map((u) => ({ argv: preprocessArgv(u, cc, header), cwd: u.cwd })), cpus) : undefined;
    try {
      for (let i = 0; i < list.length; i++) {
        const unit = list[i] as TranslationUnit;
        const fe = frontEndFrom(unit, root, await pool?.result(i));
        const exp = fe.expand(reuse.keys);
        const facts = await extractFacts(exp, unit.language, cache, reuse);
        inputs.push({ facts, macros: fe.macros });
        for (const f of exp.files) seen.add(f);
        const unitRel = relPath(root, unit.file);
        if (!reports.has(unitRel)) reports.set(unitRel, { file: unitRel, mode: fe.mode, parseErrors: 0, ...(fe.notice ? { notice: fe.notice } : {}) });
        for (const [file, n] of facts.parseErrors) {
          const r = reports.get(file) ?? { file, mode: fe.mode, parseErrors: 0 };
          r.parseErrors = Math.max(r.parseErrors, n);
          reports.set(file, r);
          if (!damaged.has(file)) damaged.set(file, { unit, words: facts.errorWords.get(file) ?? new Set() });
        }
      }
    } finally {
      await pool?.close();
    }
  };
  await scanUnits(units, false);
  // Headers no unit includes still declare API and may define inline functions.
  // Not the headers of code the build leaves out (a contrib folder's C++ or Windows headers).
  const leftOutDirs = new Set(found.leftOut.map((f) => resolve(f, '..')));
  const lonely = listSources(root).headers.filter((h) => !seen.has(relPath(root, h)) && !leftOutDirs.has(resolve(h, '..')));
  await scanUnits(
    lonely.map((file) => ({ file, cwd: resolve(file, '..'), args: units[0]?.args ?? [...userArgs, `-I${root}`], language: headerLanguage(file, units) })),
    true,
  );
  // Raw-parsed units share their function-like macros: a header's macro is used by the sources.
  const allMacros = new Map<string, string[]>();
  for (const i of inputs) for (const [k, v] of i.macros ?? []) if (!allMacros.has(k)) allMacros.set(k, v);
  for (const i of inputs) if (i.macros) i.macros = allMacros;

  const linked = link(inputs);
  const order = translationOrder(linked.symbols);
  const roots = findRoots(linked.symbols);
  const files = [...reports.values()].sort((a, b) => (a.file < b.file ? -1 : 1));
  await explainDamage(root, files, damaged, cc);
  for (const r of files) if (r.notice) notices.push(`${r.file}: ${r.notice}`);
  for (const r of files) if (r.hint) notices.push(`${r.file}: ${r.parseErrors} parse error(s); ${r.hint}`);
  const summary: ScanSummary = {
    files: seen.size,
    translationUnits: units.length,
    functions: linked.symbols.filter((s) => s.category === 'function').length,
    types: linked.symbols.filter((s) => s.category === 'type').length,
    callEdges: linked.stats.callEdges,
    externalCalls: linked.stats.externalCalls,
    unresolvedCalls: linked.stats.unresolvedCalls,
    cycles: countCycles(linked.symbols),
    roots: roots.length,
    parseErrors: files.reduce((n, f) => n + f.parseErrors, 0),
    rawUnits: files.filter((f) => f.mode === 'raw').length,
    preprocessor: cc ? cc.join(' ') : null,
    compileCommands: found.source.database ?? null,
    compileSource: found.source,
    sourcesLeftOut: found.leftOut.length,
    seconds: (performance.now() - started) / 1000,
  };
  return { symbols: linked.symbols, raw: linked.raw, order, roots, units, files, notices, summary };
}

/** Names, for files with parse errors, the conditional that left a macro they use undefined. */
async function explainDamage(root: string, files: FileReport[], damaged: Map<string, { unit: TranslationUnit; words: Set<string> }>, cc: string[] | undefined): Promise<void> {
  const bad = files.filter((f) => f.parseErrors > 0 && damaged.get(f.file)?.words.size);
  if (bad.length === 0) return;
  const predefined = cc ? await predefinedMacros(cc) : new Map<string, string>();
  const headers = listSources(root).headers;
  for (const f of bad) {
    const d = damaged.get(f.file) as { unit: TranslationUnit; words: Set<string> };
    const hints = unselectedBranchHints({ root, file: resolve(root, f.file), words: d.words, args: d.unit.args, predefined, headers });
    if (hints.length > 0) f.hint = describeHints(hints);
  }
}

/** symbols_raw.jsonl, symbols.jsonl, translation_order.jsonl and scan_summary.json, each written atomically. */
export function writeScanArtifacts(root: string, result: ScanResult): Record<ArtifactName, string> {
  const jsonl = (rows: readonly unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n') + (rows.length ? '\n' : '');
  const paths = {} as Record<ArtifactName, string>;
  const write = (name: ArtifactName, data: string) => {
    paths[name] = artifactPath(root, name);
    writeFileAtomicSync(paths[name], data);
  };
  write('symbolsRaw', jsonl(result.raw));
  write('symbols', jsonl(result.symbols));
  write('translationOrder', jsonl(result.order));
  write('scanSummary', `${JSON.stringify({ ...result.summary, root_ids: result.roots, file_reports: result.files, notices: result.notices }, null, 2)}\n`);
  return paths;
}

/** A `.h` is C unless the only sources beside it are C++ (a C++ library's header). */
function headerLanguage(file: string, units: readonly TranslationUnit[]): 'c' | 'cpp' {
  if (!/\.h$/i.test(file)) return 'cpp';
  const dir = resolve(file, '..');
  const beside = units.filter((u) => resolve(u.file, '..') === dir);
  return beside.length > 0 && beside.every((u) => u.language === 'cpp') ? 'cpp' : 'c';
}

/** Total size of the C/C++ sources and headers under `root` (what a scan will read). */
export function sourceBytes(root: string): number {
  const { sources, headers } = listSources(root);
  let total = 0;
  for (const f of [...sources, ...headers]) {
    try {
      total += statSync(f).size;
    } catch {
      // vanished since listed: nothing to read
    }
  }
  return total;
}
