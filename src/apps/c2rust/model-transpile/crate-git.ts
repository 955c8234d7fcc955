import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JarvisError, runProcess } from '../../../util/index.js';

/**
 * The crate's own git repository: one commit for the deterministic translation, then one per
 * converted function. Resuming after a kill is a `reset --hard` to the last recorded commit
 * and a clean of what the interrupted function created, so nothing half-written survives.
 */

const IDENT = {
  GIT_AUTHOR_NAME: 'jc2r transpile',
  GIT_AUTHOR_EMAIL: 'jc2r@localhost',
  GIT_COMMITTER_NAME: 'jc2r transpile',
  GIT_COMMITTER_EMAIL: 'jc2r@localhost',
  // fixed dates: the same conversions give the same commits, so a resumed run ends where an
  // uninterrupted one does, commit ids in the records included
  GIT_AUTHOR_DATE: '2000-01-01T00:00:00Z',
  GIT_COMMITTER_DATE: '2000-01-01T00:00:00Z',
};

/** Build output, cargo's lock and our records are not part of the crate's history. */
const IGNORED = ['/target', '/.jarvis'];

export class CrateGit {
  constructor(readonly dir: string) {}

  private async git(args: string[], allowFail = false): Promise<string> {
    return (await this.run(args, allowFail)).out.trim();
  }

  private async run(args: string[], allowFail: boolean): Promise<{ ok: boolean; out: string }> {
    const env: NodeJS.ProcessEnv = { ...process.env, ...IDENT, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0' };
    delete env.GIT_DIR;
    delete env.GIT_WORK_TREE;
    delete env.GIT_INDEX_FILE;
    const r = await runProcess('git', ['-c', 'core.autocrlf=false', '-c', 'commit.gpgsign=false', ...args], { cwd: this.dir, env, timeoutMs: 120_000 }).catch((e: unknown) => {
      if (e instanceof JarvisError && e.code === 'not_found') throw new JarvisError('not_found', 'git is needed to record each converted function but is not installed', { hint: 'install git' });
      throw e;
    });
    if (r.exitCode !== 0 && !allowFail) throw new JarvisError('internal', `git ${args.join(' ')} failed in ${this.dir}: ${r.stderr.trim().split('\n').slice(-3).join(' ')}`);
    return { ok: r.exitCode === 0, out: r.exitCode === 0 ? r.stdout : '' };
  }

  /** Whether the crate directory is the top of a repository of its own (not just inside one). */
  async isOwnRepo(): Promise<boolean> {
    if (!existsSync(join(this.dir, '.git'))) return false;
    return (await this.git(['rev-parse', '--show-prefix'], true)) === '';
  }

  /** Creates the repository with one commit of the crate as it is; returns that commit. */
  async init(message: string): Promise<string> {
    await this.git(['init', '-q']);
    this.ensureIgnores();
    await this.git(['add', '-A']);
    await this.git(['commit', '-q', '--allow-empty', '-m', message]);
    return this.head();
  }

  /** `.gitignore` lines for target/ and .jarvis/, added when missing. */
  ensureIgnores(): void {
    const path = join(this.dir, '.gitignore');
    const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
    const have = new Set(text.split('\n').map((l) => l.trim()));
    const missing = IGNORED.filter((l) => !have.has(l));
    if (missing.length > 0) writeFileSync(path, `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}${missing.join('\n')}\n`);
  }

  async head(): Promise<string> {
    return this.git(['rev-parse', 'HEAD']);
  }

  async hasCommit(commit: string): Promise<boolean> {
    return (await this.git(['rev-parse', '--verify', '-q', `${commit}^{commit}`], true)) !== '';
  }

  /** Is `ancestor` reachable from HEAD (the history we built on)? */
  async isAncestor(ancestor: string): Promise<boolean> {
    return (await this.run(['merge-base', '--is-ancestor', ancestor, 'HEAD'], true)).ok;
  }

  /** Paths with uncommitted changes (modified, added, deleted, untracked), relative to the crate. */
  async dirty(): Promise<string[]> {
    // `-z`: one NUL-terminated `XY path` per entry, leading status spaces kept (and no quoting)
    const { out } = await this.run(['status', '--porcelain', '-z', '--untracked-files=all'], false);
    return out.split('\0').filter((l) => l.length > 3).map((l) => l.slice(3));
  }

  /** Every change since `commit` thrown away: tracked files restored, new files removed. */
  async resetTo(commit: string): Promise<void> {
    await this.git(['reset', '-q', '--hard', commit]);
    await this.git(['clean', '-q', '-fd']);
  }

  /** Commits everything (new files included); returns the commit, or HEAD when nothing changed. */
  async commitAll(message: string): Promise<string> {
    await this.git(['add', '-A']);
    const staged = await this.git(['diff', '--cached', '--name-only']);
    if (staged !== '') await this.git(['commit', '-q', '-m', message]);
    return this.head();
  }

  /** Files changed between two commits (or a commit and the work tree when `to` is undefined). */
  async changedFiles(from: string, to?: string): Promise<string[]> {
    const out = await this.git(['diff', '--name-only', from, ...(to ? [to] : [])]);
    const untracked = to ? '' : await this.git(['ls-files', '--others', '--exclude-standard']);
    return [...new Set([...out.split('\n'), ...untracked.split('\n')].filter((l) => l !== ''))];
  }
}
