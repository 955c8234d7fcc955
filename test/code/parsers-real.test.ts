import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCargoTest, parseCtest, parseGcc, parseGtest, parseJsTests, parseOutput, parsePytest, parseRustcJson } from '../../src/apps/code/verify/parsers/index.js';
import { tempTree } from '../support/temp-tree.js';

/**
 * Each parser on output produced here and now by the real tool. A tool that is missing skips
 * its case (CI installs them: see .ci/run).
 */

const has = (cmd: string, ...args: string[]) => spawnSync(cmd, args.length ? args : ['--version'], { stdio: 'ignore' }).status === 0;
const GTEST = has('sh', '-c', 'ls /usr/lib/*/libgtest.a /usr/lib/libgtest.a /usr/local/lib/libgtest.a 2>/dev/null | grep -q .') && has('g++');
const ENV = { ...process.env, LC_ALL: 'C', LANG: 'C', NO_COLOR: '1', CARGO_TARGET_DIR: join(tmpdir(), 'jarvis-jca-test-target') };

/** stdout + stderr of a command that is expected to fail. */
function output(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = ENV): string {
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });
  return `${r.stdout}\n${r.stderr}`;
}

const BAD_C = '#include <stdio.h>\nint add(int a, int b) {\n  return a + b\n}\nint main(void) { printf("%d\\n", add(1, undefined_var)); return 0; }\n';

describe('compiler output parsers on real output', () => {
  it.each([['gcc'], ['clang']].filter(([cc]) => has(cc as string)))('%s: file, line and message of each error', (cc) => {
    const dir = tempTree({ 'bad.c': BAD_C });
    const ds = parseGcc(output(cc, ['-c', 'bad.c', '-o', '/dev/null'], dir)).filter((d) => d.kind === 'error');
    expect(ds.map((d) => [d.file, d.line])).toEqual([
      ['bad.c', 3],
      ['bad.c', 5],
    ]);
    expect(ds[0]?.message).toMatch(/expected ';'/);
    expect(ds[1]?.message).toMatch(/undefined_var/);
  });

  it('gcc: a link error names the missing symbol', () => {
    const dir = tempTree({ 'link.c': 'int f(void);\nint main(void) { return f(); }\n' });
    const ds = parseGcc(output('gcc', ['link.c', '-o', 'a.out'], dir));
    expect(ds.map((d) => d.message)).toContain("undefined reference to 'f'");
  });

  it.skipIf(!has('cargo'))('rustc JSON from cargo: error codes and primary spans', () => {
    const dir = tempTree({
      'Cargo.toml': '[package]\nname = "parsed"\nversion = "0.1.0"\nedition = "2021"\n',
      'src/lib.rs': 'pub fn f() -> i32 {\n    let s: String = 5;\n    missing()\n}\n',
    });
    const ds = parseRustcJson(output('cargo', ['build', '--message-format=json'], dir)).filter((d) => d.kind === 'error');
    expect(ds.map((d) => [d.code, d.file, d.line])).toEqual(
      expect.arrayContaining([
        ['E0308', 'src/lib.rs', 2],
        ['E0425', 'src/lib.rs', 3],
      ]),
    );
  }, 60_000);

  it.skipIf(!has('cargo'))('cargo test: the failing test, its place and the assertion', () => {
    const dir = tempTree({
      'Cargo.toml': '[package]\nname = "tested"\nversion = "0.1.0"\nedition = "2021"\n',
      'src/lib.rs': '#[cfg(test)]\nmod tests {\n    #[test]\n    fn ok() {}\n    #[test]\n    fn sums() {\n        assert_eq!(1 + 1, 3);\n    }\n}\n',
    });
    const ds = parseCargoTest(output('cargo', ['test'], dir));
    expect(ds).toHaveLength(1);
    expect(ds[0]).toMatchObject({ kind: 'test', test: 'tests::sums', file: 'src/lib.rs', line: 7 });
    expect(ds[0]?.message).toMatch(/left: 2/);
  }, 60_000);
});

describe('test runner parsers on real output', () => {
  it.skipIf(!GTEST)('googletest: each failing test once, with the assertion place', () => {
    const dir = tempTree({
      't.cc': '#include <gtest/gtest.h>\nint add(int a, int b) { return a - b; }\nTEST(Calc, Adds) {\n  EXPECT_EQ(add(2, 2), 4);\n}\nTEST(Calc, Zero) { EXPECT_EQ(add(0, 0), 0); }\nTEST(Calc, Neg) {\n  ASSERT_TRUE(add(1, 1) > 1);\n}\n',
    });
    execFileSync('g++', ['-std=c++17', 't.cc', '-o', 't', '-lgtest', '-lgtest_main', '-pthread'], { cwd: dir, env: ENV });
    const ds = parseGtest(output(join(dir, 't'), [], dir));
    expect(ds.map((d) => [d.test, d.file, d.line])).toEqual([
      ['Calc.Adds', 't.cc', 4],
      ['Calc.Neg', 't.cc', 8],
    ]);
    expect(ds[0]?.message).toMatch(/add\(2, 2\)/);
  }, 60_000);

  it.skipIf(!has('cmake') || !has('ctest'))('ctest: the failing test by name, and the assertion of its output', () => {
    const dir = tempTree({
      'CMakeLists.txt': 'cmake_minimum_required(VERSION 3.10)\nproject(p C)\nenable_testing()\nadd_executable(good good.c)\nadd_executable(bad bad.c)\nadd_test(NAME good COMMAND good)\nadd_test(NAME bad COMMAND bad)\n',
      'good.c': 'int main(void) { return 0; }\n',
      'bad.c': '#include <assert.h>\nint main(void) {\n  assert(1 + 1 == 3);\n  return 0;\n}\n',
    });
    execFileSync('sh', ['-c', 'cmake -S . -B build >/dev/null && cmake --build build >/dev/null'], { cwd: dir, env: ENV });
    const out = output('ctest', ['--test-dir', 'build', '--output-on-failure'], dir);
    expect(parseCtest(out)).toEqual([expect.objectContaining({ kind: 'test', test: 'bad' })]);
    expect(parseOutput(out)).toEqual(expect.arrayContaining([expect.objectContaining({ source: 'assert', file: expect.stringMatching(/bad\.c$/), line: 3 })]));
  }, 60_000);

  it('vitest: test name, assertion and place', () => {
    const root = resolve(import.meta.dirname, '../..');
    const dir = tempTree({
      'sum.test.ts': "import { describe, expect, it } from 'vitest';\ndescribe('sum', () => {\n  it('adds', () => {\n    expect(1 + 1).toBe(3);\n  });\n  it('works', () => {});\n});\n",
      'vitest.config.mjs': 'export default {};\n',
    });
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(join(root, 'node_modules', 'vitest'), join(dir, 'node_modules', 'vitest'));
    const out = output(process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--root', dir], dir, { ...ENV, CI: 'true' });
    const ds = parseJsTests(out);
    expect(ds).toHaveLength(1);
    expect(ds[0]).toMatchObject({ test: 'sum.test.ts > sum > adds', file: 'sum.test.ts', line: 4 });
    expect(ds[0]?.message).toMatch(/expected 2 to be 3/);
  }, 60_000);

  it.skipIf(!has('python3', '-m', 'pytest', '--version'))('pytest: the failing test, its line and the assertion', () => {
    const dir = tempTree({ 'test_calc.py': 'def add(a, b):\n    return a - b\n\n\ndef test_add():\n    assert add(2, 2) == 4\n\n\ndef test_ok():\n    assert True\n' });
    writeFileSync(join(dir, 'pytest.ini'), '[pytest]\n');
    const ds = parsePytest(output('python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider'], dir));
    expect(ds).toEqual([expect.objectContaining({ kind: 'test', test: 'test_calc.py::test_add', file: 'test_calc.py', line: 6 })]);
    expect(ds[0]?.message).toMatch(/assert 0 == 4/);
  }, 60_000);
});
