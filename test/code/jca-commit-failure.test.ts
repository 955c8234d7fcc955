import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runJarvis } from '../support/jarvis-cli.js';
import { tempTree } from '../support/temp-tree.js';
import { git, gitRepo, patch, runJca, scriptedEnv } from './support.js';

/**
 * A commit git refuses is a failed run: no git identity at all (found before any edit), or a
 * hook that rejects the commit (found when committing). Real repositories, the real CLI.
 */

const EDIT = patch('a.c', 'int a;', 'int b;');

/**
 * A repository whose only commit carries an identity given on the command line: whatever runs
 * in it later meets the identity of `home` (none).
 */
function repoWithoutIdentity(): string {
  const repo = join(tempTree(), 'repo');
  mkdirSync(repo);
  writeFileSync(join(repo, 'a.c'), 'int a;\n');
  git(repo, 'init', '-q', '-b', 'main');
  git(repo, 'add', '-A');
  git(repo, '-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', 'commit', '-qm', 'initial');
  return repo;
}

/**
 * An empty global git config: no user.name or user.email anywhere. useConfigOnly makes git
 * refuse to guess an address from the host name, as it already does on a host without a
 * domain; on one with a domain it would otherwise commit as root@host.example.
 */
function noIdentityEnv(home: string): Record<string, string> {
  const global = join(home, 'gitconfig');
  writeFileSync(global, '[user]\n\tuseConfigOnly = true\n');
  return { GIT_CONFIG_GLOBAL: global, GIT_CONFIG_NOSYSTEM: '1' };
}

describe('jca and commits git refuses', () => {
  it('without a git identity: stops before any edit, in one line saying how to set it', async () => {
    const repo = repoWithoutIdentity();
    const s = scriptedEnv([EDIT, 'Done. <!!!COMPLETE!!!>']);
    const r = await runJca(['-n', '-r', 'rename a', '--build', '', '--test', ''], { cwd: repo, ...s, env: { ...s.env, ...noIdentityEnv(s.home) } });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/^error: git cannot commit here: no user name and email \(.*\); jca commits every change it makes$/m);
    expect(r.stderr).toMatch(/^hint: git config --global user\.name "Your Name" && git config --global user\.email you@example\.com/m);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    // nothing was edited and no run started
    expect(readFileSync(join(repo, 'a.c'), 'utf8')).toBe('int a;\n');
    expect(existsSync(join(repo, '.jarvis', 'runs'))).toBe(false);
    expect(r.stdout).not.toContain('done');
  });

  it('a commit a hook rejects fails the run: exit 1, run failed, not counted accepted, the change left in the tree', async () => {
    const repo = gitRepo({ 'a.c': 'int a;\n' });
    const hook = join(repo, '.git', 'hooks', 'pre-commit');
    writeFileSync(hook, '#!/bin/sh\necho "pre-commit: no commits today" >&2\nexit 1\n');
    chmodSync(hook, 0o755);
    const s = scriptedEnv([EDIT, 'Renamed. <!!!COMPLETE!!!>']);
    const r = await runJca(['-n', '-r', 'rename a', '--build', '', '--test', ''], { cwd: repo, ...s });

    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain('jca failed: git commit failed: pre-commit: no commits today');
    expect(r.stdout).toContain('The change is left in the work tree, staged but not committed (a.c)');
    expect(r.stdout).not.toMatch(/^done:/m);
    // the change is there, uncommitted
    expect(readFileSync(join(repo, 'a.c'), 'utf8')).toBe('int b;\n');
    expect(git(repo, 'log', '--format=%s')).toBe('initial\n');
    expect(git(repo, 'status', '--porcelain')).toBe('M  a.c\n');

    const runs = await runJarvis(['runs', 'list', '--json'], { cwd: repo, home: s.home });
    const [run] = JSON.parse(runs.stdout) as Array<{ command: string; status: string }>;
    expect(run).toMatchObject({ command: 'jca', status: 'failed' });
    const stats = await runJca(['stats', '--json'], { cwd: repo, ...s });
    expect(JSON.parse(stats.stdout)).toMatchObject({ changes: 1, accepted: 0, commitFailed: 1, commits: 0 });
  });
});
