import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { onTestFinished } from 'vitest';
import { globSync } from 'tinyglobby';
import { runProcess, type RunOptions } from '../../src/util/process.js';
import type { Exec } from '../../src/apps/c2rust/optimize/cargo.js';

/** A temp directory removed after the test. */
export function tempDir(prefix = 'jc2r-opt-'): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Writes `files` (path → content) under `root`. */
export function writeTree(root: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
}

export function manifest(name: string, extra = ''): string {
  return `[package]\nname = "${name}"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n${extra}`;
}

/** Every file of a crate except build output and our artifacts, for byte-for-byte comparisons. */
export function snapshotFiles(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of globSync(['**/*'], { cwd: root, dot: true, ignore: ['target/**', '.jarvis/**', '.git/**'] }).sort()) {
    out[f] = readFileSync(join(root, f), 'latin1');
  }
  return out;
}

/** A cargo runner that records what it ran, so tests count real cargo invocations. */
export function countingExec(): { exec: Exec; calls: string[][] } {
  const calls: string[][] = [];
  const exec: Exec = async (cmd: string, args: readonly string[], opts: RunOptions) => {
    calls.push([cmd, ...args]);
    return runProcess(cmd, args, opts);
  };
  return { exec, calls };
}

/** One cargo target dir per test file: std is shared and parallel test files do not wait on each other's lock. */
export function targetDirFor(name: string): NodeJS.ProcessEnv {
  return { CARGO_TARGET_DIR: join(tmpdir(), `jc2r-opt-target-${name}-${process.pid}`) };
}

export async function git(cwd: string, ...args: string[]): Promise<string> {
  const r = await runProcess('git', args, { cwd });
  if (r.exitCode !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** Counts `unsafe` keywords in code lines (comments stripped). */
export function unsafeKeywords(text: string): number {
  return text
    .split('\n')
    .map((l) => l.replace(/\/\/.*$/, ''))
    .join('\n')
    .match(/\bunsafe\b/g)?.length ?? 0;
}
