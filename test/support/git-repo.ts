import { execFileSync } from 'node:child_process';
import { tempTree } from './temp-tree.js';

/** Runs git for a test, ignoring the machine's system config; throws on failure. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } });
}

/**
 * A temp git repository holding `files` in one commit. The identity is given to that commit
 * only, so whatever runs in the repository later still meets the machine's (or no) identity.
 */
export function committedTree(files: Record<string, string>, message = 'init'): string {
  const root = tempTree(files);
  git(root, 'init', '-q');
  git(root, 'add', '.');
  git(root, '-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'commit.gpgsign=false', 'commit', '-qm', message);
  return root;
}
