import { describe, expect, it } from 'vitest';
import type { SourceFile } from './discover.js';
import { groupSources, relatedStem } from './groups.js';

const c = (file: string): SourceFile => ({ file, language: file.endsWith('.rs') ? 'rust' : file.endsWith('.cpp') ? 'cpp' : 'c' });

describe('relatedStem', () => {
  it('pairs the parts of one unit and keeps different units apart', () => {
    expect(relatedStem('d/CWE121_x_54a.c')).toBe(relatedStem('d/CWE121_x_54e.c'));
    expect(relatedStem('d/case_81_bad.cpp')).toBe(relatedStem('d/case_81a.cpp'));
    expect(relatedStem('d/case_81_goodG2B.cpp')).toBe(relatedStem('d/case_81.h'));
    expect(relatedStem('d/case_81a.cpp')).not.toBe(relatedStem('d/case_82a.cpp'));
    expect(relatedStem('src/parser.c')).not.toBe(relatedStem('src/lexer.c'));
  });
});

describe('groupSources', () => {
  it('never splits related files across groups at a chunk boundary', () => {
    // 3 singles then a 4-part unit: with 5 files per group a plain slice would cut the unit
    const files = ['d/a_01.c', 'd/a_02.c', 'd/a_03.c', 'd/a_54a.c', 'd/a_54b.c', 'd/a_54c.c', 'd/a_54d.c'].map(c);
    const groups = groupSources(files, 5);
    const holder = groups.filter((g) => g.some((s) => s.file.startsWith('d/a_54')));
    expect(holder).toHaveLength(1);
    expect(holder[0]?.filter((s) => s.file.startsWith('d/a_54'))).toHaveLength(4);
    expect(groups.flat().map((s) => s.file).sort()).toEqual(files.map((s) => s.file).sort());
    expect(Math.max(...groups.map((g) => g.length))).toBeLessThanOrEqual(5);
  });

  it('keeps directories and languages apart and splits only an oversized unit', () => {
    const files = [c('x/m.c'), c('y/m.c'), c('x/m.rs'), ...Array.from({ length: 7 }, (_, i) => c(`z/big_${String.fromCharCode(97 + i)}.c`))];
    const groups = groupSources(files, 3);
    for (const g of groups) expect(new Set(g.map((s) => `${s.file.split('/')[0]}:${s.language === 'rust'}`)).size).toBe(1);
    expect(groups.filter((g) => g[0]?.file.startsWith('z/')).map((g) => g.length)).toEqual([3, 3, 1]);
  });
});
