import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { existsSync, statSync } from 'node:fs';
import { JarvisError, writeFileAtomicSync } from '../../util/index.js';
import { artifactPath, type ArtifactName } from './artifacts.js';
import { defaultUnits, findCompileCommands, listSources, loadCompileCommands, type TranslationUnit } from './compile-db.js';
import { isUnder, relPath } from './expansion.js';
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
  env?: NodeJS.ProcessEnv;
}

export interface FileReport {
  file: string;
  mode: FrontEndMode;
  parseErrors: number;
  notice?: string;
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
  compileCommands: string | null;
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
  const dbPath = findCompileCommands(root, opts.ccRoot);
  let units: TranslationUnit[];
  if (dbPath) {
    const all = loadCompileCommands(dbPath);
    units = all.filter((u) => isUnder(root, u.file)).map((u) => ({ ...u, args: [...userArgs, ...u.args] }));
    if (units.length < all.length) notices.push(`${all.length - units.length} compile command(s) outside ${root} skipped`);
  } else {
    units = defaultUnits(root, userArgs);
    notices.push('no compile_commands.json found: scanning every C/C++ source with the root and header folders as include paths');
  }
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
        }
      }
    } finally {
      await pool?.close();
    }
  };
  await scanUnits(units, false);
  // Headers no unit includes still declare API and may define inline functions.
  const lonely = listSources(root).headers.filter((h) => !seen.has(relPath(root, h)));
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
  for (const r of files) if (r.notice) notices.push(`${r.file}: ${r.notice}`);
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
    compileCommands: dbPath ?? null,
    seconds: (performance.now() - started) / 1000,
  };
  return { symbols: linked.symbols, raw: linked.raw, order, roots, units, files, notices, summary };
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
