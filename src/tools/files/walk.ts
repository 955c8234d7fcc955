import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { IgnoreRules } from './ignore-rules.js';

export interface WalkOptions {
  /** Files at most this many directory levels below the start (1 = direct children). */
  maxDepth?: number;
  signal?: AbortSignal;
}

/**
 * The JavaScript lister used when ripgrep is not installed, with ripgrep's defaults: hidden
 * entries and symbolic links are skipped, ignored directories are not entered. Returns paths
 * relative to `start` with `/` separators, unsorted.
 */
export async function walkFiles(start: string, opts: WalkOptions = {}): Promise<string[]> {
  const rules = new IgnoreRules(start);
  const maxDepth = opts.maxDepth ?? Number.POSITIVE_INFINITY;
  const out: string[] = [];
  const stack: { abs: string; rel: string; depth: number }[] = [{ abs: start, rel: '', depth: 0 }];
  while (stack.length > 0) {
    opts.signal?.throwIfAborted();
    const dir = stack.pop() as { abs: string; rel: string; depth: number };
    let entries;
    try {
      entries = await readdir(dir.abs, { withFileTypes: true });
    } catch {
      continue; // unreadable directory: ripgrep reports and skips it too
    }
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      const abs = join(dir.abs, e.name);
      const rel = dir.rel === '' ? e.name : `${dir.rel}/${e.name}`;
      const depth = dir.depth + 1;
      if (e.isDirectory()) {
        if (depth < maxDepth && !rules.isIgnored(abs, true)) stack.push({ abs, rel, depth });
      } else if (e.isFile() && depth <= maxDepth && !rules.isIgnored(abs, false)) {
        out.push(rel);
      }
    }
  }
  return out;
}
