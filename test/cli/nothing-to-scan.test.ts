import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/jarvis-cli.js';
import { tempTree } from '../support/temp-tree.js';

/**
 * A directory with nothing to scan: `jsec scan` and `jc2r scan` give the same answer (one
 * notice line on stderr, exit 0, nothing written, no .jarvis/ created); a path that does not
 * exist stays a usage error (exit 2).
 */

const trees: Array<[string, Record<string, string>]> = [
  ['an empty directory', {}],
  ['a directory without sources', { 'README.md': '# notes\n', 'docs/plan.txt': 'later\n', 'script.py': 'print(1)\n' }],
];

describe.each(trees)('%s', (_what, files) => {
  it('jsec scan: a notice, exit 0, and nothing written even with -o, --write-baseline and --json', async () => {
    const dir = tempTree(files);
    const before = readdirSync(dir).sort();
    const r = await runCli('jsec', ['scan', '.', '-o', 'report.sarif', '--write-baseline', 'base.json'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('jsec scan: no C, C++ or Rust sources under . (after --languages, --exclude and .gitignore); nothing scanned, nothing written\n');
    expect(r.stdout).toBe('');
    const json = await runCli('jsec', ['scan', dir, '--format', 'json'], { cwd: dir });
    expect(json.code).toBe(0);
    expect(json.stdout).toBe('');
    expect(readdirSync(dir).sort()).toEqual(before);
    expect(existsSync(join(dir, '.jarvis'))).toBe(false);
  });

  it('jc2r scan: the same notice, exit 0, nothing written', async () => {
    const dir = tempTree(files);
    const before = readdirSync(dir).sort();
    const r = await runCli('jc2r', ['scan', '-p', '.'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('jc2r scan: no C or C++ sources under .; nothing scanned, nothing written\n');
    expect(r.stdout).toBe('');
    expect(readdirSync(dir).sort()).toEqual(before);
    expect(existsSync(join(dir, '.jarvis'))).toBe(false);
  });
});

it('a path that does not exist is a usage error for both (exit 2)', async () => {
  const dir = tempTree();
  const [sec, c2r] = await Promise.all([runCli('jsec', ['scan', 'missing'], { cwd: dir }), runCli('jc2r', ['scan', '-p', 'missing'], { cwd: dir })]);
  expect(sec.code).toBe(2);
  expect(c2r.code).toBe(2);
  expect(sec.stderr).toMatch(/^error: path not found: missing/);
  expect(c2r.stderr).toMatch(/^error: project root .*missing is not a directory/);
});
