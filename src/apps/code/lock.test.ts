import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTree } from '../../../test/support/temp-tree.js';
import { acquireLock, LOCK_FILE } from './lock.js';

describe('repository lock', () => {
  it('refuses while the holder lives and is free again after release', () => {
    const dir = tempTree();
    const lock = acquireLock(dir, { cwd: dir });
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    expect(() => acquireLock(dir, { cwd: dir })).toThrow(`another jca is working in this repository (pid ${process.pid} on ${hostname()}`);
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    acquireLock(dir, { cwd: dir }).release();
  });

  it.each([
    ['a dead process', JSON.stringify({ pid: 2 ** 22 + 11, host: hostname(), started: 'x', cwd: '/' })],
    ['a torn file', '{"pid": 12'],
  ])('takes over a lock left by %s', (_what, content) => {
    const dir = tempTree();
    writeFileSync(join(dir, LOCK_FILE), content);
    const lock = acquireLock(dir, { cwd: dir });
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('never steals the lock of a process on another host', () => {
    const dir = tempTree();
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: 2 ** 22 + 11, host: 'elsewhere', started: 'x', cwd: '/' }));
    expect(() => acquireLock(dir, { cwd: dir })).toThrow(/pid 4194315 on elsewhere/);
  });
});
