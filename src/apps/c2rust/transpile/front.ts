import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { availableParallelism } from 'node:os';
import { JarvisError } from '../../../util/errors.js';
import { CommandPool } from '../cc-pool.js';
import { defaultUnits, findCompileCommands, listSources, loadCompileCommands, type TranslationUnit } from '../compile-db.js';
import { isUnder, relPath } from '../expansion.js';
import { resolveLocations, type ClangNode } from './clang-ast.js';
import { astDumpArgv, clangErrorSummary, findClang } from './clang-run.js';
import { UnitScope } from './unit-scope.js';

export interface FrontOptions {
  root: string;
  ccRoot?: string;
  defines?: string[];
  includes?: string[];
  env?: NodeJS.ProcessEnv;
  /** Called after each unit is parsed (done, total). */
  onUnit?: (done: number, total: number) => void;
}

export interface FileProblem {
  file: string;
  error: string;
}

export interface FrontResult {
  scopes: UnitScope[];
  problems: FileProblem[];
  notices: string[];
  compileCommands: string | null;
  /** Seconds spent waiting for clang (its parse time not hidden behind ours). */
  clangWaitSeconds: number;
  /** Seconds reading clang's JSON into unit scopes. */
  loadSeconds: number;
}

/**
 * The projects are built with gcc, and macro text that ends up in strings (`#x` in an assert)
 * comes from the headers: gcc's `stddef.h` spells `NULL` as `((void *)0)`, clang's as
 * `((void*)0)`. A private directory holding only gcc's `stddef.h`, searched before clang's own
 * headers, makes the two agree. Undefined when there is no gcc header to use.
 */
function gccStddefShim(): string | undefined {
  let dir: string;
  try {
    dir = execFileSync(process.env.CC?.split(/\s+/)[0] || 'cc', ['-print-file-name=include'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
  const header = join(dir, 'stddef.h');
  if (!isAbsolute(dir) || !existsSync(header)) return undefined;
  const shim = mkdtempSync(join(tmpdir(), 'jc2r-stddef-'));
  symlinkSync(header, join(shim, 'stddef.h'));
  return shim;
}

/** The units to translate: compile_commands.json as `jc2r scan` finds it, else every C file. */
export function discoverUnits(opts: FrontOptions): { units: TranslationUnit[]; notices: string[]; db: string | undefined } {
  const root = resolve(opts.root);
  const userArgs = [...(opts.defines ?? []).map((d) => `-D${d}`), ...(opts.includes ?? []).map((i) => `-I${resolve(i)}`)];
  const notices: string[] = [];
  const db = findCompileCommands(root, opts.ccRoot);
  let units: TranslationUnit[];
  if (db) {
    const all = loadCompileCommands(db);
    units = all.filter((u) => isUnder(root, u.file)).map((u) => ({ ...u, args: [...userArgs, ...u.args] }));
    if (units.length < all.length) notices.push(`${all.length - units.length} compile command(s) outside ${root} skipped`);
  } else {
    units = defaultUnits(root, userArgs);
    notices.push('no compile_commands.json found: translating every C file with the root and header folders as include paths');
  }
  if (units.length === 0 && listSources(root).sources.length === 0) {
    throw new JarvisError('not_found', `no C sources under ${root}`, { hint: 'pass the project root with -p, or --cc-root for compile_commands.json' });
  }
  return { units, notices, db };
}

/**
 * Runs clang's JSON AST dump for every C unit (as many at a time as there are cores, through
 * files, since one unit's dump is tens of megabytes), and indexes each as it arrives. C++ units
 * and units clang rejects are reported per file; the rest go on.
 */
export async function parseUnits(opts: FrontOptions): Promise<FrontResult> {
  const root = resolve(opts.root);
  const { units, notices, db } = discoverUnits(opts);
  const problems: FileProblem[] = [];
  const cUnits = units.filter((u) => {
    if (u.language === 'cpp') problems.push({ file: relPath(root, u.file), error: 'C++ is not translated (C only)' });
    return u.language === 'c';
  });
  const clang = await findClang(opts.env);
  const shim = gccStddefShim();
  const shimArgs = shim ? ['-isystem', shim] : [];
  const pool = new CommandPool(
    cUnits.map((u) => ({ argv: astDumpArgv(clang, { ...u, args: [...u.args, ...shimArgs] }), cwd: u.cwd })),
    Math.max(1, Math.min(2, availableParallelism())),
  );
  const scopes: UnitScope[] = [];
  let waited = 0;
  let loading = 0;
  try {
    for (let i = 0; i < cUnits.length; i++) {
      const unit = cUnits[i] as TranslationUnit;
      const t0 = performance.now();
      const r = await pool.result(i);
      const t1 = performance.now();
      waited += t1 - t0;
      if (r.code !== 0) {
        problems.push({ file: relPath(root, unit.file), error: clangErrorSummary(r.stderr, r.code) });
      } else {
        try {
          const tu = JSON.parse(r.stdout) as ClangNode;
          resolveLocations(tu);
          scopes.push(new UnitScope(unit, root, tu));
        } catch (e) {
          problems.push({ file: relPath(root, unit.file), error: `unreadable clang output: ${(e as Error).message}` });
        }
      }
      loading += performance.now() - t1;
      opts.onUnit?.(i + 1, cUnits.length);
    }
  } finally {
    await pool.close();
    if (shim) rmSync(shim, { recursive: true, force: true });
  }
  return { scopes, problems, notices, compileCommands: db ?? null, clangWaitSeconds: waited / 1000, loadSeconds: loading / 1000 };
}
