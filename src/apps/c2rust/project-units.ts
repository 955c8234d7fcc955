import { resolve } from 'node:path';
import { discoverCompileCommands, type CompileSource, type DiscoverOptions } from './build-discovery.js';
import { defaultUnits, listSources, loadCompileCommands, type TranslationUnit } from './compile-db.js';
import { isUnder, relPath } from './expansion.js';
import { c2rustDir } from './artifacts.js';

export interface ProjectUnits {
  units: TranslationUnit[];
  source: CompileSource;
  /** C/C++ sources under the root that the compile commands do not cover (left out, or given the default flags with `keepUncovered`). */
  leftOut: string[];
  notices: string[];
}

export interface ProjectUnitsOptions extends DiscoverOptions {
  /** -D/-I from the command line, put before each unit's own flags. */
  userArgs?: string[];
  /**
   * Sources a generated database does not cover get the default flags instead of being left
   * out: for a caller that needs every program (a Makefile whose test rule names a wrong path
   * still has tests to translate). A database the user gave always decides alone.
   */
  keepUncovered?: boolean;
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
    return { units: defaultUnits(root, userArgs), source, leftOut: [], notices };
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
  if (leftOut.length > 0 && opts.keepUncovered && source.kind !== 'compile_commands.json') {
    const extra = defaultUnits(root, userArgs).filter((u) => !covered.has(resolve(u.file)));
    notices.push(`${extra.length} source(s) the build does not compile given the default flags`);
    return { units: [...units, ...extra], source, leftOut, notices };
  }
  if (leftOut.length > 0) {
    const some = leftOut.slice(0, 3).map((f) => relPath(root, f)).join(', ');
    notices.push(`${leftOut.length} source(s) the compile commands do not cover were not scanned (${some}${leftOut.length > 3 ? ', …' : ''})`);
  }
  return { units, source, leftOut, notices };
}
