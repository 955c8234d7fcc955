import { readFileSync } from 'node:fs';

/** Whether `pid` is running; a killed orphan may linger as a zombie until init reaps it, and that is not alive. */
export function isAlive(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}
