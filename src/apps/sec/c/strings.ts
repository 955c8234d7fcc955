/**
 * String and taint state of memory objects, shared by the library models: what a pointer's
 * string length is, where its contents came from, and how a write changes both.
 */
import type { FlowStep } from '../finding.js';
import type { N } from './ast.js';
import { report, type Frame, type Run } from './context.js';
import { checkFreed, checkRange, fmtRange } from './access.js';
import type { State } from './state.js';
import { NO, YES, originText, type Obj, type Origin, type Val } from './values.js';

/** Where a value's outside data came from; `weak` when only callers of an exported function control it. */
export interface Taint {
  taint: boolean;
  weak?: boolean;
  origin?: Origin;
  line?: number;
  /** every part passed a validator of the program (see validate.ts) */
  validated?: boolean;
}

export const NO_TAINT: Taint = { taint: false };

export function objsOf(v: Val, st: State): Obj[] {
  if (v.k !== 'ptr') return [];
  return v.t.map((t) => st.objs.get(t.o)).filter((o): o is Obj => o !== undefined);
}

/** The tainted object `v` may point to; a program input is preferred over a library caller. */
export function isTainted(v: Val, st: State): Obj | undefined {
  const objs = objsOf(v, st);
  return objs.find((o) => o.taint && !o.weak) ?? objs.find((o) => o.taint);
}

export function taintOf(o: Obj | undefined): Taint {
  if (!o?.taint) return NO_TAINT;
  return { taint: true, weak: o.weak, origin: o.origin, line: o.taintLine, ...(o.validated ? { validated: true } : {}) };
}

/**
 * The tainted object `v` may point to whose text can still carry quotes, slashes or shell
 * characters (not validated); a program input is preferred over a library caller.
 */
export function isDangerous(v: Val, st: State): Obj | undefined {
  const objs = objsOf(v, st).filter((o) => o.taint && !o.validated);
  return objs.find((o) => !o.weak) ?? objs[0];
}

/** Joins two taints: tainted if either is; weak only when every tainted part is weak. */
export function joinTaint(a: Taint, b: Taint): Taint {
  if (!a.taint) return b;
  if (!b.taint) return a;
  const strong = !a.weak ? a : b;
  return { taint: true, weak: a.weak && b.weak ? true : undefined, origin: strong.origin, line: strong.line ?? a.line ?? b.line, ...(a.validated && b.validated ? { validated: true } : {}) };
}

/** The object fields that carry `t` into a written buffer. */
export function taintPatch(t: Taint, pathOk?: boolean): Partial<Obj> {
  if (!t.taint) return { taint: false, weak: undefined, origin: undefined, pathOk: undefined, validated: undefined };
  return { taint: true, taintLine: t.line, weak: t.weak, origin: t.origin, pathOk: pathOk || t.validated ? true : undefined, validated: t.validated ? true : undefined };
}

/** Words for a finding's description: "data from the network". */
export function taintText(t: Taint): string {
  return t.weak ? 'data a caller of this exported function controls' : `data from ${originText(t.origin)}`;
}

export function taintTrace(t: Taint): FlowStep[] {
  if (!t.taint || t.line === undefined) return [];
  return [{ line: t.line, note: t.weak ? 'parameter of an exported function' : `data from ${originText(t.origin)}` }];
}

export interface StrLen extends Taint {
  lo: number;
  hi: number;
}

/** String length (elements) of what `v` points at: the interval over its targets, from their offsets. */
export function strLen(v: Val, st: State, elem: number): StrLen {
  if (v.k !== 'ptr' || v.t.length === 0) return { lo: 0, hi: Infinity, taint: false };
  let lo = Infinity;
  let hi = -Infinity;
  let taint: Taint = NO_TAINT;
  for (const t of v.t) {
    const o = st.objs.get(t.o);
    // a narrow string read through a wide pointer (or the reverse) has no length in these units
    if (!o || (Number.isFinite(o.slo) && o.slo % elem !== 0) || (Number.isFinite(o.shi) && o.shi % elem !== 0)) return { lo: 0, hi: Infinity, taint: false };
    lo = Math.min(lo, Math.max(0, (o.slo - t.hi) / elem));
    hi = Math.max(hi, (o.shi - t.lo) / elem);
    taint = joinTaint(taint, taintOf(o));
  }
  if (v.slen !== undefined) hi = Math.min(hi, v.slen);
  return { ...taint, lo: Math.min(lo, hi), hi: Math.max(hi, Math.min(lo, hi)) };
}

/** Sets the string state of what `v` points at; `patch.slo/shi` are in elements of `elem` bytes. */
export function setString(v: Val, st: State, patch: Partial<Obj>, elem: number): void {
  // written through `&x` (memcpy(&hdr, …), gzread(f, &buf, n)): the variable is assigned
  if (v.k === 'ref') {
    const cell = st.vars.get(v.key);
    if (cell && cell.init !== YES) st.vars.set(v.key, { ...cell, init: YES });
    // the struct's array members are written too (`memset(&s, 0, sizeof s)`, `fread(&hdr, …)`)
    const prefix = `${v.key}.`;
    const zero = patch.slo === 0 && patch.shi === 0;
    for (const [k, m] of st.vars) {
      if (!k.startsWith(prefix) || m.type?.arr === undefined || m.v.k !== 'ptr') continue;
      setString(m.v, st, zero ? patch : { ...patch, slo: 0, shi: Infinity }, 1);
    }
    return;
  }
  if (v.k !== 'ptr') return;
  const exact = v.t.length === 1;
  for (const t of v.t) {
    const o = st.objs.get(t.o);
    if (!o || o.kind === 'literal') continue;
    const base = t.lo === t.hi ? t.lo : undefined;
    // the write starts at `base` and runs forward: values kept below it (the members before a
    // struct's array, `memcpy(b->data, src, len)` after `b->refs = 1`) are not touched
    const below = exact && base !== undefined && base > 0 && o.slots ? new Map([...o.slots].filter(([k]) => k < base)) : undefined;
    const p: Partial<Obj> = { ...patch, init: YES, slots: below?.size ? below : undefined };
    if (patch.shi !== undefined) p.unterm = patch.shi === Infinity && patch.unterm === true && o.init === NO;
    if (patch.slo !== undefined && patch.shi !== undefined) {
      if (base === undefined || !exact) {
        p.slo = Math.min(o.slo, patch.slo * elem);
        p.shi = Infinity;
      } else {
        p.slo = base + patch.slo * elem;
        p.shi = base + patch.shi * elem;
      }
    }
    // an untainted write clears the taint only when it replaced the whole string for sure
    if (patch.taint === false) {
      const keep = o.taint && !exact;
      p.taint = keep;
      if (keep) {
        delete p.weak;
        delete p.origin;
        delete p.pathOk;
        delete p.validated;
      }
    } else if (patch.taint && o.taint) {
      // appended to text that was already in doubt: it stays in doubt
      if (!o.pathOk) delete p.pathOk;
      if (!o.validated) delete p.validated;
    }
    st.updateObj(t.o, p);
  }
}

/** A string read of a buffer known to lack a terminator (CWE-170 leading to an over-read). */
export function checkTerminated(s: Val, n: N, st: State, fr: Frame, run: Run, name: string): void {
  const o = objsOf(s, st).find((x) => x.unterm && x.freed === NO);
  if (!o) return;
  report(fr, n, {
    rule: 'c.buffer.overread',
    pattern: name,
    description: `${name} reads ${o.name} as a string, but no terminator was written after its characters.`,
    confidence: 0.65,
    trace: [{ line: o.line, note: `${o.name} declared without a terminator` }],
    obj: o,
  }, run);
}

/** Reads len+1 elements of a string: under-read before its start, over-read past an unterminated end. */
export function readString(s: Val, sl: StrLen, n: N, st: State, fr: Frame, run: Run, name: string, elem: number): void {
  checkTerminated(s, n, st, fr, run, name);
  // a string read from a buffer nothing was ever written into
  const blank = objsOf(s, st).find((o) => o.init === NO && o.kind !== 'literal' && o.freed === NO && (o.initBytes ?? 0) === 0);
  if (blank && s.k === 'ptr' && s.t.length === 1) {
    report(fr, n, {
      rule: 'c.uninit.use',
      pattern: name,
      description: `${name} reads ${blank.name} as a string, but nothing was ever written into it.`,
      confidence: 0.7,
      trace: [{ line: blank.line, note: `${blank.name} declared without initialisation` }],
      obj: blank,
    }, run);
    st.updateObj(blank.id, { init: YES });
  }
  if (s.k !== 'ptr') return;
  checkFreed(s, n, st, fr, run);
  if (!Number.isFinite(sl.hi)) return;
  // from anywhere up to a terminator known to be inside the buffer, the read stops at it: only
  // pointers that may be past it (or before the buffer) can read outside
  const risky = s.t.filter((t) => {
    const o = st.objs.get(t.o);
    const end = o ? Math.max(o.shi, o.nulEnd ?? -Infinity) : Infinity;
    return !(o && !o.unterm && Number.isFinite(end) && o.size !== undefined && end + o.elem <= o.size && t.lo >= 0 && t.hi <= end);
  });
  if (risky.length === 0) return;
  checkRange({ ...s, t: risky }, 0, 0, (sl.lo + 1) * elem, (sl.hi + 1) * elem, false, n, st, fr, run, { what: `${name} reading ${fmtRange(sl.lo + 1, sl.hi + 1)} characters`, taint: sl.taint, trace: [] });
}

export function sourceTrace(s: Val, st: State): FlowStep[] {
  const o = objsOf(s, st)[0];
  return o ? [{ line: o.line, note: `source ${o.name}` }] : [];
}

/** The text of a format argument: its literal, or the literal its value points to. */
export function formatText(v: Val | undefined, st: State): string | undefined {
  if (v?.k !== 'ptr' || v.t.length !== 1) return undefined;
  const t = v.t[0];
  const o = t ? st.objs.get(t.o) : undefined;
  if (!t || !o || o.kind !== 'literal' || o.lit === undefined || t.lo !== t.hi) return undefined;
  return o.lit.slice(t.lo / o.elem);
}
