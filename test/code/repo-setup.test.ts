import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCK_FILE } from '../../src/apps/code/lock.js';
import { setupRepository } from '../../src/apps/code/repo-setup.js';
import { JarvisError } from '../../src/util/errors.js';
import { tempTree } from '../support/temp-tree.js';
import { git, gitRepo } from './support.js';

/** Repository set-up in-process: the dirty-tree choices, git identity modes, git init. */

const base = { interactive: true, allowDirty: false, gitCheck: 'warn' as const, warn: () => undefined };

afterEach(() => vi.unstubAllEnvs());

describe('setupRepository', () => {
  it('interactive: "c" commits the uncommitted changes first, "t" leaves them, "a" stops', async () => {
    const repo = gitRepo({ 'a.c': 'int a;\n' });
    writeFileSync(join(repo, 'a.c'), 'int b;\n');
    const asked: string[] = [];
    const answers = ['maybe', 'c'];
    const info = await setupRepository({ ...base, cwd: repo, ask: async (q) => (asked.push(q), answers.shift() ?? '') });
    expect(asked).toHaveLength(2);
    expect(asked[0]).toContain('Uncommitted changes: a.c');
    expect(info.dirtyAtStart).toEqual([]);
    expect(git(repo, 'log', '-1', '--format=%s')).toBe('jca: work in progress before a jca run\n');

    writeFileSync(join(repo, 'a.c'), 'int c;\n');
    expect((await setupRepository({ ...base, cwd: repo, ask: async () => 't' })).dirtyAtStart).toEqual(['a.c']);
    await expect(setupRepository({ ...base, cwd: repo, ask: async () => 'a' })).rejects.toThrow('stopped: the work tree has uncommitted changes');
  });

  it('strict stops and warn warns when git has no user name or email but can make one up', async () => {
    const repo = gitRepo({ 'a.c': '' });
    git(repo, 'config', '--unset', 'user.name');
    git(repo, 'config', '--unset', 'user.email');
    vi.stubEnv('GIT_CONFIG_GLOBAL', join(tempTree(), 'none'));
    vi.stubEnv('GIT_CONFIG_NOSYSTEM', '1');
    // git takes the address from $EMAIL and the name from the account: a guessed author
    vi.stubEnv('EMAIL', 'guess@example.com');
    await expect(setupRepository({ ...base, cwd: repo, gitCheck: 'strict' })).rejects.toThrow('git user.name and user.email are not set');
    const warnings: string[] = [];
    await setupRepository({ ...base, cwd: repo, warn: (m) => warnings.push(m) });
    expect(warnings[0]).toMatch(/^git user\.name and user\.email are not set/);
  });

  it('stops in both modes when git cannot make a commit at all, saying how to set the identity', async () => {
    const repo = gitRepo({ 'a.c': '' });
    git(repo, 'config', '--unset', 'user.name');
    git(repo, 'config', '--unset', 'user.email');
    const global = join(tempTree(), 'gitconfig');
    writeFileSync(global, '[user]\n\tuseConfigOnly = true\n');
    vi.stubEnv('GIT_CONFIG_GLOBAL', global);
    vi.stubEnv('GIT_CONFIG_NOSYSTEM', '1');
    vi.stubEnv('EMAIL', undefined);
    for (const gitCheck of ['strict', 'warn'] as const) {
      const e = await setupRepository({ ...base, cwd: repo, gitCheck }).catch((x: unknown) => x as JarvisError);
      expect(e).toBeInstanceOf(JarvisError);
      expect((e as JarvisError).message).toMatch(/^git cannot commit here: no user name and email/);
      expect((e as JarvisError).hint).toContain('git config --global user.email you@example.com');
    }
  });

  it('offers git init outside a repository and runs it on yes', async () => {
    const dir = tempTree();
    vi.stubEnv('GIT_CEILING_DIRECTORIES', join(dir, '..'));
    const info = await setupRepository({ ...base, cwd: dir, confirm: async () => true });
    expect(info.root).toBe(dir);
    expect(git(dir, 'rev-parse', '--show-toplevel').trim()).toBe(dir);
  });

  it('with lock: a repository another live jca holds is left exactly as it was (no .gitignore commit, no dirty-tree commit)', async () => {
    const repo = gitRepo({ 'a.c': 'int a;\n', Makefile: 'all:\n' });
    writeFileSync(join(repo, 'a.c'), 'int b;\n');
    const gitDir = join(repo, '.git');
    // the test runner's parent process stands in for the other jca: alive, on this host
    writeFileSync(join(gitDir, LOCK_FILE), `${JSON.stringify({ pid: process.ppid, host: hostname(), started: 'earlier', cwd: repo })}\n`);
    const head = git(repo, 'rev-parse', 'HEAD');
    await expect(setupRepository({ ...base, cwd: repo, lock: true, ask: async () => 'c' })).rejects.toThrow('another jca is working in this repository');
    expect(git(repo, 'rev-parse', 'HEAD')).toBe(head);
    expect(existsSync(join(repo, '.gitignore'))).toBe(false);
    expect(git(repo, 'status', '--porcelain')).toBe(' M a.c\n');

    rmSync(join(gitDir, LOCK_FILE));
    const info = await setupRepository({ ...base, cwd: repo, lock: true, ask: async () => 'c' });
    expect(readFileSync(join(gitDir, LOCK_FILE), 'utf8')).toContain(`"pid":${process.pid}`);
    expect(readFileSync(join(repo, '.gitignore'), 'utf8')).toContain('*.o');
    info.lock?.release();
    expect(existsSync(join(gitDir, LOCK_FILE))).toBe(false);
  });
});
