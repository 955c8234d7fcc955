/**
 * Property test: random files built from a small pool of look-alike lines (duplicates, other
 * indentation, trailing blanks) and SEARCH blocks cut from them, sometimes altered. Whatever
 * happens, an edit lands only where its SEARCH text is, and a refusal leaves the file as it was.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { applyPatch } from '../../src/edit/index.js';

const POOL = ['a();', '    a();', '\ta();', 'b();', '    b();  ', '', 'if (x) {', '    c();', '}', '// a();', 'a();\t'];
const MARK = '@@MARK@@';
const root = mkdtempSync(join(tmpdir(), 'jarvis-edit-prop-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Alter = 'none' | 'dedent' | 'indent' | 'trail' | 'swap';

function alter(lines: string[], how: Alter, pick: number): string[] {
  switch (how) {
    case 'dedent':
      return lines.map((l) => l.replace(/^[ \t]+/, ''));
    case 'indent':
      return lines.map((l) => (l === '' ? l : `  ${l}`));
    case 'trail':
      return lines.map((l) => `${l.trimEnd()} `);
    case 'swap':
      return lines.map((l, i) => (i === pick % lines.length ? (POOL[pick % POOL.length] as string) : l));
    default:
      return lines;
  }
}

const bare = (l: string): string => l.replace(/^[ \t]+|[ \t]+$/g, '');

function count(hay: string, needle: string): number {
  let n = 0;
  for (let i = hay.indexOf(needle); i !== -1; i = hay.indexOf(needle, i + 1)) n++;
  return n;
}

describe('matching never applies at a wrong place', () => {
  it('holds for random files and SEARCH blocks', () => {
    const arb = fc.record({
      lines: fc.array(fc.constantFrom(...POOL), { minLength: 1, maxLength: 14 }),
      start: fc.nat(),
      len: fc.integer({ min: 1, max: 4 }),
      how: fc.constantFrom<Alter>('none', 'none', 'dedent', 'indent', 'trail', 'swap'),
      pick: fc.nat(),
    });
    fc.assert(
      fc.property(arb, ({ lines, start, len, how, pick }) => {
        const original = `${lines.join('\n')}\n`;
        const i = start % lines.length;
        const cut = alter(lines.slice(i, i + len), how, pick);
        const search = `${cut.join('\n')}\n`;
        // REPLACE indented like the SEARCH's first line, as a model writes it.
        const replace = `${/^[ \t]*/.exec(cut[0] ?? '')?.[0] ?? ''}${MARK}\n`;
        const file = join(root, 'f.c');
        writeFileSync(file, original);
        const report = applyPatch({ root, file: 'f.c', diffs: [{ kind: 'search', search, replace }] });
        const after = readFileSync(file, 'utf8');
        const exactHits = count(original, search);

        if (report.outcome === 'refused') {
          expect(after).toBe(original);
          const d = report.diffs[0];
          expect(d?.status === 'refused' && d.reason.message.length > 0).toBe(true);
          // A SEARCH that occurs exactly once must not be refused.
          expect(exactHits).not.toBe(1);
          return;
        }
        expect(exactHits).toBeLessThan(2);
        const d = report.diffs[0];
        if (d?.status !== 'matched') throw new Error('applied without a matched DIFF');
        if (d.how === 'exact') {
          const at = original.indexOf(search);
          expect(after).toBe(original.slice(0, at) + replace + original.slice(at + search.length));
          return;
        }
        // Fallback: whole lines d.line..d.endLine were replaced, and they are the SEARCH lines up to blanks.
        const origLines = original.slice(0, -1).split('\n');
        const replaced = origLines.slice(d.line - 1, d.endLine);
        const wanted = search.replace(/^\n+|\n+$/g, '').split('\n');
        expect(replaced.map(bare)).toEqual(wanted.map(bare));
        const afterLines = after.slice(0, -1).split('\n');
        expect(afterLines.slice(0, d.line - 1)).toEqual(origLines.slice(0, d.line - 1));
        expect(afterLines.slice(d.line)).toEqual(origLines.slice(d.endLine));
        expect(bare(afterLines[d.line - 1] as string)).toBe(MARK);
      }),
      { numRuns: 400, seed: 20261122 },
    );
  });
});
