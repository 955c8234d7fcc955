import { basename } from 'node:path';
import { listFilesUnder } from './files/list.js';

/** Beyond this many files a repository is too big to scan for a typo's sake. */
const MAX_SCAN = 50_000;

/**
 * Up to three existing files the model may have meant by a missing `wanted` path: the same
 * file name elsewhere first, then names a couple of edits away. Paths are relative to `root`.
 */
export async function suggestPaths(root: string, wanted: string, env: NodeJS.ProcessEnv, signal?: AbortSignal): Promise<string[]> {
  let files: string[];
  try {
    files = (await listFilesUnder(root, { env, signal })).files;
  } catch {
    return [];
  }
  if (files.length > MAX_SCAN) return [];
  const want = basename(wanted).toLowerCase();
  const wantPath = wanted.replace(/^\.\//, '').toLowerCase();
  const scored: { path: string; score: number }[] = [];
  for (const f of files) {
    const name = basename(f).toLowerCase();
    let score: number;
    if (name === want) score = 0;
    else {
      const d = editDistance(name, want, 3);
      if (d > 2) continue;
      score = d;
    }
    // Prefer candidates whose directories also resemble what was asked.
    scored.push({ path: f, score: score * 100 + editDistance(f.toLowerCase(), wantPath, 99) });
  }
  scored.sort((a, b) => a.score - b.score || (a.path < b.path ? -1 : 1));
  return scored.slice(0, 3).map((s) => s.path);
}

/** Levenshtein distance, giving up (returning `cap`) once it must exceed `cap`. */
export function editDistance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) >= cap) return cap;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      if (v < best) best = v;
    }
    if (best >= cap) return cap;
    prev = cur;
  }
  return Math.min(prev[b.length] as number, cap);
}
