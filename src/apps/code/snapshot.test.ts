import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitRepo } from '../../../test/code/support.js';
import { changedSince, restorePaths, SAVE_MAX_BYTES, takeSnapshot } from './snapshot.js';

describe('work tree snapshots', () => {
  it('finds what changed between two moments, whatever changed it, and puts it back', async () => {
    const repo = gitRepo({ 'a.c': 'a\n', 'b.c': 'b\n', 'gone.c': 'g\n' });
    writeFileSync(join(repo, 'b.c'), 'b dirty\n');
    writeFileSync(join(repo, 'untracked.txt'), 'u\n');
    const before = await takeSnapshot(repo);

    writeFileSync(join(repo, 'a.c'), 'a2\n');
    writeFileSync(join(repo, 'b.c'), 'b dirtier\n');
    rmSync(join(repo, 'gone.c'));
    mkdirSync(join(repo, 'sub'));
    writeFileSync(join(repo, 'sub', 'new.c'), 'n\n');
    mkdirSync(join(repo, '.jarvis'));
    writeFileSync(join(repo, '.jarvis', 'log'), 'not a change\n');
    const changed = await changedSince(repo, before);
    expect(changed).toEqual(['a.c', 'b.c', 'gone.c', 'sub/new.c']);

    expect(await restorePaths(repo, before, changed)).toEqual([]);
    expect(readFileSync(join(repo, 'a.c'), 'utf8')).toBe('a\n');
    expect(readFileSync(join(repo, 'b.c'), 'utf8')).toBe('b dirty\n');
    expect(readFileSync(join(repo, 'gone.c'), 'utf8')).toBe('g\n');
    expect(existsSync(join(repo, 'sub', 'new.c'))).toBe(false);
    expect(readFileSync(join(repo, 'untracked.txt'), 'utf8')).toBe('u\n');
    expect(await changedSince(repo, before)).toEqual([]);
  });

  it('keeps no copy of a big dirty file and says it cannot restore it', async () => {
    const repo = gitRepo({ 'a.c': 'a\n' });
    writeFileSync(join(repo, 'big.bin'), Buffer.alloc(SAVE_MAX_BYTES + 1, 1));
    const before = await takeSnapshot(repo);
    expect(before.unsaved).toEqual(new Set(['big.bin']));
    writeFileSync(join(repo, 'big.bin'), 'small now\n');
    writeFileSync(join(repo, 'a.c'), 'b\n');
    const changed = await changedSince(repo, before);
    expect(changed).toEqual(['a.c', 'big.bin']);
    expect(await restorePaths(repo, before, changed)).toEqual(['big.bin']);
    expect(readFileSync(join(repo, 'a.c'), 'utf8')).toBe('a\n');
  });
});
