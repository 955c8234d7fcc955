import { readFileSync } from 'node:fs';
import { runProcess, type ProcessResult } from './cc-pool.js';
import type { TranslationUnit } from './compile-db.js';
import { fromPreprocessed, identity, relPath, type Expansion } from './expansion.js';
import { prepareRaw } from './raw-source.js';

export type FrontEndMode = 'preprocessed' | 'raw';

export interface FrontEndResult {
  /**
   * The text to parse. Built when the caller is ready to parse it, so header regions parsed by
   * earlier units (`reusable`) can be left out.
   */
  expand(reusable?: ReadonlySet<string>): Expansion;
  mode: FrontEndMode;
  macros?: Map<string, string[]>;
  /** Why a unit fell back to raw parsing. */
  notice?: string;
}

/** The preprocessor command: `$CC` (words split) when set, else `cc`; undefined when none runs. */
export async function findPreprocessor(env: NodeJS.ProcessEnv = process.env): Promise<string[] | undefined> {
  const cmd = (env.CC?.trim() || 'cc').split(/\s+/);
  const r = await runProcess([...cmd, '--version'], process.cwd());
  return r.code === 0 ? cmd : undefined;
}

/** `cc -E` with the unit's flags; a header is forced to its language with `-x`. */
export function preprocessArgv(unit: TranslationUnit, cc: readonly string[], header = false): string[] {
  const lang = header ? ['-x', unit.language === 'cpp' ? 'c++' : 'c'] : [];
  return [...cc, '-E', ...unit.args, ...lang, unit.file];
}

/**
 * What the compiler sees for one unit, from the result of `preprocessArgv` (or none when there is
 * no preprocessor), mapped back to the original lines. When preprocessing failed (a header it
 * cannot find, `#error`): the raw file with its conditionals resolved from the known defines, and
 * a notice saying so.
 */
export function frontEndFrom(unit: TranslationUnit, root: string, result: ProcessResult | undefined): FrontEndResult {
  if (!result) return raw(unit, root);
  if (result.code === 0) {
    const out = result.stdout;
    return { expand: (reusable) => fromPreprocessed(out, unit.cwd, root, reusable), mode: 'preprocessed' };
  }
  const lines = result.stderr.split('\n');
  const why = lines.find((l) => /error/i.test(l)) ?? lines[0] ?? `exit ${result.code}`;
  return { ...raw(unit, root), notice: `preprocessor failed (${why.trim().slice(0, 160) || `exit ${result.code}`}); parsed the raw source` };
}

/** One unit on its own (collect); a scan runs its units through a CommandPool instead. */
export async function frontEnd(unit: TranslationUnit, root: string, cc: string[] | undefined, header = false): Promise<FrontEndResult> {
  return frontEndFrom(unit, root, cc ? await runProcess(preprocessArgv(unit, cc, header), unit.cwd) : undefined);
}

/** The macros a unit's `-D` flags define (`-DX` is `X=1`, as in cc), minus its `-U`s. */
export function definesOf(args: readonly string[]): Map<string, string> {
  const defines = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    const u = a === '-U' ? args[++i] : a.startsWith('-U') ? a.slice(2) : undefined;
    if (u !== undefined) {
      defines.delete(u);
      continue;
    }
    const d = a === '-D' ? args[++i] : a.startsWith('-D') ? a.slice(2) : undefined;
    if (d === undefined) continue;
    const eq = d.indexOf('=');
    defines.set(eq < 0 ? d : d.slice(0, eq), eq < 0 ? '1' : d.slice(eq + 1));
  }
  return defines;
}

function raw(unit: TranslationUnit, root: string): FrontEndResult {
  const defines = definesOf(unit.args);
  let text: string;
  try {
    text = readFileSync(unit.file, 'utf8');
  } catch (e) {
    const exp = identity('', relPath(root, unit.file));
    return { expand: () => exp, mode: 'raw', notice: `cannot read: ${(e as Error).message}` };
  }
  const prepared = prepareRaw(text, defines);
  const exp = identity(prepared.text, relPath(root, unit.file));
  return { expand: () => exp, mode: 'raw', macros: prepared.macros };
}
