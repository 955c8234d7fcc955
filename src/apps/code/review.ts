import { git, gitOk } from './git.js';

/**
 * The end-of-run review (docs/jca.md, "Review"): the commits a run made, with their diffstat,
 * for the person to keep or drop. Dropping resets the branch to where the run started with
 * `git reset --keep`, which refuses rather than overwrite changes the person has in the tree.
 */

export interface RunCommits {
  /** HEAD when the run started; undefined in a repository without commits then */
  start: string | undefined;
  /** oldest first */
  hashes: string[];
  /** `git log --stat` of them, oldest first, for the person */
  text: string;
}

export async function commitsSince(root: string, start: string | undefined): Promise<RunCommits> {
  const range = start ? [`${start}..HEAD`] : ['HEAD'];
  const list = await git(root, ['rev-list', '--reverse', ...range]);
  const hashes = list.exitCode === 0 ? list.stdout.split('\n').filter((h) => h !== '') : [];
  if (hashes.length === 0) return { start, hashes, text: '' };
  const text = await gitOk(root, ['log', '--reverse', '--no-color', '--format=%h %s', '--stat=100', ...range]);
  return { start, hashes, text: text.trim() };
}

/** Puts the branch back at `start`; the reason it could not, or undefined when done. */
export async function resetToStart(root: string, c: RunCommits): Promise<string | undefined> {
  if (!c.start) return 'the repository had no commit when the run started, so there is nothing to reset to';
  const r = await git(root, ['reset', '-q', '--keep', c.start]);
  return r.exitCode === 0 ? undefined : (r.stderr || r.stdout).trim().split('\n').slice(-2).join(' ');
}

/**
 * The review question. It asks whether to drop, default no: an answer nobody gives (end of
 * input) must keep the work, never throw it away.
 */
export function reviewQuestion(c: RunCommits): string {
  const n = c.hashes.length;
  return `Drop ${n === 1 ? 'this commit' : `these ${n} commits`} and reset the branch to ${c.start?.slice(0, 10) ?? 'its start'}, where the run began?`;
}
