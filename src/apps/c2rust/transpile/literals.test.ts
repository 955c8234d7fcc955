import { describe, expect, it } from 'vitest';
import { stringBytes, wideUnits } from './literals.js';
import { binop, endsWithCast, P } from './rexpr.js';

describe('wide string literals as clang prints them', () => {
  it('keeps escapes whole, joins the "" clang inserts after a hex escape, and masks to the unit width', () => {
    expect(wideUnits('L"h\\351\\x4E2D""a\\\\\\""', 32)).toEqual([104, 0o351, 0x4e2d, 97, 92, 34]);
    expect(wideUnits('u"\\x12345"', 16)).toEqual([0x2345]);
    expect(wideUnits('U"\\U0001F600x"', 32)).toEqual([0x1f600, 120]);
    // Narrow literals: the same escapes, one byte each.
    expect(stringBytes('"a\\n\\303\\251\\x41\\\\"')).toEqual([97, 10, 0xc3, 0xa9, 65, 92]);
  });
});

describe('casts before < and <<', () => {
  it('parenthesises a left operand that ends in a cast, wherever the cast sits in it', () => {
    expect(endsWithCast('a + b as u32')).toBe(true);
    expect(endsWithCast('p as *mut c_char')).toBe(true);
    expect(endsWithCast('f(x as u32)')).toBe(false);
    expect(binop({ code: 'a + b as u32', prec: P.ADD }, '<<', { code: '2', prec: P.ATOM }).code).toBe('(a + b as u32) << 2');
    expect(binop({ code: 'x as c_long', prec: P.AS }, '<', { code: 'y', prec: P.ATOM }).code).toBe('(x as c_long) < y');
    expect(binop({ code: 'x as c_long', prec: P.AS }, '>', { code: 'y', prec: P.ATOM }).code).toBe('x as c_long > y');
  });
});
