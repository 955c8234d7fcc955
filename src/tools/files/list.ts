import { join } from 'node:path';
import { globFilter } from './glob.js';
import { IgnoreRules } from './ignore-rules.js';
import { findRipgrep, rgListFiles } from './ripgrep.js';
import { walkFiles } from './walk.js';

export type Backend = 'ripgrep' | 'js';

export interface ListOptions {
  maxDepth?: number;
  glob?: string;
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
}

export interface Listing {
  /** Relative to the start directory, `/`-separated, sorted by code unit. */
  files: string[];
  backend: Backend;
}

/**
 * Files under `start` that `.gitignore` does not exclude. ripgrep walks when it is installed
 * and its list goes through the same ignore check as the fallback's, so both backends return
 * the same files for the same tree.
 */
export async function listFilesUnder(start: string, opts: ListOptions): Promise<Listing> {
  const rg = findRipgrep(opts.env);
  let files: string[];
  if (rg) {
    const rules = new IgnoreRules(start);
    const dirs = new Map<string, boolean>();
    files = (await rgListFiles(rg, start, opts)).filter((rel) => !ignoredOnTheWay(rules, dirs, start, rel));
  } else {
    files = await walkFiles(start, opts);
  }
  if (opts.glob) files = files.filter(globFilter(opts.glob));
  files.sort(byCodeUnit);
  return { files, backend: rg ? 'ripgrep' : 'js' };
}

/** A file is out when it, or a directory between it and the start, is ignored (what the walker prunes). */
function ignoredOnTheWay(rules: IgnoreRules, dirs: Map<string, boolean>, start: string, rel: string): boolean {
  const parts = rel.split('/');
  let abs = start;
  for (let i = 0; i < parts.length - 1; i++) {
    abs = join(abs, parts[i] as string);
    let ignored = dirs.get(abs);
    if (ignored === undefined) {
      ignored = rules.isIgnored(abs, true);
      dirs.set(abs, ignored);
    }
    if (ignored) return true;
  }
  return rules.isIgnored(join(start, rel), false);
}

export function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
