import { existsSync, mkdirSync, mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { JarvisError, runProcess } from '../../../util/index.js';

export interface Snapshot {
  label: string;
  commit: string;
  /** The ref that keeps the snapshot reachable, for a manual `git diff <ref>`. */
  ref: string;
}

// Build output and our own artifacts are not part of the crate.
const PATHSPEC = ['--', '.', ':(exclude)target', ':(exclude).jarvis'];
const IDENT = {
  GIT_AUTHOR_NAME: 'jc2r optimize',
  GIT_AUTHOR_EMAIL: 'jc2r@localhost',
  GIT_COMMITTER_NAME: 'jc2r optimize',
  GIT_COMMITTER_EMAIL: 'jc2r@localhost',
};

/**
 * Git snapshots of a crate's files that never touch the user's HEAD, index or branches:
 * the tree is written through a temporary index and kept under `refs/jarvis/c2rust-optimize/`.
 * A crate inside a git work tree stores its snapshots in that repository; any other crate
 * (or one that repository ignores) in a private bare repository whose work tree is the crate.
 */
export class GitGuard {
  private constructor(
    private readonly crateDir: string,
    private readonly gitArgs: string[],
    readonly where: string,
  ) {}

  static async open(crateDir: string, privateRepo: string): Promise<GitGuard> {
    const probe = await runProcess('git', ['rev-parse', '--show-toplevel'], { cwd: crateDir }).catch((e: unknown) => {
      if (e instanceof JarvisError && e.code === 'not_found') {
        throw new JarvisError('not_found', 'git is needed for --git-guard snapshots but is not installed', {
          hint: 'install git, or run with --no-git-guard',
        });
      }
      throw e;
    });
    if (probe.exitCode === 0) {
      // A crate the enclosing repository ignores (`out_rs/` in .gitignore) is not its business.
      const ignored = await runProcess('git', ['check-ignore', '-q', crateDir], { cwd: crateDir });
      if (ignored.exitCode !== 0) return new GitGuard(crateDir, [], probe.stdout.trim());
    }
    const repo = resolve(privateRepo);
    if (!existsSync(join(repo, 'HEAD'))) {
      mkdirSync(repo, { recursive: true });
      await git(crateDir, ['init', '--bare', '-q', repo]);
    }
    return new GitGuard(crateDir, ['--git-dir', repo, '--work-tree', crateDir], repo);
  }

  private async withIndex<T>(fn: (env: NodeJS.ProcessEnv) => Promise<T>): Promise<T> {
    const dir = mkdtempSync(join(tmpdir(), 'jc2r-index-'));
    try {
      return await fn({ ...process.env, ...IDENT, GIT_INDEX_FILE: join(dir, 'index') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  /** `files` (relative to the crate) are stored even when a .gitignore hides them: we edit them. */
  async take(label: string, files: readonly string[] = []): Promise<Snapshot> {
    return this.withIndex(async (env) => {
      // The temporary index starts empty, so every file the crate's ignore rules allow is an
      // "other" file. Listing them and adding exactly those never names an ignored path: `git add`
      // with a pathspec that names one (`:(exclude)target` once cargo created an ignored target/)
      // fails outright. A nested repository is listed as `dir/` and has no place in the tree.
      const listed = await git(this.crateDir, [...this.gitArgs, 'ls-files', '-z', '--others', '--exclude-standard', ...PATHSPEC], env);
      const paths = listed.split('\0').filter((p) => p !== '' && !p.endsWith('/'));
      if (paths.length > 0) await git(this.crateDir, [...this.gitArgs, 'update-index', '--add', '-z', '--stdin'], env, `${paths.join('\0')}\0`);
      if (files.length > 0) await git(this.crateDir, [...this.gitArgs, 'add', '-f', '--', ...files], env);
      const tree = (await git(this.crateDir, [...this.gitArgs, 'write-tree'], env)).trim();
      const commit = (await git(this.crateDir, [...this.gitArgs, 'commit-tree', '--no-gpg-sign', tree, '-m', `jc2r optimize: before ${label}`], env)).trim();
      const ref = `refs/jarvis/c2rust-optimize/${label}`;
      await git(this.crateDir, [...this.gitArgs, 'update-ref', ref, commit], env);
      return { label, commit, ref };
    });
  }

  /** Puts every file back as it was in the snapshot and deletes files created since. */
  async restore(snap: Snapshot): Promise<void> {
    await this.withIndex(async (env) => {
      await git(this.crateDir, [...this.gitArgs, 'read-tree', snap.commit], env);
      await git(this.crateDir, [...this.gitArgs, 'checkout-index', '-a', '-f'], env);
      const extra = await git(this.crateDir, [...this.gitArgs, 'ls-files', '-z', '--others', '--exclude-standard', ...PATHSPEC], env);
      for (const rel of extra.split('\0').filter(Boolean)) unlinkSync(join(this.crateDir, rel));
    });
  }
}

async function git(cwd: string, args: string[], env?: NodeJS.ProcessEnv, input?: string): Promise<string> {
  const r = await runProcess('git', args, { cwd, env: env ?? process.env, timeoutMs: 120_000, maxOutputBytes: 16 * 1024 * 1024, ...(input !== undefined ? { input } : {}) });
  if (r.exitCode !== 0) {
    // git's advice lines say how to silence git; the lines before them say what went wrong
    const why = r.stderr.trim().split('\n').filter((l) => !l.startsWith('hint:')).join(' ');
    throw new JarvisError('io', `git ${args.filter((a) => !a.startsWith('/')).slice(0, 3).join(' ')} failed: ${why}`, {
      hint: 'run with --no-git-guard to optimise without snapshots',
    });
  }
  return r.stdout;
}
