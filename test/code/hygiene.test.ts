import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureBuildIgnores, lineEndings, lineEndingWarning } from '../../src/apps/code/hygiene.js';
import { stagedChanges } from '../../src/apps/code/diff-preview.js';
import { ensureIgnored } from '../../src/apps/code/repo-setup.js';
import { git, gitRepo, runJca, scriptedEnv } from './support.js';

/** jca's repository hygiene (issue 19 item 5) on real repositories. */

describe('build outputs in .gitignore', () => {
  it('adds the missing patterns for the build systems in use, in a commit of its own, once', async () => {
    const repo = gitRepo({ 'Cargo.toml': '[package]\nname = "x"\n', 'Makefile': 'all:\n', '.gitignore': '/target\n' });
    // as jca's set-up does first: its own directory is ignored
    ensureIgnored(repo, join(repo, '.git'));
    const o = await ensureBuildIgnores(repo);
    expect(o.added).toEqual(['build/', '*.o']);
    expect(readFileSync(join(repo, '.gitignore'), 'utf8')).toBe('/target\n\n# build outputs (added by jca)\nbuild/\n*.o\n');
    expect(git(repo, 'log', '-1', '--format=%s').trim()).toBe('chore: ignore build outputs (build/, *.o)');
    expect(git(repo, 'show', '--name-only', '--format=', 'HEAD').trim()).toBe('.gitignore');
    expect(git(repo, 'status', '--porcelain')).toBe('');
    // the person removes a line: jca does not put it back
    writeFileSync(join(repo, '.gitignore'), '/target\n');
    git(repo, 'commit', '-qam', 'keep objects');
    expect((await ensureBuildIgnores(repo)).added).toEqual([]);
  });

  it('leaves a .gitignore with uncommitted changes alone', async () => {
    const repo = gitRepo({ 'package.json': '{}\n', '.gitignore': 'dist/\n' });
    writeFileSync(join(repo, '.gitignore'), 'dist/\ncoverage/\n');
    const o = await ensureBuildIgnores(repo);
    expect(o.skipped).toBe('.gitignore has uncommitted changes');
    expect(readFileSync(join(repo, '.gitignore'), 'utf8')).toBe('dist/\ncoverage/\n');
    expect(git(repo, 'log', '--format=%s').trim()).toBe('initial');
  });

  it('jca does it when it first runs in a Rust crate, before its own commits', async () => {
    const repo = gitRepo({ 'Cargo.toml': '[package]\nname = "x"\nversion = "0.1.0"\n', 'src/lib.rs': 'pub fn a() {}\n' });
    const r = await runJca(['-n', '-r', 'nothing', '--build', '', '--test', ''], { cwd: repo, ...scriptedEnv(['Nothing to change. <!!!COMPLETE!!!>']) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/added target\/ to \.gitignore \(commit [0-9a-f]{10}\)/);
    expect(readFileSync(join(repo, '.gitignore'), 'utf8')).toContain('target/');
  });
});

describe('line endings', () => {
  it('warns when the repository mixes LF and CRLF and has no .gitattributes saying how', async () => {
    const repo = gitRepo({ 'a.c': 'int a;\r\n', 'b.c': 'int b;\n' });
    const w = lineEndingWarning(await lineEndings(repo));
    expect(w).toContain('the repository mixes line endings: 1 file(s) with LF, 1 with CRLF');
    expect(w).toContain('* text=auto eol=lf');
    writeFileSync(join(repo, '.gitattributes'), '* text=auto eol=lf\n');
    expect(lineEndingWarning(await lineEndings(repo))).toBeUndefined();
    expect(lineEndingWarning(await lineEndings(gitRepo({ 'a.c': 'int a;\n' })))).toBeUndefined();
  });

  it('jca says so at start and keeps a CRLF file CRLF through an edit', async () => {
    const repo = gitRepo({ 'a.c': 'int a;\r\nint c;\r\n', 'b.c': 'int b;\n' });
    const patch = '<PATCH file=a.c>\n<DIFF>\n<SEARCH>\nint a;\n</SEARCH>\n<REPLACE>\nint z;\n</REPLACE>\n</DIFF>\n</PATCH>\n';
    const r = await runJca(['-n', '-r', 'rename a in a.c', '--build', '', '--test', ''], { cwd: repo, ...scriptedEnv([patch, 'Done. <!!!COMPLETE!!!>']) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('the repository mixes line endings');
    expect(readFileSync(join(repo, 'a.c'), 'utf8')).toBe('int z;\r\nint c;\r\n');
  });
});

describe('renames in the diff preview', () => {
  it('shows a moved file as a rename, with the change made in it', async () => {
    const body = Array.from({ length: 12 }, (_, i) => `int v${i} = ${i};`).join('\n');
    const repo = gitRepo({ 'old.c': `${body}\n` });
    git(repo, 'mv', 'old.c', 'new.c');
    writeFileSync(join(repo, 'new.c'), `${body.replace('v3 = 3', 'v3 = 33')}\n`);
    git(repo, 'add', '-A');
    const changes = await stagedChanges(repo, ['old.c', 'new.c']);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ path: 'new.c', from: 'old.c', status: 'renamed', insertions: 1, deletions: 1 });
    expect(changes[0]?.preview).toContain('renamed old.c → new.c');
    expect(changes[0]?.preview).toContain('+int v3 = 33;');
  });
});
