import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTree } from '../support/temp-tree.js';
import { git, gitRepo, runJca, scriptedEnv, startJca } from './support.js';

/** The jca command line: one per repository, dirty trees, usage errors, stats. */

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('jca command line', () => {
  it('a second jca in the same repository refuses, naming the one holding it', async () => {
    const repo = gitRepo({ 'a.c': 'int a;\n' });
    const s = scriptedEnv([]);
    const first = startJca([], { cwd: repo, ...s });
    await until(() => first.stderr().includes('What should jca change?'), 'the first jca to ask for the requirement');

    const second = await runJca(['-n', '-r', 'anything'], { cwd: repo, ...s });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`another jca is working in this repository (pid ${first.pid} on ${hostname()}`);

    first.endInput();
    await first.done;
    expect(existsSync(join(repo, '.git', 'jca.lock'))).toBe(false);
  });

  it('refuses a dirty tree when non-interactive, unless --allow-dirty', async () => {
    const repo = gitRepo({ 'a.c': 'int a;\n' });
    writeFileSync(join(repo, 'a.c'), 'int changed;\n');
    writeFileSync(join(repo, 'new.c'), 'int n;\n');
    const s = scriptedEnv(['Nothing to do. <!!!COMPLETE!!!>']);
    const refused = await runJca(['-n', '-r', 'x'], { cwd: repo, ...s });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/error: the work tree has uncommitted changes \(a\.c, new\.c\)/);
    expect(refused.stderr).toContain('--allow-dirty');
    expect(existsSync(join(repo, '.jarvis', 'runs'))).toBe(false);

    const allowed = await runJca(['-n', '-r', 'x', '--allow-dirty', '--build', '', '--test', ''], { cwd: repo, ...s });
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(git(repo, 'status', '--porcelain')).toBe(' M a.c\n?? new.c\n');
  });

  it('works at the repository root from a subdirectory and ignores .jarvis/ without dirtying the tree', async () => {
    const repo = gitRepo({ 'src/a.c': 'int a;\n' });
    const s = scriptedEnv(['Nothing to do. <!!!COMPLETE!!!>']);
    const r = await runJca(['-n', '-r', 'x'], { cwd: join(repo, 'src'), ...s });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`jca: ${repo} · verify with none`);
    expect(existsSync(join(repo, '.jarvis', 'runs'))).toBe(true);
    expect(git(repo, 'status', '--porcelain')).toBe('');
    expect(readFileSync(join(repo, '.git', 'info', 'exclude'), 'utf8')).toContain('/.jarvis/');
  });

  it('usage errors exit 2 with one line', async () => {
    const repo = gitRepo({ 'a.c': '' });
    const cases: [string[], RegExp][] = [
      [['-n'], /a non-interactive run needs the requirement/],
      [['-n', '-r', 'x', '--max-iterations', '0'], /--max-iterations must be a positive integer/],
      [['-n', '-r', 'x', '--edit-format', 'xml'], /--edit-format/],
      [['-n', '-r', '   '], /the requirement is empty/],
    ];
    const results = await Promise.all(cases.map(([args]) => runJca(args, { cwd: repo, ...scriptedEnv([]) })));
    results.forEach((r, i) => {
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch((cases[i] as [string[], RegExp])[1]);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    });
  });

  it('outside a git repository: refuses non-interactively with how to fix it', async () => {
    const dir = tempTree();
    mkdirSync(join(dir, 'plain'));
    const s = scriptedEnv([]);
    const r = await runJca(['-n', '-r', 'x'], { cwd: join(dir, 'plain'), ...s, env: { ...s.env, GIT_CEILING_DIRECTORIES: dir } });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('is not in a git repository');
    expect(r.stderr).toContain('git init');
  });

  it('jca stats says so when nothing was changed yet', async () => {
    const repo = gitRepo({ 'a.c': '' });
    const r = await runJca(['stats'], { cwd: repo, ...scriptedEnv([]) });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('jca has made no changes in this repository yet.');
  });
});

describe('jca interactive through a pipe', () => {
  it('shows the diff, and "n" puts the file back without a commit', async () => {
    const repo = gitRepo({ 'a.c': 'int a;\n' });
    const s = scriptedEnv([
      '<PATCH file=a.c>\n<DIFF>\n<SEARCH>\nint a;\n</SEARCH>\n<REPLACE>\nint b;\n</REPLACE>\n</DIFF>\n</PATCH>\n',
      { reply: 'Then I leave it.', expect: 'The user rejected this change' },
    ]);
    const r = await runJca(['-r', 'rename a', '--build', '', '--test', ''], { cwd: repo, ...s, stdin: 'n\n\n' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('-int a;\n+int b;');
    expect(r.stderr).toContain('Commit these changes (1 file, +1 -1)? No puts the files back [Y/n]');
    expect(readFileSync(join(repo, 'a.c'), 'utf8')).toBe('int a;\n');
    expect(git(repo, 'status', '--porcelain')).toBe('');
    expect(git(repo, 'log', '--format=%s')).toBe('initial\n');
    const stats = await runJca(['stats', '--json'], { cwd: repo, ...s });
    expect(JSON.parse(stats.stdout)).toMatchObject({ changes: 1, rejected: 1, commits: 0 });
  });
});

describe('jca sessions', () => {
  it("'<SaveSession>' saves the conversation and --restore-session continues it", async () => {
    const repo = gitRepo({ 'a.c': 'int a;\n' });
    const first = scriptedEnv(['Noted: the word is kiwi.']);
    const r1 = await runJca(['-r', 'remember the word kiwi', '--build', '', '--test', ''], { cwd: repo, ...first, stdin: "'<SaveSession>'\n" });
    expect(r1.code, r1.stderr).toBe(0);
    expect(r1.stderr).toContain('session saved; continue it with jca --restore-session');
    expect(existsSync(join(repo, '.jarvis', 'saved_session_CodeAgent_scripted_scripted.json'))).toBe(true);
    expect(git(repo, 'status', '--porcelain')).toBe('');

    const second = scriptedEnv([{ reply: 'It was kiwi. <!!!COMPLETE!!!>', expect: 'remember the word kiwi' }]);
    const r2 = await runJca(['-n', '--restore-session', '-r', 'which word?', '--build', '', '--test', ''], { cwd: repo, ...second });
    expect(r2.code, r2.stderr).toBe(0);
    expect(r2.stdout).toContain('It was kiwi.');
  });
});
