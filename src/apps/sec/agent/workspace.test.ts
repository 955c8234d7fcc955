import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { committedTree } from '../../../../test/support/git-repo.js';
import { tempTree } from '../../../../test/support/temp-tree.js';
import { guardWorkspace } from './workspace.js';

const repo = (files: Record<string, string>): string => committedTree(files);

describe('guardWorkspace in a git work tree', () => {
  it('restores changed and deleted tracked files and removes new untracked ones', async () => {
    const root = repo({ 'a.c': 'int a;\n', 'lib/b.c': 'int b;\n' });
    const guard = await guardWorkspace(root, join(root, '.jarvis/sec/backup'));
    expect(guard.kind).toBe('git');
    writeFileSync(join(root, 'a.c'), 'int hacked;\n');
    rmSync(join(root, 'lib/b.c'));
    mkdirSync(join(root, 'new'), { recursive: true });
    writeFileSync(join(root, 'new/x.c'), 'x');
    writeFileSync(join(root, '.jarvis-not-ours.txt'), 'y');
    mkdirSync(join(root, '.jarvis/runs'), { recursive: true });
    writeFileSync(join(root, '.jarvis/runs/log'), 'ours');

    expect(await guard.check()).toEqual({ restored: ['a.c', 'lib/b.c'], removed: ['.jarvis-not-ours.txt', 'new/x.c'] });
    expect(readFileSync(join(root, 'a.c'), 'utf8')).toBe('int a;\n');
    expect(readFileSync(join(root, 'lib/b.c'), 'utf8')).toBe('int b;\n');
    expect(existsSync(join(root, 'new/x.c'))).toBe(false);
    expect(existsSync(join(root, '.jarvis/runs/log'))).toBe(true);
    expect(await guard.check()).toBeUndefined();
  });

  it('puts back the uncommitted state the user had, not HEAD', async () => {
    const root = repo({ 'a.c': 'int a;\n' });
    writeFileSync(join(root, 'a.c'), 'int mine;\n');
    writeFileSync(join(root, 'draft.c'), 'draft\n');
    const guard = await guardWorkspace(root, join(root, '.jarvis/sec/backup'));
    writeFileSync(join(root, 'a.c'), 'int agent;\n');
    rmSync(join(root, 'draft.c'));
    expect(await guard.check()).toEqual({ restored: ['a.c', 'draft.c'], removed: [] });
    expect(readFileSync(join(root, 'a.c'), 'utf8')).toBe('int mine;\n');
    expect(readFileSync(join(root, 'draft.c'), 'utf8')).toBe('draft\n');
  });

  it('lets callers that arrive during a check share the next one', async () => {
    const root = repo({ 'a.c': 'int a;\n' });
    const guard = await guardWorkspace(root, join(root, '.jarvis/sec/backup'));
    writeFileSync(join(root, 'a.c'), 'changed');
    const [first, second, third] = await Promise.all([guard.check(), guard.check(), guard.check()]);
    expect(first).toEqual({ restored: ['a.c'], removed: [] });
    expect(second).toBeUndefined();
    expect(third).toBe(second);
  });

  it('guards only the analysed subdirectory of a larger repository', async () => {
    const top = repo({ 'sub/a.c': 'int a;\n', 'other.c': 'int o;\n' });
    const root = join(top, 'sub');
    const guard = await guardWorkspace(root, join(root, '.jarvis/sec/backup'));
    writeFileSync(join(root, 'a.c'), 'changed');
    writeFileSync(join(root, 'n.c'), 'new');
    expect(await guard.check()).toEqual({ restored: ['a.c'], removed: ['n.c'] });
    expect(readFileSync(join(root, 'a.c'), 'utf8')).toBe('int a;\n');
  });
});

describe('guardWorkspace outside git', () => {
  it('restores from its snapshot and removes new files', async () => {
    const root = tempTree({ 'a.c': 'int a;\n', 'd/b.c': 'int b;\n' });
    const backup = join(root, '.jarvis/sec/backup');
    const guard = await guardWorkspace(root, backup);
    expect(guard.kind).toBe('snapshot');
    writeFileSync(join(root, 'a.c'), 'int changed_size_and_content;\n');
    rmSync(join(root, 'd/b.c'));
    writeFileSync(join(root, 'd/new.c'), 'n');
    expect(await guard.check()).toEqual({ restored: ['a.c', 'd/b.c'], removed: ['d/new.c'] });
    expect(readFileSync(join(root, 'a.c'), 'utf8')).toBe('int a;\n');
    expect(readFileSync(join(root, 'd/b.c'), 'utf8')).toBe('int b;\n');
    expect(await guard.check()).toBeUndefined();
    guard.dispose();
    expect(existsSync(backup)).toBe(false);
  });
});
