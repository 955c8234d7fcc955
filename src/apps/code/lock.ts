import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { JarvisError } from '../../util/index.js';

/**
 * One jca per repository: `<git dir>/jca.lock` holds the owner's pid, host and start time.
 * Created with O_EXCL, so two starting at once cannot both win. A lock whose process is gone
 * (same host, pid not alive) or that cannot be read is stale and is taken over.
 */

export const LOCK_FILE = 'jca.lock';

export interface LockInfo {
  pid: number;
  host: string;
  started: string;
  cwd: string;
}

export interface RepoLock {
  path: string;
  release(): void;
}

export function acquireLock(gitDir: string, info: Omit<LockInfo, 'started' | 'host' | 'pid'> & Partial<LockInfo> = { cwd: process.cwd() }): RepoLock {
  const path = join(gitDir, LOCK_FILE);
  const mine: LockInfo = { pid: info.pid ?? process.pid, host: info.host ?? hostname(), started: info.started ?? new Date().toISOString(), cwd: info.cwd };
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new JarvisError('io', `cannot create the lock ${path}: ${(e as Error).message}`);
      const holder = readLock(path);
      if (holder && isAlive(holder)) {
        throw new JarvisError('usage', `another jca is working in this repository (pid ${holder.pid} on ${holder.host}, since ${holder.started})`, {
          exitCode: 1,
          hint: `wait for it to finish; if no such process exists, delete ${path}`,
        });
      }
      rmSync(path, { force: true });
      continue;
    }
    try {
      writeSync(fd, `${JSON.stringify(mine)}\n`);
    } finally {
      closeSync(fd);
    }
    let released = false;
    return {
      path,
      release() {
        if (released) return;
        released = true;
        // only remove our own lock: a stale-lock takeover may have replaced it
        if (readLock(path)?.pid === mine.pid) rmSync(path, { force: true });
      },
    };
  }
  throw new JarvisError('io', `could not take the lock ${path}: it keeps reappearing`);
}

export function readLock(path: string): LockInfo | undefined {
  try {
    const v = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockInfo>;
    if (typeof v.pid === 'number' && typeof v.host === 'string') return { pid: v.pid, host: v.host, started: String(v.started ?? '?'), cwd: String(v.cwd ?? '?') };
  } catch {
    // unreadable or half-written: treated as stale
  }
  return undefined;
}

function isAlive(l: LockInfo): boolean {
  // a process on another host cannot be checked: assume it is alive rather than steal its lock
  if (l.host !== hostname()) return true;
  try {
    process.kill(l.pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
