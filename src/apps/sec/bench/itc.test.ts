import { describe, expect, it } from 'vitest';
import { cppcheckFindings, flawfinderEncodingFailure } from './external.js';
import { defectType, itcTruth, markedLines, scoreItc } from './itc.js';

const FLAWED = [
  '/* Defect Type: Numerical defects */',
  'void a(void) {',
  '  x = y / 0; /*Tool should detect this line as error*/ /*ERROR:Division by zero*/',
  '  free(p);/*ERROR:Freeing a NULL pointer*/',
  '  printf("Error: %s", e);',
  '  z = w << 40; /*Tool  should Detect this line as error*/',
  '}',
].join('\n');
const FIXED = [
  '/* Defect Type: Numerical defects */',
  'void a(void) {',
  '  x = y / 1; /*Tool should not detect this line as error*/ /*No ERROR:Division by zero*/',
  '  free(p);/*Tool not should detect this line as error*/',
  '  printf("Error: %s", e);',
  '  z = w << 4; /*No ERROR: shift*/',
  '}',
].join('\n');

describe('ITC scoring (line ±1, as the benchmark README defines it)', () => {
  it('finds the marked lines in every spelling the files use, and no string that merely says Error:', () => {
    expect(markedLines(FLAWED, 'defect')).toEqual([3, 4, 6]);
    expect(markedLines(FIXED, 'fixed')).toEqual([3, 4, 6]);
    expect(defectType(FLAWED)).toBe('Numerical defects');
    expect(defectType('int x;')).toBe('other');
  });

  it('counts each defect line once, and a hit near a twin line as a false positive', () => {
    const truth = itcTruth(new Map([['n.c', FLAWED]]), new Map([['n.c', FIXED]]));
    const s = scoreItc(truth, [
      { side: 'defect', name: 'n.c', line: 3 },
      { side: 'defect', name: 'n.c', line: 4 }, // near both 3 and 4: each line is found once
      { side: 'defect', name: 'n.c', line: 4 },
      { side: 'fixed', name: 'n.c', line: 7 }, // ±1 of twin line 6
      { side: 'fixed', name: 'n.c', line: 1 }, // no marked line near: ignored
      { side: 'defect', name: 'other.c', line: 3 },
    ]);
    expect(s.overall).toMatchObject({ defectLines: 3, found: 2, falsePositives: 1 });
    expect(s.overall.recall).toBeCloseTo(2 / 3);
    expect(s.overall.precision).toBeCloseTo(2 / 3);
    expect(s.perType).toEqual([expect.objectContaining({ type: 'Numerical defects', found: 2 })]);
  });

  it('reads cppcheck XML levels and flawfinder encoding failures', () => {
    const xml = '<results><errors><error id="a" severity="error" cwe="369"><location file="01.w_Defects/n.c" line="3"/></error>' +
      '<error id="b" severity="style"><location file="02.wo_Defects/n.c" line="6"/></error></errors></results>';
    expect(cppcheckFindings(xml)).toEqual([
      { file: '01.w_Defects/n.c', line: 3, cwe: [369], level: 'error' },
      { file: '02.wo_Defects/n.c', line: 6, cwe: [], level: 'note' },
    ]);
    expect(flawfinderEncodingFailure("Error: encoding error in 01.w_Defects/cmp_funcadr.c\n'utf-8' codec can't decode")).toBe('01.w_Defects/cmp_funcadr.c');
    expect(flawfinderEncodingFailure('')).toBeUndefined();
  });
});
