/**
 * `std::string` text: concatenation (`"a" + s + "b"`), `+=`/`append`, and a string initialised
 * from another (`std::string q = "…" + name;`, `std::string s(argv[1])`) keep the length and the
 * taint of their parts, so a query or command built with `+` from input is seen as input.
 */
import type { N } from './ast.js';
import { text, type Frame, type Run } from './context.js';
import { evalExpr } from './eval.js';
import { newObj } from './memory.js';
import { staticType } from './names.js';
import type { State } from './state.js';
import { isTainted, joinTaint, NO_TAINT, objsOf, setString, strLen, taintOf, taintPatch, type Taint } from './strings.js';
import { NO, UNKNOWN, YES, type PtrV, type Val } from './values.js';

const STRING_TYPE = /^(std::)?(string|wstring|basic_string<.*>)$/;
const STRING_MAKERS = /^(std::)?(string|wstring|to_string|to_wstring|basic_string<.*>)$/;

/** An expression whose value is a `std::string` (a variable, a constructed one, a concatenation). */
export function isStdString(n: N, fr: Frame, run: Run): boolean {
  if (!fr.file.cpp) return false;
  let e = n;
  while (e.t === 'parenthesized_expression' && e.c[0]) e = e.c[0];
  if (e.t === 'binary_expression' && e.op === '+') return (e.c[0] !== undefined && isStdString(e.c[0], fr, run)) || (e.c[1] !== undefined && isStdString(e.c[1], fr, run));
  if (e.t === 'call_expression' && e.c[0]) {
    const callee = text(fr.file, e.c[0]).replace(/\s+/g, '');
    if (STRING_MAKERS.test(callee)) return true;
  }
  const t = staticType(e, fr, run);
  return Boolean(t && t.ptr === 0 && t.arr === undefined && STRING_TYPE.test(t.base.replace(/^const/, '')));
}

/** The length and taint of a string operand: a C string, a std::string, or a character. */
function part(v: Val, st: State): { lo: number; hi: number; taint: Taint } {
  if (v.k === 'ptr') {
    const sl = strLen(v, st, 1);
    return { lo: sl.lo, hi: sl.hi, taint: taintOf(isTainted(v, st)) };
  }
  if (v.k === 'int') return { lo: 1, hi: 1, taint: v.taint ? { taint: true, weak: v.weak, origin: v.origin, line: v.src } : NO_TAINT };
  return { lo: 0, hi: Infinity, taint: NO_TAINT };
}

/** A fresh string object holding `lo..hi` characters with this taint. */
function fresh(n: N, lo: number, hi: number, t: Taint, st: State, run: Run): PtrV {
  const o = newObj(run, st, {
    kind: 'heap', elem: 1, slo: 0, shi: Infinity, taint: false, freed: NO, init: YES, escaped: true, line: n.line, name: 'a temporary string', local: false,
  });
  const p: PtrV = { k: 'ptr', t: [{ o: o.id, lo: 0, hi: 0 }], nul: NO };
  setString(p, st, { slo: lo, shi: hi, ...taintPatch(t) }, 1);
  return p;
}

/** `a + b` where one side is a std::string: a new string of both. Undefined when it is no concatenation. */
export function stringConcat(n: N, st: State, fr: Frame, run: Run): Val | undefined {
  const [l, r] = n.c;
  if (!l || !r || n.op !== '+' || !fr.file.cpp || !(isStdString(l, fr, run) || isStdString(r, fr, run))) return undefined;
  const a = part(evalExpr(l, st, fr, run), st);
  const b = part(evalExpr(r, st, fr, run), st);
  return fresh(n, a.lo + b.lo, a.hi + b.hi, joinTaint(a.taint, b.taint), st, run);
}

/** `s += x`, `s.append(x)`: the string grows by x and takes its taint. */
export function stringAppend(target: Val, added: Val, st: State): void {
  const b = part(added, st);
  for (const o of objsOf(target, st)) {
    if (o.kind === 'literal') continue;
    const t = joinTaint(taintOf(o), b.taint);
    st.updateObj(o.id, { slo: o.slo + b.lo, shi: o.shi + b.hi, size: undefined, slots: undefined, ...(t.taint ? taintPatch(t) : {}) });
  }
}

/** `std::string s = init;` or `std::string s(init)`: the new string starts as a copy of init. */
export function stringInit(target: Val, init: Val | undefined, st: State): void {
  if (!init || init === UNKNOWN) return;
  const p = part(init, st);
  if (init.k === 'int' && !init.taint) return;
  setString(target, st, { slo: p.lo, shi: p.hi, ...taintPatch(p.taint) }, 1);
}

/** `std::string(x)`, `std::string(p, n)`, `std::to_string(n)`: a new string. Undefined for any other call. */
export function stringConstruct(n: N, st: State, fr: Frame, run: Run): Val | undefined {
  const callee = n.c[0];
  if (!fr.file.cpp || !callee || (callee.t !== 'identifier' && callee.t !== 'qualified_identifier')) return undefined;
  const name = text(fr.file, callee).replace(/\s+/g, '');
  if (!/^(std::)?(w?string|to_w?string)$/.test(name)) return undefined;
  // a function of the program by that name is the program's
  if (callee.t === 'identifier' && (fr.file.fns.has(name) || run.group.fns.has(name))) return undefined;
  const vals = (n.c[1]?.c ?? []).map((a) => evalExpr(a, st, fr, run));
  const [first, second] = vals;
  // digits of a number: no quotes, whatever number it was
  if (/to_w?string/.test(name)) return fresh(n, 1, 24, NO_TAINT, st, run);
  if (first?.k === 'ptr') {
    const p = part(first, st);
    const hi = second?.k === 'int' && Number.isFinite(second.hi) ? Math.min(p.hi, second.hi) : p.hi;
    return fresh(n, Math.min(p.lo, hi), hi, p.taint, st, run);
  }
  if (first?.k === 'int' && second?.k === 'int') return fresh(n, Math.max(0, first.lo), first.hi, second.taint ? part(second, st).taint : NO_TAINT, st, run);
  return fresh(n, 0, vals.length === 0 ? 0 : Infinity, NO_TAINT, st, run);
}

const STRING_STREAM = /^(std::)?(w?ostringstream|w?stringstream)$/;

/** `os << "a" << name << 42` on a string stream: each operand is appended to its text. Undefined for any other stream. */
export function streamOutput(n: N, st: State, fr: Frame, run: Run): Val | undefined {
  const operands: N[] = [];
  let left: N | undefined = n;
  while (left?.t === 'binary_expression' && left.op === '<<') {
    if (left.c[1]) operands.unshift(left.c[1]);
    left = left.c[0];
  }
  if (!left) return undefined;
  const t = staticType(left, fr, run);
  if (!t?.cls || !STRING_STREAM.test(t.base)) return undefined;
  const stream = evalExpr(left, st, fr, run);
  for (const o of operands) {
    const v = evalExpr(o, st, fr, run);
    // numbers are written as digits: no quotes, whatever the number
    stringAppend(stream, v.k === 'int' ? { ...v, taint: false } : v, st);
  }
  return stream;
}
