import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { onTestFinished } from 'vitest';

/** A temp directory holding `files` (path → content), removed when the test ends. */
export function tempTree(files: Record<string, string | Buffer> = {}): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'jarvis-test-')));
  onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  writeTree(root, files);
  return root;
}

/** Writes `files` (path → content) under `root`, creating directories on the way. */
export function writeTree(root: string, files: Record<string, string | Buffer>): void {
  for (const [rel, content] of Object.entries(files)) {
    const abs = join(root, rel);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  }
}
