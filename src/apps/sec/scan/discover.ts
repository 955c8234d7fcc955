import { lstat, readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { languageForPath, type LanguageId } from '../../../lang/tree-sitter.js';

/** Directories never scanned (the seed's list, plus dependency and output folders of our own). */
export const DEFAULT_EXCLUDED_DIRS = ['.git', 'build', 'out', 'target', 'third_party', 'vendor', 'node_modules', '.jarvis'];

const SOURCE_GLOB = '**/*.{c,h,cc,cpp,cxx,c++,hpp,hh,hxx,h++,ipp,inl,rs}';

export interface DiscoverOptions {
  languages?: readonly LanguageId[];
  /** globs relative to the root; a bare name (`tests`) matches that file or directory at any depth */
  exclude?: readonly string[];
  /** honour .gitignore files (default true) */
  gitignore?: boolean;
  /**
   * Only this file directly in `root` (`jsec scan FILE`), judged as a scan of `root` would judge
   * it. A pre-commit hook names one file in a large repository: walking the tree to find it cost
   * more than the scan. Only the root's own .gitignore applies to a file there.
   */
  only?: string;
}

export interface SourceFile {
  /** relative to the root, forward slashes */
  file: string;
  language: LanguageId;
}

export function expandExclude(pattern: string): string[] {
  const p = pattern.replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '');
  if (!p) return [];
  return p.includes('/') ? [p, `${p}/**`] : [`**/${p}`, `**/${p}/**`];
}

/** Source files under `root`, sorted, with default excludes, user excludes and .gitignore applied. */
export async function discoverSources(root: string, opts: DiscoverOptions = {}): Promise<SourceFile[]> {
  // An absolute exclude inside the root (shell completion produces these) means the same relative path.
  const excludes = (opts.exclude ?? []).map((p) => (isAbsolute(p) ? relative(root, p) : p)).filter((p) => p && !p.startsWith('..'));
  // Without excludes no glob can drop a file of the root itself (every default one is a directory),
  // so one named file needs no glob at all.
  if (opts.only !== undefined && excludes.length === 0) return namedFile(root, opts.only, opts);
  const ignoreGlobs = [...DEFAULT_EXCLUDED_DIRS.map((d) => `**/${d}/**`), ...excludes.flatMap(expandExclude)];
  const deep = opts.only !== undefined ? { deep: 0 } : {};
  // tinyglobby, fdir and picomatch are loaded only when a tree is walked
  const { glob } = await import('tinyglobby');
  const found = await glob([SOURCE_GLOB], {
    ...deep,
    cwd: root,
    ignore: ignoreGlobs,
    dot: true,
    // Directories named like sources come back with a trailing slash, so they can be reported
    // instead of vanishing; symlinks are not followed (fdir drops them).
    onlyFiles: false,
    followSymbolicLinks: false,
    caseSensitiveMatch: false,
    expandDirectories: false,
  });
  const gitignored = opts.gitignore === false ? () => false : await gitignoreMatcher(root, ignoreGlobs, deep);
  const wanted = opts.languages && opts.languages.length > 0 ? new Set(opts.languages) : undefined;
  const out: SourceFile[] = [];
  for (const entry of found) {
    const file = entry.replace(/\/$/, '');
    const language = languageForPath(file);
    if (!language || (wanted && !wanted.has(language)) || gitignored(file)) continue;
    out.push({ file, language });
  }
  return out.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** `name` in `root` as the walk would find it: a source by its extension (any case), not a symbolic link, not ignored. */
async function namedFile(root: string, name: string, opts: DiscoverOptions): Promise<SourceFile[]> {
  const language = languageForPath(name);
  if (!language || (opts.languages && opts.languages.length > 0 && !opts.languages.includes(language))) return [];
  const info = await lstat(join(root, name)).catch(() => undefined);
  if (!info || info.isSymbolicLink()) return [];
  if (opts.gitignore !== false) {
    const text = await readFile(join(root, '.gitignore'), 'utf8').catch(() => undefined);
    if (text !== undefined && ignore().add(text).ignores(name)) return [];
  }
  return [{ file: name, language }];
}

/** Every .gitignore in the tree applies to paths below its own directory, as in git. */
async function gitignoreMatcher(root: string, ignoreGlobs: string[], deep: { deep?: number }): Promise<(file: string) => boolean> {
  const { glob } = await import('tinyglobby');
  const files = await glob(['**/.gitignore'], { ...deep, cwd: root, ignore: ignoreGlobs, dot: true, onlyFiles: true, expandDirectories: false });
  const rules: Array<{ dir: string; ig: Ignore }> = [];
  for (const f of files) {
    try {
      const text = await readFile(join(root, f), 'utf8');
      const dir = dirname(f) === '.' ? '' : `${dirname(f)}/`;
      rules.push({ dir, ig: ignore().add(text) });
    } catch {
      // An unreadable .gitignore excludes nothing; the scan still runs.
    }
  }
  if (rules.length === 0) return () => false;
  return (file) => rules.some(({ dir, ig }) => file.startsWith(dir) && ig.ignores(file.slice(dir.length)));
}
