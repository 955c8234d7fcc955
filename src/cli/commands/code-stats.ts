import type { Command } from 'commander';
import { findGitRoot, readChanges, summarize } from '../../apps/code/index.js';
import { JarvisError, formatTable } from '../../util/index.js';

/** `jca stats`: what jca changed in this repository, from `.jarvis/code/stats.jsonl`. */
export function registerCodeStats(program: Command): void {
  program
    .command('stats')
    .description('lines and commits jca made in this repository')
    .option('--json', 'print the totals as JSON')
    .action(async (o: { json?: boolean }) => {
      const root = await findGitRoot(process.cwd());
      if (!root) throw new JarvisError('usage', `${process.cwd()} is not in a git repository`);
      const s = summarize(readChanges(root));
      if (o.json) {
        process.stdout.write(`${JSON.stringify(s)}\n`);
        return;
      }
      if (s.changes === 0) {
        process.stdout.write('jca has made no changes in this repository yet.\n');
        return;
      }
      const rows = [
        ['runs', String(s.runs)],
        ['changes offered', String(s.changes)],
        ['accepted', String(s.accepted)],
        ['rejected', String(s.rejected)],
        ...(s.commitFailed > 0 ? [['accepted, commit failed', String(s.commitFailed)]] : []),
        ['commits', String(s.commits)],
        ['lines added', String(s.insertions)],
        ['lines removed', String(s.deletions)],
        ['files touched', String(s.files)],
        ...(s.first ? [['first change', s.first]] : []),
        ...(s.last ? [['last change', s.last]] : []),
      ];
      process.stdout.write(`${formatTable(rows)}\n`);
    });
}
