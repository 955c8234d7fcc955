import { AgentFactory } from '../../src/agent/index.js';
import type { Platform } from '../../src/llm/index.js';
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { globSync } from 'tinyglobby';
import { runProcess, type RunOptions } from '../../src/util/process.js';
import type { Exec } from '../../src/apps/c2rust/optimize/cargo.js';
import type { OptimizeOptions } from '../../src/apps/c2rust/optimize/optimizer.js';

/** A temp directory removed after the test. */
export function tempDir(prefix = 'jc2r-opt-'): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export { writeTree } from '../support/temp-tree.js';

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

/** Only `pass` switched on. */
export function onlyPass(pass: keyof OptimizeOptions['passes']): OptimizeOptions['passes'] {
  return { unsafe: false, structure: false, visibility: false, doc: false, [pass]: true };
}

/** optimizeCrate options as the CLI's defaults set them (resume, git guard, 2 build-fix retries); `extra` wins. */
export function optimizeOptions(cwd: string, passes: OptimizeOptions['passes'], extra: Partial<OptimizeOptions> = {}): OptimizeOptions {
  return { cwd, passes, resume: true, resetProgress: false, maxChecks: 0, dryRun: false, buildFixRetries: 2, gitGuard: true, ...extra };
}

/** The factory `jc2r optimize` builds its model stages with, over one (scripted) model. */
export function modelAgents(platform: Platform): AgentFactory {
  return new AgentFactory({ root: process.cwd(), models: () => ({ normal: platform }), tools: () => [] }, { interactive: false });
}
