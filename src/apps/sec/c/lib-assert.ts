/**
 * `assert(cond)`: the program aborts where cond fails, so past it cond holds (the state narrows
 * as after `if (!cond) abort();`). An assertion that outside data can make fail, with nothing
 * on the path rejecting those values first, is a reachable assertion (CWE-617): input kills
 * the program. Assertions on what the program itself maintains (a counter, a pointer it just
 * checked, a constant) are invariants and are left alone.
 */
import type { N } from './ast.js';
import { report, text, type Frame, type Run } from './context.js';
import { uncheckedInput } from './arith.js';
import { branch } from './cond.js';
import { evalExpr, quietly } from './eval.js';
import { staticType } from './names.js';
import { adopt } from './paths.js';
import type { State } from './state.js';
import { intRange } from './types.js';
import { MAX_OBJECT, NO, originText, UNKNOWN, YES, type IntV, type Val } from './values.js';

const CMP = new Set(['<', '<=', '>', '>=', '==', '!=']);

/** The comparisons the assertion is made of (`a && b`, `!(x)`, a bare value as `x != 0`). */
function tests(n: N, out: Array<[N, N | undefined]>): void {
  let c = n;
  while (c.t === 'parenthesized_expression' && c.c[0]) c = c.c[0];
  if (c.t === 'binary_expression' && (c.op === '&&' || c.op === '||') && c.c[0] && c.c[1]) {
    tests(c.c[0], out);
    tests(c.c[1], out);
  } else if (c.t === 'unary_expression' && c.op === '!' && c.c[0]) tests(c.c[0], out);
  else if (c.t === 'binary_expression' && c.op && CMP.has(c.op) && c.c[0] && c.c[1]) out.push([c.c[0], c.c[1]]);
  else out.push([c, undefined]);
}

/** An operand the input decides (as it came: 'unchecked', or let through by checks: 'narrowed'). */
function inputSide(v: Val, node: N, fr: Frame, run: Run): { v: IntV; unchecked: boolean } | undefined {
  if (v.k !== 'int' || !v.taint || v.wide) return undefined;
  const range = intRange(staticType(node, fr, run));
  // the input's full range, or the length of an input string (any length); a value computed from
  // input that lost every bound (shifts, bit operations) is too far from the input to judge
  if (v.lo === -Infinity || (v.hi === Infinity && v.lenOf === undefined)) return undefined;
  // (a string's length is capped at the largest object, MAX_OBJECT: as long as the input likes)
  const unchecked = uncheckedInput(v, range) || v.hi === Infinity || (v.lenOf !== undefined && v.hi >= MAX_OBJECT);
  return { v, unchecked };
}

/** A side the program fixes: a constant, or (loosely) a bounded value no loop blurred. */
function fixedSide(v: Val, exact: boolean): boolean {
  if (v.k !== 'int') return false;
  if (v.lo === v.hi && Number.isFinite(v.lo)) return true;
  return !exact && !v.wide && !v.taint && Number.isFinite(v.lo) && Number.isFinite(v.hi);
}

export function assertCall(n: N, args: N[], st: State, fr: Frame, run: Run): { v: Val } {
  const cond = args[0];
  if (!cond) return { v: UNKNOWN };
  const before = st.clone();
  const [t, f] = branch(cond, st.clone(), fr, run);
  if (!f.dead) judge(n, cond, before, fr, run);
  // past the assertion its condition holds (or the program is gone)
  adopt(st, t);
  return { v: UNKNOWN };
}

function judge(n: N, cond: N, st: State, fr: Frame, run: Run): void {
  const pairs: Array<[N, N | undefined]> = [];
  tests(cond, pairs);
  let best: { v: IntV; unchecked: boolean; node: N } | undefined;
  for (const [a, b] of pairs) {
    const va = quietly(run, () => evalExpr(a, st.clone(), fr, run));
    const vb = b ? quietly(run, () => evalExpr(b, st.clone(), fr, run)) : undefined;
    const ia = inputSide(va, a, fr, run);
    const ib = b && vb ? inputSide(vb, b, fr, run) : undefined;
    // the input against something fixed: the values that fail are the input's, not an imprecision
    // (an input the checks narrowed is judged only against a constant: against another value the
    // relation between the two is what matters, and intervals do not keep it)
    const hit = ia && (!vb || fixedSide(vb, !ia.unchecked)) ? { ...ia, node: a } : ib && fixedSide(va, !ib.unchecked) ? { ...ib, node: b as N } : undefined;
    if (!hit) continue;
    if (!best || (hit.unchecked && !best.unchecked) || (!hit.v.weak && best.v.weak)) best = hit;
  }
  if (!best) {
    lookupAssert(n, pairs, st, fr, run);
    return;
  }
  const { v, unchecked, node } = best;
  const what = text(fr.file, node).replace(/\s+/g, ' ');
  report(fr, n, {
    rule: 'c.assert.reachable',
    pattern: 'assert',
    description: `'${what}' comes from ${originText(v.origin)} and ${unchecked ? 'nothing before this assertion checks it' : 'the checks before this assertion let through values that fail it'}: input can abort the program. Reject bad input with an error instead of asserting on it.`,
    confidence: v.weak ? (unchecked ? 0.45 : 0.3) : unchecked ? 0.75 : 0.35,
    tier: v.weak || !unchecked ? 'suspect' : 'proven',
    trace: v.src !== undefined ? [{ line: v.src, note: v.srcNote ?? 'value read here' }] : [],
  }, run);
}

/**
 * `assert(f != NULL)` after `f = fopen(…)` or `getenv(…)`: whether the lookup succeeds is up to
 * the file system or the environment, so the outside decides whether the program aborts. (An
 * allocation's NULL is not: that is memory running out.)
 */
function lookupAssert(n: N, pairs: Array<[N, N | undefined]>, st: State, fr: Frame, run: Run): void {
  for (const [a, b] of pairs) {
    const va = quietly(run, () => evalExpr(a, st.clone(), fr, run));
    const vb = b ? quietly(run, () => evalExpr(b, st.clone(), fr, run)) : undefined;
    const isNull = (v: Val | undefined) => !v || (v.k === 'ptr' && v.nul === YES && v.t.length === 0) || (v.k === 'int' && v.lo === 0 && v.hi === 0);
    const p = va.k === 'ptr' && isNull(vb) ? va : vb?.k === 'ptr' && isNull(va) ? vb : undefined;
    if (!p || p.nul === NO || !p.nulSrc?.lookup) continue;
    report(fr, n, {
      rule: 'c.assert.reachable',
      pattern: 'assert',
      description: `This assertion holds only if the lookup at line ${p.nulSrc.line} succeeds (${p.nulSrc.note}): a missing file or variable aborts the program. Handle the NULL with an error instead.`,
      confidence: 0.65,
      tier: 'proven',
      trace: [{ line: p.nulSrc.line, note: p.nulSrc.note }],
    }, run);
    return;
  }
}
