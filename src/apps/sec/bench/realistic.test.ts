import { describe, expect, it } from 'vitest';
import { familyMembers, parseFlaws, scoreProgram, totals } from './realistic.js';

describe('realistic pair scoring', () => {
  it('reads FLAW markers with their CWE', () => {
    expect(parseFlaws('int a;\nstrcpy(b, s); /* FLAW: CWE-121 */\nx; /*FLAW:CWE-78*/\n')).toEqual([{ line: 2, cwe: 121 }, { line: 3, cwe: 78 }]);
    expect(parseFlaws('/* no flaw here: CWE-121 */')).toEqual([]);
  });

  it('uses the Juliet families, and a CWE outside them as its own family', () => {
    expect(familyMembers(121)).toContain(787);
    expect(familyMembers(798)).toEqual([798]);
  });

  it('scores +5 for a found flawed program, +2 for a clean fixed one, -1 per other finding', () => {
    const flaws = [{ line: 10, cwe: 121 }];
    expect(scoreProgram(flaws, [{ line: 11, cwe: [676] }])).toMatchObject({ found: true, onLine: true, offTarget: 0, points: 5 });
    expect(scoreProgram(flaws, [{ line: 30, cwe: [787] }, { line: 2, cwe: [252] }])).toMatchObject({ found: true, onLine: false, offTarget: 1, points: 4 });
    expect(scoreProgram(flaws, [{ line: 2, cwe: [252] }])).toMatchObject({ found: false, offTarget: 1, points: -1 });
    expect(scoreProgram([], [])).toMatchObject({ kind: 'fixed', points: 2 });
    expect(scoreProgram([], [{ line: 1, cwe: [121] }, { line: 5, cwe: [401] }])).toMatchObject({ kind: 'fixed', points: -2 });
    const t = totals([scoreProgram(flaws, [{ line: 10, cwe: [121] }]), scoreProgram([], [{ line: 1, cwe: [1] }]), scoreProgram([], [])]);
    expect(t).toMatchObject({ flawed: 1, found: 1, foundOnLine: 1, fixed: 2, flagged: 1, findings: 2, offTarget: 1, points: 5 - 1 + 2 });
  });
});
