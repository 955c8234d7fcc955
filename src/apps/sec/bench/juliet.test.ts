import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { caseKey, familyOf, findingsFromSarif, parseRegions, scoreJuliet } from './juliet.js';

const FILE = [
  '#include "std_testcase.h"', // 1
  '#ifndef OMITBAD', // 2
  'void CWE121_x_01_bad()', // 3
  '{', // 4
  '#ifdef _WIN32', // 5
  '    bad_win();', // 6
  '#endif', // 7
  '    bad();', // 8
  '}', // 9
  '#endif /* OMITBAD */', // 10
  '#ifndef OMITGOOD', // 11
  'static void goodG2B() { good(); }', // 12
  '#endif /* OMITGOOD */', // 13
  'int main() { return 0; }', // 14
].join('\n');

describe('Juliet scorer', () => {
  it('finds OMITBAD and OMITGOOD regions, nested conditionals included', () => {
    expect(parseRegions(FILE)).toEqual([
      { kind: 'bad', start: 2, end: 10 },
      { kind: 'good', start: 11, end: 13 },
    ]);
  });

  it('groups a case across its a..e parts and _bad/_good files', () => {
    expect(caseKey('t/CWE121_x__fgets_54a.c')).toBe('t/CWE121_x__fgets_54');
    expect(caseKey('t/CWE121_x__fgets_54e.c')).toBe('t/CWE121_x__fgets_54');
    expect(caseKey('t/CWE121_x__fgets_01.c')).toBe('t/CWE121_x__fgets_01');
    expect(caseKey('t/CWE121_x__fgets_84_bad.cpp')).toBe('t/CWE121_x__fgets_84');
    expect(caseKey('t/CWE121_x__fgets_84_goodG2B.cpp')).toBe('t/CWE121_x__fgets_84');
  });

  it('maps CWEs to families (680 counts as buffer for a buffer case)', () => {
    expect(familyOf(121)).toBe('buffer');
    expect(familyOf(690)).toBe('null');
    expect(familyOf(78)).toBe('command');
  });

  it('scores recall, precision and discrimination by case and family', () => {
    const files = new Map([
      ['d/CWE121_a_01.c', FILE],
      ['d/CWE121_b_01.c', FILE],
      ['d/CWE121_c_01.c', FILE],
      ['d/CWE121_d_01.c', FILE],
    ]);
    const score = scoreJuliet(files, [
      { file: 'd/CWE121_a_01.c', line: 8, cwe: [121] }, // detected, clean
      { file: 'd/CWE121_b_01.c', line: 8, cwe: [787] }, // 787 is in the buffer family: detected
      { file: 'd/CWE121_b_01.c', line: 12, cwe: [122] }, // ... and a false alarm
      { file: 'd/CWE121_c_01.c', line: 8, cwe: [476] }, // wrong family: nothing
      { file: 'd/CWE121_d_01.c', line: 14, cwe: [121] }, // outside any region: nothing
    ]);
    expect(score.overall).toMatchObject({ cases: 4, detected: 2, falseAlarms: 1, clean: 1 });
    expect(score.overall.recall).toBe(0.5);
    expect(score.overall.precision).toBeCloseTo(2 / 3);
    expect(score.overall.discrimination).toBe(0.25);
    expect(score.perCwe.map((c) => c.cwe)).toEqual([121]);
  });

  it('reads CWE ids from SARIF rules when results carry none (flawfinder)', () => {
    const sarif = {
      runs: [{
        tool: { driver: { rules: [{ id: 'FF1', relationships: [{ target: { id: 'CWE-120' } }] }] } },
        results: [{ ruleId: 'FF1', locations: [{ physicalLocation: { artifactLocation: { uri: 'd/x.c' }, region: { startLine: 7 } } }] }],
      }],
    };
    expect(findingsFromSarif(sarif, (u) => u)).toEqual([{ file: 'd/x.c', line: 7, cwe: [120], level: 'warning' }]);
  });
});

const run = promisify(execFile);
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('jsec bench juliet', () => {
  it('scans a Juliet-shaped tree and prints the per-CWE table', async () => {
    const root = mkdtempSync(join(tmpdir(), 'juliet-'));
    dirs.push(root);
    const dir = join(root, 'testcases', 'CWE121_Stack_Based_Buffer_Overflow');
    mkdirSync(dir, { recursive: true });
    const body = (size: number) => `{ char b[${size}]; strcpy(b, "0123456789ABCDEF"); puts(b); }`;
    writeFileSync(join(dir, 'CWE121_Stack_Based_Buffer_Overflow__demo_01.c'), [
      '#include <string.h>', '#include <stdio.h>',
      '#ifndef OMITBAD', `void CWE121_demo_01_bad() ${body(10)}`, '#endif /* OMITBAD */',
      '#ifndef OMITGOOD', `static void goodG2B() ${body(20)}`, 'void CWE121_demo_01_good() { goodG2B(); }', '#endif /* OMITGOOD */',
    ].join('\n'));
    const bin = join(import.meta.dirname, '..', '..', '..', '..', 'bin', 'jsec.js');
    const { stdout } = await run(process.execPath, [bin, 'bench', 'juliet', '--root', root, '--json'], { env: { ...process.env, NO_COLOR: '1' } });
    const score = JSON.parse(stdout) as { overall: { cases: number; recall: number; precision: number } };
    expect(score.overall).toMatchObject({ cases: 1, recall: 1, precision: 1 });
    const table = await run(process.execPath, [bin, 'bench', 'juliet', '--root', root, '--cwe', '121'], { env: { ...process.env, NO_COLOR: '1' } });
    expect(table.stdout).toMatch(/^121\s+1\s+1\s+0\s+100\.0%\s+100\.0%\s+100\.0%$/m);
  });

  it('rejects a bad --cwe with a one-line usage error', async () => {
    const bin = join(import.meta.dirname, '..', '..', '..', '..', 'bin', 'jsec.js');
    const err = await run(process.execPath, [bin, 'bench', 'juliet', '--root', tmpdir(), '--cwe', 'abc']).catch((e: { code: number; stderr: string }) => e);
    expect(err).toMatchObject({ code: 2 });
    expect((err as { stderr: string }).stderr).toMatch(/--cwe takes CWE numbers/);
  });
});
