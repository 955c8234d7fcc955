import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectVerify, runVerify } from '../../src/apps/code/index.js';
import { parseJUnitXml } from '../../src/apps/code/verify/parsers/junit.js';
import { tempTree } from '../support/temp-tree.js';

/**
 * JUnit XML reports beside the text parsers (issue 19 item 6), written here and now by the real
 * pytest, googletest and ctest. A tool that is missing skips its case.
 */

const has = (cmd: string, ...args: string[]) => spawnSync(cmd, args.length ? args : ['--version'], { stdio: 'ignore' }).status === 0;
const PYTEST = has('python3', '-m', 'pytest', '--version');
const GTEST = has('sh', '-c', 'ls /usr/lib/*/libgtest.a /usr/lib/libgtest.a /usr/local/lib/libgtest.a 2>/dev/null | grep -q .') && has('g++');
const CTEST = has('ctest') && has('cmake') && has('cc');
const ENV = { ...process.env, LC_ALL: 'C', LANG: 'C' };

const PY = 'def test_ok():\n    assert 1 == 1\n\n\ndef test_bad():\n    x = 2\n    assert x == 3, "x must be three"\n';

describe('JUnit XML reports', () => {
  it.skipIf(!PYTEST)('pytest --junitxml: the failing test, the line that failed and the assertion', () => {
    const dir = tempTree({ 'test_calc.py': PY });
    spawnSync('python3', ['-m', 'pytest', '-q', '--junitxml=r.xml'], { cwd: dir, env: ENV });
    expect(parseJUnitXml(readFileSync(join(dir, 'r.xml'), 'utf8'))).toEqual([
      { kind: 'test', source: 'junit', test: 'test_calc.test_bad', file: 'test_calc.py', line: 7, message: 'AssertionError: x must be three\nassert 2 == 3' },
    ]);
  });

  it.skipIf(!GTEST)('googletest GTEST_OUTPUT=xml: each failing test with its assertion place', () => {
    const dir = tempTree({ 't.cc': '#include <gtest/gtest.h>\nint add(int a, int b) { return a - b; }\nTEST(Calc, Adds) {\n  EXPECT_EQ(add(2, 2), 4);\n}\nTEST(Calc, Zero) { EXPECT_EQ(add(0, 0), 0); }\n' });
    execFileSync('g++', ['-std=c++17', 't.cc', '-o', 't', '-lgtest', '-lgtest_main', '-pthread'], { cwd: dir, env: ENV });
    spawnSync('./t', [], { cwd: dir, env: { ...ENV, GTEST_OUTPUT: 'xml:r.xml' } });
    const ds = parseJUnitXml(readFileSync(join(dir, 'r.xml'), 'utf8'));
    expect(ds).toHaveLength(1);
    expect(ds[0]).toMatchObject({ test: 'Calc.Adds', file: 't.cc', line: 4 });
    expect(ds[0]?.message).toContain('Expected equality of these values');
  });

  it.skipIf(!CTEST)('ctest --output-junit: the failing test with the end of its output', () => {
    const dir = tempTree({
      'CMakeLists.txt': 'cmake_minimum_required(VERSION 3.16)\nproject(t C)\nenable_testing()\nadd_executable(calc_test t.c)\nadd_test(NAME calc_test COMMAND calc_test)\nadd_test(NAME ok_test COMMAND calc_test ok)\n',
      't.c': '#include <stdio.h>\nint main(int c, char **v) { if (c > 1) return 0; puts("add(2, 2) returned 0, expected 4"); return 1; }\n',
    });
    execFileSync('sh', ['-c', 'cmake -S . -B b >/dev/null && cmake --build b >/dev/null'], { cwd: dir, env: ENV });
    spawnSync('ctest', ['--test-dir', 'b', '--output-junit', join(dir, 'r.xml')], { cwd: dir, env: ENV });
    const ds = parseJUnitXml(readFileSync(join(dir, 'r.xml'), 'utf8'));
    expect(ds.map((d) => d.test)).toEqual(['calc_test']);
    expect(ds[0]?.message).toContain('add(2, 2) returned 0, expected 4');
  });

  it('a report cut short, or not JUnit at all, gives nothing rather than an error', () => {
    expect(parseJUnitXml('<testsuite><testcase name="a"><failure message="x"')).toEqual([]);
    expect(parseJUnitXml('not xml')).toEqual([]);
  });
});

describe('jca verify asks the runners for reports', () => {
  it.skipIf(!PYTEST)('finds the failing test of a quiet test command through PYTEST_ADDOPTS, where the text says nothing', async () => {
    const root = tempTree({ 'test_calc.py': PY });
    const runDir = tempTree();
    const plan = detectVerify(root, { build: '', test: 'python3 -m pytest -q >/dev/null 2>&1' });
    const v = await runVerify(plan, { root, runDir, iteration: 1, env: ENV });
    expect(v.green).toBe(false);
    expect(v.failure?.diagnostics).toEqual([expect.objectContaining({ test: 'test_calc.test_bad', file: 'test_calc.py', line: 7, source: 'junit:pytest.xml' })]);
    expect(v.message).toContain('test_calc.py:7');
  });

  it.skipIf(!GTEST)('finds googletest failures through GTEST_OUTPUT when the binary runs quietly under make', async () => {
    const root = tempTree({ 't.cc': '#include <gtest/gtest.h>\nTEST(Calc, Adds) {\n  EXPECT_EQ(1 + 1, 3);\n}\n' });
    execFileSync('g++', ['-std=c++17', 't.cc', '-o', 't', '-lgtest', '-lgtest_main', '-pthread'], { cwd: root, env: ENV });
    const plan = detectVerify(root, { build: '', test: './t >/dev/null 2>&1' });
    const v = await runVerify(plan, { root, runDir: tempTree(), iteration: 1, env: ENV });
    expect(v.failure?.diagnostics.map((d) => [d.test, d.file, d.line])).toEqual([['Calc.Adds', 't.cc', 3]]);
  });
});
