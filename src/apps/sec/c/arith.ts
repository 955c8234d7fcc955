/**
 * Integer arithmetic over intervals: comparisons (for folding conditions) and the overflow,
 * underflow and division-by-zero checks that need the operands' ranges.
 */
import type { N } from './ast.js';
import { report, text, type Frame, type Run } from './context.js';
import { shift } from './memory.js';
import { readMember, uncheckedInputFields } from './input-fields.js';
import { lvalKey, staticType } from './names.js';
import { fieldLoc } from './fields.js';
import { quietly } from './eval.js';
import { sumLimit, type State } from './state.js';
import { elemSize, intRange, INT_TYPE, isFloat, sizeOf, type CType } from './types.js';
import { anyInt, capPtr, int, isConst, MAX_OBJECT, NO, YES, joinData, type IntV, type PtrV, type Val } from './values.js';

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
  const v = arithValue(op, a, b, l, r, n, st, fr, run);
  // `n = strlen(s) + 1`: still the size of s's string with its terminator
  if (op === '+' && v.k === 'int' && a.k === 'int' && b.k === 'int') {
    const own = (x: IntV, c: IntV) => {
      const k = x.lenKey ?? x.ownLen?.key;
      const add = (x.ownLen?.add ?? 0) + c.lo;
      return k !== undefined && isConst(c) && add >= 0 && add <= 1 ? { key: k, add } : undefined;
    };
    const ownLen = own(a, b) ?? own(b, a);
    if (ownLen) return { ...v, ownLen };
  }
  return v;
}

function arithValue(op: string, a: Val, b: Val, l: N, r: N, n: N, st: State, fr: Frame, run: Run): Val {
  if (CMP.has(op)) return compareVals(op, a, b);
  if (a.k === 'ptr' && b.k === 'int' && (op === '+' || op === '-')) {
    const size = elemSize(staticType(l, fr, run), run.group.structs) ?? 1;
    const p = shift(a, op === '+' ? b : { ...b, lo: -b.hi, hi: -b.lo }, size);
    const k = op === '+' ? sumBound(l, r, st, fr, run) : undefined;
    return (k !== undefined && capPtr(p, k)) || p;
  }
  if (b.k === 'ptr' && a.k === 'int' && op === '+') {
    const size = elemSize(staticType(r, fr, run), run.group.structs) ?? 1;
    return shift(b, a, size);
  }
  if (a.k === 'ptr' && b.k === 'ptr' && op === '-') return ptrDiff(a, b, l, st, fr, run);
  // `(char *)&len + got`: still inside len (a reader filling it piecewise fills the variable)
  if (a.k === 'ref' && b.k === 'int' && (op === '+' || op === '-')) return b.lo === 0 && b.hi === 0 ? a : { ...a, part: true };
  if (b.k === 'ref' && a.k === 'int' && op === '+') return a.lo === 0 && a.hi === 0 ? b : { ...b, part: true };
  if (a.k !== 'int' || b.k !== 'int') {
    if ((op === '/' || op === '%') && b.k === 'int') checkDivisor(b, r, n, st, fr, run);
    // `UINT32_C(1) << n`: the shifted value is unknown, the amount still matters
    if (op === '<<' || op === '>>') checkShift(b.k === 'int' ? b : anyInt(), l, staticType(l, fr, run), r, n, fr, run);
    return anyInt();
  }
  const taint = a.taint || b.taint;
  // a program input taints more strongly than a library caller's value: keep the stronger one
  const src = a.taint && !a.weak ? a : b.taint && !b.weak ? b : a.taint ? a : b.taint ? b : a;
  const weak = taint && (!a.taint || a.weak) && (!b.taint || b.weak) ? true : undefined;
  const rel = taint && (!a.taint || a.rel) && (!b.taint || b.rel) ? true : undefined;
  // an index the loop runs through, plus or times a constant, still takes every value of its range
  const every = (op === '+' || op === '-' || op === '*') && ((a.every && isConst(b)) || (b.every && isConst(a)) || (a.every && b.every && (isConst(a) || isConst(b))));
  const wide = a.wide || b.wide;
  // a total of counts of items read (`len += n`), or one plus a bounded amount, is still such a count
  const perItem = op === '+' && taint && [a, b].every((x) => (x.taint ? x.perItem && !x.weak : Number.isFinite(x.hi) && x.lo >= 0));
  // bytes of data stay data; a paired length less or plus a program value is still that length
  const dataFacts = a.data || b.data || a.szOf || b.szOf ? joinData(a, b, op) : undefined;
  // `i + 1` after `i < len`: the relation to the buffer's end moves with the constant
  const moved = op === '+' || op === '-' ? (a.below && isConst(b) ? { o: a.below.o, k: a.below.k + (op === '+' ? b.lo : -b.lo) } : op === '+' && b.below && isConst(a) ? { o: b.below.o, k: b.below.k + a.lo } : undefined) : undefined;
  const below = moved && Number.isFinite(moved.k) ? { below: moved } : {};
  const out = (lo: number, hi: number): IntV => ({
    ...below, k: 'int', lo, hi, taint, src: src.src, srcNote: src.srcNote, ...(taint ? { origin: src.origin } : {}), ...(weak ? { weak } : {}), ...(rel ? { rel } : {}), ...(every ? { every } : {}), ...(wide ? { wide } : {}), ...(perItem ? { perItem } : {}), ...dataFacts,
  });
  const lt = staticType(l, fr, run);
  const rt = staticType(r, fr, run);
  const dl = lt && intRange(lt) ? lt : undefined;
  const dr = rt && intRange(rt) ? rt : undefined;
  // with a declared type on either side, C's conversions; between constants alone, what holds them
  const promoted = dl || dr ? arithType(dl ?? literalType(l, fr), dr ?? literalType(r, fr)) : constantType(a, b) ?? arithType(literalType(l, fr), literalType(r, fr));
  // stored straight into a narrower variable, arithmetic on narrow values wraps in that type
  const narrowOnly = !promoted || (promoted.base === 'int' && !promoted.unsigned);
  const type = (run.dest?.node === n && narrowOnly ? run.dest.type : promoted) ?? lt ?? rt ?? constantType(a, b);
  const floaty = isFloat(lt) || isFloat(rt) || floatLiteral(l, fr) || floatLiteral(r, fr) || !Number.isInteger(a.lo) || !Number.isInteger(b.lo);
  let v: IntV;
  switch (op) {
    case '+':
      v = out(a.lo + b.lo, Math.min(a.hi + b.hi, sumBound(l, r, st, fr, run) ?? Infinity));
      break;
    case '-':
      v = out(Math.max(Math.max(a.lo, orderedFloor(l, st, fr, run)) - b.hi, relFloor(l, r, st, fr, run)), Math.min(a.hi - b.lo, relCeil(l, r, st, fr, run)));
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
      // (in an unsigned type the remainder is never negative, whatever the sum before it wrapped to)
      if (op === '%' && b.lo > 0 && Number.isFinite(b.hi)) return out(a.lo < 0 && intRange(type)?.[0] !== 0 ? -(b.hi - 1) : 0, b.hi - 1);
      if (op === '/' && b.lo >= 1) {
        const ps = [a.lo / b.lo, a.hi / b.lo, a.lo / b.hi, a.hi / b.hi].map((x) => (Number.isNaN(x) ? 0 : floaty ? x : Math.trunc(x)));
        return out(Math.min(...ps), Math.max(...ps));
      }
      return { k: 'int', lo: -Infinity, hi: Infinity, taint };
    }
    case '<<':
      checkShift(b, l, lt, r, n, fr, run);
      if (isConst(a) && isConst(b) && b.lo >= 0) return out(a.lo * 2 ** b.lo, a.lo * 2 ** b.lo);
      // a byte shifted into place (`(uint32_t)p[1] << 8`): bits, not an input as read
      if (a.lo >= 0 && Number.isFinite(a.hi) && b.lo >= 0 && b.hi <= 63) {
        // in the left operand's promoted type: bits shifted out of it are gone
        const r = intRange(arithType(dl ?? literalType(l, fr), dl ?? literalType(l, fr)) ?? INT_TYPE) as [number, number];
        const hi = a.hi * 2 ** b.hi;
        return hi <= r[1] ? out(a.lo * 2 ** b.lo, hi) : r[0] === 0 ? out(0, r[1]) : { k: 'int', lo: -Infinity, hi: Infinity, taint };
      }
      return { k: 'int', lo: -Infinity, hi: Infinity, taint };
    case '>>':
      checkShift(b, l, lt, r, n, fr, run);
      if (isConst(a) && isConst(b) && b.lo >= 0) return out(Math.floor(a.lo / 2 ** b.lo), Math.floor(a.lo / 2 ** b.lo));
      // a right shift by at least k divides by 2^k (`x >> 16` of a uint32_t is at most 65535)
      if (a.lo >= 0 && b.lo >= 0 && b.lo <= 63) return out(Number.isFinite(b.hi) ? Math.floor(a.lo / 2 ** Math.min(b.hi, 63)) : 0, Math.floor(a.hi / 2 ** b.lo));
      return a.lo >= 0 ? out(0, a.hi) : { k: 'int', lo: -Infinity, hi: Infinity, taint };
    case '&':
      if (isConst(a) && isConst(b)) return out(a.lo & b.lo, a.lo & b.lo);
      if (isConst(b) && b.lo >= 0) return out(0, b.lo);
      if (isConst(a) && a.lo >= 0) return out(0, a.lo);
      if (a.lo >= 0 && b.lo >= 0) return bits(out(0, Math.min(a.hi, b.hi)));
      return { k: 'int', lo: -Infinity, hi: Infinity, taint };
    case '|':
    case '^':
      if (isConst(a) && isConst(b)) return op === '|' ? out(a.lo | b.lo, a.lo | b.lo) : out(a.lo ^ b.lo, a.lo ^ b.lo);
      // non-negative operands: at most the next power of two above both, less one
      // (bytes put together: an input as it came)
      if (a.lo >= 0 && b.lo >= 0 && Number.isFinite(a.hi) && Number.isFinite(b.hi)) return out(op === '|' ? Math.max(a.lo, b.lo) : 0, 2 ** Math.ceil(Math.log2(Math.max(a.hi, b.hi) + 1)) - 1);
      return { k: 'int', lo: -Infinity, hi: Infinity, taint };
    default:
      return anyInt();
  }
  // no declared type on either side (macro expansions, calls we cannot see): int is only a guess,
  // and an operand already outside int's range shows the guess is wrong
  const guessed = !dl && !dr && run.dest?.node !== n && (a.lo !== a.hi || b.lo !== b.hi);
  const outside = (x: IntV) => x.lo < -(2 ** 31) || x.hi > 2 ** 32 - 1;
  if (guessed && (outside(a) || outside(b))) return v;
  if (op === '*' && designedWrap(type, l, r, a, b, fr, run)) return v;
  if (!floaty && (op === '+' || op === '-' || op === '*')) checkOverflow(v, a, type ?? INT_TYPE, n, fr, run, op === '+' ? 'addition' : op === '-' ? 'subtraction' : 'multiplication', b);
  return v;
}

/**
 * `end - start` for two pointers into one buffer: the distance in elements. Where the buffer holds
 * input, where a search stopped in it is up to the input too.
 */
function ptrDiff(a: PtrV, b: PtrV, l: N, st: State, fr: Frame, run: Run): IntV {
  const [x] = a.t;
  const [y] = b.t;
  if (!x || !y || a.t.some((t) => t.o !== x.o) || b.t.some((t) => t.o !== x.o)) return anyInt();
  const lo = Math.min(...a.t.map((t) => t.lo)) - Math.max(...b.t.map((t) => t.hi));
  const hi = Math.max(...a.t.map((t) => t.hi)) - Math.min(...b.t.map((t) => t.lo));
  const es = elemSize(staticType(l, fr, run), run.group.structs) ?? 1;
  const o = st.objs.get(x.o);
  // `end - start` is written with the later pointer first: a negative distance is the intervals' blur
  // (and no object is larger than the address space)
  const v: IntV = { k: 'int', lo: hi >= 0 ? Math.max(0, Math.floor(lo / es)) : Math.floor(lo / es), hi: Math.min(Math.ceil(hi / es), MAX_OBJECT), taint: false };
  if (!Number.isFinite(v.lo) && !Number.isFinite(v.hi)) return anyInt();
  if (o?.taint && lo !== hi) Object.assign(v, { taint: true, origin: o.origin, ...(o.weak ? { weak: true } : {}), src: o.taintLine, srcNote: 'distance between two places in input' });
  // the room between two places in a buffer handed in with its length (`end - p`): a count held
  // below it stays inside that buffer
  if (o?.paired) v.szOf = [o.id];
  return v;
}

/**
 * Input masked by another value (`ip & mask`): its range is right, but what it can reach depends
 * on the mask, which intervals do not follow (a test of it later makes it precise).
 */
function bits(v: IntV): IntV {
  return v.taint ? { ...v, wide: true } : v;
}

/** `1000.0`, `1e3`, `0.5f`: a floating literal makes the arithmetic floating. */
function floatLiteral(n: N, fr: Frame): boolean {
  let e = n;
  while (e.t === 'parenthesized_expression' && e.c[0]) e = e.c[0];
  if (e.t !== 'number_literal') return false;
  const raw = text(fr.file, e);
  return /^0[xX]/.test(raw) ? /[pP]/.test(raw) : /[.eE]/.test(raw) || /[fF]$/.test(raw);
}

/** The type of an integer literal from its suffix (`299u`: unsigned int, `1L`: long). */
function literalType(n: N, fr: Frame): CType | undefined {
  let e = n;
  while (e.t === 'parenthesized_expression' && e.c[0]) e = e.c[0];
  if (e.t !== 'number_literal') return undefined;
  const raw = text(fr.file, e);
  if (/[.eEpP]/.test(raw) && !/^0[xX]/.test(raw)) return undefined;
  const suffix = /[uUlL]*$/.exec(raw)?.[0] ?? '';
  return { base: /[lL]/.test(suffix) ? 'long' : 'int', ptr: 0, unsigned: /[uU]/.test(suffix) };
}

/**
 * C's usual arithmetic conversions for two integer operand types: each is promoted to at least
 * int (so `unsigned char * 299u` is unsigned int arithmetic), then the wider wins, and unsigned
 * wins between two of the same width. Undefined when neither type is known.
 */
/**
 * An unsigned product with a multiplier written in the code as large as a hash's or a generator's
 * prime (`h *= FNV_PRIME`, `x * 6364136223846793005ULL`) wraps by design: unsigned arithmetic is
 * modular. A variable that holds a large value (`data = UINT_MAX; data * 2`) is not such a multiplier.
 */
function designedWrap(type: CType | undefined, l: N, r: N, a: IntV, b: IntV, fr: Frame, run: Run): boolean {
  if (intRange(type ?? INT_TYPE)?.[0] !== 0) return false;
  const written = (x: N, v: IntV) => {
    let e = x;
    while ((e.t === 'parenthesized_expression' || e.t === 'cast_expression') && e.c.length > 0) e = e.c[e.c.length - 1] as N;
    return isConst(v) && v.lo >= 65536 && (e.t === 'number_literal' || (e.t === 'identifier' && !lvalKey(e, fr, run)));
  };
  return written(l, a) || written(r, b);
}

function arithType(a: CType | undefined, b: CType | undefined): CType | undefined {
  const promote = (t: CType | undefined): CType | undefined => {
    const r = intRange(t);
    if (!t || !r) return undefined;
    return r[1] - r[0] < 2 ** 32 - 1 ? { base: 'int', ptr: 0, unsigned: false } : t;
  };
  const pa = promote(a);
  const pb = promote(b);
  if (!pa || !pb) return pa ?? pb;
  const ra = intRange(pa) as [number, number];
  const rb = intRange(pb) as [number, number];
  const wa = ra[1] - ra[0];
  const wb = rb[1] - rb[0];
  if (wa !== wb) return wa > wb ? pa : pb;
  return ra[0] === 0 ? pa : pb;
}

/**
 * The type of arithmetic on constants whose declarations we do not see (`SIZE_MAX - 1`, a macro):
 * int when both fit, else a 64-bit type (unsigned for non-negative ones, as sizes and masks are).
 */
function constantType(a: IntV, b: IntV): CType | undefined {
  if (!isConst(a) || !isConst(b)) return undefined;
  const fits = (r: [number, number]) => a.lo >= r[0] && a.lo <= r[1] && b.lo >= r[0] && b.lo <= r[1];
  if (fits([-(2 ** 31), 2 ** 31 - 1])) return undefined;
  // large non-negative constants are nearly always sizes and masks (`SIZE_MAX / 4`): unsigned
  return { base: 'long', ptr: 0, unsigned: a.lo >= 0 && b.lo >= 0 };
}

/**
 * A shift by a negative amount or by at least the width of the (promoted) left operand is
 * undefined: `x << 32` on an int, `x >> -1`.
 */
function checkShift(b: IntV, l: N, lt: CType | undefined, r: N, n: N, fr: Frame, run: Run): void {
  if (b.taint && b.weak) return;
  // the width of the left operand after promotion: a literal by its suffix, `UINT64_C(1)` by its
  // macro, else its declared type (a typedef we cannot see may be 64 bits wide: then nothing is said)
  let size: number | undefined;
  const lit = l.t === 'number_literal' ? text(fr.file, l) : undefined;
  const ctor = l.t === 'call_expression' && l.c[0]?.t === 'identifier' ? /^U?INT(8|16|32|64|MAX)_C$/.exec(text(fr.file, l.c[0])) : null;
  if (lit !== undefined) size = /[lL]/.test(lit) ? 8 : 4;
  else if (ctor) size = ctor[1] === '64' || ctor[1] === 'MAX' ? 8 : 4;
  else if (lt && intRange(lt)) size = Math.max(4, sizeOf(lt, run.group.structs) ?? 4);
  if (size === undefined) return;
  const bits = size * 8;
  const amount = text(fr.file, r);
  const trace = b.src !== undefined ? [{ line: b.src, note: b.srcNote ?? 'value set here' }] : [];
  if (!Number.isFinite(b.lo) || !Number.isFinite(b.hi)) {
    let description: string | undefined;
    let confidence = 0.6;
    // grown once per input item in a loop nothing bounds (`shift += 7` per byte of a varint)
    // (a test of the amount anywhere in the function bounds it where the loop's widening cannot see)
    if (b.taint && Number.isFinite(b.lo) && b.hi === Infinity && !compared(r, fr)) {
      description = `The shift amount '${amount}' grows with the input and nothing bounds it: past ${bits - 1} the shift of a ${bits}-bit value is undefined.`;
      confidence = 0.7;
    } else if (!b.taint && b.lo === -Infinity && b.hi === Infinity) {
      // a member the file fills from input and never range-checks
      const member = readMember(r, fr.file.src);
      if (member && uncheckedInputFields(fr.file).has(member)) {
        description = `The shift amount '${amount}' is the member '${member}', which this file reads from input and never checks anywhere: a negative value or one of ${bits} or more makes the shift undefined.`;
      }
    }
    if (!description) return;
    report(fr, n, { rule: 'c.integer.shift', pattern: amount, description, confidence, tier: 'suspect', trace }, run);
    return;
  }
  if (b.lo >= 0 && b.hi < bits) return;
  const definite = b.hi < 0 || b.lo >= bits;
  report(fr, n, {
    rule: 'c.integer.shift',
    pattern: amount,
    description: `The shift amount '${amount}' is ${b.lo === b.hi ? b.lo : `in [${b.lo}, ${b.hi}]`}; shifting a ${bits}-bit value by a negative amount or by ${bits} or more is undefined.`,
    confidence: definite ? 0.85 : b.taint && !b.wide ? 0.7 : 0.45,
    trace,
  }, run);
}

/** Is the variable `r` names compared with something (`<`, `<=`, `>`, `>=`) anywhere in the function? */
function compared(r: N, fr: Frame): boolean {
  if (r.t !== 'identifier') return false;
  const src = fr.file.src;
  const name = src.slice(r.s, r.e);
  const stack: N[] = [fr.fn.body];
  while (stack.length > 0) {
    const n = stack.pop() as N;
    if (n.t === 'binary_expression' && n.op && /^[<>]=?$/.test(n.op) && n.c.some((c) => c.t === 'identifier' && src.slice(c.s, c.e) === name)) return true;
    for (const c of n.c) stack.push(c);
    if (n.parts) for (const p of n.parts) if (p) stack.push(p);
  }
  return false;
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

/** `a + b` where a loop or a read showed a + b <= K (`used += n` after a read of `CAP - used`): K. */
function sumBound(l: N, r: N, st: State, fr: Frame, run: Run): number | undefined {
  if (st.rels.size === 0) return undefined;
  const ka = plainKey(l, fr, run, st);
  const kb = plainKey(r, fr, run, st);
  if (!ka || !kb) return undefined;
  return sumLimit(st, ka, kb);
}

/** `a - b` where a test or a read showed b < a (or b <= a): the difference is not negative. */
function relFloor(l: N, r: N, st: State, fr: Frame, run: Run): number {
  if (st.rels.size === 0) return -Infinity;
  // `n - 1 - i` (the mirror index of a reversal) with i < n: the fact about n and i, less the constant
  let inner = l;
  while (inner.t === 'parenthesized_expression' && inner.c.length === 1) inner = inner.c[0] as N;
  if (inner.t === 'binary_expression' && inner.op === '-' && inner.c.length === 2 && inner.c[1]?.t === 'number_literal') {
    const c = Number(text(fr.file, inner.c[1]).replace(/[uUlL]+$/, ''));
    if (Number.isInteger(c) && c >= 0) return relFloor(inner.c[0] as N, r, st, fr, run) - c;
  }
  const ka = plainKey(l, fr, run, st);
  const kb = plainKey(r, fr, run, st);
  if (!ka || !kb) return -Infinity;
  let floor = st.rels.has(`lt|${kb}|${ka}`) ? 1 : st.rels.has(`le|${kb}|${ka}`) ? 0 : -Infinity;
  // one step between: `got <= want` from a read of `want` bytes, `want <= left` from `MIN(left, CAP)`
  if (floor < 0) {
    for (const rel of st.rels) {
      const [kind, x, m] = rel.split('|');
      if ((kind === 'le' || kind === 'lt') && x === kb && m && (st.rels.has(`le|${m}|${ka}`) || st.rels.has(`lt|${m}|${ka}`))) floor = Math.max(floor, 0);
    }
  }
  const prefix = `ge|${ka}|${kb}|`;
  for (const rel of st.rels) if (rel.startsWith(prefix)) floor = Math.max(floor, Number(rel.slice(prefix.length)));
  return floor;
}

/** `a - b` where a test showed a - b <= K (`if (len - off < 16)`): at most K. */
function relCeil(l: N, r: N, st: State, fr: Frame, run: Run): number {
  if (st.rels.size === 0) return Infinity;
  const ka = plainKey(l, fr, run, st);
  const kb = plainKey(r, fr, run, st);
  if (!ka || !kb) return Infinity;
  const prefix = `dle|${ka}|${kb}|`;
  let ceil = Infinity;
  for (const rel of st.rels) if (rel.startsWith(prefix)) ceil = Math.min(ceil, Number(rel.slice(prefix.length)));
  return ceil;
}

/**
 * The least a variable can be given the facts that put another below it: inside
 * `for (i = 0; i < n; i++)`, n is at least 1 (`n - 1` does not wrap there).
 */
function orderedFloor(l: N, st: State, fr: Frame, run: Run): number {
  if (st.rels.size === 0) return -Infinity;
  const k = plainKey(l, fr, run, st);
  if (!k) return -Infinity;
  let floor = -Infinity;
  for (const rel of st.rels) {
    const [kind, x, y] = rel.split('|');
    if ((kind !== 'lt' && kind !== 'le') || y !== k || x === undefined) continue;
    const xv = st.vars.get(x)?.v;
    if (xv?.k === 'int' && Number.isFinite(xv.lo)) floor = Math.max(floor, xv.lo + (kind === 'lt' ? 1 : 0));
  }
  return floor;
}

/** The variable an operand names, through casts and parentheses. */
export function plainKey(n: N, fr: Frame, run: Run, st?: State): string | undefined {
  let e = n;
  while ((e.t === 'parenthesized_expression' || e.t === 'cast_expression') && e.c.length > 0) e = e.c[e.c.length - 1] as N;
  if (e.t === 'identifier') return lvalKey(e, fr, run);
  // a member of a struct variable (`v.used`, `t->len` with t = &theme) is a variable of its own
  if (e.t !== 'field_expression') return undefined;
  const key = lvalKey(e, fr, run);
  if (key || !st) return key;
  const f = e;
  const at = quietly(run, () => fieldLoc(f, st.peek(), fr, run, false).at);
  return at.k === 'ref' ? at.key : undefined;
}

export function checkOverflow(v: IntV, a: IntV, type: CType | undefined, n: N, fr: Frame, run: Run, what: string, b?: IntV, dir: -1 | 0 | 1 = 0): void {
  const range = intRange(type ?? INT_TYPE);
  if (!range) return;
  // only values we can reach: inputs over their range, or constants
  // arithmetic on what an exported function's callers pass is their contract, not a finding here
  const strong = (x: IntV | undefined) => Boolean(x?.taint && !x.weak);
  const reachable = strong(a) || strong(b) || (isConst(a) && (!b || isConst(b)));
  if (!reachable) return;
  // a count advanced once per input item, stepped by a small amount: input would have to hold
  // billions of items before a 32-bit or wider count wraps (`out[j++]` per byte, `lines++` per line)
  // (and so is a total of such counts: `len += n` after each read)
  const small = (x: IntV | undefined) => !x || (isConst(x) && Math.abs(x.lo) <= 64) || (x.perItem === true && !x.weak);
  if (range[1] - range[0] >= 2 ** 32 - 1 && ((a.perItem && small(b)) || (b?.perItem && small(a))) && (what === 'increment' || what === 'addition')) return;
  const src = strong(a) ? a : strong(b) ? (b as IntV) : a;
  const trace = src.src !== undefined ? [{ line: src.src, note: src.srcNote ?? 'value set here' }] : [];
  // an input taken as it came (spanning its type: nothing checked it) is the clear case; a value
  // derived from input through checks and steps we only bound loosely is a weaker one
  const unchecked = (x: IntV | undefined) => uncheckedInput(x, range);
  const tainted = strong(a) || strong(b);
  // (a bound a loop's widening made is a guess: informational)
  const conf = a.wide || b?.wide ? 0.35 : tainted ? (unchecked(a) || unchecked(b) ? 0.75 : 0.45) : 0.9;
  // doubles cannot tell 2^63-1 from 2^63: an increment of a value already at the maximum overflows
  const wide = range[1] > 2 ** 53;
  // a bound like sqrt(LLONG_MAX) squared lands within rounding of the maximum: not an overflow
  const slack = wide ? range[1] * 1e-9 : 0;
  const up = v.hi > range[1] + slack || (wide && v.hi >= range[1] && v.hi >= a.hi && (dir === 1 || (b !== undefined && b.lo > 0 && what === 'addition')));
  // an unsigned minimum (0) is exact: only a signed 64-bit minimum suffers from rounding
  const wideLo = Math.abs(range[0]) > 2 ** 53;
  const down = v.lo < range[0] - (wideLo ? slack : 0) || (wideLo && v.lo <= range[0] && v.lo <= a.lo && (dir === -1 || (b !== undefined && b.lo > 0 && what === 'subtraction')));
  // an input whose upper end a test against another variable bounded: the relation the intervals
  // lost is what keeps the sum in range (`if (n > CAP - len) return; len + n`)
  const checkedUp = [a, b].every((x) => !x || !x.taint || x.weak || x.rel) && !(isConst(a) && (!b || isConst(b)));
  if (up && Number.isFinite(v.hi) && !checkedUp) {
    report(fr, n, {
      rule: 'c.integer.overflow',
      pattern: what,
      description: `The ${what} can exceed the maximum of '${typeName(type)}' (${range[1]}): operand range [${fmt(a.lo)}, ${fmt(a.hi)}].`,
      confidence: conf,
      trace,
    }, run);
  } else if (down && Number.isFinite(v.lo)) {
    report(fr, n, {
      rule: 'c.integer.underflow',
      pattern: what,
      description: `The ${what} can go below the minimum of '${typeName(type)}' (${range[0]}): operand range [${fmt(a.lo)}, ${fmt(a.hi)}].`,
      confidence: conf,
      trace,
    }, run);
  }
}

function checkDivisor(b: IntV, r: N, n: N, _st: State, fr: Frame, run: Run): void {
  if (b.nz || b.lo > 0 || b.hi < 0) return;
  const zeroConst = b.lo === 0 && b.hi === 0;
  if (!zeroConst && (!b.taint || b.weak)) return;
  // `0.0 / 0.0`, `1.0 / 0.` written as such make a NaN or an infinity on purpose (IEEE 754
  // defines them); a variable divided by a literal 0.0 is still reported
  if (zeroConst && floatZeroLiteral(r, fr) && n.t === 'binary_expression' && n.c[0] && literalOperand(n.c[0])) return;
  const emptyInput = !zeroConst && b.perItem === true && b.lo === 0;
  report(fr, n, {
    rule: 'c.divide.by-zero',
    pattern: text(fr.file, r),
    description: zeroConst
      ? `The divisor '${text(fr.file, r)}' is zero here.`
      : emptyInput
        ? `The divisor '${text(fr.file, r)}' counts the input items a loop took and stays 0 when there are none (empty input, or none accepted); it is not checked against zero.`
        : `The divisor '${text(fr.file, r)}' comes from outside the program and is not checked against zero.`,
    // an input nothing checked is the clear case; one checked on one side only, a weaker one; a
    // widened value is imprecise, but a count of items read from 0 is 0 exactly when none came
    confidence: zeroConst ? 0.9 : emptyInput ? 0.6 : b.wide ? 0.35 : b.lo < 0 && b.hi > 0 ? 0.75 : 0.45,
    trace: b.src !== undefined ? [{ line: b.src, note: b.srcNote ?? 'value set here' }] : [],
  }, run);
}

/** `unsigned int`, `long`, `uint32_t`: the type as the programmer reads it (the base alone drops `unsigned`) */
function typeName(t: CType | undefined): string {
  const base = t?.base ?? 'int';
  return t?.unsigned && !/^(u|size_t|unsigned)/.test(base) ? `unsigned ${base}` : base;
}

function literalOperand(x: N): boolean {
  let e = x;
  while ((e.t === 'parenthesized_expression' || e.t === 'cast_expression' || (e.t === 'unary_expression' && (e.op === '-' || e.op === '+'))) && e.c.length > 0) e = e.c[e.c.length - 1] as N;
  return e.t === 'number_literal';
}

function floatZeroLiteral(r: N, fr: Frame): boolean {
  let x = r;
  while (x.t === 'parenthesized_expression' && x.c[0]) x = x.c[0];
  return x.t === 'number_literal' && /^(0*\.0*|0+\.?0*[eE][+-]?\d+|0*\.0*[fFlL]?|0+\.0*[fFlL]?)$/.test(text(fr.file, x));
}

function fmt(x: number): string {
  return Number.isFinite(x) ? String(x) : x > 0 ? '+inf' : '-inf';
}
