/**
 * Branch conditions: split a state into the states where the condition holds and where it does
 * not, folding constants (a dead branch gets a dead state) and narrowing the tested variables
 * (`x != NULL`, `i < 10`, `data != 0`, `fabs(d) > 1e-6`, `abs(x) <= c`).
 */
import type { N } from './ast.js';
import { text, type Frame, type Run } from './context.js';
import { compareVals, truthOf } from './arith.js';
import { evalExpr } from './eval.js';
import { lvalKey } from './names.js';
import { joinStates, State } from './state.js';
import { MAYBE, NO, YES, type IntV, type PtrV, type Val } from './values.js';

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
      return [t2, joinOrDead(f1, f2)];
    }
    if (f1.dead) return [t1, f1];
    const [t2, f2] = branch(n.c[1], f1, fr, run);
    return [joinOrDead(t1, t2), f2];
  }
  if (n.t === 'binary_expression' && n.op && CMP.has(n.op) && n.c[0] && n.c[1]) return compareBranch(n, st, fr, run);
  const v = evalExpr(n, st, fr, run);
  const truth = truthOf(v);
  const t = st;
  const f = st.clone();
  if (truth === 0) return [State.deadState(), f];
  if (truth === 1) return [t, State.deadState()];
  const key = lvalKey(n, fr, run);
  if (key) {
    narrow(t, key, '!=', zero, v);
    narrow(f, key, '==', zero, v);
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

/** `x`, `(T)x`, `fabs(x)`/`abs(x)`/`labs(x)` (then the narrowing is symmetric) */
function subject(n: N, fr: Frame, run: Run): { key: string; abs: boolean } | undefined {
  let c = n;
  // `(x = f()) == NULL` tests x once the assignment is done
  while ((c.t === 'parenthesized_expression' || c.t === 'cast_expression' || (c.t === 'assignment_expression' && c.op === '=')) && c.c.length > 0)
    c = (c.t === 'assignment_expression' ? c.c[0] : c.c[c.c.length - 1]) as N;
  if (c.t === 'call_expression' && c.c[0]?.t === 'identifier' && /^(f?abs|labs|llabs|fabsf|imaxabs)$/.test(text(fr.file, c.c[0]))) {
    const arg = c.c[1]?.c[0];
    const key = arg ? subject(arg, fr, run)?.key : undefined;
    return key ? { key, abs: true } : undefined;
  }
  const key = lvalKey(c, fr, run);
  return key ? { key, abs: false } : undefined;
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
  const ls = subject(l, fr, run);
  const rs = subject(r, fr, run);
  if (ls) {
    narrowSubject(t, ls, op, rv);
    narrowSubject(f, ls, NEG[op] as string, rv);
  }
  if (rs) {
    narrowSubject(t, rs, FLIP[op] as string, lv);
    narrowSubject(f, rs, FLIP[NEG[op] as string] as string, lv);
  }
  return [t, f];
}

function narrowSubject(st: State, s: { key: string; abs: boolean }, op: string, bound: Val): void {
  if (!s.abs) {
    narrow(st, s.key, op, bound.k === 'int' ? bound : undefined, bound);
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

/** Narrows variable `key` by `key op bound` in place. */
function narrow(st: State, key: string, op: string, bound: IntV | undefined, raw: Val): void {
  const cell = st.vars.get(key);
  if (!cell) return;
  const v = cell.v;
  if (v.k === 'ptr') {
    const isNullTest = (bound && bound.lo === 0 && bound.hi === 0) || (raw.k === 'ptr' && raw.nul === YES && raw.t.length === 0);
    if (!isNullTest) return;
    if (op === '!=') st.vars.set(key, { ...cell, v: { ...v, nul: NO, nulSrc: undefined } });
    else if (op === '==') st.vars.set(key, { ...cell, v: { k: 'ptr', t: [], nul: YES, nulSrc: v.nulSrc } });
    if (op === '!=' || op === '==') settleRealloc(st, v, op === '!=');
    // where an allocation returned NULL there is no block: nothing to leak on this path
    const fresh = v.t.length === 1 && v.nulSrc?.fromAlloc ? st.objs.get(v.t[0]?.o ?? -1) : undefined;
    if (op === '==' && fresh?.kind === 'heap' && fresh.freed === NO) st.objs.delete(fresh.id);
    return;
  }
  if (!bound) return;
  if (v.k !== 'int') {
    if (v.k === 'unk' && op === '==' && bound.lo === bound.hi) st.vars.set(key, { ...cell, v: { ...bound } });
    return;
  }
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
      return;
  }
  if (lo > hi) {
    st.dead = true;
    return;
  }
  const nv: IntV = { ...v, lo, hi };
  if (nz || lo > 0 || hi < 0) nv.nz = true;
  st.vars.set(key, { ...cell, v: nv });
}
