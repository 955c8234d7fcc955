/**
 * The summary table of `jsec scan` (issue 14 item 4): with a baseline the new findings come first
 * and are marked, rows go by severity then score, and a cut table says what it left out and how
 * to see it.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTree, writeTree } from './support/temp-tree.js';

const BIN = join(import.meta.dirname, '..', 'bin', 'jsec.js');

function jsec(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', JARVIS_FROM_SOURCE: '1' }, timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** 30 medium findings (tmpnam) in files a… that sort before the file the new finding lands in. */
function manyExisting(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < 10; i++) {
    files[`a${i}.c`] = ['void f1(void) { char n[32]; tmpnam(n); }', 'void f2(void) { char n[32]; tmpnam(n); }', 'void f3(void) { char n[32]; tmpnam(n); }'].join('\n');
  }
  return files;
}

describe('jsec scan summary table', () => {
  it('shows the one new finding first and marked, and says how many rows it left out', () => {
    const root = tempTree(manyExisting());
    const base = join(root, 'base.json');
    expect(jsec(['scan', root, '--write-baseline', base, '--no-artifacts']).code).toBe(0);
    // a low-severity finding in the last file: by score or file order it would be cut off
    writeTree(root, { 'zz.c': 'char *stamp(time_t t) { return ctime(&t); }\n' });
    const r = jsec(['scan', root, '--baseline', base, '--fail-on', 'low', '--no-artifacts']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/1 new, 30 already in the baseline/);
    const rows = r.stdout.split('\n').filter((l) => /^(NEW|\s{3,})\s+(high|medium|low)\s/.test(l));
    expect(rows[0]).toMatch(/^NEW\s+low\s+proven\s+zz\.c:1\s+c\.hygiene\.legacy-time/);
    expect(rows).toHaveLength(10);
    expect(r.stdout).toContain('… 21 more finding(s) not shown: --all (or --limit N) lists them here, --format md -o report.md or --format json writes every one');

    const all = jsec(['scan', root, '--baseline', base, '--all', '--no-artifacts']);
    expect(all.stdout.split('\n').filter((l) => /\sc\.hygiene\./.test(l))).toHaveLength(31);
    expect(all.stdout).not.toContain('not shown');
  });

  it('orders by severity then score without a baseline, and --limit cuts the table', () => {
    const root = tempTree({
      'a.c': 'char *stamp(time_t t) { return ctime(&t); }\n',
      'b.c': 'void f(void) { char n[32]; tmpnam(n); }\n',
      'c.c': 'void drop(void) { setuid(getuid()); }\n',
    });
    const r = jsec(['scan', root, '--limit', '2', '--no-artifacts']);
    const rows = r.stdout.split('\n').filter((l) => /^(high|medium|low)\s/.test(l));
    expect(rows.map((l) => l.split(/\s+/)[0])).toEqual(['high', 'medium']);
    expect(rows[0]).toMatch(/c\.c:1\s+c\.hygiene\.unchecked-io/);
    expect(rows[1]).toMatch(/b\.c:1\s+c\.hygiene\.insecure-temp-file/);
    expect(r.stdout).toMatch(/… 1 more finding\(s\) not shown/);
    expect(r.stdout).toMatch(/3 proven, 0 suspect; 1 error, 1 warning, 1 note/);
  });

  it('rejects a bad --limit before scanning', () => {
    const r = jsec(['scan', '.', '--limit', 'many']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--limit must be an integer from 0 to 1000000, got "many"/);
  });
});
