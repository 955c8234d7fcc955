import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { JarvisError, writeFileAtomicSync, runProcess } from '../../util/index.js';
import {
  findMethodology,
  listMethodologies,
  methodologyDir,
  readMethodologyDir,
  renderMethodologyFile,
  type Methodology,
  type MethodologyPlaces,
  type MethodologyScope,
} from './store.js';

/**
 * Sharing methodologies through a git repository (docs/methodology.md, `jarvis methodology`): `share` commits
 * local methodologies into `methodologies/<name>.md` of the repository and pushes; `sync` pulls
 * and copies the repository's methodologies into a local scope. The clone is a cache under
 * the data dir (one per repository URL), reset to the remote before every use.
 */

export interface ShareContext {
  places: MethodologyPlaces;
  /** a git URL or path of the shared repository */
  repo: string;
  env?: NodeJS.ProcessEnv;
}

export interface ShareReport {
  added: string[];
  updated: string[];
  unchanged: string[];
  /** sync only: a local methodology differs and was kept (pass overwrite to replace it) */
  conflicts: string[];
}

const REPO_DIR = 'methodologies';
const GIT_TIMEOUT_MS = 120_000;

export async function shareMethodologies(ctx: ShareContext, names: readonly string[] = []): Promise<ShareReport> {
  const chosen: Methodology[] = names.length > 0 ? names.map((n) => mustFind(ctx.places, n)) : listMethodologies(ctx.places);
  if (chosen.length === 0) {
    throw new JarvisError('usage', 'there are no methodologies to share', { hint: 'they are saved in .jarvis/methodologies/ or <data dir>/methodologies/' });
  }
  const git = gitIn(ctx);
  const report = emptyReport();
  // a push can lose a race with another user's; then start over from their version, once
  for (let attempt = 1; ; attempt++) {
    const clone = await freshClone(ctx, git);
    Object.assign(report, emptyReport());
    for (const m of chosen) {
      const target = join(clone.dir, REPO_DIR, `${m.name}.md`);
      const text = renderMethodologyFile(m.problemType, m.content);
      const old = existsSync(target) ? readFileSync(target, 'utf8') : undefined;
      if (old === text) report.unchanged.push(m.name);
      else {
        writeFileAtomicSync(target, text);
        (old === undefined ? report.added : report.updated).push(m.name);
      }
    }
    if (report.added.length + report.updated.length === 0) return report;
    await git(clone.dir, ['add', '-A', REPO_DIR]);
    const ident = await identity(git, clone.dir);
    await git(clone.dir, [...ident, 'commit', '--quiet', '-m', commitMessage(report)]);
    const push = await git(clone.dir, ['push', '--quiet', 'origin', `HEAD:refs/heads/${clone.branch}`], { check: false });
    if (push.exitCode === 0) return report;
    if (attempt >= 2) throw gitFailure(`push to ${ctx.repo}`, push.stderr);
  }
}

export async function syncMethodologies(
  ctx: ShareContext,
  o: { scope?: MethodologyScope; overwrite?: boolean } = {},
): Promise<ShareReport> {
  const git = gitIn(ctx);
  const clone = await freshClone(ctx, git);
  const report = emptyReport();
  const into = methodologyDir(ctx.places, o.scope ?? 'global');
  for (const m of readMethodologyDir(join(clone.dir, REPO_DIR), 'global')) {
    const target = join(into, `${m.name}.md`);
    const text = renderMethodologyFile(m.problemType, m.content);
    const old = existsSync(target) ? readFileSync(target, 'utf8') : undefined;
    if (old === text) report.unchanged.push(m.name);
    else if (old !== undefined && !o.overwrite) report.conflicts.push(m.name);
    else {
      writeFileAtomicSync(target, text);
      (old === undefined ? report.added : report.updated).push(m.name);
    }
  }
  return report;
}

type Git = (cwd: string | undefined, args: string[], o?: { check?: boolean }) => Promise<{ exitCode: number | null; stdout: string; stderr: string }>;

function gitIn(ctx: ShareContext): Git {
  // never wait for a password prompt nobody will see
  const env = { ...(ctx.env ?? process.env), GIT_TERMINAL_PROMPT: '0' };
  return async (cwd, args, o = {}) => {
    const r = await runProcess('git', ['-c', 'commit.gpgsign=false', ...args], { ...(cwd ? { cwd } : {}), env, timeoutMs: GIT_TIMEOUT_MS });
    if (r.timedOut) throw new JarvisError('tool', `git ${args[0]} timed out after ${GIT_TIMEOUT_MS / 1000} s`, { hint: `is ${ctx.repo} reachable?` });
    if (o.check !== false && r.exitCode !== 0) throw gitFailure(`git ${args[0]}`, r.stderr);
    return r;
  };
}

/** The cached clone, matching the remote's current state; creates it on first use. */
async function freshClone(ctx: ShareContext, git: Git): Promise<{ dir: string; branch: string }> {
  const dir = join(ctx.places.dataDir, 'methodology-repos', createHash('sha1').update(ctx.repo).digest('hex').slice(0, 12));
  const clone = async () => {
    const r = await git(undefined, ['clone', '--quiet', ctx.repo, dir], { check: false });
    if (r.exitCode !== 0) throw gitFailure(`cloning ${ctx.repo}`, r.stderr, 'check the repository URL or path (--repo or JARVIS_METHODOLOGY_REPO)');
  };
  if (!existsSync(join(dir, '.git'))) await clone();
  else {
    const r = await git(dir, ['fetch', '--quiet', '--prune', 'origin'], { check: false });
    if (r.exitCode !== 0) throw gitFailure(`fetching ${ctx.repo}`, r.stderr);
  }
  let branch = (await remoteBranch(git, dir)) ?? (await git(dir, ['symbolic-ref', '--short', 'HEAD'])).stdout.trim();
  const remote = await git(dir, ['rev-parse', '--verify', '--quiet', `refs/remotes/origin/${branch}`], { check: false });
  if (remote.exitCode === 0) {
    await git(dir, ['checkout', '--quiet', '-B', branch, `refs/remotes/origin/${branch}`]);
    await git(dir, ['reset', '--quiet', '--hard', `refs/remotes/origin/${branch}`]);
    await git(dir, ['clean', '-fdq']);
  } else if ((await git(dir, ['rev-parse', '--verify', '--quiet', 'HEAD'], { check: false })).exitCode === 0) {
    // the remote is still empty but the cache holds a commit whose push failed: start clean,
    // or that commit would look like the remote's state and the next share would push nothing
    rmSync(dir, { recursive: true, force: true });
    await clone();
    branch = (await git(dir, ['symbolic-ref', '--short', 'HEAD'])).stdout.trim();
  }
  return { dir, branch };
}

/** The branch the remote's HEAD names; undefined for an empty repository. */
async function remoteBranch(git: Git, dir: string): Promise<string | undefined> {
  const r = await git(dir, ['ls-remote', '--symref', 'origin', 'HEAD'], { check: false });
  const m = /^ref: refs\/heads\/(\S+)\s+HEAD/m.exec(r.stdout);
  if (!m) return undefined;
  const has = await git(dir, ['rev-parse', '--verify', '--quiet', `refs/remotes/origin/${m[1]}`], { check: false });
  return has.exitCode === 0 ? m[1] : undefined;
}

/** A committer for machines without a git identity (CI, a fresh container). */
async function identity(git: Git, dir: string): Promise<string[]> {
  const email = await git(dir, ['config', 'user.email'], { check: false });
  const name = await git(dir, ['config', 'user.name'], { check: false });
  return [
    ...(name.stdout.trim() ? [] : ['-c', 'user.name=Jarvis']),
    ...(email.stdout.trim() ? [] : ['-c', 'user.email=jarvis@localhost']),
  ];
}

function mustFind(places: MethodologyPlaces, name: string): Methodology {
  const m = findMethodology(places, name);
  if (!m) throw new JarvisError('not_found', `no methodology named "${name}"`, { hint: 'see jarvis methodology list' });
  return m;
}

function commitMessage(r: ShareReport): string {
  const parts = [...r.added.map((n) => `add ${n}`), ...r.updated.map((n) => `update ${n}`)];
  return `methodologies: ${parts.join(', ')}`.slice(0, 200);
}

function emptyReport(): ShareReport {
  return { added: [], updated: [], unchanged: [], conflicts: [] };
}

function gitFailure(what: string, stderr: string, hint?: string): JarvisError {
  const line = stderr.trim().split('\n').filter((l) => l.trim()).slice(-1)[0] ?? 'no output';
  return new JarvisError('tool', `${what} failed: ${line}`, hint ? { hint } : {});
}
