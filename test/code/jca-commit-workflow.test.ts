import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCommitMessage } from '../../src/apps/code/commit-message.js';
import { tempTree } from '../support/temp-tree.js';
import { git, gitRepo, runJca, transcriptOf, type Reply } from './support.js';

/**
 * jca's commit workflow (issue 19 item 1): messages written by the cheap model from the
 * staged diff, `jca commit` for changes made by hand, and the end-of-run review. Real git
 * repositories, the real bin/jca.js, scripted normal and cheap models.
 */

/** A config outside the repository with a scripted normal model and, when given, a scripted cheap one. */
function models(normal: Reply[], cheap?: Reply[]): { home: string; env: Record<string, string> } {
  const dir = tempTree();
  writeFileSync(join(dir, 'normal.json'), JSON.stringify({ replies: normal }));
  if (cheap) writeFileSync(join(dir, 'cheap.json'), JSON.stringify({ replies: cheap }));
  const config = join(dir, 'config.yaml');
  writeFileSync(
    config,
    `llm_groups:\n  default:\n    normal: { platform: scripted, script: ./normal.json }\n${cheap ? '    cheap: { platform: scripted, script: ./cheap.json }\n' : ''}agent: { use_analysis: false }\n`,
  );
  const home = join(dir, 'home');
  mkdirSync(home);
  return { home, env: { JARVIS_CONFIG: config } };
}

const MESSAGE = 'fix(calc): return the sum from add\n\nadd returned the difference, so every caller got wrong totals.';
const PATCH = '<PATCH file=calc.c>\n<DIFF>\n<SEARCH>\n  return a - b;\n</SEARCH>\n<REPLACE>\n  return a + b;\n</REPLACE>\n</DIFF>\n</PATCH>\n';
const CALC = 'int add(int a, int b) {\n  return a - b;\n}\n';
const NO_VERIFY = ['--build', '', '--test', ''];

describe('commit messages from the model', () => {
  it('accepts a conventional subject of at most 72 characters with a body, and nothing else', () => {
    expect(parseCommitMessage(`\`\`\`\n${MESSAGE}\n\`\`\``)).toBe(MESSAGE);
    expect(parseCommitMessage('Fixed the add function')).toBeUndefined();
    expect(parseCommitMessage(`fix: ${'x'.repeat(70)}`)).toBeUndefined();
    expect(parseCommitMessage('feat(cli)!: drop -p')).toBe('feat(cli)!: drop -p');
  });

  it('a jca run commits with the message the cheap model wrote from the staged diff and the requirement', async () => {
    const repo = gitRepo({ 'calc.c': CALC });
    const s = models([PATCH, 'Fixed. <!!!COMPLETE!!!>'], [{ reply: MESSAGE, expect: '-  return a - b;\n+  return a + b;' }]);
    const r = await runJca(['-n', '-r', 'add must return the sum', '--prefix', '[calc]', ...NO_VERIFY], { cwd: repo, ...s });
    expect(r.code, r.stderr).toBe(0);
    expect(git(repo, 'log', '-1', '--format=%B').trim()).toBe(`[calc] ${MESSAGE}`);
    // non-interactive: the commits are kept and listed with their diffstat
    expect(r.stderr).toContain('Commits of this run (oldest first):');
    expect(r.stderr).toMatch(/calc\.c \| 2 \+-/);
  });

  it('falls back to the template when the model answers something that is not a commit message', async () => {
    const repo = gitRepo({ 'calc.c': CALC });
    const s = models([PATCH, 'Fixed. <!!!COMPLETE!!!>'], ['Sure! Here is a message: I fixed it.']);
    const r = await runJca(['-n', '-r', 'add must return the sum', ...NO_VERIFY], { cwd: repo, ...s });
    expect(r.code, r.stderr).toBe(0);
    expect(git(repo, 'log', '-1', '--format=%s').trim()).toBe('jca: add must return the sum (calc.c)');
    expect(r.stderr).toContain('using the template');
  });
});

describe('jca commit (changes made by hand)', () => {
  it('stages everything when nothing is staged and commits with the model message', async () => {
    const repo = gitRepo({ 'calc.c': CALC });
    writeFileSync(join(repo, 'calc.c'), CALC.replace('a - b', 'a + b'));
    writeFileSync(join(repo, 'new.h'), 'int add(int, int);\n');
    const s = models([], [{ reply: MESSAGE, expect: 'new.h' }]);
    const r = await runJca(['commit', '-n', '--json'], { cwd: repo, ...s });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { commit: string; message_by: string; files: string[] };
    expect(out).toMatchObject({ message_by: 'model', files: ['calc.c', 'new.h'] });
    expect(git(repo, 'log', '-1', '--format=%H%n%B').trim()).toBe(`${out.commit}\n${MESSAGE}`);
    // its own run log is not committed, and the tree is clean
    expect(git(repo, 'status', '--porcelain')).toBe('');
    expect(git(repo, 'show', '--name-only', '--format=', 'HEAD').trim().split('\n')).toEqual(['calc.c', 'new.h']);
  });

  it('leaves untracked build outputs out when it stages everything, and says which', async () => {
    const repo = gitRepo({ 'calc.c': CALC });
    writeFileSync(join(repo, 'calc.c'), `${CALC.replace('a - b', 'a + b')}int main(void) { return add(1, 2) - 3; }\n`);
    writeFileSync(join(repo, 'notes.txt'), 'build with cc calc.c\n');
    // a real compiler's products, named the way people leave them: no .gitignore in this repository
    execFileSync('gcc', ['-c', 'calc.c', '-o', 'calc.o'], { cwd: repo });
    execFileSync('gcc', ['calc.c', '-o', 'calc'], { cwd: repo });
    mkdirSync(join(repo, 'build'));
    writeFileSync(join(repo, 'build', 'cache.txt'), 'x\n');
    const s = models(['unused']);
    const r = await runJca(['commit', '-n', '--no-model', '--json'], { cwd: repo, ...s });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { files: string[]; left_out: string[] };
    expect(out.files).toEqual(['calc.c', 'notes.txt']);
    expect(out.left_out.sort()).toEqual(['build/cache.txt', 'calc', 'calc.o']);
    expect(git(repo, 'status', '--porcelain')).toBe('?? build/\n?? calc\n?? calc.o\n');
    // the human-readable form names them on stderr
    writeFileSync(join(repo, 'notes.txt'), 'build with make\n');
    const plain = await runJca(['commit', '-n', '--no-model'], { cwd: repo, ...s });
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stderr).toContain('not staged, build outputs: build/cache.txt, calc, calc.o');
    // nothing but build outputs left: nothing to commit, and nothing staged behind the person's back
    const only = await runJca(['commit', '-n', '--no-model'], { cwd: repo, ...s });
    expect(only.code).toBe(1);
    expect(only.stderr).toContain('nothing to commit: the only changes are build outputs (build/cache.txt, calc, calc.o)');
    expect(git(repo, 'diff', '--cached', '--name-only')).toBe('');
  });

  it('commits only what is staged when something is', async () => {
    const repo = gitRepo({ 'a.c': 'int a;\n', 'b.c': 'int b;\n' });
    writeFileSync(join(repo, 'a.c'), 'int a2;\n');
    writeFileSync(join(repo, 'b.c'), 'int b2;\n');
    git(repo, 'add', 'a.c');
    const s = models([], ['refactor: rename a to a2']);
    const r = await runJca(['commit', '-n'], { cwd: repo, ...s });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^committed [0-9a-f]{10}: refactor: rename a to a2/);
    expect(git(repo, 'status', '--porcelain')).toBe(' M b.c\n');
  });

  it('uses the template without a model, and says a clean tree has nothing to commit', async () => {
    const repo = gitRepo({ 'a.c': 'int a;\n' });
    const s = models(['unused']);
    const clean = await runJca(['commit', '-n', '--no-model'], { cwd: repo, ...s });
    expect(clean.code).toBe(1);
    expect(clean.stderr).toContain('nothing to commit: the work tree is clean');
    writeFileSync(join(repo, 'a.c'), 'int b;\n');
    const r = await runJca(['commit', '-n', '--no-model', '--prefix', 'wip:'], { cwd: repo, ...s });
    expect(r.code, r.stderr).toBe(0);
    expect(git(repo, 'log', '-1', '--format=%s').trim()).toBe('wip: chore: update a.c');
  });

  it('shows the message and, when declined, leaves the changes unstaged as they were', async () => {
    const repo = gitRepo({ 'a.c': 'int a;\n' });
    writeFileSync(join(repo, 'a.c'), 'int b;\n');
    const s = models([], ['fix: rename a']);
    const r = await runJca(['commit'], { cwd: repo, ...s, stdin: 'n\n' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('fix: rename a\n\nCommit with this message? [Y/n]');
    expect(git(repo, 'log', '--format=%s').trim()).toBe('initial');
    expect(git(repo, 'status', '--porcelain')).toBe(' M a.c\n');
  });
});

describe('the end-of-run review', () => {
  it('interactive: "y" drops the run\'s commits and resets the branch to where it started', async () => {
    const repo = gitRepo({ 'calc.c': CALC });
    const start = git(repo, 'rev-parse', 'HEAD').trim();
    const s = models([PATCH, 'Fixed.']);
    // yes to the commit, an empty line ends the task, then yes to dropping
    const r = await runJca(['-r', 'add must return the sum', ...NO_VERIFY], { cwd: repo, ...s, stdin: '\n\ny\n' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Commits of this run (oldest first):');
    expect(r.stderr).toMatch(/Drop this commit and reset the branch to [0-9a-f]{10}, where the run began\? \[y\/N\]/);
    expect(git(repo, 'rev-parse', 'HEAD').trim()).toBe(start);
    expect(git(repo, 'status', '--porcelain')).toBe('');
    expect(r.stdout).toContain('dropped at review: 1 commit(s)');
  });

  it('interactive: an empty answer (or end of input) keeps them; --no-review does not ask', async () => {
    const repo = gitRepo({ 'calc.c': CALC });
    const r = await runJca(['-r', 'add must return the sum', ...NO_VERIFY], { cwd: repo, ...models([PATCH, 'Fixed.']), stdin: '\n\n' });
    expect(r.code, r.stderr).toBe(0);
    expect(git(repo, 'log', '--format=%s').trim().split('\n')).toHaveLength(2);
    const repo2 = gitRepo({ 'calc.c': CALC });
    const r2 = await runJca(['--no-review', '-r', 'add must return the sum', ...NO_VERIFY], { cwd: repo2, ...models([PATCH, 'Fixed.']), stdin: '\n\n' });
    expect(r2.stderr).not.toContain('Drop this commit');
    expect(git(repo2, 'log', '--format=%s').trim().split('\n')).toHaveLength(2);
  });
});

describe('--init', () => {
  it('creates the repository in a non-interactive run, which otherwise refuses', async () => {
    const dir = tempTree();
    const plain = join(dir, 'plain');
    mkdirSync(plain);
    writeFileSync(join(plain, 'calc.c'), CALC);
    const env = (s: { home: string; env: Record<string, string> }) => ({
      ...s,
      env: { ...s.env, GIT_CEILING_DIRECTORIES: dir, GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@example.com' },
    });
    const refused = await runJca(['-n', '-r', 'x', ...NO_VERIFY], { cwd: plain, ...env(models(['unused'])) });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('pass --init');
    const r = await runJca(['-n', '--init', '--allow-dirty', '-r', 'add must return the sum', ...NO_VERIFY], { cwd: plain, ...env(models([PATCH, 'Fixed. <!!!COMPLETE!!!>'])) });
    expect(r.code, r.stderr).toBe(0);
    expect(git(plain, 'log', '--format=%s').trim()).toBe('jca: add must return the sum (calc.c)');
  });
});

describe('jca -f and -G', () => {
  it('reads the named config file and gives the code agent only the tools of the group', async () => {
    const repo = gitRepo({ 'calc.c': CALC });
    const s = models([
      '<TOOL_CALL>\nwant: the build\nname: execute_script\narguments:\n  script_content: "make"\n</TOOL_CALL>\n',
      { reply: 'Then I stop. <!!!COMPLETE!!!>', expect: 'execute_script' },
    ]);
    const config = s.env.JARVIS_CONFIG as string;
    writeFileSync(config, `${readFileSync(config, 'utf8')}tool_groups:\n  look: [read_code, list_files, search_files]\n`);
    const r = await runJca(['-n', '-f', config, '-G', 'look', '-r', 'build it', ...NO_VERIFY], { cwd: repo, home: s.home, env: {} });
    expect(r.code, r.stderr).toBe(0);
    const requests = transcriptOf(repo).filter((x) => x.type === 'request');
    const system = JSON.stringify(requests[0]);
    expect(system).toContain('### read_code');
    expect(system).not.toContain('### execute_script');
  });
});
