import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleRecorder, NOT_FOR_A_SCAN } from './support/module-recorder.js';
import { tempTree } from './support/temp-tree.js';

/**
 * `jsec scan` runs in pre-commit hooks, so what its start-up loads is a behaviour a user notices
 * on every commit: each of these once cost tens of milliseconds there (BENCHMARKS.md, "jsec scan
 * start-up"). A loader hook records every module the command loads while it scans; no timing is
 * asserted. The sources are what dist/ and its bundle are built from (scripts/bundle.mjs), so the
 * same graph holds for them; test/cli/package.test.ts checks the installed package's bundle.
 */

const REPO = resolve(import.meta.dirname, '..');

function scanLoads(args: string[]): string[] {
  const recorder = moduleRecorder();
  // tsx first, so the recorder (registered last, called first) sees the TypeScript modules too
  const r = spawnSync(process.execPath, ['--import', 'tsx', recorder.importFlag, join(REPO, 'src/cli/jsec.ts'), 'scan', ...args], {
    cwd: REPO,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 60_000,
  });
  expect(r.status, r.stderr).toBe(0);
  return recorder.urls();
}

describe('jsec scan start-up', () => {
  it('scans one file (a pre-commit hook) without loading zod, yaml, the agent, the model SDKs or the other commands', { timeout: 60_000 }, () => {
    const root = tempTree({ 'one.c': 'int main(int argc, char **argv) { char b[8]; strcpy(b, argv[1]); return 0; }\n' });
    const urls = scanLoads([join(root, 'one.c'), '--no-artifacts']);
    // the hook saw the scan itself: the command, the engine and the parser
    expect(urls.some((u) => u.endsWith('/src/cli/commands/sec-scan.ts'))).toBe(true);
    expect(urls.some((u) => u.endsWith('/src/apps/sec/c/engine.ts'))).toBe(true);
    expect(urls.some((u) => u.includes('/node_modules/web-tree-sitter/'))).toBe(true);
    expect(urls.filter((u) => NOT_FOR_A_SCAN.some((re) => re.test(u)))).toEqual([]);
    // a single named file is not found by walking its directory
    expect(urls.filter((u) => /\/node_modules\/(tinyglobby|fdir|picomatch)\//.test(u))).toEqual([]);
  });

  it('nor for a tree of C and Rust with a JSON report', { timeout: 60_000 }, () => {
    const urls = scanLoads([join(REPO, 'samples/vulnerable'), '--no-artifacts', '--format', 'json']);
    expect(urls.some((u) => u.endsWith('/src/apps/sec/rust/rules.ts'))).toBe(true);
    expect(urls.filter((u) => NOT_FOR_A_SCAN.some((re) => re.test(u)))).toEqual([]);
  });
});
