/**
 * What a successful prefix comparison says about the compared string: after
 * `strncmp(line, name, len) == 0` with `len = strlen(name)`, `line` holds at least `len`
 * characters, so `line[len]` reads at most its terminator (`line[len] == ':'` is the usual next
 * test). Intervals cannot say "index <= length of that string"; a fact in the state can.
 */
import type { N } from './ast.js';
import { text, type Frame, type Run } from './context.js';
import { evalExpr, quietly } from './eval.js';
import { keyOf } from './names.js';
import type { State } from './state.js';
import { strLen } from './strings.js';

const PREFIX_CMP = /^(strncmp|strncasecmp|memcmp|wcsncmp)$/;

function bare(n: N): N {
  let e = n;
  while (e.t === 'parenthesized_expression' && e.c[0]) e = e.c[0];
  return e;
}

/**
 * The name a fact uses for the compared string: its variable, or for a row or member
 * (`lines[n]`, `e->name`) its text in this frame. Facts on a variable go when it is assigned; one
 * on such a text holds only as long as the test that made it (it is read right after).
 */
function stringKey(a: N, fr: Frame, run: Run): string | undefined {
  if (a.t === 'identifier') return keyOf(text(fr.file, a), fr, run);
  if (a.t !== 'subscript_expression' && a.t !== 'field_expression') return undefined;
  return `${fr.id}~${text(fr.file, a).replace(/\s+/g, '')}`;
}

/** The prefix comparison a test is about, and whether the test holds when they are equal. */
function prefixTest(n: N, fr: Frame): { call: N; equalWhen: boolean } | undefined {
  const e = bare(n);
  const isCall = (c: N | undefined): boolean => c?.t === 'call_expression' && c.c[0]?.t === 'identifier' && PREFIX_CMP.test(text(fr.file, c.c[0]));
  // `strncmp(…)` as a truth value: true when they differ
  if (isCall(e)) return { call: e, equalWhen: false };
  if (e.t !== 'binary_expression' || (e.op !== '==' && e.op !== '!=')) return undefined;
  const [l, r] = e.c.map((c) => (c ? bare(c) : c));
  const zero = (c: N | undefined) => c?.t === 'number_literal' && /^0[uUlL]*$/.test(text(fr.file, c));
  const call = l && isCall(l) && zero(r) ? l : r && isCall(r) && zero(l) ? r : undefined;
  return call ? { call, equalWhen: e.op === '==' } : undefined;
}

/** On the state where the prefix matched, records what the match proves. */
function matched(call: N, st: State, fr: Frame, run: Run): void {
  if (st.dead) return;
  const [a, b, len] = call.c[1]?.c ?? [];
  if (!a || !b || !len) return;
  const ka = stringKey(a, fr, run);
  if (!ka) return;
  const bv = quietly(run, () => evalExpr(b, st.peek(), fr, run));
  if (len.t === 'identifier') {
    const kn = keyOf(text(fr.file, len), fr, run);
    const nv = kn ? st.vars.get(kn)?.v : undefined;
    // `len = strlen(name)`: the match covered all of name, so a is at least that long
    if (kn && nv?.k === 'int' && nv.lenOf && bv.k === 'ptr' && bv.t.some((t) => t.o === nv.lenOf?.o)) st.addRel(`sge|${ka}|${kn}`);
    return;
  }
  const sq = text(fr.file, len).replace(/\s+/g, '');
  if (sq === `strlen(${text(fr.file, b).replace(/\s+/g, '')})`) return;
  // a constant count no longer than name: a holds at least that many characters
  const c = len.t === 'number_literal' ? Number(text(fr.file, len).replace(/[uUlL]+$/, '')) : NaN;
  const av = st.vars.get(ka)?.v;
  if (!Number.isInteger(c) || c <= 0 || av?.k !== 'ptr' || av.t.length !== 1 || strLen(bv, st, 1).lo < c) return;
  const t = av.t[0];
  const o = t ? st.objs.get(t.o) : undefined;
  if (!t || !o || t.lo !== t.hi || o.kind === 'literal' || !Number.isFinite(o.shi)) return;
  if (o.slo < t.lo + c) st.updateObj(o.id, { slo: Math.min(t.lo + c, o.shi) });
}

/** Adds to `[t, f]` (the states where test `n` held and failed) what a prefix match in it proves. */
export function prefixFacts(n: N, t: State, f: State, fr: Frame, run: Run): void {
  const test = prefixTest(n, fr);
  if (test) matched(test.call, test.equalWhen ? t : f, fr, run);
}

/** `a[i]` where a prefix match proved a at least i characters long: it reads a character or the terminator. */
export function withinPrefix(base: N, index: N, st: State, fr: Frame, run: Run): boolean {
  if (st.rels.size === 0 || index.t !== 'identifier') return false;
  const ka = stringKey(base, fr, run);
  const ki = keyOf(text(fr.file, index), fr, run);
  return Boolean(ka && ki && st.rels.has(`sge|${ka}|${ki}`));
}

/**
 * `s[len - 1]` where len holds strlen(s) (and a test made it at least 1): a character of s, or
 * (`s[len]`) its terminator, whatever string s points to: a pointer that may point to several
 * strings (`p = argc > 1 ? argv[1] : "."`) joins their lengths, which the index must not be
 * checked against each of them.
 */
export function withinOwnLength(base: N, index: N, st: State, fr: Frame, run: Run): boolean {
  let e = bare(index);
  // `s[--len]` (trimming from the end): evaluated already, len now one below a length of s, so
  // still a character of the string while len did not go below 0
  const pre = e.t === 'update_expression' && e.op === '--' && text(fr.file, e).trimStart().startsWith('--') && e.c[0];
  if (pre) e = bare(pre);
  else if (e.t === 'binary_expression' && e.op === '-' && e.c[0] && e.c[1]) {
    const k = bare(e.c[1]);
    if (k.t !== 'number_literal' || !/^\d+[uUlL]*$/.test(text(fr.file, k))) return false;
    e = bare(e.c[0]);
  }
  if (e.t !== 'identifier') return false;
  const kb = stringKey(base, fr, run);
  const ki = keyOf(text(fr.file, e), fr, run);
  const v = ki ? st.vars.get(ki)?.v : undefined;
  if (!kb || v?.k !== 'int' || v.lenKey !== kb) return false;
  // the subtraction must not go below 0: `len - 1` only where len >= 1
  const k = pre || index === e ? 0 : Number(text(fr.file, bare((bare(index).c[1]) as N)).replace(/[uUlL]+$/, ''));
  return v.lo >= k;
}

/**
 * `memcpy(d, s, len + 1)` where len holds strlen(s): the copy reads exactly the string s points
 * to (and its terminator), whichever string that is.
 */
export function ownLengthArg(str: N | undefined, len: N | undefined, st: State, fr: Frame, run: Run): boolean {
  if (!str || !len) return false;
  let e = bare(len);
  if (e.t === 'binary_expression' && e.op === '+' && e.c[0] && e.c[1]) {
    const [a, b] = [bare(e.c[0]), bare(e.c[1])];
    const one = (x: N) => x.t === 'number_literal' && /^[01][uUlL]*$/.test(text(fr.file, x));
    if (one(b)) e = a;
    else if (one(a)) e = b;
    else return false;
  }
  if (e.t !== 'identifier') return false;
  const kb = stringKey(bare(str), fr, run);
  const ki = keyOf(text(fr.file, e), fr, run);
  const v = ki ? st.vars.get(ki)?.v : undefined;
  return Boolean(kb && v?.k === 'int' && (v.lenKey === kb || v.ownLen?.key === kb));
}
