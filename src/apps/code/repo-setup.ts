import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JarvisError } from '../../util/index.js';
import { findGitRoot, git, gitCommonDir, gitOk, identity, identityProblem, status } from './git.js';
import { ensureBuildIgnores, lineEndings, lineEndingWarning, type IgnoreOutcome } from './hygiene.js';
import { acquireLock, type RepoLock } from './lock.js';

/**
 * Gets a repository ready for an agent that commits: its root, `.jarvis/` ignored, a clean
 * tree (or the person's explicit say-so), and a git identity for the commits.
 */

export type GitCheckMode = 'strict' | 'warn';

export interface RepoSetupOptions {
  cwd: string;
  interactive: boolean;
  /** go on with uncommitted changes without asking (they stay uncommitted) */
  allowDirty: boolean;
  gitCheck: GitCheckMode;
  /** outside a repository: `git init` without asking (`--init`) */
  init?: boolean;
  /**
   * take the repository's jca lock before anything is changed (the dirty-tree commit, the
   * .gitignore commit), so two jca runs never both make them; returned in `lock`
   */
  lock?: boolean;
  /** interactive only */
  confirm?: (question: string, defaultYes: boolean) => Promise<boolean>;
  /** interactive only: one free-text answer */
  ask?: (question: string) => Promise<string>;
  warn: (message: string) => void;
}

export interface RepoInfo {
  root: string;
  gitDir: string;
  /** paths that were dirty when jca started and were left so (`--allow-dirty` or "continue") */
  dirtyAtStart: string[];
  /** build outputs added to .gitignore (docs/jca.md, "Repository hygiene") */
  ignores: IgnoreOutcome;
  /** held when `lock` was asked for; the caller releases it */
  lock?: RepoLock;
}

export async function setupRepository(o: RepoSetupOptions): Promise<RepoInfo> {
  let root = await findGitRoot(o.cwd);
  if (!root) {
    const yes = o.init === true || (o.interactive && o.confirm ? await o.confirm(`${o.cwd} is not in a git repository. Run git init here?`, false) : false);
    if (!yes) {
      throw new JarvisError('usage', `${o.cwd} is not in a git repository; jca commits every change it makes`, {
        hint: 'pass --init to have jca run `git init` here, or run it yourself, then start jca again',
      });
    }
    await gitOk(o.cwd, ['init', '-q']);
    root = (await findGitRoot(o.cwd)) ?? o.cwd;
  }
  const gitDir = await gitCommonDir(root);
  const lock = o.lock ? acquireLock(gitDir, { cwd: root }) : undefined;
  try {
    return { ...(await prepare(root, gitDir, o)), ...(lock ? { lock } : {}) };
  } catch (e) {
    lock?.release();
    throw e;
  }
}

async function prepare(root: string, gitDir: string, o: RepoSetupOptions): Promise<RepoInfo> {
  await checkIdentity(root, o);
  ensureIgnored(root, gitDir);
  const dirty = (await status(root)).map((e) => e.path);
  if (dirty.length > 0 && !o.allowDirty) await handleDirty(root, dirty, o);
  const ignores = await ensureBuildIgnores(root);
  if (ignores.skipped) o.warn(`build outputs (${ignores.added.join(', ') || 'see .gitignore'}) not added to .gitignore: ${ignores.skipped}`);
  const eol = lineEndingWarning(await lineEndings(root));
  if (eol) o.warn(eol);
  const left = (await status(root)).map((e) => e.path);
  return { root, gitDir, dirtyAtStart: left, ignores };
}

const IDENTITY_HINT = `git config --global user.name "Your Name" && git config --global user.email you@example.com (without --global: this repository only)`;

/**
 * Before any edit: an identity git cannot make a commit with stops the run (every change
 * would be left uncommitted); one git only guesses from the host name stops it with
 * `--git-check strict` and is a warning otherwise.
 */
async function checkIdentity(root: string, o: RepoSetupOptions): Promise<void> {
  const problem = await identityProblem(root);
  if (problem !== undefined) {
    throw new JarvisError('config', `git cannot commit here: no user name and email (${problem}); jca commits every change it makes`, { hint: IDENTITY_HINT });
  }
  const id = await identity(root);
  const missing = [...(id.name ? [] : ['user.name']), ...(id.email ? [] : ['user.email'])];
  if (missing.length === 0) return;
  const msg = `git ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set; commits would carry a guessed author`;
  const hint = IDENTITY_HINT;
  if (o.gitCheck === 'strict') throw new JarvisError('config', msg, { hint: `${hint} (or run with --git-check warn)` });
  o.warn(`${msg} (set them with: ${hint})`);
}

/**
 * `.jarvis/` (runs, stats, sessions) must never be committed. It goes into `.git/info/exclude`
 * rather than `.gitignore`: that file is local and untracked, so the tree stays clean.
 */
export function ensureIgnored(root: string, gitDir: string): void {
  const exclude = join(gitDir, 'info', 'exclude');
  const gitignore = join(root, '.gitignore');
  const listed = (p: string) => existsSync(p) && /^\/?\.jarvis\/?\s*$/m.test(readFileSync(p, 'utf8'));
  if (listed(gitignore) || listed(exclude)) return;
  mkdirSync(join(gitDir, 'info'), { recursive: true });
  const before = existsSync(exclude) ? readFileSync(exclude, 'utf8') : '';
  appendFileSync(exclude, `${before === '' || before.endsWith('\n') ? '' : '\n'}# jca: run logs, stats and sessions\n/.jarvis/\n`);
}

async function handleDirty(root: string, dirty: string[], o: RepoSetupOptions): Promise<void> {
  const list = dirty.slice(0, 8).join(', ') + (dirty.length > 8 ? `, … (${dirty.length} in all)` : '');
  if (!o.interactive || !o.ask) {
    throw new JarvisError('usage', `the work tree has uncommitted changes (${list}); jca would mix them into its commits`, {
      exitCode: 1,
      hint: 'commit or stash them first, or pass --allow-dirty to go on anyway',
    });
  }
  for (;;) {
    // an empty answer (and end of input, which answers like one) takes the safe default
    const a = (await o.ask(`Uncommitted changes: ${list}.\n[c]ommit them first, con[t]inue with them uncommitted, or [a]bort (the default)?`)).trim().toLowerCase();
    if (a === '' || a === 'a' || a === 'abort') throw new JarvisError('usage', 'stopped: the work tree has uncommitted changes', { exitCode: 1 });
    if (a === 't' || a === 'continue') return;
    if (a === 'c' || a === 'commit') {
      await gitOk(root, ['add', '-A']);
      const r = await git(root, ['commit', '-q', '-m', 'jca: work in progress before a jca run']);
      if (r.exitCode !== 0) throw new JarvisError('tool', `git commit failed: ${(r.stderr || r.stdout).trim()}`);
      return;
    }
  }
}
