import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import ignore from 'ignore';

interface Layer {
  dir: string;
  matchers: ignore.Ignore[];
}

/** Ignore files ripgrep reads, highest precedence first (within one directory). */
const IGNORE_FILES = ['.rgignore', '.ignore', '.gitignore'] as const;

/**
 * Decides whether a path is ignored by `.gitignore` (and `.ignore`/`.rgignore`) files, with
 * ripgrep's rules so both search backends agree: the deepest directory with a matching rule
 * wins, and rules come from the search start's ancestors up to the enclosing git root (the
 * first directory with `.git`), or up to `/` outside a repository. Global git excludes and
 * `.git/info/exclude` are not read (ripgrep is run with those off too).
 */
export class IgnoreRules {
  private readonly chains = new Map<string, Layer[]>();
  /** The highest directory whose ignore files count. */
  private readonly top: string;

  constructor(start: string) {
    let dir = start;
    for (;;) {
      if (existsSync(join(dir, '.git'))) break;
      const up = dirname(dir);
      if (up === dir) break;
      dir = up;
    }
    this.top = dir;
  }

  /** `abs` must be at or below the start's top directory. */
  isIgnored(abs: string, isDir: boolean): boolean {
    for (const { dir, matchers } of this.chainOf(dirname(abs))) {
      // abs lies below dir, so the relative path is a suffix of it.
      const rel = toSlashes(abs.slice(dir.endsWith(sep) ? dir.length : dir.length + 1)) + (isDir ? '/' : '');
      for (const m of matchers) {
        const r = m.test(rel);
        if (r.ignored) return true;
        if (r.unignored) return false;
      }
    }
    return false;
  }

  /** The directories from `dir` up to the top that have ignore files, deepest first; cached per directory. */
  private chainOf(dir: string): Layer[] {
    let chain = this.chains.get(dir);
    if (chain) return chain;
    const up = dirname(dir);
    const above = dir === this.top || up === dir ? [] : this.chainOf(up);
    const own = this.matchersOf(dir);
    chain = own.length > 0 ? [{ dir, matchers: own }, ...above] : above;
    this.chains.set(dir, chain);
    return chain;
  }

  private matchersOf(dir: string): ignore.Ignore[] {
    const list: ignore.Ignore[] = [];
    for (const name of IGNORE_FILES) {
      let text: string;
      try {
        text = readFileSync(join(dir, name), 'utf8');
      } catch {
        continue;
      }
      list.push(ignore({ allowRelativePaths: true }).add(text));
    }
    return list;
  }
}

const toSlashes = sep === '/' ? (p: string) => p : (p: string) => p.split(sep).join('/');
