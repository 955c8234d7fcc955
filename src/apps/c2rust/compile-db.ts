import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { JarvisError } from '../../util/errors.js';
import { walkFiles } from './tree-walk.js';

/** One translation unit to scan: the file, the directory its command runs in, and the preprocessor flags. */
export interface TranslationUnit {
  file: string;
  cwd: string;
  /** Only the flags that change what the preprocessor sees: -I -D -U -include -isystem -std … */
  args: string[];
  language: 'c' | 'cpp';
  /** The whole compile command, when it came from a compile database (building the C needs its -O, -f…, -l flags). */
  argv?: string[];
}

export interface CompileDbEntry {
  directory: string;
  file: string;
  command?: string;
  arguments?: string[];
}

const C_EXT = /\.c$/i;
const CPP_EXT = /\.(cc|cpp|cxx|c\+\+)$/i;
export const HEADER_EXT = /\.(h|hh|hpp|hxx|h\+\+)$/i;
/** Directories that hold build output, dependencies or our own files, never project sources. */
const SKIP_DIRS = new Set(['.git', '.hg', '.svn', '.jarvis', 'node_modules', 'target', '.cache', 'CMakeFiles']);

/** compile_commands.json in `ccRoot`, the root, or a build directory directly below the root. */
export function findCompileCommands(root: string, ccRoot?: string): string | undefined {
  if (ccRoot) {
    const p = ccRoot.endsWith('.json') ? ccRoot : join(ccRoot, 'compile_commands.json');
    if (!existsSync(p)) throw new JarvisError('not_found', `no compile_commands.json at ${p}`, { hint: 'pass the build directory that holds it, or drop --cc-root' });
    return p;
  }
  const direct = join(root, 'compile_commands.json');
  if (existsSync(direct)) return direct;
  for (const name of safeReaddir(root).sort()) {
    if (!/^(build|out|cmake-build)/i.test(name)) continue;
    const p = join(root, name, 'compile_commands.json');
    if (existsSync(p)) return p;
  }
  return undefined;
}

/** Splits a shell command line the way a POSIX shell would for the simple quoting compile databases use. */
export function splitCommand(command: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote: '"' | "'" | undefined;
  let has = false;
  for (let i = 0; i < command.length; i++) {
    const ch = command[i] as string;
    if (quote) {
      if (ch === quote) quote = undefined;
      else if (ch === '\\' && quote === '"' && i + 1 < command.length) cur += command[++i];
      else cur += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      has = true;
    } else if (ch === '\\' && i + 1 < command.length) {
      cur += command[++i];
      has = true;
    } else if (/\s/.test(ch)) {
      if (has || cur) out.push(cur);
      cur = '';
      has = false;
    } else {
      cur += ch;
    }
  }
  if (has || cur) out.push(cur);
  return out;
}

const WITH_PATH = new Set(['-I', '-isystem', '-iquote', '-idirafter', '-include', '-imacros']);
const WITH_VALUE = new Set(['-D', '-U', '-x']);

/** Keeps the preprocessor-relevant flags of a compile command, with paths made absolute against `cwd`. */
export function preprocessorArgs(argv: readonly string[], cwd: string): string[] {
  const out: string[] = [];
  const abs = (p: string) => (isAbsolute(p) ? p : resolve(cwd, p));
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] as string;
    if (WITH_PATH.has(a) || WITH_VALUE.has(a)) {
      const v = argv[++i];
      if (v === undefined) break;
      out.push(a, WITH_PATH.has(a) ? abs(v) : v);
      continue;
    }
    const joined = /^(-I|-isystem|-iquote|-idirafter)(.+)$/.exec(a);
    if (joined) {
      out.push(`${joined[1]}${abs(joined[2] as string)}`);
      continue;
    }
    if (/^-[DU]./.test(a) || /^-std=/.test(a) || a === '-ansi' || a === '-pthread' || a === '-fopenmp' || /^-m(32|64)$/.test(a)) out.push(a);
  }
  return out;
}

/** The units of a compile database; a relative `directory` (not standard, but seen) is taken from the database's folder. */
export function loadCompileCommands(path: string): TranslationUnit[] {
  let entries: CompileDbEntry[];
  try {
    entries = JSON.parse(readFileSync(path, 'utf8')) as CompileDbEntry[];
  } catch (e) {
    throw new JarvisError('parse', `${path} is not valid JSON: ${(e as Error).message}`);
  }
  if (!Array.isArray(entries)) throw new JarvisError('parse', `${path} must hold a JSON array of compile commands`);
  const seen = new Set<string>();
  const units: TranslationUnit[] = [];
  for (const e of entries) {
    if (typeof e?.file !== 'string' || typeof e.directory !== 'string') continue;
    const cwd = resolve(dirname(path), e.directory);
    const file = resolve(cwd, e.file);
    if (seen.has(file) || !existsSync(file)) continue;
    const language = CPP_EXT.test(file) ? 'cpp' : C_EXT.test(file) ? 'c' : undefined;
    if (!language) continue;
    seen.add(file);
    const argv = e.arguments ?? splitCommand(e.command ?? '');
    units.push({ file, cwd, args: preprocessorArgs(argv, cwd), language, argv });
  }
  return units;
}

/** Every C/C++ source and header under `root`, sorted, skipping VCS, build and dependency folders. */
export function listSources(root: string): { sources: string[]; headers: string[] } {
  const sources: string[] = [];
  const headers: string[] = [];
  const skipDir = (name: string) => name.startsWith('.') || SKIP_DIRS.has(name) || /^(build|cmake-build)/i.test(name);
  walkFiles(
    root,
    (abs, _rel, name) => {
      if (name.startsWith('.')) return;
      if (C_EXT.test(name) || CPP_EXT.test(name)) sources.push(abs);
      else if (HEADER_EXT.test(name)) headers.push(abs);
    },
    { skipDir },
  );
  return { sources, headers };
}

/**
 * Without a compile database: every source under the root, with every directory holding a header
 * and the folders above it (up to the root) on the include path, after the user's -D/-I.
 */
export function defaultUnits(root: string, userArgs: readonly string[]): TranslationUnit[] {
  const { sources, headers } = listSources(root);
  // A header at a/b/c.h may be included as "c.h", "b/c.h" or "a/b/c.h": every folder from the
  // root down to a header's folder goes on the path, nearest first.
  const incDirs: string[] = [];
  for (const h of headers) {
    for (let d = resolve(h, '..'); ; d = resolve(d, '..')) {
      if (!incDirs.includes(d)) incDirs.push(d);
      if (d === root || !isUnderOrSame(root, d)) break;
    }
  }
  if (!incDirs.includes(root)) incDirs.push(root);
  const args = [...userArgs, ...incDirs.map((d) => `-I${d}`)];
  return sources.map((file) => ({ file, cwd: root, args, language: CPP_EXT.test(file) ? 'cpp' : 'c' }));
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function isUnderOrSame(root: string, dir: string): boolean {
  return dir === root || dir.startsWith(root.endsWith(sep) ? root : root + sep);
}
