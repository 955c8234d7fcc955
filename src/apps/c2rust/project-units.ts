import { resolve } from 'node:path';
import { discoverCompileCommands, type CompileSource, type DiscoverOptions } from './build-discovery.js';
import { defaultUnits, listSources, loadCompileCommands, type TranslationUnit } from './compile-db.js';
import { isUnder, relPath } from './expansion.js';
import { c2rustDir } from './artifacts.js';

export interface ProjectUnits {
  units: TranslationUnit[];
  source: CompileSource;
  /** C/C++ sources under the root that the compile commands do not cover and that were left out. */
  leftOut: string[];
  /** Sources the compile commands do not cover that `keepUncovered` kept, with the default flags. */
  extra: string[];
  notices: string[];
}

export interface ProjectUnitsOptions extends DiscoverOptions {
  /** -D/-I from the command line, put before each unit's own flags. */
  userArgs?: string[];
  /**
   * Sources a generated database does not cover get the default flags instead of being left
   * out: for a caller that needs every program (a Makefile whose test rule names a wrong path
   * still has tests to translate). A function keeps only the sources it accepts. A database the
   * user gave always decides alone.
   */
  keepUncovered?: boolean | ((file: string) => boolean);
}

/**
 * The translation units of a project and their flags. Compile commands, the project's own or
 * generated from its build system, decide the file set: what the build does not compile
 * (Windows-only files, contrib folders, unused examples) is left out and counted, as the
 * compiler would never see it. Without compile commands every source gets the default flags.
 */
export async function projectUnits(root: string, opts: ProjectUnitsOptions = {}): Promise<ProjectUnits> {
  const userArgs = opts.userArgs ?? [];
  const found = await discoverCompileCommands(root, opts);
  const notices = [...found.notices];
  const { source } = found;
  if (!source.database) {
    notices.push('no compile_commands.json or build system found: scanning every C/C++ source with the root and header folders as include paths');
    return { units: defaultUnits(root, userArgs), source, leftOut: [], extra: [], notices };
  }
  const ours = c2rustDir(root);
  const all = loadCompileCommands(source.database);
  // Sources a build generates into its build directory are not the project's.
  const inRoot = all.filter((u) => isUnder(root, u.file) && !isUnder(ours, u.file));
  const units = inRoot.map((u) => ({ ...u, args: [...userArgs, ...u.args] }));
  const outside = all.length - inRoot.length;
  if (outside > 0) notices.push(`${outside} compile command(s) outside ${root} skipped`);
  const covered = new Set(units.map((u) => resolve(u.file)));
  const leftOut = listSources(root).sources.filter((f) => !covered.has(resolve(f)));
  const keep = opts.keepUncovered;
  const kept = leftOut.length > 0 && keep && source.kind !== 'compile_commands.json' ? leftOut.filter((f) => keep === true || keep(f)) : [];
  if (kept.length > 0) {
    const chosen = new Set(kept);
    const extra = defaultUnits(root, userArgs).filter((u) => chosen.has(u.file));
    notices.push(`${extra.length} source(s) the build does not compile given the default flags${keep === true ? '' : ` (${some(root, kept)})`}`);
    const rest = leftOut.filter((f) => !chosen.has(f));
    if (rest.length > 0) notices.push(`${rest.length} other source(s) the compile commands do not cover were left out (${some(root, rest)})`);
    return { units: [...units, ...extra], source, leftOut: rest, extra: kept, notices };
  }
  if (leftOut.length > 0) {
    notices.push(`${leftOut.length} source(s) the compile commands do not cover were left out (${some(root, leftOut)})`);
  }
  return { units, source, leftOut, extra: [], notices };
}

function some(root: string, files: string[]): string {
  return `${files.slice(0, 3).map((f) => relPath(root, f)).join(', ')}${files.length > 3 ? ', …' : ''}`;
}
