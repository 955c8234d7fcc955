import { join } from 'node:path';

/** `.jarvis/c2rust/` artifacts this command reads and writes, relative to the project it runs in. */
export function c2rustDir(projectDir: string): string {
  return join(projectDir, '.jarvis', 'c2rust');
}

export function optimizePaths(projectDir: string) {
  const dir = c2rustDir(projectDir);
  return {
    dir,
    report: join(dir, 'optimize_report.json'),
    progress: join(dir, 'optimize_progress.json'),
    symbolMap: join(dir, 'symbol_map.jsonl'),
    /** Private snapshot repository for a crate that is not inside a git work tree. */
    snapshotRepo: join(dir, 'optimize_snapshots.git'),
  };
}
