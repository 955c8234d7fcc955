import { basename, dirname } from 'node:path';
import type { SourceFile } from './discover.js';

/**
 * The part of a file name that related files share: `parse_bad.cpp`, `parse_goodB2G.cpp`,
 * `parse.h`, `parse54a.c` and `parse54b.c` pair up as `parse`/`parse54`. Test suites and
 * hand-split modules name the pieces of one unit this way, and the C engine follows calls across
 * files only within one group, so the pieces must not land in different groups.
 */
export function relatedStem(file: string): string {
  let stem = basename(file).replace(/\.[^.]*$/, '');
  stem = stem.replace(/[_-](?:bad|good)[A-Za-z0-9]*$/i, '');
  // a single trailing letter after a digit or separator: part a, b, c… of one numbered unit
  stem = stem.replace(/(?<=[0-9_-])[a-z]$/i, '');
  return stem.replace(/[_-]$/, '');
}

/**
 * One directory's C/C++ files per group (Rust files likewise), at most `maxFiles` each. Files
 * with the same related stem stay in one group; only a single stem with more than `maxFiles`
 * files is split.
 */
export function groupSources(sources: SourceFile[], maxFiles: number): SourceFile[][] {
  const dirs = new Map<string, Map<string, SourceFile[]>>();
  for (const s of sources) {
    const key = `${s.language === 'rust' ? 'rust' : 'c'}:${dirname(s.file)}`;
    const stems = dirs.get(key) ?? new Map<string, SourceFile[]>();
    dirs.set(key, stems);
    const stem = relatedStem(s.file);
    const run = stems.get(stem) ?? [];
    run.push(s);
    stems.set(stem, run);
  }
  const out: SourceFile[][] = [];
  for (const stems of dirs.values()) {
    let current: SourceFile[] = [];
    for (const run of stems.values()) {
      if (current.length > 0 && current.length + run.length > maxFiles) {
        out.push(current);
        current = [];
      }
      for (let k = 0; k < run.length; k += maxFiles) {
        const piece = run.slice(k, k + maxFiles);
        if (piece.length === maxFiles) out.push(piece);
        else current.push(...piece);
      }
    }
    if (current.length > 0) out.push(current);
  }
  return out;
}
