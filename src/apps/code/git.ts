import { runProcess, type RunResult, JarvisError } from '../../util/index.js';

/**
 * Thin wrappers over the `git` command line. jca shells out rather than using a library: the
 * user's git (hooks, config, attributes) is what their commits must go through.
 */

export interface GitResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** Runs git in `cwd`; never throws for a non-zero exit (see `gitOk`). */
export async function git(cwd: string, args: readonly string[], opts: { input?: string; env?: NodeJS.ProcessEnv } = {}): Promise<GitResult> {
  let r: RunResult;
  try {
    r = await runProcess('git', args, {
      cwd,
      // paths with non-ASCII names must come out raw, not octal-quoted
      env: { ...(opts.env ?? process.env), GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' },
      ...(opts.input !== undefined ? { input: opts.input } : {}),
      timeoutMs: 120_000,
      maxOutputBytes: 16 * 1024 * 1024,
    });
  } catch (e) {
    throw new JarvisError('not_found', 'git is not installed or not on PATH', { hint: 'install git (e.g. apt-get install git)', cause: e });
  }
  return { stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode ?? 1 };
}

/** Runs git and returns stdout; a non-zero exit becomes a JarvisError naming the command. */
export async function gitOk(cwd: string, args: readonly string[], opts: { input?: string } = {}): Promise<string> {
  const r = await git(cwd, args, opts);
  if (r.exitCode !== 0) {
    const why = (r.stderr || r.stdout).trim().split('\n').slice(-3).join(' ');
    throw new JarvisError('tool', `git ${args.join(' ')} failed: ${why}`);
  }
  return r.stdout;
}

/** The work tree root containing `cwd`, or undefined outside any repository. */
export async function findGitRoot(cwd: string): Promise<string | undefined> {
  const r = await git(cwd, ['rev-parse', '--show-toplevel']);
  return r.exitCode === 0 ? r.stdout.trim() : undefined;
}

/** The repository's git directory (`.git`, or the common dir of a worktree) as an absolute path. */
export async function gitCommonDir(root: string): Promise<string> {
  const out = (await gitOk(root, ['rev-parse', '--path-format=absolute', '--git-common-dir'])).trim();
  return out;
}

export async function hasHead(root: string): Promise<boolean> {
  return (await git(root, ['rev-parse', '--verify', '-q', 'HEAD'])).exitCode === 0;
}

export async function headHash(root: string): Promise<string | undefined> {
  const r = await git(root, ['rev-parse', 'HEAD']);
  return r.exitCode === 0 ? r.stdout.trim() : undefined;
}

export interface StatusEntry {
  /** two-letter porcelain code, e.g. " M", "??", "D " */
  code: string;
  path: string;
}

/**
 * Changed, staged and untracked paths (ignored ones excluded), each path once. A rename is
 * reported as its new path; the old one shows as deleted through `--no-renames`.
 */
export async function status(root: string): Promise<StatusEntry[]> {
  const out = await gitOk(root, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames']);
  const entries: StatusEntry[] = [];
  for (const rec of out.split('\0')) {
    if (rec.length < 4) continue;
    entries.push({ code: rec.slice(0, 2), path: rec.slice(3) });
  }
  return entries;
}

/** user.name and user.email as git would use them for a commit (undefined when unset). */
export async function identity(root: string): Promise<{ name?: string; email?: string }> {
  const get = async (key: string) => {
    const r = await git(root, ['config', '--get', key]);
    const v = r.stdout.trim();
    return r.exitCode === 0 && v !== '' ? v : undefined;
  };
  const [name, email] = await Promise.all([get('user.name'), get('user.email')]);
  return { ...(name ? { name } : {}), ...(email ? { email } : {}) };
}

/**
 * Why git could not make a commit here for want of an identity, or undefined when it can.
 * `git var` builds the author and committer exactly as `git commit` would (config, the
 * GIT_AUTHOR_* / EMAIL variables, and the host-name guess), so it fails exactly when a
 * commit would.
 */
export async function identityProblem(root: string): Promise<string | undefined> {
  for (const v of ['GIT_AUTHOR_IDENT', 'GIT_COMMITTER_IDENT']) {
    const r = await git(root, ['var', v]);
    if (r.exitCode !== 0) return (r.stderr.trim().split('\n').at(-1) ?? '').replace(/^fatal:\s*/, '') || `git var ${v} failed`;
  }
  return undefined;
}
