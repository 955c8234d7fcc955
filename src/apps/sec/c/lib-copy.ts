/**
 * Models of memory and string copies (memcpy, memset, strcpy/strcat and their bounded forms):
 * the bytes each writes and reads, checked against both buffers, and the string and taint state
 * they leave in the destination.
 */
import type { N } from './ast.js';
import { report, text, type Frame, type Run } from './context.js';
import { checkDeref, checkRange, dataBounds, fmtRange } from './access.js';
import { evalExpr, quietly } from './eval.js';
import { plainKey } from './arith.js';
import { ownLengthArg } from './prefix.js';
import { arrayCap, keyOf, staticType } from './names.js';
import { sumLimit, type State } from './state.js';
import { isTainted, readString, setString, sourceTrace, strLen, taintOf, taintPatch, type StrLen } from './strings.js';
import { elemSize } from './types.js';
import { anyInt, int, YES, type IntV, type Val } from './values.js';
import type { LibResult } from './lib.js';

export interface Bytes {
  lo: number;
  hi: number;
  taint: boolean;
  weak?: boolean;
  /** read out of data: see RangeInfo.data */
  data?: number[];
}

export function scale(v: Val | undefined, elem: number): Bytes {
  if (v?.k !== 'int') return { lo: 0, hi: Infinity, taint: false };
  // a length is a size_t: an input that may be negative becomes a huge count (CWE-195)
  if (v.taint && !v.weak && !v.wide && v.lo < 0 && Number.isFinite(v.lo) && v.hi >= 0) return { lo: 0, hi: (2 ** 64 - 1) * elem, taint: true };
  // (a length a test against another variable bounded is the program's, not the input's)
  return { lo: v.lo * elem, hi: v.hi * elem, taint: v.taint && !v.rel, weak: v.weak, data: dataBounds(v) };
}

/**
 * `strncat(d, s, sizeof d - strlen(d) - 1)` (or `- used - 1` with `used = strlen(d)`): the count is
 * the room left after d's own string, so the copy ends inside d whatever the lengths are.
 */
function roomLeft(dest: N | undefined, count: N | undefined, d: Val, st: State, fr: Frame, run: Run): boolean {
  if (!dest || !count || d.k !== 'ptr') return false;
  const dt = escapeRe(squash(dest, fr));
  const m = new RegExp(`^sizeof\\(?${dt}\\)?-(?:\\((.+)\\+1\\)|(.+)-1)$`).exec(squash(bare(count), fr));
  const used = m?.[1] ?? m?.[2];
  if (!used) return false;
  if (used === `strlen(${squash(dest, fr)})`) return true;
  if (!/^\w+$/.test(used)) return false;
  const key = keyOf(used, fr, run);
  const v = key ? st.vars.get(key)?.v : undefined;
  return v?.k === 'int' && v.lenOf !== undefined && d.t.some((t) => t.o === v.lenOf?.o && t.lo === v.lenOf.off && t.hi === v.lenOf.off);
}

/** `n` without parentheses and casts. */
function bare(n: N): N {
  let e = n;
  while ((e.t === 'parenthesized_expression' || e.t === 'cast_expression') && e.c.length > 0) e = e.c[e.c.length - 1] as N;
  return e;
}

const squash = (n: N, fr: Frame) => text(fr.file, n).replace(/\s+/g, '');

/**
 * `f(buf + off, sizeof buf - off)`: the length shrinks as the offset grows, so the end is
 * `buf + sizeof buf` whatever `off` is. Intervals lose that relation; this recovers it. Returns
 * the base pointer and the length measured from it.
 */
export function relativeEnd(dest: N | undefined, len: N | undefined, st: State, fr: Frame, run: Run): { base: Val; len: IntV } | undefined {
  if (!dest || !len) return undefined;
  const l = bare(len);
  if (l.t !== 'binary_expression' || l.op !== '-' || !l.c[0] || !l.c[1]) return undefined;
  const d = bare(dest);
  let base: N | undefined;
  let off: N | undefined;
  if (d.t === 'binary_expression' && d.op === '+') [base, off] = d.c;
  else if (d.t === 'pointer_expression' && d.op === '&' && d.c[0]?.t === 'subscript_expression') [base, off] = d.c[0].c;
  if (!base || !off || squash(off, fr) !== squash(l.c[1], fr)) return undefined;
  const total = l.c[0];
  return quietly(run, () => {
    const copy = st.peek();
    const b = evalExpr(base as N, copy, fr, run);
    const whole = evalExpr(total, copy, fr, run);
    return b.k === 'ptr' && whole.k === 'int' ? { base: b, len: whole } : undefined;
  });
}

/** Checks a write of `bytes` through the destination argument, recovering `buf + off, size - off`. */
/**
 * `read(fd, p, n)` in a loop that does `p += r; n -= r`: p + n stays what it was on entry (a
 * `sum` fact), so the end is that sum whatever p and n are now.
 */
function summedEnd(dest: N | undefined, len: N | undefined, st: State, fr: Frame, run: Run): { base: Val; end: number } | undefined {
  if (!dest || !len || st.rels.size === 0) return undefined;
  const kn = plainKey(len, fr, run, st);
  if (!kn) return undefined;
  const d = bare(dest);
  const kp = plainKey(d, fr, run, st);
  // (a sum is symmetric: `want <= CAP - used` is stored as sum|want|used)
  const sumOf = (a: string) => sumLimit(st, a, kn);
  if (kp) {
    const r = sumOf(kp);
    const p = st.vars.get(kp)?.v;
    if (r !== undefined && p?.k === 'ptr') return { base: { ...p, t: p.t.map((t) => ({ o: t.o, lo: 0, hi: 0 })), grow: undefined }, end: r };
    // `read(fd, next, want)` where next sits `len` bytes in (a loop moved them together) and
    // want + len <= CAP: the end is CAP past where len counts from
    for (const rel of st.rels) {
      const [kind, a, b, d] = rel.split('|');
      if (kind !== 'off' || a !== kp || !b || d === undefined || p?.k !== 'ptr') continue;
      const s = sumOf(b);
      if (s !== undefined) return { base: { ...p, t: p.t.map((t) => ({ o: t.o, lo: 0, hi: 0 })), grow: undefined }, end: s + Number(d) };
    }
  }
  if (d.t === 'binary_expression' && d.op === '+' && d.c[0] && d.c[1]) {
    const ko = plainKey(d.c[1], fr, run, st);
    const r = ko ? sumOf(ko) : undefined;
    if (r === undefined) return undefined;
    const b = quietly(run, () => evalExpr(d.c[0] as N, st.peek(), fr, run));
    return b.k === 'ptr' ? { base: b, end: r } : undefined;
  }
  return undefined;
}

/** `buf + len`, `&buf[len]`, `buf`: a buffer variable a loop around it grows with realloc (see loops.ts). */
function grownBuffer(dNode: N | undefined, fr: Frame, run: Run): boolean {
  if (!dNode || fr.grown === undefined) return false;
  let d = bare(dNode);
  if (d.t === 'binary_expression' && d.op === '+' && d.c[0]) d = bare(d.c[0]);
  else if (d.t === 'pointer_expression' && d.op === '&' && d.c[0]?.t === 'subscript_expression' && d.c[0].c[0]) d = bare(d.c[0].c[0]);
  const k = d.t === 'identifier' ? keyOf(text(fr.file, d), fr, run) : undefined;
  return k !== undefined && fr.grown.has(k);
}

export function checkWrite(name: string, d: Val, dNode: N | undefined, lenNode: N | undefined, bytes: Bytes, elem: number, n: N, st: State, fr: Frame, run: Run, trace = sourceTrace(d, st)): void {
  const grown = grownBuffer(dNode, fr, run) || undefined;
  const sum = summedEnd(dNode, lenNode, st, fr, run);
  if (sum) {
    checkRange(sum.base, 0, 0, 0, sum.end * elem, true, n, st, fr, run, { what: `${name} of up to ${sum.end} bytes`, taint: false, trace, cap: dNode ? arrayCap(dNode, fr, run) : undefined });
    return;
  }
  const rel = relativeEnd(dNode, lenNode, st, fr, run);
  const cap = dNode ? arrayCap(dNode, fr, run) : undefined;
  const what = `${name} of ${fmtRange(bytes.lo, bytes.hi)} bytes`;
  if (rel) {
    const whole = scale(rel.len, elem);
    // a buffer the loop grows: what matters is whether input decides the length measured from its
    // base (the size the loop doubles is the program's), not the amount read into what is left
    const taint = grown ? rel.len.taint && !rel.len.perItem : bytes.taint;
    checkRange(rel.base, 0, 0, whole.lo, whole.hi, true, n, st, fr, run, { what, taint, weak: bytes.weak, trace, cap, grown, data: bytes.data });
    return;
  }
  checkRange(d, 0, 0, bytes.lo, bytes.hi, true, n, st, fr, run, { what, taint: bytes.taint, weak: bytes.weak, trace, cap, grown, data: bytes.data });
}

/**
 * `memset(s, 0, sizeof *s)`: the members it covers are now 0 and NULL (a pointer freed just before
 * is no longer held there), whether the struct is a variable (`&m`) or memory a pointer reaches.
 */
function zeroFill(d: Val, bytes: { lo: number }, st: State): void {
  if (d.k === 'ref') {
    const prefix = `${d.key}.`;
    for (const [k, cell] of st.vars) {
      if (!k.startsWith(prefix) || cell.type?.arr !== undefined || cell.type?.arrUnknown) continue;
      st.vars.set(k, { ...cell, init: YES, v: cell.type && cell.type.ptr > 0 ? { k: 'ptr', t: [], nul: YES } : int(0) });
    }
    return;
  }
  if (d.k !== 'ptr' || d.t.length !== 1) return;
  const t = d.t[0] as { o: number; lo: number; hi: number };
  const o = st.objs.get(t.o);
  if (!o || t.lo !== t.hi || !Number.isFinite(bytes.lo)) return;
  // what setString cleared, written again as zeroes over the bytes surely set
  const slots = new Map<number, Val>();
  for (let off = t.lo; off + 8 <= t.lo + bytes.lo && slots.size < 64; off += 8) slots.set(off, int(0));
  if (slots.size > 0) st.updateObj(o.id, { slots });
}

export function copyCall(name: string, n: N, args: N[], st: State, fr: Frame, run: Run): LibResult | undefined {
  const vals = (): Val[] => args.map((a) => evalExpr(a, st, fr, run));
  const wide = name.startsWith('wcs') || name.startsWith('wmem');
  const elem = wide ? 4 : 1;
  switch (name) {
    case 'memcpy':
    case 'memmove':
    case 'wmemcpy':
    case 'wmemmove':
    case 'memcpy_s':
    case 'mempcpy':
    case 'bcopy': {
      const v = vals();
      const [di, si, li] = name === 'bcopy' ? [1, 0, 2] : name === 'memcpy_s' ? [0, 2, 3] : [0, 1, 2];
      const d = v[di] ?? UNKNOWN_V;
      const s = v[si] ?? UNKNOWN_V;
      const bytes = scale(v[li], elem);
      checkDeref(d, args[di] ?? n, st, fr, run);
      checkDeref(s, args[si] ?? n, st, fr, run);
      if (Number.isFinite(bytes.hi) || bytes.taint) {
        checkWrite(name, d, args[di], args[li], bytes, elem, n, st, fr, run, sourceTrace(s, st));
        // `memcpy(d, s, strlen(s) + 1)` reads exactly the string, whichever string s is
        const lenText = args[li] ? squash(args[li], fr) : '';
        const ownLength = /^(strlen|wcslen)\(/.test(lenText) && args[si] && new RegExp(`^(strlen|wcslen)\\(${escapeRe(squash(args[si], fr))}\\)(\\+1)?(\\*sizeof\\(\\w+\\))?$`).test(lenText);
        // (or a variable that holds strlen(s), plus one: `len = strlen(val); memcpy(dst, val, len + 1)`)
        const ownLen = ownLength || (elem === 1 && ownLengthArg(args[si], args[li], st, fr, run));
        if (Number.isFinite(bytes.hi) && !ownLen) checkRange(s, 0, 0, bytes.lo, bytes.hi, false, n, st, fr, run, { what: `${name} of ${fmtRange(bytes.lo, bytes.hi)} bytes`, taint: bytes.taint, weak: bytes.weak, trace: [], data: bytes.data });
        fieldOverflow(name, args[di], bytes, n, fr, run);
      }
      const sl = strLen(s, st, elem);
      const src = isTainted(s, st);
      const t = taintPatch(taintOf(src), src?.pathOk);
      if (sl.hi * elem < bytes.lo) setString(d, st, { slo: sl.lo, shi: sl.hi, ...t }, elem);
      else setString(d, st, { slo: Math.floor(bytes.lo / elem), shi: Infinity, ...t, unterm: sl.lo * elem >= bytes.hi }, elem);
      return { v: d };
    }
    case 'memset':
    case 'wmemset':
    case 'bzero':
    case 'explicit_bzero': {
      const v = vals();
      const d = v[0] ?? UNKNOWN_V;
      const li = name.includes('bzero') ? 1 : 2;
      const bytes = scale(v[li], elem);
      checkDeref(d, args[0] ?? n, st, fr, run);
      if (Number.isFinite(bytes.hi)) checkWrite(name, d, args[0], args[li], bytes, elem, n, st, fr, run, []);
      const c = name.includes('bzero') ? int(0) : v[1];
      const zero = c?.k === 'int' && c.lo === 0 && c.hi === 0;
      if (zero) setString(d, st, { slo: 0, shi: 0, taint: false }, elem);
      else setString(d, st, { slo: Math.floor(bytes.lo / elem), shi: Infinity, taint: false }, elem);
      if (zero) zeroFill(d, bytes, st);
      return { v: d };
    }
    case 'strcpy':
    case 'wcscpy':
    case 'stpcpy':
    case 'strcat':
    case 'wcscat': {
      const [d = UNKNOWN_V, s = UNKNOWN_V] = vals();
      checkDeref(d, args[0] ?? n, st, fr, run);
      checkDeref(s, args[1] ?? n, st, fr, run);
      const sl = strLen(s, st, elem);
      const cat = name.endsWith('cat');
      const dl: StrLen = cat ? strLen(d, st, elem) : { lo: 0, hi: 0, taint: false };
      readString(s, sl, n, st, fr, run, name, elem);
      const src = isTainted(s, st);
      const unknownSource = !sl.taint && !Number.isFinite(sl.hi) && !isLiteralArg(args[1]);
      if (Number.isFinite(dl.hi) || dl.taint)
        checkRange(d, dl.lo * elem, dl.hi * elem, (sl.lo + 1) * elem, (sl.hi + 1) * elem, true, n, st, fr, run, {
          what: `${name} of a ${fmtRange(sl.lo, sl.hi)}-character string`,
          taint: sl.taint || dl.taint,
          weak: sl.taint ? sl.weak : dl.weak,
          trace: [...sourceTrace(s, st), ...taintSteps(sl.line, sl.weak)],
          cap: args[0] ? arrayCap(args[0], fr, run) : undefined,
          unknownSource,
        });
      const t = src ? taintPatch(taintOf(src), src.pathOk) : cat ? {} : taintPatch(taintOf(undefined));
      // text joined after a fixed directory prefix: a name from outside is meant to stay below it
      const confined = cat && src && !strLen(d, st, elem).taint && strLen(d, st, elem).lo > 0 ? { confined: true } : {};
      setString(d, st, { slo: dl.lo + sl.lo, shi: dl.hi + sl.hi, ...t, ...confined }, elem);
      return { v: d };
    }
    case 'strncpy':
    case 'wcsncpy':
    case 'strncat':
    case 'wcsncat':
    case 'strlcpy':
    case 'strlcat': {
      const [d = UNKNOWN_V, s = UNKNOWN_V, len] = vals();
      checkDeref(d, args[0] ?? n, st, fr, run);
      const count = len?.k === 'int' ? len : anyInt();
      const sl = strLen(s, st, elem);
      const cat = name.endsWith('cat');
      const dl: StrLen = cat ? strLen(d, st, elem) : { lo: 0, hi: 0, taint: false };
      const copied = { lo: Math.min(count.lo, sl.lo), hi: Math.min(count.hi, sl.hi) };
      // strncpy always writes n; strncat writes min(n, len) plus a terminator
      const wLo = name.includes('ncpy') ? count.lo : name.startsWith('strl') ? Math.min(count.lo, sl.lo + 1) : copied.lo + 1;
      const wHi = name.includes('ncpy') ? count.hi : name.startsWith('strl') ? Math.min(count.hi, sl.hi + 1) : copied.hi + 1;
      if (Number.isFinite(wHi) && Number.isFinite(dl.hi) && !(cat && roomLeft(args[0], args[2], d, st, fr, run))) {
        if (!cat) checkWrite(name, d, args[0], args[2], { lo: wLo * elem, hi: wHi * elem, taint: count.taint, weak: count.weak }, 1, n, st, fr, run, sourceTrace(s, st));
        else
          checkRange(d, dl.lo * elem, dl.hi * elem, wLo * elem, wHi * elem, true, n, st, fr, run, {
            what: `${name} of ${fmtRange(wLo, wHi)} characters`, taint: count.taint, weak: count.weak, trace: sourceTrace(s, st), cap: args[0] ? arrayCap(args[0], fr, run) : undefined,
          });
      }
      if (Number.isFinite(copied.hi)) readString(s, { lo: copied.lo - 1, hi: copied.hi - 1, taint: sl.taint }, n, st, fr, run, name, elem);
      const src = isTainted(s, st);
      const terminated = cat || copied.hi < count.lo || name.startsWith('strl');
      setString(d, st, {
        slo: dl.lo + copied.lo,
        shi: terminated ? dl.hi + copied.hi : Infinity,
        unterm: !terminated && sl.lo >= count.hi,
        ...(src ? taintPatch(taintOf(src), src.pathOk) : cat ? {} : taintPatch(taintOf(undefined))),
      }, elem);
      return { v: d };
    }
    default:
      return undefined;
  }
}

const UNKNOWN_V: Val = { k: 'unk' };

const escapeRe = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function isLiteralArg(a: N | undefined): boolean {
  return a?.t === 'string_literal' || a?.t === 'concatenated_string';
}

function taintSteps(line: number | undefined, weak: boolean | undefined) {
  return line === undefined ? [] : [{ line, note: weak ? 'parameter of an exported function' : 'data from outside the program' }];
}

/** memcpy(s.member, …, sizeof(s)): the length covers the struct, the destination is one member */
function fieldOverflow(name: string, dst: N | undefined, bytes: { lo: number; hi: number }, n: N, fr: Frame, run: Run): void {
  if (dst?.t !== 'field_expression' || !dst.c[0] || !dst.c[1]) return;
  const ft = staticType(dst, fr, run);
  if (!ft || ft.arr === undefined) return;
  const fieldSize = (elemSize(ft, run.group.structs) ?? 1) * ft.arr;
  if (bytes.lo <= fieldSize) return;
  report(fr, n, {
    rule: 'c.buffer.field-overflow',
    pattern: name,
    description: `${name} writes ${bytes.lo} bytes into member '${text(fr.file, dst)}' of ${fieldSize} bytes.`,
    confidence: 0.85,
  }, run);
}
