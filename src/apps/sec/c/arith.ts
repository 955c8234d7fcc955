/**
 * Integer arithmetic over intervals: comparisons (for folding conditions) and the overflow,
 * underflow and division-by-zero checks that need the operands' ranges.
 */
import type { N } from './ast.js';
import { report, text, type Frame, type Run } from './context.js';
import { shift } from './memory.js';
import { lvalKey, staticType } from './names.js';
import type { State } from './state.js';
import { elemSize, intRange, INT_TYPE, isFloat, sizeOf, type CType } from './types.js';
import { anyInt, int, isConst, NO, YES, type IntV, type PtrV, type Val } from './values.js';

export function truthOf(v: Val): 0 | 1 | undefined {
  if (v.k === 'int') return v.lo > 0 || v.hi < 0 || v.nz ? 1 : v.lo === 0 && v.hi === 0 ? 0 : undefined;
  if (v.k === 'ptr') return v.nul === YES ? 0 : v.nul === NO && v.t.length > 0 ? 1 : undefined;
  if (v.k === 'fn' || v.k === 'ref') return 1;
  return undefined;
}

const CMP = new Set(['<', '<=', '>', '>=', '==', '!=']);

export function compare(op: string, a: IntV, b: IntV): 0 | 1 | undefined {
  switch (op) {
    case '<':
      return a.hi < b.lo ? 1 : a.lo >= b.hi ? 0 : undefined;
    case '<=':
      return a.hi <= b.lo ? 1 : a.lo > b.hi ? 0 : undefined;
    case '>':
      return compare('<', b, a);
    case '>=':
      return compare('<=', b, a);
    case '==':
      if (isConst(a) && isConst(b)) return a.lo === b.lo ? 1 : 0;
      return a.hi < b.lo || b.hi < a.lo || (isConst(b) && b.lo === 0 && a.nz) ? 0 : undefined;
    case '!=': {
      const eq = compare('==', a, b);
      return eq === undefined ? undefined : eq === 1 ? 0 : 1;
    }
    default:
      return undefined;
  }
}

/** The value of `a op b` for a comparison: [0,0], [1,1] or unknown [0,1]. */
export function compareVals(op: string, a: Val, b: Val): IntV {
  if (a.k === 'int' && b.k === 'int') {
    const c = compare(op, a, b);
    return c === undefined ? int(0, 1) : int(c);
  }
  // `p == NULL` where NULL is `((void *)0)` (a pointer) or 0
  const nullPtr = (v: Val) => v.k === 'ptr' && v.nul === YES && v.t.length === 0;
  if (a.k === 'ptr' && b.k === 'ptr' && (nullPtr(a) || nullPtr(b)) && (op === '==' || op === '!=')) {
    const p = nullPtr(b) ? a : b;
    const isNull = p.nul === YES ? 1 : p.nul === NO && p.t.length > 0 ? 0 : undefined;
    if (isNull === undefined) return int(0, 1);
    return int(op === '==' ? isNull : 1 - isNull);
  }
  if ((a.k === 'ptr' && b.k === 'int') || (a.k === 'int' && b.k === 'ptr')) {
    const p = (a.k === 'ptr' ? a : b) as PtrV;
    const z = (a.k === 'int' ? a : b) as IntV;
    if (isConst(z) && z.lo === 0 && (op === '==' || op === '!=')) {
      const isNull = p.nul === YES ? 1 : p.nul === NO && p.t.length > 0 ? 0 : undefined;
      if (isNull === undefined) return int(0, 1);
      return int(op === '==' ? isNull : 1 - isNull);
    }
  }
  return int(0, 1);
}

/** Binary arithmetic with overflow, underflow and division-by-zero checks. */
export function arith(op: string, a: Val, b: Val, l: N, r: N, n: N, st: State, fr: Frame, run: Run): Val {
  if (CMP.has(op)) return compareVals(op, a, b);
  if (a.k === 'ptr' && b.k === 'int' && (op === '+' || op === '-')) {
    const size = elemSize(staticType(l, fr, run), run.group.structs) ?? 1;
    return shift(a, op === '+' ? b : { ...b, lo: -b.hi, hi: -b.lo }, size);
  }
  if (b.k === 'ptr' && a.k === 'int' && op === '+') {
    const size = elemSize(staticType(r, fr, run), run.group.structs) ?? 1;
    return shift(b, a, size);
  }
  if (a.k !== 'int' || b.k !== 'int') {
    if ((op === '/' || op === '%') && b.k === 'int') checkDivisor(b, r, n, st, fr, run);
    return anyInt();
  }
  const taint = a.taint || b.taint;
  const src = a.taint ? a : b.taint ? b : a;
  // an index the loop runs through, plus or times a constant, still takes every value of its range
  const every = (op === '+' || op === '-' || op === '*') && ((a.every && isConst(b)) || (b.every && isConst(a)) || (a.every && b.every && (isConst(a) || isConst(b))));
  const wide = a.wide || b.wide;
  // from callers of an exported function only when every tainted operand is (then a lower confidence)
  const weak = taint && (!a.taint || a.weak) && (!b.taint || b.weak);
  const origin = taint ? (a.taint && !a.weak ? a.origin : b.taint && !b.weak ? b.origin : a.origin ?? b.origin) : undefined;
  const out = (lo: number, hi: number): IntV => ({ k: 'int', lo, hi, taint, src: src.src, srcNote: src.srcNote, ...(weak ? { weak } : {}), ...(origin ? { origin } : {}), ...(every ? { every } : {}), ...(wide ? { wide } : {}) });
  const lt = staticType(l, fr, run);
  const rt = staticType(r, fr, run);
  const type = lt && intRange(lt) ? lt : rt && intRange(rt) ? rt : lt ?? rt;
  const floaty = isFloat(lt) || isFloat(rt);
  let v: IntV;
  switch (op) {
    case '+':
      v = out(a.lo + b.lo, a.hi + b.hi);
      break;
    case '-':
      v = out(Math.max(a.lo - b.hi, relFloor(l, r, st, fr, run)), a.hi - b.lo);
      break;
    case '*': {
      const ps = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi].map((x) => (Number.isNaN(x) ? 0 : x));
      v = out(Math.min(...ps), Math.max(...ps));
      break;
    }
    case '/':
    case '%': {
      checkDivisor(b, r, n, st, fr, run);
      if (isConst(a) && isConst(b) && b.lo !== 0) {
        const q = op === '/' ? (floaty ? a.lo / b.lo : Math.trunc(a.lo / b.lo)) : a.lo % b.lo;
        return out(q, q);
      }
      if (op === '%' && b.lo > 0 && Number.isFinite(b.hi)) return out(a.lo < 0 ? -(b.hi - 1) : 0, b.hi - 1);
      if (op === '/' && b.lo >= 1) {
        const ps = [a.lo / b.lo, a.hi / b.lo, a.lo / b.hi, a.hi / b.hi].map((x) => (Number.isNaN(x) ? 0 : floaty ? x : Math.trunc(x)));
        return out(Math.min(...ps), Math.max(...ps));
      }
      return { k: 'int', lo: -Infinity, hi: Infinity, taint };
    }
    case '<<':
      checkShift(b, l, lt, r, n, fr, run);
      if (isConst(a) && isConst(b) && b.lo >= 0) return out(a.lo * 2 ** b.lo, a.lo * 2 ** b.lo);
      return { k: 'int', lo: -Infinity, hi: Infinity, taint };
    case '>>':
      checkShift(b, l, lt, r, n, fr, run);
      if (isConst(a) && isConst(b) && b.lo >= 0) return out(Math.floor(a.lo / 2 ** b.lo), Math.floor(a.lo / 2 ** b.lo));
      return a.lo >= 0 ? out(0, a.hi) : { k: 'int', lo: -Infinity, hi: Infinity, taint };
    case '&':
      if (isConst(a) && isConst(b)) return out(a.lo & b.lo, a.lo & b.lo);
      if (isConst(b) && b.lo >= 0) return out(0, b.lo);
      return { k: 'int', lo: -Infinity, hi: Infinity, taint };
    case '|':
    case '^':
      if (isConst(a) && isConst(b)) return op === '|' ? out(a.lo | b.lo, a.lo | b.lo) : out(a.lo ^ b.lo, a.lo ^ b.lo);
      return { k: 'int', lo: -Infinity, hi: Infinity, taint };
    default:
      return anyInt();
  }
  if (!floaty && (op === '+' || op === '-' || op === '*')) checkOverflow(v, a, type ?? INT_TYPE, n, fr, run, op === '+' ? 'addition' : op === '-' ? 'subtraction' : 'multiplication', b);
  return v;
}

/**
 * A shift by a negative amount or by at least the width of the (promoted) left operand is
 * undefined: `x << 32` on an int, `x >> -1`.
 */
function checkShift(b: IntV, l: N, lt: CType | undefined, r: N, n: N, fr: Frame, run: Run): void {
  if (!Number.isFinite(b.lo) || !Number.isFinite(b.hi) || (b.taint && b.weak)) return;
  // the width of the left operand after promotion: a literal by its suffix, else its declared type
  // (a typedef we cannot see may be 64 bits wide: then nothing is said)
  let size: number | undefined;
  const lit = l.t === 'number_literal' ? text(fr.file, l) : undefined;
  if (lit !== undefined) size = /[lL]/.test(lit) ? 8 : 4;
  else if (lt && intRange(lt)) size = Math.max(4, sizeOf(lt, run.group.structs) ?? 4);
  if (size === undefined) return;
  const bits = size * 8;
  if (b.lo >= 0 && b.hi < bits) return;
  const definite = b.hi < 0 || b.lo >= bits;
  report(fr, n, {
    rule: 'c.integer.shift',
    pattern: text(fr.file, r),
    description: `The shift amount '${text(fr.file, r)}' is ${b.lo === b.hi ? b.lo : `in [${b.lo}, ${b.hi}]`}; shifting a ${bits}-bit value by a negative amount or by ${bits} or more is undefined.`,
    confidence: definite ? 0.85 : uncheckedInput(b, [-(2 ** 31), 2 ** 31 - 1]) || (b.taint && !b.wide && b.hi - b.lo <= 2 ** 16) ? 0.7 : 0.45,
    trace: b.src !== undefined ? [{ line: b.src, note: b.srcNote ?? 'value set here' }] : [],
  }, run);
}

/**
 * `short s = i;` where i holds a value the short cannot: the value silently changes (a narrower
 * type, or one of the other signedness). Only for a value read from a variable or a call: a
 * literal assigned directly (`unsigned m = -1;`) is an idiom.
 */
export function checkConversion(v: Val, type: CType | undefined, rhs: N, n: N, fr: Frame, run: Run): void {
  if (v.k !== 'int' || !type || !Number.isFinite(v.lo) || !Number.isFinite(v.hi) || (v.taint && v.weak) || !Number.isInteger(v.lo)) return;
  let e = rhs;
  while (e.t === 'parenthesized_expression' && e.c[0]) e = e.c[0];
  if (!/^(identifier|field_expression|subscript_expression|pointer_expression)$/.test(e.t)) return;
  if (e.t === 'pointer_expression' && e.op === '&') return;
  // floating point to integer is a different question (and the value here is only approximate)
  if (isFloat(staticType(e, fr, run))) return;
  const range = intRange(type);
  if (!range || type.base === 'bool' || type.base === '_Bool' || (v.lo >= range[0] && v.hi <= range[1])) return;
  const definite = v.lo > range[1] || v.hi < range[0];
  report(fr, n, {
    rule: 'c.integer.truncation',
    pattern: text(fr.file, e),
    description: `'${text(fr.file, e)}' holds ${v.lo === v.hi ? v.lo : `[${v.lo}, ${v.hi}]`}, which '${type.unsigned ? 'unsigned ' : ''}${type.base}' cannot represent ([${range[0]}, ${range[1]}]): the value changes.`,
    confidence: v.taint ? 0.45 : definite ? 0.6 : 0.45,
    trace: v.src !== undefined ? [{ line: v.src, note: v.srcNote ?? 'value set here' }] : [],
  }, run);
}

/**
 * An input as it came: tainted by a program input and spanning its type's whole range, so no
 * check narrowed it (an unsigned one starts at 0 anyway). Findings on such values are the clear
 * ones; on inputs narrowed by checks we can only follow loosely they are weaker.
 */
export function uncheckedInput(x: IntV | undefined, range: [number, number] | undefined): boolean {
  if (!x || !x.taint || x.weak || x.wide || !range) return false;
  return (x.lo <= range[0] || range[0] === 0) && x.hi >= range[1];
}

/** `a - b` where a test or a read showed b < a (or b <= a): the difference is not negative. */
function relFloor(l: N, r: N, st: State, fr: Frame, run: Run): number {
  if (st.rels.size === 0) return -Infinity;
  const ka = plainKey(l, fr, run);
  const kb = plainKey(r, fr, run);
  if (!ka || !kb) return -Infinity;
  if (st.rels.has(`lt|${kb}|${ka}`)) return 1;
  if (st.rels.has(`le|${kb}|${ka}`)) return 0;
  return -Infinity;
}

/** The variable an operand names, through casts and parentheses. */
export function plainKey(n: N, fr: Frame, run: Run): string | undefined {
  let e = n;
  while ((e.t === 'parenthesized_expression' || e.t === 'cast_expression') && e.c.length > 0) e = e.c[e.c.length - 1] as N;
  return e.t === 'identifier' ? lvalKey(e, fr, run) : undefined;
}

export function checkOverflow(v: IntV, a: IntV, type: CType | undefined, n: N, fr: Frame, run: Run, what: string, b?: IntV, dir: -1 | 0 | 1 = 0): void {
  const range = intRange(type ?? INT_TYPE);
  if (!range) return;
  // only values we can reach: inputs over their range, or constants
  // arithmetic on what an exported function's callers pass is their contract, not a finding here
  const strong = (x: IntV | undefined) => Boolean(x?.taint && !x.weak);
  const reachable = strong(a) || strong(b) || (isConst(a) && (!b || isConst(b)));
  if (!reachable) return;
  const src = strong(a) ? a : strong(b) ? (b as IntV) : a;
  const trace = src.src !== undefined ? [{ line: src.src, note: src.srcNote ?? 'value set here' }] : [];
  // an input taken as it came (spanning its type: nothing checked it) is the clear case; a value
  // derived from input through checks and steps we only bound loosely is a weaker one
  const unchecked = (x: IntV | undefined) => uncheckedInput(x, range);
  const tainted = strong(a) || strong(b);
  const conf = a.wide || b?.wide ? 0.45 : tainted ? (unchecked(a) || unchecked(b) ? 0.75 : 0.45) : 0.9;
  // doubles cannot tell 2^63-1 from 2^63: an increment of a value already at the maximum overflows
  const wide = range[1] > 2 ** 53;
  // a bound like sqrt(LLONG_MAX) squared lands within rounding of the maximum: not an overflow
  const slack = wide ? range[1] * 1e-9 : 0;
  const up = v.hi > range[1] + slack || (wide && v.hi >= range[1] && v.hi >= a.hi && (dir === 1 || (b !== undefined && b.lo > 0 && what === 'addition')));
  // an unsigned minimum (0) is exact: only a signed 64-bit minimum suffers from rounding
  const wideLo = Math.abs(range[0]) > 2 ** 53;
  const down = v.lo < range[0] - (wideLo ? slack : 0) || (wideLo && v.lo <= range[0] && v.lo <= a.lo && (dir === -1 || (b !== undefined && b.lo > 0 && what === 'subtraction')));
  if (up && Number.isFinite(v.hi)) {
    report(fr, n, {
      rule: 'c.integer.overflow',
      pattern: what,
      description: `The ${what} can exceed the maximum of '${type?.base ?? 'int'}' (${range[1]}): operand range [${fmt(a.lo)}, ${fmt(a.hi)}].`,
      confidence: conf,
      trace,
    }, run);
  } else if (down && Number.isFinite(v.lo)) {
    report(fr, n, {
      rule: 'c.integer.underflow',
      pattern: what,
      description: `The ${what} can go below the minimum of '${type?.base ?? 'int'}' (${range[0]}): operand range [${fmt(a.lo)}, ${fmt(a.hi)}].`,
      confidence: conf,
      trace,
    }, run);
  }
}

function checkDivisor(b: IntV, r: N, n: N, _st: State, fr: Frame, run: Run): void {
  if (b.nz || b.lo > 0 || b.hi < 0) return;
  const zeroConst = b.lo === 0 && b.hi === 0;
  if (!zeroConst && (!b.taint || b.weak)) return;
  report(fr, n, {
    rule: 'c.divide.by-zero',
    pattern: text(fr.file, r),
    description: zeroConst ? `The divisor '${text(fr.file, r)}' is zero here.` : `The divisor '${text(fr.file, r)}' comes from outside the program and is not checked against zero.`,
    // an input nothing checked is the clear case; one checked on one side only, a weaker one
    confidence: zeroConst ? 0.9 : b.wide ? 0.45 : b.lo < 0 && b.hi > 0 ? 0.75 : 0.45,
    trace: b.src !== undefined ? [{ line: b.src, note: b.srcNote ?? 'value set here' }] : [],
  }, run);
}

function fmt(x: number): string {
  return Number.isFinite(x) ? String(x) : x > 0 ? '+inf' : '-inf';
}
