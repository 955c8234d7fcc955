import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { glob } from 'tinyglobby';
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
   * Only the files directly in `root` (the scan of a single file): a pre-commit hook names one
   * file in the repository's root, and walking the whole tree to find it cost more than the scan.
   * Only the root's own .gitignore can apply to those files, so only it is read.
   */
  topLevelOnly?: boolean;
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
  const ignoreGlobs = [...DEFAULT_EXCLUDED_DIRS.map((d) => `**/${d}/**`), ...excludes.flatMap(expandExclude)];
  const deep = opts.topLevelOnly ? { deep: 0 } : {};
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
  const gitignored = opts.gitignore === false ? () => false : await gitignoreMatcher(root, ignoreGlobs, opts.topLevelOnly === true);
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

/** Every .gitignore in the tree applies to paths below its own directory, as in git. */
async function gitignoreMatcher(root: string, ignoreGlobs: string[], topLevelOnly: boolean): Promise<(file: string) => boolean> {
  const files = await glob(['**/.gitignore'], { ...(topLevelOnly ? { deep: 0 } : {}), cwd: root, ignore: ignoreGlobs, dot: true, onlyFiles: true, expandDirectories: false });
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
