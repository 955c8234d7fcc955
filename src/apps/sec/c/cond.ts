/**
 * Branch conditions: split a state into the states where the condition holds and where it does
 * not, folding constants (a dead branch gets a dead state) and narrowing the tested variables
 * (`x != NULL`, `i < 10`, `data != 0`, `fabs(d) > 1e-6`, `abs(x) <= c`).
 */
import { prefixFacts } from './prefix.js';
import type { N } from './ast.js';
import { text, type Frame, type Run } from './context.js';
import { compareVals, plainKey, truthOf } from './arith.js';
import { evalExpr, quietly } from './eval.js';
import { roomLeft } from './lib-input.js';
import { addrOf } from './fields.js';
import { lvalKey } from './names.js';
import { joinStates, State } from './state.js';
import { notTerminator } from './terminator.js';
import { capPtr, MAYBE, NO, YES, type IntV, type PtrV, type Target, type Val } from './values.js';
import { staticType } from './names.js';
import { derefType, elemSize, type CType } from './types.js';

export function branch(n: N, st: State, fr: Frame, run: Run): [State, State] {
  if (n.t === 'parenthesized_expression' && n.c[0]) return branch(n.c[0], st, fr, run);
  if (n.t === 'unary_expression' && n.op === '!' && n.c[0]) {
    const [t, f] = branch(n.c[0], st, fr, run);
    return [f, t];
  }
  if (n.t === 'binary_expression' && (n.op === '&&' || n.op === '||') && n.c[0] && n.c[1]) {
    const [t1, f1] = branch(n.c[0], st, fr, run);
    if (n.op === '&&') {
      if (t1.dead) return [t1, f1];
      const [t2, f2] = branch(n.c[1], t1, fr, run);
      zeroDivisorGuard(n.c[0], n.c[1], f1, fr, run);
      return [t2, joinOrDead(f1, f2)];
    }
    if (f1.dead) return [t1, f1];
    const [t2, f2] = branch(n.c[1], f1, fr, run);
    return [joinOrDead(t1, t2), f2];
  }
  const [t, f] = n.t === 'binary_expression' && n.op && CMP.has(n.op) && n.c[0] && n.c[1] ? compareBranch(n, st, fr, run) : leafBranch(n, st, fr, run);
  prefixFacts(n, t, f, fr, run);
  return afterTest(n, [t, f], fr, run);
}

/** What a test of one character says about where it is (terminator.ts). */
function afterTest(n: N, [t, f]: [State, State], fr: Frame, run: Run): [State, State] {
  notTerminator(n, true, t, fr, run);
  notTerminator(n, false, f, fr, run);
  return [t, f];
}

function leafBranch(n: N, st: State, fr: Frame, run: Run): [State, State] {
  const v = evalExpr(n, st, fr, run);
  const truth = truthOf(v);
  const t = st;
  const f = st.clone();
  if (truth === 0) return [State.deadState(), f];
  if (truth === 1) return [t, State.deadState()];
  const sub = subject(n, t, fr, run);
  if (sub) {
    narrowSubject(t, sub, '!=', zero);
    narrowSubject(f, sub, '==', zero);
  }
  return [t, f];
}

function joinOrDead(a: State, b: State): State {
  return joinStates(a, b);
}

const CMP = new Set(['<', '<=', '>', '>=', '==', '!=']);
const FLIP: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '==': '==', '!=': '!=' };
const NEG: Record<string, string> = { '<': '>=', '<=': '>', '>': '<=', '>=': '<', '==': '!=', '!=': '==' };
const zero: IntV = { k: 'int', lo: 0, hi: 0, taint: false };

/** What a comparison narrows: a variable, or a member slot of an object; `add` for `x + c op y` */
type Subject = ({ key: string; abs: boolean; add: number } | { o: number; off: number; add: number }) & { step?: boolean };

/** `x`, `(T)x`, `x + c`, `p->f`, `a[k]`, `fabs(x)`/`abs(x)`/`labs(x)` (then the narrowing is symmetric) */
function subject(n: N, st: State, fr: Frame, run: Run): Subject | undefined {
  let c = n;
  // `(x = f()) == NULL` tests x once the assignment is done
  while ((c.t === 'parenthesized_expression' || c.t === 'cast_expression' || (c.t === 'assignment_expression' && c.op === '=')) && c.c.length > 0)
    c = (c.t === 'assignment_expression' ? c.c[0] : c.c[c.c.length - 1]) as N;
  if (c.t === 'call_expression' && c.c[0]?.t === 'template_function' && /_cast$/.test(text(fr.file, c.c[0].c[0] ?? c.c[0])) && c.c[1]?.c[0]) return subject(c.c[1].c[0], st, fr, run);
  if (c.t === 'call_expression' && c.c[0]?.t === 'identifier' && /^(f?abs|labs|llabs|fabsf|imaxabs)$/.test(text(fr.file, c.c[0]))) {
    const arg = c.c[1]?.c[0];
    const inner = arg ? subject(arg, st, fr, run) : undefined;
    return inner && 'key' in inner && inner.add === 0 ? { key: inner.key, abs: true, add: 0 } : undefined;
  }
  // `i + 1 < n` bounds i by n - 1
  if (c.t === 'binary_expression' && (c.op === '+' || c.op === '-') && c.c[0] && c.c[1] && /^\d+$/.test(text(fr.file, c.c[1]).trim())) {
    const inner = subject(c.c[0], st, fr, run);
    const k = Number(text(fr.file, c.c[1]).trim());
    return inner && !('abs' in inner && inner.abs) ? { ...inner, add: inner.add + (c.op === '+' ? k : -k) } : undefined;
  }
  // `n-- > 0` tests n's value before the step: n + 1 now
  if (c.t === 'update_expression' && c.c[0]) {
    const inner = subject(c.c[0], st, fr, run);
    const post = /[+-]$/.test(fr.file.src.slice(c.s, c.e).trimEnd());
    return inner && !('abs' in inner && inner.abs) ? { ...inner, add: inner.add + (post ? (c.op === '--' ? 1 : -1) : 0), step: true } : undefined;
  }
  const key = lvalKey(c, fr, run);
  if (key) return { key, abs: false, add: 0 };
  // `hdr[0] > sizeof rec`: an element at a fixed offset is narrowed like a member
  if (c.t !== 'field_expression' && c.t !== 'subscript_expression' && !(c.t === 'pointer_expression' && c.op === '*')) return undefined;
  const at = quietly(run, () => addrOf(c, st.peek(), fr, run));
  if (at.k === 'ref') return { key: at.key, abs: false, add: 0 };
  if (at.k !== 'ptr' || at.t.length !== 1) return undefined;
  const t = at.t[0] as { o: number; lo: number; hi: number };
  return t.lo === t.hi ? { o: t.o, off: t.lo, add: 0 } : undefined;
}

function compareBranch(n: N, st: State, fr: Frame, run: Run): [State, State] {
  const [l, r] = n.c as [N, N];
  const op = n.op as string;
  run.budget--;
  const lv = evalExpr(l, st, fr, run);
  const rv = evalExpr(r, st, fr, run);
  const truth = truthOf(compareVals(op, lv, rv));
  if (truth === 0) return [State.deadState(), st];
  if (truth === 1) return [st, State.deadState()];
  const t = st;
  const f = st.clone();
  const ls = subject(l, t, fr, run);
  const rs = subject(r, t, fr, run);
  if (ls) {
    narrowSubject(t, ls, op, rv);
    narrowSubject(f, ls, NEG[op] as string, rv);
    markBound(t, ls, op, rv);
    markBound(f, ls, NEG[op] as string, rv);
    belowEnd(t, ls, op, rv, 0);
    belowEnd(f, ls, NEG[op] as string, rv, 0);
    if (!fixed(rv)) {
      markRel(t, ls, op);
      markRel(f, ls, NEG[op] as string);
    }
  }
  if (rs) {
    narrowSubject(t, rs, FLIP[op] as string, lv);
    narrowSubject(f, rs, FLIP[NEG[op] as string] as string, lv);
    markBound(t, rs, FLIP[op] as string, lv);
    markBound(f, rs, FLIP[NEG[op] as string] as string, lv);
    belowEnd(t, rs, FLIP[op] as string, lv, 0);
    belowEnd(f, rs, FLIP[NEG[op] as string] as string, lv, 0);
    if (!fixed(lv)) {
      markRel(t, rs, FLIP[op] as string);
      markRel(f, rs, FLIP[NEG[op] as string] as string);
    }
  }
  // `w > SIZE_MAX / 3 / h` (the overflow guard before `w * h * 3`): where it fails, the divisors
  // are checked too, since the product of them all is what the test kept in range
  if (isQuotientOfMax(r, st, fr, run)) for (const d of divisorsOf(r)) markDivisor(t, f, d, op, st, fr, run);
  if (isQuotientOfMax(l, st, fr, run)) for (const d of divisorsOf(l)) markDivisor(t, f, d, FLIP[op] as string, st, fr, run);
  // `e > s` between two pointers into one buffer: each bounds the other's offset
  if (lv.k === 'ptr' && rv.k === 'ptr' && ls && rs && 'key' in ls && 'key' in rs && ls.add === 0 && rs.add === 0) {
    const es = elemSize(derefType(staticType(l, fr, run) ?? { base: 'char', ptr: 1 } as CType), run.group.structs) ?? 1;
    orderPointers(t, ls.key, rs.key, op, es);
    orderPointers(f, ls.key, rs.key, NEG[op] as string, es);
  }
  // `len < 4 + n` (the sum on the right): each data term is held below the paired length
  if (!rs && lv.k === 'int' && r.t === 'binary_expression' && r.op === '+') {
    boundTerms(t, r, FLIP[op] as string, lv, fr, run);
    boundTerms(f, r, FLIP[NEG[op] as string] as string, lv, fr, run);
  }
  // `p < end`, `p + n > end` for places in a buffer handed in with its length: held below a place in it
  if (lv.k === 'ptr' && rv.k === 'ptr') {
    belowPlace(t, l, op, rv, fr, run);
    belowPlace(f, l, NEG[op] as string, rv, fr, run);
    belowPlace(t, r, FLIP[op] as string, lv, fr, run);
    belowPlace(f, r, FLIP[NEG[op] as string] as string, lv, fr, run);
  }
  // `a + b <= n`: each is at most n minus the other's least value
  if (!ls && rv.k === 'int' && l.t === 'binary_expression' && l.op === '+' && l.c[0] && l.c[1]) {
    narrowSum(t, l, op, rv, fr, run);
    narrowSum(f, l, NEG[op] as string, rv, fr, run);
  }
  // `used + n > CAP` (a constant): on the branch where it fits, used + n <= CAP as a fact, which
  // outlives the intervals (a path that empties used keeps it in a weaker form: joinRels)
  if (rv.k === 'int' && isConstInt(rv) && l.t === 'binary_expression' && l.op === '+' && l.c[0] && l.c[1]) {
    const ka = plainKey(l.c[0], fr, run, f);
    const kb = plainKey(l.c[1], fr, run, f);
    const ints = [l.c[0], l.c[1]].every((c) => quietly(run, () => evalExpr(c as N, f.peek(), fr, run)).k === 'int');
    if (ka && kb && ka !== kb && ints) addRoom(t, f, ka, op, { key: kb, k: rv.lo });
  }
  // `strlen(DIR) + strlen(name) + strlen(EXT) >= sizeof path`: with the constant terms taken off,
  // the one term left is bounded (a string's length, or a variable)
  if (rv.k === 'int' && isConstInt(rv) && l.t === 'binary_expression' && l.op === '+') boundOneTerm(t, f, l, op, rv, fr, run);
  // `if (len < 4) return`: how many bytes of its buffer the length now makes sure of
  if (rv.k === 'int' && isConstInt(rv) && ls) for (const b of [t, f]) sureLength(b, ls);
  else if (lv.k === 'int' && isConstInt(lv) && rs) for (const b of [t, f]) sureLength(b, rs);
  // `len - off < 2`: where it fails, off is at least 2 below the end of len's buffer
  if (rv.k === 'int' && isConstInt(rv)) {
    roomBelowEnd(t, l, op, rv.lo, fr, run);
    roomBelowEnd(f, l, NEG[op] as string, rv.lo, fr, run);
  } else if (lv.k === 'int' && isConstInt(lv)) {
    roomBelowEnd(t, r, FLIP[op] as string, lv.lo, fr, run);
    roomBelowEnd(f, r, FLIP[NEG[op] as string] as string, lv.lo, fr, run);
  }
  // `total - off < 4` (a difference tested against a constant): remembered for `total - off - 4`;
  // `eq - line >= sizeof key` for pointers into one buffer: bounds eq itself
  if (rv.k === 'int' && isConstInt(rv)) {
    addDiff(t, l, op, rv, fr, run);
    addDiff(f, l, NEG[op] as string, rv, fr, run);
  } else if (lv.k === 'int' && isConstInt(lv)) {
    addDiff(t, r, FLIP[op] as string, lv, fr, run);
    addDiff(f, r, FLIP[NEG[op] as string] as string, lv, fr, run);
  }
  // `want > CAP - used` (and its mirror): on the branch where want <= CAP - used, want + used <= CAP
  if (!t.dead || !f.dead) {
    const kl = plainKey(l, fr, run, f);
    const kr = plainKey(r, fr, run, f);
    const roomR = kl ? roomLeft(r, f, fr, run) : undefined;
    const roomL = kr ? roomLeft(l, f, fr, run) : undefined;
    if (kl && roomR) addRoom(t, f, kl, op, roomR);
    if (kr && roomL) addRoom(t, f, kr, FLIP[op] as string, roomL);
  }
  // `T[i] < 0` with the elements of T known (a table ending in a sentinel): i is where it holds
  if (!t.dead || !f.dead) narrowByElement(n, l, r, t, f, fr, run);
  // `got < n`: remembered for `n - got` (members of a struct variable too: `v.used > v.total`)
  const memberKey = (s: Subject | undefined) => (s && 'key' in s && s.add === 0 && !s.abs && !s.step ? s.key : undefined);
  const ka = plainKey(l, fr, run) ?? memberKey(ls);
  const kb = plainKey(r, fr, run) ?? memberKey(rs);
  if (ka && kb) {
    addOrder(t, ka, kb, op);
    addOrder(f, ka, kb, NEG[op] as string);
  }
  // `off + 2 <= len`: len - off >= 2 (kept as `off` moves: `off += 2` leaves len - off >= 0)
  const shifted = (x: Subject | undefined) => (x && 'key' in x && !x.abs && !x.step ? x : undefined);
  const sl = shifted(ls);
  const sr = shifted(rs);
  if (sl && sr && sl.key !== sr.key && (sl.add !== 0 || sr.add !== 0) && lv.k === 'int' && rv.k === 'int') {
    addGap(t, sl.key, sl.add, sr.key, sr.add, op);
    addGap(f, sl.key, sl.add, sr.key, sr.add, NEG[op] as string);
  }
  // `strlen(s) < n`, `len = strlen(s); if (len >= sizeof buf)`: the test bounds the string itself
  if (lv.k === 'int' && lv.lenOf && rv.k === 'int') {
    narrowLen(t, lv.lenOf, op, rv);
    narrowLen(f, lv.lenOf, NEG[op] as string, rv);
  }
  if (rv.k === 'int' && rv.lenOf && lv.k === 'int') {
    narrowLen(t, rv.lenOf, FLIP[op] as string, lv);
    narrowLen(f, rv.lenOf, FLIP[NEG[op] as string] as string, lv);
  }
  if (lv.k === 'int' && lv.lenKey && rv.k === 'int') {
    narrowPtrLen(t, lv, op, rv);
    narrowPtrLen(f, lv, NEG[op] as string, rv);
  }
  if (rv.k === 'int' && rv.lenKey && lv.k === 'int') {
    narrowPtrLen(t, rv, FLIP[op] as string, lv);
    narrowPtrLen(f, rv, FLIP[NEG[op] as string] as string, lv);
  }
  return [t, f];
}

/** The one object all of `v`'s targets are in, as one offset range. */
function hull(v: PtrV): Target | undefined {
  const [first] = v.t;
  if (!first || v.t.some((x) => x.o !== first.o)) return undefined;
  return { o: first.o, lo: Math.min(...v.t.map((x) => x.lo)), hi: Math.max(...v.t.map((x) => x.hi)) };
}

/** `a op b` for two pointers into the same object: their offsets bound each other. */
function orderPointers(st: State, ka: string, kb: string, op: string, es: number): void {
  if (st.dead) return;
  if (op === '>') return orderPointers(st, kb, ka, '<', es);
  if (op === '>=') return orderPointers(st, kb, ka, '<=', es);
  if (op !== '<' && op !== '<=') return;
  const ca = st.vars.get(ka);
  const cb = st.vars.get(kb);
  if (ca?.v.k !== 'ptr' || cb?.v.k !== 'ptr') return;
  const a = hull(ca.v);
  const b = hull(cb.v);
  if (!a || !b || a.o !== b.o) return;
  // a < b: a <= b - es; a <= b
  const gap = op === '<' ? -es : 0;
  const na = { ...a, hi: Math.min(a.hi, b.hi + gap) };
  const nb = { ...b, lo: Math.max(b.lo, a.lo - gap) };
  if (na.lo > na.hi || nb.lo > nb.hi) {
    st.dead = true;
    return;
  }
  if (na.hi !== a.hi) st.vars.set(ka, { ...ca, v: { ...ca.v, t: [na], grow: undefined } });
  if (nb.lo !== b.lo) st.vars.set(kb, { ...cb, v: { ...cb.v, t: [nb] } });
}

/** A value that is one known number (a constant, or a variable holding one). */
function fixed(v: Val): boolean {
  return v.k === 'int' && v.lo === v.hi && Number.isFinite(v.lo) && !v.taint;
}

/**
 * `x op y` left x (a count from data) at most y, where y is a buffer's paired length (or what is
 * left of it, or a value already held below it): x is held below that buffer's end.
 */
function markBound(st: State, s: Subject, op: string, y: Val): void {
  if (st.dead || (op !== '<' && op !== '<=' && op !== '==') || y.k !== 'int' || (!y.szOf && !y.bnd)) return;
  const add = (v: Val): Val | undefined => {
    if (v.k !== 'int' || !v.taint || !v.data) return undefined;
    const bnd = [...new Set([...(v.bnd ?? []), ...(y.szOf ?? []), ...(y.bnd ?? [])])];
    return bnd.length === (v.bnd?.length ?? 0) ? undefined : { ...v, bnd };
  };
  if ('key' in s) {
    const cell = st.vars.get(s.key);
    const v = cell && add(cell.v);
    if (cell && v) st.vars.set(s.key, { ...cell, v });
    return;
  }
  const o = st.objs.get(s.o);
  const old = o?.slots?.get(s.off);
  const v = old && add(old);
  if (o && v) st.updateObj(o.id, { slots: new Map([...(o.slots ?? []), [s.off, v]]) });
}

/**
 * `x + add op y` left x at most y - add - 1 (`<`) or y - add (`<=`, `==`), where y is exactly the
 * length handed in beside a buffer (IntV.end): x is that far from the buffer's end (IntV.below),
 * so `buf[x + 1]` after `x < len` is seen to reach the end. `minus` is subtracted from y first.
 */
function belowEnd(st: State, s: Subject, op: string, y: Val, minus: number): void {
  if (st.dead || (op !== '<' && op !== '<=' && op !== '==') || y.k !== 'int' || !y.end || !('key' in s) || s.abs || s.step) return;
  const k = -y.end.off - minus - s.add - (op === '<' ? 1 : 0);
  const cell = st.vars.get(s.key);
  if (cell?.v.k !== 'int' || !Number.isFinite(k)) return;
  // (already held closer to the end: the tighter relation stays)
  if (cell.v.below?.o === y.end.o && cell.v.below.k <= k) return;
  st.vars.set(s.key, { ...cell, v: { ...cell.v, below: { o: y.end.o, k } } });
}

/** After a test of an exact buffer length against a constant: its least value is the bytes a test made sure of. */
function sureLength(st: State, s: Subject): void {
  if (st.dead || !('key' in s) || s.add !== 0 || s.abs || s.step) return;
  const cell = st.vars.get(s.key);
  if (cell?.v.k !== 'int' || !cell.v.end || !Number.isFinite(cell.v.lo) || cell.v.lo <= (cell.v.end.sure ?? 0)) return;
  st.vars.set(s.key, { ...cell, v: { ...cell.v, end: { ...cell.v.end, sure: cell.v.lo } } });
}

/** `len - x op c` with len exactly a buffer's length: on a branch where it is at least c, x is at most len - c. */
function roomBelowEnd(st: State, e: N, op: string, c: number, fr: Frame, run: Run): void {
  if (st.dead || (op !== '>' && op !== '>=' && op !== '==')) return;
  let x = e;
  while ((x.t === 'parenthesized_expression' || x.t === 'cast_expression') && x.c.length > 0) x = x.c[x.c.length - 1] as N;
  if (x.t !== 'binary_expression' || x.op !== '-' || !x.c[0] || !x.c[1]) return;
  const lk = plainKey(x.c[0], fr, run);
  const len = lk ? st.vars.get(lk)?.v : undefined;
  const s = subject(x.c[1], st, fr, run);
  if (len?.k !== 'int' || !len.end || !s) return;
  // len - x >= c  <=>  x <= len - c  (`>`: one less)
  belowEnd(st, s, '<=', len, c + (op === '>' ? 1 : 0));
}

/** `a + b op y` where only the data bounds matter: markBound on each term of the sum */
function boundTerms(st: State, sum: N, op: string, y: Val, fr: Frame, run: Run): void {
  if (st.dead || y.k !== 'int' || (!y.szOf && !y.bnd)) return;
  const stack = [sum];
  let n = 0;
  while (stack.length > 0 && n++ < 16) {
    let x = stack.pop() as N;
    while (x.t === 'parenthesized_expression' && x.c[0]) x = x.c[0];
    if (x.t === 'binary_expression' && x.op === '+' && x.c[0] && x.c[1]) {
      stack.push(x.c[0], x.c[1]);
      continue;
    }
    const sx = subject(x, st, fr, run);
    if (sx) markBound(st, sx, op, y);
  }
}

/**
 * `p op q` left p (or `p + n`) at or below q, a place in a paired buffer (see markBound): a pointer
 * moved by data is held inside that buffer, and so is a count from data added to it.
 */
function belowPlace(st: State, e: N, op: string, q: PtrV, fr: Frame, run: Run): void {
  if (st.dead || (op !== '<' && op !== '<=' && op !== '==')) return;
  const ids = [...new Set(q.t.map((x) => x.o))].filter((id) => st.objs.get(id)?.paired);
  if (ids.length === 0) return;
  let x = e;
  while ((x.t === 'parenthesized_expression' || x.t === 'cast_expression') && x.c.length > 0) x = x.c[x.c.length - 1] as N;
  const terms = x.t === 'binary_expression' && x.op === '+' && x.c[0] && x.c[1] ? [x.c[0], x.c[1]] : [x];
  const room: IntV = { k: 'int', lo: -Infinity, hi: Infinity, taint: false, szOf: ids };
  for (const term of terms) {
    const key = plainKey(term, fr, run);
    const cell = key ? st.vars.get(key) : undefined;
    if (key && cell?.v.k === 'ptr' && cell.v.dOff) {
      const dOff = [...new Set([...cell.v.dOff, ...ids])];
      if (dOff.length !== cell.v.dOff.length) st.vars.set(key, { ...cell, v: { ...cell.v, dOff } });
      continue;
    }
    const sx = subject(term, st, fr, run);
    if (sx) markBound(st, sx, '<=', room);
  }
}

/**
 * `d != 0 && a > MAX / d`: where d is 0 the product a * d is 0, so a counts as checked there too
 * (else the join with the guarded path forgets that the guard covered it).
 */
function zeroDivisorGuard(first: N, second: N, f1: State, fr: Frame, run: Run): void {
  if (f1.dead) return;
  const bare = (e: N) => {
    let x = e;
    while ((x.t === 'parenthesized_expression' || x.t === 'cast_expression') && x.c.length > 0) x = x.c[x.c.length - 1] as N;
    return x;
  };
  const c1 = bare(first);
  const tested = c1.t === 'binary_expression' && (c1.op === '!=' || c1.op === '>') && c1.c[1] && text(fr.file, c1.c[1]).trim() === '0' ? c1.c[0] : c1.t === 'identifier' ? c1 : undefined;
  const c2 = bare(second);
  if (!tested || c2.t !== 'binary_expression' || !c2.op || !CMP.has(c2.op) || !c2.c[0] || !c2.c[1]) return;
  const name = text(fr.file, bare(tested));
  const covers = (q: N) => isQuotientOfMax(q, f1, fr, run) && divisorsOf(q).some((d) => text(fr.file, bare(d)) === name);
  const [l, r] = c2.c as [N, N];
  const side = covers(r) ? l : covers(l) ? r : undefined;
  const s = side ? subject(side, f1, fr, run) : undefined;
  const d = side ? subject(tested, f1, fr, run) : undefined;
  if (s) markRel(f1, s, '<=');
  if (d) markRel(f1, d, '<=');
}

/** `MAX / a / b` with MAX a type's maximum (at least INT_MAX): a division guard's right side. */
function isQuotientOfMax(e: N, st: State, fr: Frame, run: Run): boolean {
  let x = e;
  while ((x.t === 'parenthesized_expression' || x.t === 'cast_expression') && x.c.length > 0) x = x.c[x.c.length - 1] as N;
  if (x.t !== 'binary_expression' || x.op !== '/' || !x.c[0]) return false;
  let head = x.c[0];
  while (head.t === 'parenthesized_expression' || head.t === 'cast_expression' || (head.t === 'binary_expression' && head.op === '/')) {
    const next = head.c[head.t === 'cast_expression' ? head.c.length - 1 : 0];
    if (!next) return false;
    head = next;
  }
  const v = quietly(run, () => evalExpr(head, st.peek(), fr, run));
  return v.k === 'int' && v.lo === v.hi && v.lo >= 2 ** 31 - 1 && !v.taint;
}

/** The divisors of a chain of divisions (`MAX / 3 / h`: 3 and h). */
function divisorsOf(e: N): N[] {
  let x = e;
  while ((x.t === 'parenthesized_expression' || x.t === 'cast_expression') && x.c.length > 0) x = x.c[x.c.length - 1] as N;
  if (x.t !== 'binary_expression' || x.op !== '/' || !x.c[0] || !x.c[1]) return [];
  return [...divisorsOf(x.c[0]), x.c[1]];
}

/** On the branch where `a op MAX / d` kept a * d within MAX, d counts as relationally checked. */
function markDivisor(t: State, f: State, d: N, op: string, st: State, fr: Frame, run: Run): void {
  const s = subject(d, st, fr, run);
  if (!s) return;
  // `a > MAX / d` fails where a <= MAX / d; `a <= MAX / d` holds there
  if (op === '>' || op === '>=') markRel(f, s, '<=');
  else if (op === '<' || op === '<=') markRel(t, s, '<=');
}

/** `x op y` left x bounded above by another variable's value: x is relationally checked input. */
function markRel(st: State, s: Subject, op: string): void {
  if (st.dead || (op !== '<' && op !== '<=' && op !== '==')) return;
  if ('key' in s) {
    const cell = st.vars.get(s.key);
    if (cell?.v.k === 'int' && cell.v.taint && !cell.v.rel) st.vars.set(s.key, { ...cell, v: { ...cell.v, rel: true } });
    return;
  }
  const o = st.objs.get(s.o);
  const v = o?.slots?.get(s.off);
  if (o && v?.k === 'int' && v.taint && !v.rel) st.updateObj(o.id, { slots: new Map([...(o.slots ?? []), [s.off, { ...v, rel: true }]]) });
}

function narrowSum(st: State, sum: N, op: string, bound: IntV, fr: Frame, run: Run): void {
  if (st.dead || (op !== '<' && op !== '<=')) return;
  // `a + b + c + 1 <= n` (a chain of additions): each term is at most n less the others' least values
  const terms: N[] = [];
  const flatten = (e: N) => {
    let x = e;
    while (x.t === 'parenthesized_expression' && x.c[0]) x = x.c[0];
    if (x.t === 'binary_expression' && x.op === '+' && x.c[0] && x.c[1] && terms.length < 8) {
      flatten(x.c[0]);
      flatten(x.c[1]);
    } else terms.push(e);
  };
  flatten(sum);
  const vals = terms.map((t) => quietly(run, () => evalExpr(t, st.peek(), fr, run)));
  if (vals.some((v) => v.k !== 'int')) return;
  const ints = vals as IntV[];
  const subjects = terms.map((t) => subject(t, st, fr, run));
  const los = ints.reduce((acc, v) => acc + v.lo, 0);
  subjects.forEach((sx, i) => {
    if (!sx) return;
    const vx = ints[i] as IntV;
    // `a + b <= n`: each is bounded by the others
    if (ints.some((v, j) => j !== i && !fixed(v))) markRel(st, sx, op);
    markBound(st, sx, op, bound);
    const rest = los - vx.lo;
    if (Number.isFinite(rest)) narrowSubject(st, sx, op, { ...bound, lo: bound.lo - rest, hi: bound.hi - rest });
  });
}

function isConstInt(v: IntV): boolean {
  return v.lo === v.hi && Number.isFinite(v.lo);
}

/** `x - y op c`: the least value x - y has on this branch, as the fact `ge|x|y|least`. */
function addDiff(st: State, e: N, op: string, c: IntV, fr: Frame, run: Run): void {
  let d = e;
  while ((d.t === 'parenthesized_expression' || d.t === 'cast_expression') && d.c.length > 0) d = d.c[d.c.length - 1] as N;
  if (st.dead || d.t !== 'binary_expression' || d.op !== '-' || !d.c[0] || !d.c[1]) return;
  const x = plainKey(d.c[0], fr, run, st);
  const y = plainKey(d.c[1], fr, run, st);
  if (!x || !y || x === y) return;
  const pa = quietly(run, () => evalExpr(d.c[0] as N, st.peek(), fr, run));
  const pb = quietly(run, () => evalExpr(d.c[1] as N, st.peek(), fr, run));
  if (pa.k === 'ptr' && pb.k === 'ptr') {
    narrowPtrDiff(st, x, pa, pb, op, c, elemSize(staticType(d.c[0] as N, fr, run), run.group.structs) ?? 1);
    return;
  }
  const least = narrowInt({ k: 'int', lo: -Infinity, hi: Infinity, taint: false }, op, c);
  if (least === 'dead') return;
  if (Number.isFinite(least.lo)) st.addRel(`ge|${x}|${y}|${least.lo}`);
  // `len - off < 16 ? len - off : 16`: the difference itself stays below the constant
  if (Number.isFinite(least.hi)) st.addRel(`dle|${x}|${y}|${least.hi}`);
}

/** `p - q op c` where q is at one known place in p's buffer: p's offset is bounded to match. */
function narrowPtrDiff(st: State, key: string, p: PtrV, q: PtrV, op: string, c: IntV, es: number): void {
  const [b] = q.t;
  if (!b || q.t.length !== 1 || b.lo !== b.hi || p.t.length === 0 || p.t.some((x) => x.o !== b.o)) return;
  const t: Target[] = [];
  for (const x of p.t) {
    const d = narrowInt({ k: 'int', lo: (x.lo - b.lo) / es, hi: (x.hi - b.lo) / es, taint: false }, op, c);
    if (d === 'dead') continue;
    t.push({ o: x.o, lo: b.lo + d.lo * es, hi: b.lo + d.hi * es });
  }
  const cell = st.vars.get(key);
  if (!cell || cell.v.k !== 'ptr') return;
  if (t.length === 0) {
    st.dead = true;
    return;
  }
  st.vars.set(key, { ...cell, v: { ...cell.v, t, grow: undefined } });
}

/** `x op CAP - used`: the branch on which x <= CAP - used (x < … gives one less) gets `sum|x|used|…`. */
function addRoom(t: State, f: State, x: string, op: string, room: { key: string; k: number }): void {
  if (room.key === x) return;
  const fact = (o: string) => (o === '<=' ? room.k : o === '<' ? room.k - 1 : undefined);
  const onTrue = fact(op);
  const onFalse = fact(NEG[op] as string);
  if (onTrue !== undefined && !t.dead) t.addRel(`sum|${x}|${room.key}|${onTrue}`);
  if (onFalse !== undefined && !f.dead) f.addRel(`sum|${x}|${room.key}|${onFalse}`);
}

/** Indexes an element test is tried at, at most. */
const ELEMENT_TRIES = 32;

/**
 * `T[i] op x` where i has a few values and T's elements are known: the comparison is tried at
 * each value of i; each branch keeps the values where it can go its way (a table with a sentinel,
 * `if (BOUNDS[i] < 0) … BOUNDS[i - 1]`, is at its last slot there).
 */
function narrowByElement(n: N, l: N, r: N, t: State, f: State, fr: Frame, run: Run): void {
  const bare = (e: N): N => {
    let x = e;
    while ((x.t === 'parenthesized_expression' || x.t === 'cast_expression') && x.c.length > 0) x = x.c[x.c.length - 1] as N;
    return x;
  };
  const sub = [bare(l), bare(r)].find((e) => e.t === 'subscript_expression' && e.c[1] !== undefined);
  const index = sub?.c[1];
  const key = index ? plainKey(index, fr, run) : undefined;
  if (!key) return;
  const base = t.dead ? f : t;
  // only a table whose elements the state knows can say anything
  const arr = sub?.c[0];
  const p = arr ? quietly(run, () => evalExpr(arr, base.peek(), fr, run)) : undefined;
  if (p?.k !== 'ptr' || p.t.length !== 1 || !base.objs.get((p.t[0] as Target).o)?.slots?.size) return;
  const cell = base.vars.get(key);
  const iv = cell?.v;
  if (!cell || iv?.k !== 'int' || !Number.isFinite(iv.lo) || !Number.isFinite(iv.hi) || iv.hi - iv.lo >= ELEMENT_TRIES || iv.hi < iv.lo) return;
  const op = n.op as string;
  let tLo = Infinity;
  let tHi = -Infinity;
  let fLo = Infinity;
  let fHi = -Infinity;
  for (let k = iv.lo; k <= iv.hi; k++) {
    const trial = base.peek();
    trial.vars.set(key, { ...cell, v: { ...iv, lo: k, hi: k } });
    const truth = quietly(run, () => truthOf(compareVals(op, evalExpr(l, trial, fr, run), evalExpr(r, trial, fr, run))));
    if (truth !== 0) [tLo, tHi] = [Math.min(tLo, k), Math.max(tHi, k)];
    if (truth !== 1) [fLo, fHi] = [Math.min(fLo, k), Math.max(fHi, k)];
  }
  const cut = (st: State, lo: number, hi: number) => {
    if (st.dead) return;
    const c = st.vars.get(key);
    if (c?.v.k !== 'int') return;
    if (lo > hi) {
      st.dead = true;
      return;
    }
    if (lo > c.v.lo || hi < c.v.hi) st.vars.set(key, { ...c, v: { ...c.v, lo: Math.max(c.v.lo, lo), hi: Math.min(c.v.hi, hi) } });
  };
  cut(t, tLo, tHi);
  cut(f, fLo, fHi);
}

/** `x + a op y + b`: the least difference between the two, as `ge|hi|lo|least`. */
function addGap(st: State, x: string, a: number, y: string, b: number, op: string): void {
  if (st.dead) return;
  if (op === '<=' || op === '<') st.addRel(`ge|${y}|${x}|${a - b + (op === '<' ? 1 : 0)}`);
  else if (op === '>=' || op === '>') st.addRel(`ge|${x}|${y}|${b - a + (op === '>' ? 1 : 0)}`);
}

function addOrder(st: State, a: string, b: string, op: string): void {
  if (st.dead) return;
  if (op === '<') st.addRel(`lt|${a}|${b}`);
  else if (op === '<=') st.addRel(`le|${a}|${b}`);
  else if (op === '>') st.addRel(`lt|${b}|${a}`);
  else if (op === '>=') st.addRel(`le|${b}|${a}`);
}

function narrowSubject(st: State, s: Subject, op: string, bound: Val): void {
  if (st.dead) return;
  if (s.step) {
    // `n-- > 0` false with n unsigned: n was 0 and its step wrapped, which the stored value (kept
    // to the type's range) does not show; the test of the value before the step left this path
    // open, so a narrowing of the stepped value that finds none is no proof it is unreachable
    const tried = st.clone();
    narrowSubject(tried, { ...s, step: false }, op, bound);
    if (tried.dead) return;
    st.vars = tried.vars;
    st.objs = tried.objs;
    st.rels = tried.rels;
    return;
  }
  const b = bound.k === 'int' && s.add !== 0 ? { ...bound, lo: bound.lo - s.add, hi: bound.hi - s.add } : bound;
  if (!('key' in s)) {
    narrowSlot(st, s.o, s.off, op, b.k === 'int' ? b : undefined, b);
    return;
  }
  if (!s.abs) {
    narrow(st, s.key, op, b.k === 'int' ? b : undefined, b);
    return;
  }
  // |x| op c
  if (bound.k !== 'int') return;
  if (op === '<' || op === '<=') {
    const c = op === '<' ? bound.hi - 1e-9 : bound.hi;
    narrow(st, s.key, '>=', { ...zero, lo: -c, hi: -c }, bound);
    narrow(st, s.key, '<=', { ...zero, lo: c, hi: c }, bound);
  } else if ((op === '>' || op === '>=') && bound.lo >= 0) {
    narrow(st, s.key, '!=', zero, bound);
  }
}

/** Bounds the length of the string at (object, offset) by `len op bound`. */
function boundOneTerm(t: State, f: State, sum: N, op: string, rv: IntV, fr: Frame, run: Run): void {
  const leaves: N[] = [];
  const flat = (n: N): void => {
    let e = n;
    while (e.t === 'parenthesized_expression' && e.c[0]) e = e.c[0];
    if (e.t === 'binary_expression' && e.op === '+' && e.c[0] && e.c[1]) {
      flat(e.c[0]);
      flat(e.c[1]);
    } else leaves.push(e);
  };
  flat(sum);
  if (leaves.length < 3) return; // two terms: narrowSum's case
  let constant = 0;
  let rest: { n: N; v: IntV } | undefined;
  for (const leaf of leaves) {
    const v = quietly(run, () => evalExpr(leaf, f.peek(), fr, run));
    if (v.k !== 'int') return;
    if (isConstInt(v)) constant += v.lo;
    else if (rest) return;
    else rest = { n: leaf, v };
  }
  if (!rest) return;
  const bound: IntV = { k: 'int', lo: rv.lo - constant, hi: rv.hi - constant, taint: false };
  if (rest.v.lenOf) {
    narrowLen(t, rest.v.lenOf, op, bound);
    narrowLen(f, rest.v.lenOf, NEG[op] as string, bound);
    return;
  }
  const s = subject(rest.n, f, fr, run);
  if (!s) return;
  narrowSubject(t, s, op, bound);
  narrowSubject(f, s, NEG[op] as string, bound);
}

function narrowLen(st: State, at: { o: number; off: number; elem: number }, op: string, bound: IntV): void {
  if (st.dead) return;
  const o = st.objs.get(at.o);
  if (!o) return;
  const cur: IntV = { k: 'int', lo: Math.max(0, (o.slo - at.off) / at.elem), hi: (o.shi - at.off) / at.elem, taint: false };
  const nv = narrowInt(cur, op, bound);
  if (nv === 'dead') {
    st.dead = true;
    return;
  }
  if (nv.lo === cur.lo && nv.hi === cur.hi) return;
  st.updateObj(o.id, { slo: at.off + nv.lo * at.elem, shi: at.off + nv.hi * at.elem });
}

/** `strlen(s) < n` for a pointer s into the middle of a string: s's string is at most that long. */
function narrowPtrLen(st: State, len: IntV, op: string, bound: IntV): void {
  if (st.dead || !len.lenKey) return;
  const nv = narrowInt({ ...len, lo: Math.max(0, len.lo) }, op, bound);
  if (nv === 'dead') {
    st.dead = true;
    return;
  }
  const cell = st.vars.get(len.lenKey);
  if (cell?.v.k !== 'ptr' || !Number.isFinite(nv.hi) || (cell.v.slen !== undefined && cell.v.slen <= nv.hi)) return;
  st.vars.set(len.lenKey, { ...cell, v: { ...cell.v, slen: nv.hi } });
}

/** Narrows a member slot of an object (`p->len < 64`, `s->next != NULL`). */
function narrowSlot(st: State, id: number, off: number, op: string, bound: IntV | undefined, raw: Val): void {
  const o = st.objs.get(id);
  if (!o) return;
  const v = o.slots?.get(off);
  let nv: Val | 'dead' | undefined;
  if (v?.k === 'ptr') {
    const nullTest = (bound && bound.lo === 0 && bound.hi === 0) || (raw.k === 'ptr' && raw.nul === YES && raw.t.length === 0);
    if (nullTest && op === '!=') nv = { ...v, nul: NO, nulSrc: undefined };
    else if (nullTest && op === '==') {
      // (a NULL the program tested for is no longer an unchecked one, as for a variable)
      nv = v.nul === NO && v.t.length > 0 ? 'dead' : { k: 'ptr', t: [], nul: YES, nulSrc: v.nulSrc ? { ...v.nulSrc, fromAlloc: false, lookup: undefined } : undefined };
      dropFailedAlloc(st, v);
    }
  } else if (bound && (!v || v.k === 'int' || v.k === 'unk')) {
    // an unstored byte of input memory reads as any input byte (as loads see it): the test bounds that byte
    const inputByte = !v && o.taint && o.elem <= 2;
    if (!v && o.taint && !inputByte) return;
    const cur: IntV = v?.k === 'int' ? v : inputByte ? { k: 'int', lo: -128, hi: 255, taint: true, weak: o.weak || undefined, origin: o.origin } : { k: 'int', lo: -Infinity, hi: Infinity, taint: false };
    nv = narrowInt(cur, op, bound);
  }
  if (nv === 'dead') {
    st.dead = true;
    return;
  }
  if (!nv) return;
  st.updateObj(id, { slots: new Map([...(o.slots ?? []), [off, nv]]) });
}

/**
 * A tested realloc result decides the fate of the block it replaced: not NULL means moved
 * (freed), NULL means realloc failed and the old block is still live.
 */
function settleRealloc(st: State, v: PtrV, nonNull: boolean): void {
  if (v.t.length !== 1) return;
  const from = st.objs.get(v.t[0]?.o ?? -1)?.reallocFrom;
  for (const id of from ?? []) {
    const old = st.objs.get(id);
    if (!old?.freedByRealloc || old.freed !== MAYBE) continue;
    st.updateObj(id, nonNull ? { freed: YES } : { freed: NO, freeLine: undefined, freedByRealloc: undefined });
  }
}

/** Where an allocation returned NULL there is no block: nothing to leak on this path. */
function dropFailedAlloc(st: State, v: PtrV): void {
  // (a search or a token of existing text found nothing: the text is still there)
  const fresh = v.t.length === 1 && v.nulSrc?.fromAlloc && !v.nulSrc.search ? st.objs.get(v.t[0]?.o ?? -1) : undefined;
  if (fresh?.kind === 'heap' && fresh.freed === NO) {
    st.objs.delete(fresh.id);
    // remembered so a merge with the path where it succeeded does not take it for a block
    // allocated on one path only (which is never reported as a leak)
    st.addRel(`gone|${fresh.id}`);
  }
}

/** Narrows variable `key` by `key op bound` in place. */
function narrow(st: State, key: string, op: string, bound: IntV | undefined, raw: Val): void {
  const cell = st.vars.get(key);
  if (!cell) return;
  const v = cell.v;
  if (v.k === 'ptr') {
    const isNullTest = (bound && bound.lo === 0 && bound.hi === 0) || (raw.k === 'ptr' && raw.nul === YES && raw.t.length === 0);
    if (!isNullTest) return;
    if (op === '!=') st.vars.set(key, { ...cell, v: { ...v, nul: NO, nulSrc: undefined } });
    // (a NULL the program tested for is no longer an unchecked one, wherever paths join again)
    else if (op === '==') st.vars.set(key, { ...cell, v: { k: 'ptr', t: [], nul: YES, nulSrc: v.nulSrc ? { ...v.nulSrc, fromAlloc: false, lookup: undefined } : undefined } });
    if (op === '!=' || op === '==') settleRealloc(st, v, op === '!=');
    // where an allocation returned NULL there is no block: nothing to leak on this path
    if (op === '==') dropFailedAlloc(st, v);
    return;
  }
  if (!bound) return;
  if (v.k !== 'int') {
    if (v.k === 'unk' && op === '==' && bound.lo === bound.hi) st.vars.set(key, { ...cell, v: { ...bound } });
    return;
  }
  let nv = narrowInt(v, op, bound);
  if (nv === 'dead') {
    st.dead = true;
    return;
  }
  // an input held below a program value nothing is known about (`if (n > size_) return;`) has
  // been checked: how far it may go is the program's business, no longer the input's
  if (v.taint && !bound.taint && (op === '<' || op === '<=') && bound.hi === Infinity && Number.isFinite(v.hi)) nv = { ...nv, hi: Infinity, taint: false, weak: undefined, origin: undefined };
  st.vars.set(key, { ...cell, v: nv });
  if (st.rels.size > 0 && Number.isFinite(nv.lo)) capBySum(st, key, nv.lo);
  if (v.lenOf) narrowLen(st, v.lenOf, op, bound);
  if (v.lenKey) narrowPtrLen(st, v, op, bound);
  // what an earlier test put below this variable is now below its new bound too
  // (`root <= max` then `max <= 15` bounds root)
  if (nv.hi < v.hi && st.rels.size > 0) {
    for (const r of st.rels) {
      const [kind, below, above] = r.split('|');
      if (above !== key || (kind !== 'le' && kind !== 'lt') || !below) continue;
      const c = st.vars.get(below);
      const cap = kind === 'lt' ? nv.hi - 1 : nv.hi;
      if (c?.v.k === 'int' && c.v.hi > cap) {
        if (c.v.lo > cap) st.dead = true;
        else st.vars.set(below, { ...c, v: { ...c.v, hi: cap } });
      }
    }
  }
}

/**
 * `p + n <= K` (a loop moving both in step) and now n >= lo: p is at most K - lo (a pointer by
 * the offset of its one target).
 */
function capBySum(st: State, key: string, lo: number): void {
  for (const r of st.rels) {
    const [kind, a, b, k] = r.split('|');
    if (kind !== 'sum' || k === undefined || (a !== key && b !== key)) continue;
    const other = a === key ? b : a;
    const cell = other ? st.vars.get(other) : undefined;
    const cap = Number(k) - lo;
    if (!other || !cell || !Number.isFinite(cap)) continue;
    if (cell.v.k === 'int' && cell.v.hi > cap) st.vars.set(other, { ...cell, v: { ...cell.v, hi: Math.max(cell.v.lo, cap) } });
    else if (cell.v.k === 'ptr') {
      const v = capPtr(cell.v, cap);
      if (v && v !== cell.v) st.vars.set(other, { ...cell, v });
    }
  }
}

/** `v op bound` as an interval; 'dead' when no value satisfies it. */
function narrowInt(v: IntV, op: string, bound: IntV): IntV | 'dead' {
  let { lo, hi } = v;
  let nz = v.nz;
  // strict bounds step by one for integers; a tiny step keeps floats honest enough
  // beyond 2^53 a step of one is lost in rounding: step by the spacing of doubles there
  const mag = Math.max(Math.abs(bound.lo), Math.abs(bound.hi));
  const step = Number.isInteger(bound.lo) && Number.isInteger(bound.hi) ? (Number.isFinite(mag) ? Math.max(1, mag * 2 ** -52) : 1) : 1e-9;
  switch (op) {
    case '<':
      hi = Math.min(hi, bound.hi - step);
      break;
    case '<=':
      hi = Math.min(hi, bound.hi);
      break;
    case '>':
      lo = Math.max(lo, bound.lo + step);
      break;
    case '>=':
      lo = Math.max(lo, bound.lo);
      break;
    case '==':
      lo = Math.max(lo, bound.lo);
      hi = Math.min(hi, bound.hi);
      break;
    case '!=':
      if (bound.lo === bound.hi) {
        if (lo === bound.lo) lo += step;
        if (hi === bound.hi) hi -= step;
        if (bound.lo === 0) nz = true;
      }
      break;
    default:
      return v;
  }
  if (lo > hi) return 'dead';
  const nv: IntV = { ...v, lo, hi };
  // a bound a test set is a checked one, whatever the widening or the bit arithmetic made before
  if (v.wide && (lo !== v.lo || hi !== v.hi) && Number.isFinite(lo) && Number.isFinite(hi)) delete nv.wide;
  if (nz || lo > 0 || hi < 0) nv.nz = true;
  return nv;
}
