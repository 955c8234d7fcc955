import { describe, expect, it } from 'vitest';
import { tempTree } from '../../../../test/support/temp-tree.js';
import { detectVerify } from './detect.js';
import { formatStepFailure } from './feedback.js';
import { englishMessages } from './runner.js';
import { parseCAssert } from './parsers/c-assert.js';
import { parseCargoTest } from './parsers/cargo-test.js';
import { parseCtest } from './parsers/ctest.js';
import { parseOutput, parseTsc } from './parsers/index.js';
import { parseJsTests } from './parsers/vitest.js';

describe('detectVerify', () => {
  it.each<[string, Record<string, string>, string, string | undefined, string | undefined]>([
    ['make with a test target', { Makefile: 'all:\n\tcc x.c\ntest: all\n\t./a.out\n' }, 'make', 'make', 'make test'],
    ['make with check', { makefile: 'all:\n\ttrue\ncheck:\n\ttrue\n' }, 'make', 'make', 'make check'],
    ['make without tests', { Makefile: 'all:\n\ttrue\nTEST := x\n' }, 'make', 'make', undefined],
    ['cmake', { 'CMakeLists.txt': 'project(x)\n' }, 'cmake', 'cmake -S . -B .jarvis/build && cmake --build .jarvis/build', 'ctest --test-dir .jarvis/build --output-on-failure'],
    ['cargo', { 'Cargo.toml': '[package]\n' }, 'cargo', 'cargo build --all-targets --message-format=json', 'cargo test'],
    ['go', { 'go.mod': 'module x\n' }, 'go', 'go build ./...', 'go test ./...'],
    ['npm with scripts', { 'package.json': '{"scripts":{"build":"tsc","test":"vitest run"}}' }, 'npm', 'npm run --silent build', 'npm test --silent'],
    ['npm placeholder test', { 'package.json': '{"scripts":{"test":"echo \\"Error: no test specified\\" && exit 1"}}' }, 'npm', undefined, undefined],
    ['pytest', { 'tests/test_a.py': 'def test_a(): pass\n' }, 'pytest', undefined, 'python3 -m pytest -q'],
    ['nothing', { 'README.md': 'hi\n' }, 'none', undefined, undefined],
  ])('%s', (_what, files, system, build, test) => {
    const plan = detectVerify(tempTree(files));
    expect(plan.system).toBe(system);
    expect(plan.build?.display).toBe(build);
    expect(plan.test?.display).toBe(test);
  });

  it('--build and --test replace the detected commands; "" removes one', () => {
    const root = tempTree({ Makefile: 'all:\n\ttrue\ntest:\n\ttrue\n' });
    const plan = detectVerify(root, { build: 'make -j4 all', test: '' });
    expect(plan.build).toEqual({ name: 'build', display: 'make -j4 all', argv: ['sh', '-c', 'make -j4 all'] });
    expect(plan.test).toBeUndefined();
    expect(detectVerify(tempTree(), { test: './run-tests' }).system).toBe('custom');
  });
});

describe('parsers on shapes of other versions', () => {
  it('cargo test before Rust 1.73 put the message before the place', () => {
    const out = "test tests::sums ... FAILED\n\n---- tests::sums stdout ----\nthread 'tests::sums' panicked at 'assertion failed: `(left == right)`\n  left: `2`,\n right: `3`', src/lib.rs:7:9\n";
    const one = "test t::x ... FAILED\nthread 't::x' panicked at 'boom', src/lib.rs:3:5\n";
    expect(parseCargoTest(one)).toEqual([{ kind: 'test', source: 'cargo-test', test: 't::x', file: 'src/lib.rs', line: 3, column: 5, message: 'boom' }]);
    expect(parseCargoTest(out)).toEqual([
      { kind: 'test', source: 'cargo-test', test: 'tests::sums', file: 'src/lib.rs', line: 7, column: 9, message: 'assertion failed: `(left == right)` left: `2`, right: `3`' },
    ]);
  });

  it('ctest timeouts and the closing list', () => {
    const out = '1/2 Test #1: slow .............***Timeout   1.50 sec\n2/2 Test #2: fast .............   Passed    0.01 sec\n\nThe following tests FAILED:\n\t  1 - slow (Timeout)\n\t  3 - other (Failed)\n';
    expect(parseCtest(out).map((d) => [d.test, d.message])).toEqual([
      ['slow', 'Timeout'],
      ['other', 'Failed'],
    ]);
  });

  it('musl assert and jest', () => {
    expect(parseCAssert('Assertion failed: x == 1 (t.c: main: 9)\n')).toEqual([expect.objectContaining({ file: 't.c', line: 9, message: 'assertion `x == 1` failed' })]);
    const jest = '  ● math › adds\n\n    expect(received).toBe(expected) // Object.is equality\n\n    Expected: 3\n    Received: 2\n\n      at Object.<anonymous> (src/math.test.js:4:19)\n';
    expect(parseJsTests(jest)).toEqual([{ kind: 'test', source: 'jest', test: 'math › adds', file: 'src/math.test.js', line: 4, message: 'expect(received).toBe(expected) // Object.is equality Expected: 3 Received: 2' }]);
  });

  it('tsc', () => {
    expect(parseTsc("src/a.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.\n")).toEqual([
      { kind: 'error', source: 'tsc', file: 'src/a.ts', line: 3, column: 7, code: 'TS2322', message: "Type 'string' is not assignable to type 'number'." },
    ]);
  });

  it('output no parser knows yields nothing, and the signal falls back to the last lines', () => {
    const output = 'line 1\nsomething odd happened\n';
    expect(parseOutput(output)).toEqual([]);
    const text = formatStepFailure({ name: 'test', display: './t', ok: false, exitCode: 3, timedOut: false, diagnostics: [], output, log: '.jarvis/runs/r/verify/01-test.log' });
    expect(text).toBe('Tests failed (`./t`, exit 3).\nLast lines of the output:\nline 1\nsomething odd happened\nFull log: .jarvis/runs/r/verify/01-test.log');
  });
});

describe('englishMessages', () => {
  it('puts messages in the C locale and keeps the character set', () => {
    expect(englishMessages({ LC_ALL: 'zh_CN.UTF-8', LANGUAGE: 'zh_CN', PATH: '/bin' })).toEqual({ LC_CTYPE: 'zh_CN.UTF-8', LANG: 'zh_CN.UTF-8', LC_MESSAGES: 'C', PATH: '/bin' });
    expect(englishMessages({ LANG: 'de_DE.UTF-8' })).toEqual({ LANG: 'de_DE.UTF-8', LC_MESSAGES: 'C' });
  });
});
