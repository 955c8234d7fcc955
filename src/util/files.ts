import { appendFileSync, mkdirSync, readFileSync, existsSync, openSync, fsyncSync, closeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type WriteFileAtomic from 'write-file-atomic';

let atomic: typeof WriteFileAtomic | undefined;

/**
 * write-file-atomic and its dependencies are a dozen CommonJS modules: required on the first
 * write, so a command that writes nothing (`jsec scan --no-artifacts` in a pre-commit hook) never
 * loads them.
 */
function writer(): typeof WriteFileAtomic {
  atomic ??= createRequire(import.meta.url)('write-file-atomic') as typeof WriteFileAtomic;
  return atomic;
}

/** Whole-file write through a temp file and rename: readers see the old or the new file, never half. */
export function writeFileAtomicSync(path: string, data: string | Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  writer().sync(path, data);
}

export async function writeFileAtomicAsync(path: string, data: string | Buffer): Promise<void> {
  mkdirSync(dirname(path), { recursive: true });
  await writer()(path, data);
}

/**
 * Appends one JSON record as one line and flushes it, so a process killed at any moment
 * leaves at most a torn last line, which readJsonl skips.
 */
export function appendJsonl(path: string, record: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, 'a');
  try {
    appendFileSync(fd, `${JSON.stringify(record)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Reads JSONL, skipping blank lines and a torn (unparseable) last line. Other bad lines throw. */
export function readJsonl<T = unknown>(path: string): T[] {
  if (!existsSync(path)) return [];
  const lines = readFileSync(path, 'utf8').split('\n');
  const out: T[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]?.trim();
    if (!line) continue;
    try {
      out.push(JSON.parse(line) as T);
    } catch (e) {
      const isLast = lines.slice(i + 1).every((l) => l.trim() === '');
      if (isLast) break;
      throw new Error(`${path}:${i + 1}: not valid JSON (${(e as Error).message})`, { cause: e });
    }
  }
  return out;
}
