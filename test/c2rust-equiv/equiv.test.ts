import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEquiv } from '../../src/apps/c2rust/equiv/equiv.js';
import { writeProjects } from './fixture.js';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'jc2r.js');
const has = (tool: string, arg = '--version') => spawnSync(tool, [arg]).status === 0;
const tools = has('cc') && has('cargo') && has('make') && has('nm');

function jc2r(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', JARVIS_FROM_SOURCE: '1' }, timeout: 180_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe.skipIf(!tools)('jc2r equiv: the C project against a hand-written Rust version', () => {
  let dirs: ReturnType<typeof writeProjects>;
  beforeAll(() => {
    dirs = writeProjects();
  });
  afterAll(() => rmSync(dirs.base, { recursive: true, force: true }));

  it('finds the same behaviour on the test programs and on commands that avoid the slips, argv[0] messages included', async () => {
    const tests = await runEquiv({ root: dirs.root });
    expect(tests.commands.map((c) => c.command)).toEqual(['{bin:test_util}']);
    expect(tests.different).toBe(0);
    // The C build took its flags from the Makefile (make -n).
    expect(tests.cBuild?.source).toBe('make (Makefile)');
    // test_util prints a heap address: different in every C run, so that line is compared by shape.
    expect(tests.commands[0]?.notes.join('\n')).toMatch(/stdout: 1 line\(s\) differ between two C runs; compared by shape/);

    const r = await runEquiv({ root: dirs.root, runs: ['{bin:stats} data/input.txt', '{bin:stats}'] });
    expect(r.commands.map((c) => [c.equal, c.c.status, c.rust.status])).toEqual([
      [true, 'exit 0', 'exit 0'],
      [true, 'exit 64', 'exit 64'],
    ]);
    expect(r.commands[1]?.c.stderrBytes).toBeGreaterThan(0);
    expect(r.firstDifference).toBeUndefined();
  });

  it('reports a different stdout with its byte, line and both excerpts', async () => {
    const r = await runEquiv({ root: dirs.root, runs: ['{bin:stats} data/input.txt', '{bin:stats} data/vt.txt'] });
    expect(r.different).toBe(1);
    expect(r.firstDifference).toMatchObject({
      index: 1,
      command: '{bin:stats} data/vt.txt',
      difference: { kind: 'stdout', offset: 22, line: 1, column: 23, c: 'data/vt.txt: 1 lines, 3 words', rust: 'data/vt.txt: 1 lines, 2 words' },
    });
  });

  it('reports a different exit status when the output is the same', async () => {
    const r = await runEquiv({ root: dirs.root, runs: ['{bin:stats} missing.txt'], cRuns: 1 });
    expect(r.commands[0]?.differences).toEqual([{ kind: 'exit', what: 'exit', c: 'exit 2', rust: 'exit 1', message: 'exit status differs: C exit 2, Rust exit 1' }]);
  });

  it('reports a written file that differs, and where', async () => {
    const r = await runEquiv({ root: dirs.root, runs: ['{bin:stats} data/input.txt out.txt'] });
    expect(r.commands[0]?.c.filesWritten).toEqual(['out.txt']);
    expect(r.firstDifference?.difference).toMatchObject({ kind: 'file', what: 'out.txt', offset: 15, line: 2, c: 'words=5\\n', rust: '(ends after 15 bytes)' });
    expect(r.commands[0]?.differences.map((d) => d.kind)).toEqual(['file']);
  });

  it('exits 0 when all behave the same, 1 on a difference (printing it), 2 on a usage or build error; --json has the report', () => {
    const same = jc2r(['equiv', '--run', '{bin:stats} data/input.txt'], dirs.root);
    expect(same.code).toBe(0);
    expect(same.stdout).toMatch(/1\/1 command\(s\) behave the same/);

    const diff = jc2r(['equiv', dirs.root, '--run', '{bin:stats} data/vt.txt', '--run', '{bin:stats} nope'], dirs.base);
    expect(diff.code).toBe(1);
    expect(diff.stdout).toContain('first difference (#1: {bin:stats} data/vt.txt)');
    expect(diff.stdout).toContain('Rust: data/vt.txt: 1 lines, 2 words');
    expect(diff.stdout).toMatch(/different \(exit\)\s+exit 2\s+exit 1/);

    const commands = join(dirs.base, 'commands.txt');
    writeFileSync(commands, '# one per line\n{bin:stats} data/input.txt\n\n{bin:test_util}\n');
    const json = jc2r(['equiv', '--commands', commands, '--json'], dirs.root);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as { equal: number; commands: { command: string }[] };
    expect(report.commands.map((c) => c.command)).toEqual(['{bin:stats} data/input.txt', '{bin:test_util}']);

    const noPlaceholder = jc2r(['equiv', '--run', 'cat data/input.txt'], dirs.root);
    expect(noPlaceholder.code).toBe(2);
    expect(noPlaceholder.stderr).toMatch(/has no \{bin\}/);
    const ambiguous = jc2r(['equiv', '--run', '{bin} x'], dirs.root);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toMatch(/several binaries/);
    const noCrate = jc2r(['equiv', '--crate', join(dirs.base, 'nowhere')], dirs.root);
    expect(noCrate.code).toBe(2);
    expect(noCrate.stderr).toMatch(/no Rust crate at .*nowhere/);
  });

  it('rebuilds a C object whose source or header changed since the last run, and only then', async () => {
    const first = await runEquiv({ root: dirs.root, runs: ['{bin:stats} data/input.txt'], cRuns: 1 });
    expect(first.different).toBe(0);
    const util = join(dirs.root, 'include/util.h');
    const obj = join(dirs.root, '.jarvis/c2rust/equiv/c/obj/src__util.c.o');
    const built = statSync(obj).mtimeMs;
    await runEquiv({ root: dirs.root, runs: ['{bin:stats} data/input.txt'], cRuns: 1 });
    expect(statSync(obj).mtimeMs).toBe(built);
    // A header change that changes what stats.c does: a stale object would hide it.
    const header = readFileSync(util, 'utf8');
    writeFileSync(util, `${header}#define printf(...) printf("changed\\n")\n`);
    try {
      const after = await runEquiv({ root: dirs.root, runs: ['{bin:stats} data/input.txt'], cRuns: 1 });
      expect(after.firstDifference?.difference).toMatchObject({ kind: 'stdout', offset: 0, c: 'changed', rust: 'data/input.txt: 2 lines, 5 words' });
    } finally {
      writeFileSync(util, header);
    }
  });

  it('runs a timeout as a difference and ends the program', async () => {
    const r = await runEquiv({ root: dirs.root, runs: ['sleep 5; {bin:stats}'], timeoutMs: 300, cRuns: 1 });
    expect(r.commands[0]?.differences[0]).toMatchObject({ kind: 'timeout', message: 'both sides timed out' });
    expect(r.commands[0]?.c.ms).toBeLessThan(4000);
  });
});
