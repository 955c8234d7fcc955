import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTree } from './support/temp-tree.js';

const BIN = join(import.meta.dirname, '..', 'bin', 'jsec.js');
const TMPNAM = 'void f(void) {\n  char n[32];\n  tmpnam(n);\n}\n';

function jsec(args: string[], cwd?: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', JARVIS_FROM_SOURCE: '1' },
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('jsec scan CLI', () => {
  it('prints a summary, writes the artifact and exits 0 without --fail-on', () => {
    const root = tempTree({ 'a.c': TMPNAM });
    const r = jsec(['scan', root]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/1 findings \(0 high, 1 medium, 0 low\) in 1 files/);
    expect(r.stdout).toContain('a.c:3');
    expect(readFileSync(join(root, '.jarvis/sec/heuristic_issues.jsonl'), 'utf8')).toContain('"rule":"c.hygiene.insecure-temp-file"');
  });

  it('exits 1 when --fail-on is reached and 0 once the finding is in the baseline', () => {
    const root = tempTree({ 'a.c': TMPNAM });
    const base = join(root, 'base.json');
    const gate = jsec(['scan', root, '--fail-on', 'medium', '--write-baseline', base, '--no-artifacts']);
    expect(gate.code).toBe(1);
    expect(gate.stderr).toMatch(/1 finding\(s\) at or above medium/);
    expect(jsec(['scan', root, '--fail-on', 'high', '--no-artifacts']).code).toBe(0);
    const again = jsec(['scan', root, '--fail-on', 'low', '--baseline', base, '--no-artifacts']);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/0 new, 1 already in the baseline/);
    writeFileSync(join(root, 'b.c'), TMPNAM);
    expect(jsec(['scan', root, '--fail-on', 'low', '--baseline', base, '--no-artifacts']).code).toBe(1);
  });

  it('prints the chosen format to stdout or writes it with -o', () => {
    const root = tempTree({ 'a.c': TMPNAM });
    const sarif = jsec(['scan', root, '--format', 'sarif', '--no-artifacts']);
    expect(sarif.code).toBe(0);
    expect(JSON.parse(sarif.stdout)).toMatchObject({ version: '2.1.0' });
    const out = join(root, 'report.json');
    const written = jsec(['scan', root, '-o', out, '--no-artifacts']);
    expect(written.code).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ summary: { total: 1 } });
  });

  it.each([
    [['scan', '/definitely/not/here'], /error: path not found: \/definitely\/not\/here/],
    [['scan', '.', '--format', 'html'], /error: unknown format "html"/],
    [['scan', '.', '--min-confidence', '2'], /--min-confidence must be a number from 0 to 1/],
    [['scan', '.', '--languages', 'go'], /unknown language "go"/],
  ])('exits 2 with one line for bad input: %j', (args, message) => {
    const r = jsec(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/at .*\.ts:\d+/);
    expect(r.stdout).toBe('');
  });
});
