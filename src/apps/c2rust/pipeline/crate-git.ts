import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JarvisError, runProcess } from '../../../util/index.js';

/**
 * The crate's own git history as the pipeline stages write it: the deterministic translation
 * is the first commit, each stage that changes the crate commits after it, and a stage that
 * gives up puts the crate back to its last commit.
 */

// a fixed date, as the model transpile's commits have: the same crate gives the same commits, so a
// resumed run ends with the very history (and records naming commits) of an uninterrupted one
const IDENT = {
  GIT_AUTHOR_NAME: 'jc2r',
  GIT_AUTHOR_EMAIL: 'jc2r@localhost',
  GIT_COMMITTER_NAME: 'jc2r',
  GIT_COMMITTER_EMAIL: 'jc2r@localhost',
  GIT_AUTHOR_DATE: '2000-01-01T00:00:00Z',
  GIT_COMMITTER_DATE: '2000-01-01T00:00:00Z',
};

async function git(dir: string, args: string[]): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...IDENT, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0' };
  delete env.GIT_DIR;
  delete env.GIT_WORK_TREE;
  delete env.GIT_INDEX_FILE;
  const r = await runProcess('git', ['-c', 'core.autocrlf=false', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, env, timeoutMs: 120_000 });
  if (r.exitCode !== 0) throw new JarvisError('internal', `git ${args.join(' ')} failed in ${dir}: ${r.stderr.trim().split('\n').slice(-2).join(' ')}`);
  return r.stdout.trim();
}

/** Makes the crate a repository of its own when it is not one yet (target/ and .jarvis/ ignored). */
export async function ensureCrateRepo(dir: string): Promise<void> {
  if (existsSync(join(dir, '.git'))) return;
  await git(dir, ['init', '-q']);
  const ignore = join(dir, '.gitignore');
  const text = existsSync(ignore) ? readFileSync(ignore, 'utf8') : '';
  const have = new Set(text.split('\n').map((l) => l.trim()));
  const add = ['/target', '/.jarvis'].filter((l) => !have.has(l));
  if (add.length > 0) writeFileSync(ignore, `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}${add.join('\n')}\n`);
  await commitAll(dir, 'jc2r transpile: deterministic translation');
}

/** Commits everything (a commit even when nothing changed, so each stage has its own); returns the commit. */
export async function commitAll(dir: string, message: string): Promise<string> {
  await git(dir, ['add', '-A']);
  await git(dir, ['commit', '-q', '--allow-empty', '-m', message]);
  return git(dir, ['rev-parse', 'HEAD']);
}

/** Puts the crate back to its last commit, removing files created since. */
export async function revertToHead(dir: string): Promise<void> {
  await git(dir, ['reset', '-q', '--hard', 'HEAD']);
  await git(dir, ['clean', '-q', '-fd']);
}
