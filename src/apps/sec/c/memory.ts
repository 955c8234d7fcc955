/**
 * Memory effects: new objects, stores to variables and elements, element loads, pointer
 * arithmetic, and escape (objects handed to code we do not follow).
 */
import type { N } from './ast.js';
import { report, text, type Frame, type Run } from './context.js';
import { checkDeref, checkIndex } from './access.js';
import { evalExpr, evalSubscript } from './eval.js';
import { storeField } from './fields.js';
import { lvalKey, staticType, typeOfKey } from './names.js';
import { referenced, type Cell, type State } from './state.js';
import { elemSize, intRange, type CType } from './types.js';
import { argvString } from './params.js';
import { isObjectMember } from './cpp-class.js';
import { anyInt, int, joinVal, meet, NO, UNKNOWN, YES, type IntV, type Obj, type Origin, type PtrV, type Target, type Val } from './values.js';

export function newObj(run: Run, st: State, o: Omit<Obj, 'id'>): Obj {
  const obj: Obj = { id: run.nextObj++, file: run.at, ...o };
  st.setObj(obj);
  return obj;
}

export function store(lhs: N, v: Val, st: State, fr: Frame, run: Run): void {
  const key = lvalKey(lhs, fr, run);
  if (key) {
    const old = st.vars.get(key);
    const name = lhs.t === 'identifier' ? text(fr.file, lhs) : '';
    const type = old?.type ?? (name ? typeOfKey(key, name, fr, run) : staticType(lhs, fr, run));
    assignVar(st, key, { v: clampToType(v, type), init: YES, type, line: old?.line ?? lhs.line });
    // kept by a global, or by a C++ object (its destructor's business)
    if (key.startsWith('g:') || (fr.file.cpp && isObjectMember(key, st, run))) escape(v, st);
    else lostLastPointer(old?.v, v, lhs, st, fr, run);
    return;
  }
  if (lhs.t === 'subscript_expression') {
    evalSubscript(lhs, st, fr, run, true, v);
    return;
  }
  if (lhs.t === 'pointer_expression' && lhs.op === '*') {
    const inner = lhs.c[0];
    const p = inner ? evalExpr(inner, st, fr, run) : UNKNOWN;
    if (p.k === 'ref') {
      const cell = st.vars.get(p.key);
      // `*out = buf` into a caller's variable
      const local = frameLocal(v, fr, st);
      if (local && !p.key.startsWith(`${fr.id}:`)) reportEscape(local, 'is stored into a variable of its caller', lhs, fr, run);
      // a store to some of its bytes: the variable is written, its value no longer known
      st.vars.set(p.key, { v: p.part ? UNKNOWN : clampToType(v, cell?.type), init: YES, type: cell?.type, line: cell?.line ?? lhs.line });
      return;
    }
    const t = inner ? staticType(inner, fr, run) : undefined;
    const known = t && elemSize(t, run.group.structs);
    const size = known ?? 1;
    checkDeref(p, inner ?? lhs, st, fr, run);
    // `*s = whole_struct` of a type whose size we lack: the block is written, extent unknown
    if (known === undefined && p.k === 'ptr' && t && t.ptr === 1) for (const x of p.t) st.updateObj(x.o, { init: YES, initBytes: undefined, slots: undefined });
    // `*out = buf` into a pointer the caller passed: the caller keeps the address of a dead local
    const local = frameLocal(v, fr, st);
    if (local && p.k === 'ptr' && p.t.some((x) => { const o = st.objs.get(x.o); return o && !o.local && o.kind === 'unknown'; })) reportEscape(local, 'is stored through a pointer its caller passed in', lhs, fr, run);
    writeElement(p, int(0), size, v, lhs, st, fr, run);
    return;
  }
  if (lhs.t === 'field_expression') {
    storeField(lhs, v, st, fr, run);
    return;
  }
  escape(v, st);
}

/** A local array of frame `fr` that `v` points to: its address must not outlive the frame. */
export function frameLocal(v: Val, fr: Frame, st: State): Obj | undefined {
  if (v.k !== 'ptr') return undefined;
  for (const t of v.t) {
    const o = st.objs.get(t.o);
    if (o?.kind === 'stack' && o.frame === fr.id) return o;
  }
  return undefined;
}

export function reportEscape(o: Obj, how: string, node: N, fr: Frame, run: Run): void {
  report(fr, node, {
    rule: 'c.memory.return-local',
    pattern: o.name,
    description: `The address of the local ${o.name} ${how}; it is invalid once ${fr.fn.name} returns.`,
    confidence: 0.8,
    trace: [{ line: o.line, note: `${o.name} declared here` }],
  }, run);
}

/** `p = malloc(…)` again while p held the only pointer to a block still in use: that block leaks here. */
function lostLastPointer(old: Val | undefined, v: Val, lhs: N, st: State, fr: Frame, run: Run): void {
  if (old?.k !== 'ptr' || old.t.length !== 1) return;
  const o = st.objs.get((old.t[0] as Target).o);
  // (a block allocated on one path only still exists wherever this pointer to it is non-NULL)
  if (!o || o.kind !== 'heap' || !o.local || o.freed !== NO || o.escaped || !o.at) return;
  if (v.k === 'ptr' && v.t.some((t) => t.o === o.id)) return;
  if (referenced(st).has(o.id)) return;
  report(fr, lhs, {
    rule: 'c.memory.leak',
    pattern: o.name.replace(/^.* from /, ''),
    description: `${o.name[0]?.toUpperCase() ?? ''}${o.name.slice(1)} is still allocated when its last pointer '${text(fr.file, lhs)}' is overwritten here.`,
    confidence: 0.7,
    trace: [{ line: o.line, note: 'allocated here' }],
  }, run);
  // reported once: the block is gone from the analysis' view
  st.updateObj(o.id, { escaped: true });
}

/** Sets a variable: facts about its old value go, a read's `<= count` fact comes. */
export function assignVar(st: State, key: string, cell: Cell): void {
  const from = cell.v.k === 'int' ? cell.v.from : undefined;
  const sumLe = cell.v.k === 'int' ? cell.v.sumLe : undefined;
  if ((from || sumLe) && cell.v.k === 'int') {
    const { from: _, sumLe: __, ...v } = cell.v;
    cell = { ...cell, v };
  }
  st.vars.set(key, cell);
  st.dropRels(key);
  if (cell.v.k === 'int' && cell.v.le && cell.v.le !== key) st.addRel(`le|${key}|${cell.v.le}`);
  if (sumLe && sumLe.key !== key) st.addRel(`sum|${key}|${sumLe.key}|${sumLe.k}`);
  // `c = *p`: a test of c is a test of the character at p (terminator.ts)
  if (from && from.key !== key) st.addRel(`ld|${key}|${from.key}|${from.k}`);
}

export function clampToType(v: Val, t: CType | undefined): Val {
  if (v.k !== 'int' || !t) return v;
  const r = intRange(t);
  if (!r || (v.lo >= r[0] && v.hi <= r[1])) return v;
  // nothing known either way: keep what else is known (non-zero inside a string)
  if (!v.taint && v.lo === -Infinity && v.hi === Infinity) return v;
  // unbounded on one side only (`strcspn(s, "&")`: at least 0, at most the unknown length): no
  // wrap, just a magnitude nobody knows; the known side still holds
  if (!v.taint && ((v.hi === Infinity && v.lo >= r[0]) || (v.lo === -Infinity && v.hi <= r[1]))) return v;
  // the stored value wraps; keep what we know only when the input spans the type
  // (a wrapped non-input is unknown: the type's bounds are not values anyone proved reachable)
  // (what it became is bounded by the type, not by anything the input was checked against)
  // (a value nothing bounded but its type is no input as read: its range is only the type's)
  return v.taint ? { ...v, lo: Math.max(v.lo, r[0]), hi: Math.min(v.hi, r[1]), ...(!Number.isFinite(v.lo) && !Number.isFinite(v.hi) ? { wide: true } : {}) } : anyInt();
}

/**
 * The facts about `key` that still hold once it moved by `delta` (`x++`: 1, `p -= 2`: -2): `x < y`
 * becomes `x <= y` after `x++`, `c = *p` then `p++` leaves c the character at `p - 1`.
 */
export function movedRels(before: ReadonlySet<string>, key: string, delta: number, unit = 1): string[] {
  // a sum counts a pointer by its offset in bytes, the other facts by elements
  const out: string[] = [];
  if (!Number.isFinite(delta)) return out;
  for (const r of before) {
    const [kind, a, b, k] = r.split('|');
    if (a !== key && b !== key) continue;
    if (kind === 'ld' && b === key && k !== undefined) out.push(`ld|${a}|${b}|${Number(k) - delta}`);
    else if (kind === 'lt' || kind === 'le') {
      // the gap between the two (b - a) shrinks by delta when a moves, grows when b moves
      const gap = (kind === 'lt' ? 1 : 0) + (a === key ? -delta : delta);
      if (gap >= 1) out.push(`lt|${a}|${b}`);
      else if (gap === 0) out.push(`le|${a}|${b}`);
    } else if ((kind === 'ge' || kind === 'dle') && k !== undefined) out.push(`${kind}|${a}|${b}|${Number(k) + (a === key ? delta : -delta)}`);
    else if (kind === 'sum' && k !== undefined) out.push(`sum|${a}|${b}|${Number(k) + delta * unit}`);
  }
  return out;
}

/** A variable written through its address (`(&x)->f = …`, `(&x)[i] = …`) counts as initialised. */
export function markWritten(key: string, st: State): void {
  const cell = st.vars.get(key);
  if (cell && cell.init !== YES) st.vars.set(key, { ...cell, init: YES });
}

/** A member written through its address (`&s.f`) counts as an assignment to the struct too. */
export function markMemberWritten(key: string, st: State): void {
  const dot = key.lastIndexOf('.');
  if (dot > key.indexOf(':')) markWritten(key.slice(0, dot), st);
}

/** The pointed-to objects leave our sight (stored where we do not follow, given to unknown code). */
export function escape(v: Val, st: State): void {
  if (v.k !== 'ptr') return;
  for (const t of v.t) {
    const o = st.objs.get(t.o);
    if (o && !o.escaped) st.updateObj(t.o, { escaped: true });
  }
}

/** Writes one element through `p + idx*size`: bounds, init state, string length, pointer slots. */
export function writeElement(p: Val, idx: IntV, size: number, v: Val, node: N, st: State, fr: Frame, run: Run, cap?: number, grown?: boolean, inString = false): void {
  if (p.k !== 'ptr') return;
  // (inString: the index is known to stay within the string p points to, see withinOwnLength)
  if (!inString) checkIndex(p, idx, size, true, node, st, fr, run, cap, grown);
  // a pointer stored where the analysis does not own the memory (a caller's struct, a global) is handed on
  if (v.k === 'ptr' && (p.t.length === 0 || p.t.some((t) => { const o = st.objs.get(t.o); return !o || !o.local || o.escaped; }))) {
    escape(v, st);
  }
  for (const t of p.t) {
    const o = st.objs.get(t.o);
    if (!o || o.kind === 'literal') continue;
    const offLo = t.lo + idx.lo * size;
    const offHi = t.hi + idx.hi * size;
    const patch: Partial<Obj> = { init: YES };
    const nul = v.k === 'int' && v.lo === 0 && v.hi === 0;
    // a terminator written before the end cuts the string shorter; the one it had is still there
    // (anything else written may overwrite that one)
    if (nul && !o.unterm && Number.isFinite(o.shi) && o.size !== undefined && o.shi + o.elem <= o.size) patch.nulEnd = Math.max(o.nulEnd ?? -Infinity, o.shi);
    else if (!nul) patch.nulEnd = undefined;
    if (o.init === NO) {
      // track an initialised prefix so a loop that fills half an array leaves the rest unread-safe
      const have = o.initBytes ?? 0;
      const upTo = offLo <= have && Number.isFinite(offHi) ? Math.max(have, offHi + size) : undefined;
      if (upTo === undefined) patch.init = 1;
      else if (o.size === undefined || upTo < o.size) {
        patch.init = NO;
        patch.initBytes = upTo;
      }
    }
    if (offLo === offHi && Number.isFinite(offLo)) {
      // string lengths are kept in bytes, so wide and narrow views of one buffer agree
      const at = offLo;
      if (v.k === 'int' && v.lo === 0 && v.hi === 0) {
        patch.unterm = false;
        // a terminator: the string now ends here unless it already ended earlier
        if (o.slo >= at) {
          patch.slo = at;
          patch.shi = at;
        } else patch.shi = Math.min(o.shi, at);
      } else if (at === o.slo && v.k === 'int' && (v.lo > 0 || v.hi < 0)) {
        patch.slo = o.slo + size;
      }
      if (v.k !== 'unk') {
        const slots = new Map(o.slots ?? []);
        slots.set(offLo, v);
        patch.slots = slots;
      } else if (o.slots?.has(offLo)) {
        const slots = new Map(o.slots);
        slots.delete(offLo);
        patch.slots = slots;
      }
    } else {
      if (v.k === 'ptr') escape(v, st);
      if (o.slots) {
        // the pointers kept there may be the ones overwritten, or were freed on the way (a loop
        // `free(a[i]); a[i] = NULL;`): what they point to is no longer followed, not lost
        for (const sv of o.slots.values()) if (sv.k === 'ptr') escape(sv, st);
        patch.slots = undefined;
      }
      // a terminator at an offset known only as a range (`buf[n] = '\0'` after a read of n bytes):
      // the string ends there at the latest
      if (v.k === 'int' && v.lo === 0 && v.hi === 0 && Number.isFinite(offHi) && offLo >= 0) {
        patch.slo = Math.min(o.slo, offLo);
        patch.shi = Math.min(o.shi, offHi);
        patch.unterm = false;
      }
      // a loop filling fresh memory with characters leaves no terminator behind
      const zero = v.k !== 'int' || (v.lo <= 0 && v.hi >= 0 && !v.nz);
      if ((o.init === NO || o.unterm) && !zero && size <= 4) patch.unterm = true;
    }
    if (v.k === 'int' && v.taint && !v.weak) {
      patch.taint = true;
      patch.origin = o.origin ?? v.origin;
      patch.weak = undefined;
    }
    st.updateObj(t.o, patch);
  }
}

export function loadElement(p: PtrV, idx: IntV, size: number, n: N, st: State, fr: Frame, run: Run): Val {
  const vector = argvElement(p, idx, size, n, st, run);
  if (vector) return vector;
  const known = literalChar(p, idx, size, st);
  if (known) return known;
  let out: Val | undefined;
  let taint = false;
  let weak = true;
  let origin: Origin | undefined;
  // inside a known string the characters are non-zero; at or past its end they may be the terminator
  let nonZero = p.t.length > 0;
  let missing = false;
  for (const t of p.t) {
    const o = st.objs.get(t.o);
    if (!o) continue;
    const readEnd = t.hi + idx.hi * size + size;
    if (o.init === NO && o.kind !== 'literal' && o.freed === NO && readEnd > (o.initBytes ?? 0)) {
      // an exact element, or one a counted loop surely reaches, is read; a moving pointer's range is a guess
      const exact = (t.lo === t.hi && idx.lo === idx.hi) || idx.every;
      report(fr, n, {
        rule: 'c.uninit.use',
        pattern: text(fr.file, n),
        description: `'${text(fr.file, n)}' reads memory that was never written.`,
        confidence: exact ? 0.7 : 0.45,
        trace: [{ line: o.line, note: `${o.name} allocated without initialisation` }],
        obj: o,
      }, run);
      st.updateObj(o.id, { init: YES });
    }
    // input bytes read as bytes (or as the elements they were stored as) are input; a wider member
    // read from a struct that some input bytes were written into is not
    if (o.taint && (size <= 2 || (o.elem > 1 && size === o.elem))) {
      if (!o.weak) run.inputReads++;
      else run.callerReads = (run.callerReads ?? 0) + 1;
      taint = true;
      weak &&= Boolean(o.weak);
      origin ??= o.origin;
    }
    if (!(Number.isFinite(o.slo) && t.hi + idx.hi * size + size <= o.slo)) nonZero = false;
    const off = t.lo + idx.lo * size;
    const slot = o.slots && off === t.hi + idx.hi * size ? o.slots.get(off) : undefined;
    if (slot) out = out ? (out.k === slot.k ? joinVal(out, slot) : UNKNOWN) : slot;
    // one block of several with nothing stored there: the value is not the others' alone
    else missing = true;
  }
  if (out && !missing) return out;
  if (taint) return { k: 'int', lo: -128, hi: 255, taint: true, nz: nonZero || undefined, weak: weak || undefined, origin, data: true };
  return nonZero ? { k: 'int', lo: -Infinity, hi: Infinity, taint: false, nz: true } : anyInt();
}

/**
 * One character of a string literal at a known offset (`s[0]` of a parameter bound to "1. e4"):
 * its value, so a test of the first character takes the branch the literal takes instead of both.
 * Only ASCII: what a byte past 127 reads as depends on the signedness of char.
 */
function literalChar(p: PtrV, idx: IntV, size: number, st: State): Val | undefined {
  if (p.t.length !== 1 || idx.lo !== idx.hi) return undefined;
  const t = p.t[0] as Target;
  const o = st.objs.get(t.o);
  if (o?.kind !== 'literal' || o.lit === undefined || t.lo !== t.hi || size !== o.elem) return undefined;
  const at = (t.lo + idx.lo * size) / size;
  if (!Number.isInteger(at) || at < 0 || at > o.lit.length) return undefined;
  const code = at === o.lit.length ? 0 : o.lit.charCodeAt(at);
  return code < 128 ? int(code) : undefined;
}

/**
 * A pointer read from memory the caller handed in (a member of a struct parameter) that nothing
 * stored yet: it points to memory of its own, the same each time it is read, so freeing it or
 * writing through it is tracked like any other block.
 */
export function lazyPointee(p: PtrV, type: CType, st: State, run: Run): Val | undefined {
  if (p.t.length !== 1 || type.ptr === 0) return undefined;
  const t = p.t[0] as Target;
  const o = st.objs.get(t.o);
  if (!o || o.kind !== 'unknown' || o.local || o.strv || o.slots?.has(t.lo)) return undefined;
  const inner = newObj(run, st, {
    kind: 'unknown', elem: 1, slo: 0, shi: Infinity, taint: false, freed: NO, init: YES, escaped: true, line: o.line, name: `memory reached from ${o.name.replace(/^the memory /, '')}`, local: false,
  });
  const v: Val = { k: 'ptr', t: [{ o: inner.id, lo: 0, hi: 0 }], nul: 1 };
  // an element at an offset known only as a range (`&t->bucket[h]`): memory of its own too, what
  // is done to it through this read tracked, but not remembered as that of every element
  if (t.lo !== t.hi) return v;
  st.updateObj(o.id, { slots: new Map([...(o.slots ?? []), [t.lo, v]]) });
  return v;
}

/** argv[i], envp[i]: the same string each time one element is read */
function argvElement(p: PtrV, idx: IntV, size: number, n: N, st: State, run: Run): Val | undefined {
  if (p.t.length !== 1) return undefined;
  const t = p.t[0] as Target;
  const o = st.objs.get(t.o);
  if (!o?.strv) return undefined;
  const off = t.lo + idx.lo * size;
  const exact = off === t.hi + idx.hi * size && Number.isFinite(off);
  const cached = exact ? o.slots?.get(off) : undefined;
  if (cached) return cached;
  const v = argvString(o.strv, o.line, run, st);
  if (exact) st.updateObj(o.id, { slots: new Map([...(o.slots ?? []), [off, v]]) });
  return v;
}

/** p + i elements */
export function shift(p: PtrV, i: IntV, size: number): PtrV {
  const out: PtrV = { ...p, t: p.t.map((t) => ({ o: t.o, lo: t.lo + i.lo * size, hi: t.hi + i.hi * size })) };
  // a string known to be short stays so from further in; from further back it may be longer
  if (out.slen !== undefined) {
    if (i.lo >= 0 && Number.isFinite(i.lo)) out.slen = Math.max(0, out.slen - i.lo);
    else delete out.slen;
  }
  const exact = p.t.every((t) => t.lo === t.hi);
  if (exact && i.every) out.every = true;
  else if (i.lo !== i.hi) delete out.every;
  // moved by data: the bounds that hold on every data amount it was moved by
  if (i.taint && i.data) out.dOff = p.dOff ? meet(p.dOff, i.bnd ?? []) : i.bnd ?? [];
  if (i.taint && !i.weak && !i.wide && !i.rel && Number.isFinite(i.hi)) out.inputOff = true;
  // moved by an amount input decides and nothing bounds: as far as the input says
  if (i.taint && !i.weak && !i.rel && !Number.isFinite(i.hi)) out.grow = true;
  return out;
}

/** A loaded value seen through the static type it was read as: ranges clamp, pointers from a caller's memory get a pointee. */
export function loaded(v: Val, p: Val, type: CType | undefined, st: State, run: Run): Val {
  if (!type) return v;
  // zeroed memory read as a pointer is NULL
  if (type.ptr > 0 && type.arr === undefined && v.k === 'int' && v.lo === 0 && v.hi === 0) return { k: 'ptr', t: [], nul: YES };
  if (type.ptr > 0 && type.arr === undefined && v.k !== 'ptr' && v.k !== 'ref' && p.k === 'ptr') return lazyPointee(p, type, st, run) ?? v;
  return clampToType(v, type);
}
