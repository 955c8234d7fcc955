import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEdits, byteToIndex, mapBack } from './text-edits.js';

describe('text edits', () => {
  it('applies edits in any order and maps positions of the result back', () => {
    const src = 'let x = unsafe { *p };';
    const edits = [
      { start: 19, end: 21, text: '' }, // " }"
      { start: 8, end: 17, text: '' }, // "unsafe { "
    ];
    const out = applyEdits(src, edits);
    expect(out).toBe('let x = *p;');
    expect(out.slice(8, 10)).toBe('*p');
    expect(src.slice(mapBack(edits, 8), mapBack(edits, 9) + 1)).toBe('*p');
    expect(mapBack(edits, out.indexOf(';'))).toBe(src.indexOf(';'));
  });

  it('refuses overlapping edits', () => {
    expect(() => applyEdits('abcdef', [{ start: 0, end: 3, text: '' }, { start: 2, end: 4, text: '' }])).toThrow(/overlapping/);
  });

  it('maps every unedited character back to itself (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), fc.array(fc.tuple(fc.nat(40), fc.nat(5), fc.string({ maxLength: 4 })), { maxLength: 5 }), (src, raw) => {
        // Build non-overlapping edits from random starts.
        const edits: { start: number; end: number; text: string }[] = [];
        let pos = 0;
        for (const [gap, len, text] of raw.sort((a, b) => a[0] - b[0])) {
          const start = Math.min(src.length, pos + (gap % 7));
          const end = Math.min(src.length, start + len);
          edits.push({ start, end, text });
          pos = end + 1;
          if (pos > src.length) break;
        }
        const out = applyEdits(src, edits);
        let o = 0;
        let s = 0;
        for (const e of [...edits].sort((a, b) => a.start - b.start)) {
          for (; s < e.start; s++, o++) expect(mapBack(edits, o)).toBe(s);
          o += e.text.length;
          s = e.end;
        }
        for (; s < src.length; s++, o++) expect(mapBack(edits, o)).toBe(s);
        expect(o).toBe(out.length);
      }),
    );
  });

  it('converts rustc byte offsets to string indices past multi-byte characters', () => {
    const text = '// é ü\nfn f() {}';
    const byteOfFn = Buffer.from(text).indexOf('fn');
    expect(byteToIndex(text, byteOfFn)).toBe(text.indexOf('fn'));
  });
});
