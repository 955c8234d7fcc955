/**
 * Memory-access checks: NULL and freed pointers, and byte ranges against object bounds. A bound
 * is reported only when the offending value is reachable: a constant, a loop range, or the
 * range of an input. Unknown values (infinite bounds) never produce a finding.
 */
import type { FlowStep } from '../finding.js';
import type { N } from './ast.js';
import { report, text, type Frame, type Run } from './context.js';
import { keyOf } from './names.js';
import type { RuleId } from './rules.js';
import type { State } from './state.js';
import { MAYBE, NO, YES, type IntV, type Obj, type Target, type Val } from './values.js';

/** Dereference of `p` (the pointer expression `node`): NULL and use-after-free. */
export function checkDeref(p: Val, node: N, st: State, fr: Frame, run: Run): void {
  if (p.k !== 'ptr') return;
  const name = text(fr.file, node);
  // a lookup's NULL outcome, kept apart on a path of its own, is still the lookup's maybe: its use
  // unchecked is reported as such below, not as a NULL the program surely dereferences
  if (p.nul === YES && p.t.length === 0 && !p.nulSrc?.lookup) {
    report(fr, node, {
      rule: 'c.null.deref',
      pattern: name,
      description: `'${name}' is NULL here and is dereferenced.`,
      confidence: 0.85,
      trace: p.nulSrc ? [{ line: p.nulSrc.line, note: p.nulSrc.note }] : [],
    }, run);
    return;
  }
  if (p.nul !== 0 && p.nulSrc?.fromAlloc) {
    report(fr, node, {
      rule: 'c.null.unchecked-alloc',
      pattern: name,
      description: `'${name}' may be NULL (${p.nulSrc.note}) and is used without a check.`,
      // a missing variable or file is an everyday outcome; an allocation failing is a rare one
      // (a search of text: whether it finds its character is the text's business; the program
      // may know it is there, e.g. from an earlier search, which this does not see)
      // (an empty grown buffer indexed: a suspect, the count that guards it is not tracked with it)
      confidence: p.nulSrc.search ? 0.5 : p.nulSrc.lookup ? 0.7 : p.nulSrc.empty ? 0.35 : 0.45,
      trace: [{ line: p.nulSrc.line, note: p.nulSrc.note }],
      ...(p.nulSrc.empty ? { tier: 'suspect' as const } : {}),
    }, run);
    // past this use the program has either crashed or held a pointer: later uses of the same
    // variable (`trim(colon + 1)` after `*colon = 0`) are that one fault, not new ones
    let e = node;
    while (e.t === 'parenthesized_expression' && e.c[0]) e = e.c[0];
    const key = e.t === 'identifier' ? keyOf(text(fr.file, e), fr, run) : undefined;
    const cell = key ? st.vars.get(key) : undefined;
    if (key && cell?.v.k === 'ptr' && cell.v.nulSrc === p.nulSrc) st.vars.set(key, { ...cell, v: { ...cell.v, nul: NO, nulSrc: undefined } });
  }
  checkFreed(p, node, st, fr, run);
}

export function checkFreed(p: Val, node: N, st: State, fr: Frame, run: Run): void {
  if (p.k !== 'ptr') return;
  if (p.vid !== undefined && st.rels.has(`freed|${p.vid}`)) {
    const name = text(fr.file, node);
    report(fr, node, {
      rule: 'c.memory.use-after-free',
      pattern: name,
      description: `'${name}' is a copy of a pointer that was freed on this path.`,
      confidence: 0.85,
    }, run);
    return;
  }
  // one of several blocks freed (the rest live) is a join of paths too
  if (p.t.length > 1 && p.t.some((t) => st.objs.get(t.o)?.freed !== YES)) return;
  for (const t of p.t) {
    const o = st.objs.get(t.o);
    // freed on one path only is too often a loop or an error path the join blurred: stay quiet
    if (!o || o.freed !== YES) continue;
    const name = text(fr.file, node);
    report(fr, node, {
      rule: 'c.memory.use-after-free',
      pattern: name,
      description: `'${name}' points to ${o.name}, which was freed${o.freed === MAYBE ? ' on some path' : ''}.`,
      obj: o,
      confidence: o.freed === YES ? 0.85 : 0.6,
      trace: [
        { line: o.line, note: `${o.name} allocated` },
        ...(o.freeLine !== undefined ? [{ line: o.freeLine, note: 'freed here' }] : []),
      ],
    }, run);
    return;
  }
}

/** Access of one element `p[idx]` of `size` bytes; `cap` is the byte size of the array the base expression names, when its type says. */
export function checkIndex(p: Val, idx: IntV, size: number, write: boolean, node: N, st: State, fr: Frame, run: Run, cap?: number, grown?: boolean): void {
  if (p.k !== 'ptr') return;
  const trace: FlowStep[] = idx.src !== undefined && idx.taint ? [{ line: idx.src, note: idx.srcNote ?? 'index from input' }] : [];
  checkRange(p, idx.lo * size, idx.hi * size, size, size, write, node, st, fr, run, {
    what: `index ${fmtRange(idx.lo, idx.hi)}`,
    // (an index a test against another variable bounded is the program's, not the input's; so is
    // the count of items a loop stored in the buffer it grows as it goes)
    taint: idx.taint && !idx.rel && !(grown && idx.perItem),
    weak: idx.weak,
    trace,
    cap,
    grown,
    every: idx.lo === idx.hi || Boolean(idx.every),
    wide: idx.wide,
    data: dataBounds(idx),
    // (a constant written as such, `d[3]`: a variable one pass of a loop saw as constant is not one)
    ...(size === 1 ? { below: idx.below, at: idx.lo === idx.hi && /^[A-Za-z_]\w*\s*\[\s*(0[xX][0-9a-fA-F]+|\d+)[uUlL]*\s*\]$/.test(text(fr.file, node)) ? idx.lo : undefined } : {}),
  });
}

/** the bounds of a count or index from data (IntV.bnd); undefined when it is not from data */
export function dataBounds(v: IntV | undefined): number[] | undefined {
  // (the paired length itself, or what is left of it, reaches no further than the end)
  return v?.taint && v.data ? [...(v.bnd ?? []), ...(v.szOf ?? [])] : undefined;
}

/**
 * Memory a function received beside its length (`parse(buf, len)`, size unknown here) reached at
 * an index, an offset or for a length read out of data that no test held below that length (a TLV
 * length, a label length): the data decides how far past the end it goes. A suspect: 0.45 when
 * only a caller of an exported function is seen to hand the memory in, 0.75 when the scan filled
 * it from a file, the network or stdin.
 */
function pairedOverrun(p: Val, t: Target, o: Obj, write: boolean, node: N, st: State, fr: Frame, run: Run, info: RangeInfo): boolean {
  if (p.k !== 'ptr' || !o.paired || o.freed !== NO) return false;
  if (pastPairedEnd(t, o, write, node, st, fr, run, info)) return true;
  const open = (bnd: number[] | undefined) => bnd !== undefined && !bnd.includes(o.id);
  if (!open(info.data) && !open(p.dOff)) return false;
  const input = o.taint && !o.weak;
  const detail = `${info.what} ${write ? 'into' : 'of'} ${o.name}, whose length was handed in beside it: ${open(info.data) ? 'the amount' : 'the offset'} comes from data read out of a buffer and no test holds it below that length`;
  emit(!write ? 'c.buffer.overread' : o.kind === 'heap' ? 'c.buffer.heap-overflow' : o.kind === 'stack' ? 'c.buffer.stack-overflow' : 'c.buffer.overflow', o, node, fr, run, info, detail, input ? CONF.input : CONF.caller, true);
  return true;
}

/**
 * A byte of a buffer handed in with its length read at or past that length: `buf[i + 1]` where a
 * test kept i below the length only (`i < len`), or `buf[3]` where a test made sure of 2 bytes
 * (`if (len < 2) return`). The caller decides the length: a suspect at 0.45 (0.75 for input). A
 * constant index with no test of the length at all is left alone: reading the first bytes of what
 * a caller hands in is the library's contract with it.
 */
function pastPairedEnd(t: Target, o: Obj, write: boolean, node: N, st: State, fr: Frame, run: Run, info: RangeInfo): boolean {
  if (t.lo !== t.hi) return false;
  let detail: string | undefined;
  // the last byte touched is at most t + end + k: past the end when t + k >= 0
  // (an index a test held inside is judged by that test alone: `off` may be 0 on the pass seen)
  if (info.below?.o === o.id) {
    if (t.hi + info.below.k < 0) return false;
    detail = `${info.what} ${write ? 'into' : 'of'} ${o.name}, whose length was handed in beside it: the test before it keeps the index below that length, not the byte it reaches`;
  } else if (info.at !== undefined && info.at >= 0) {
    // the bytes (from the buffer's start) a test of an exact length of it against a constant made
    // sure of (not a relation to another variable: `outsz < need` says nothing this can weigh)
    let least = 0;
    // (only for the buffer where the length starts: a pointer stepped on since may be a loop's pass)
    for (const [, c] of st.vars) if (c.v.k === 'int' && c.v.end?.o === o.id && c.v.end.off === t.hi && c.v.end.sure) least = Math.max(least, c.v.end.off + c.v.end.sure);
    if (least > 0 && t.hi + info.at >= least) detail = `${info.what} ${write ? 'into' : 'of'} ${o.name}, whose length was handed in beside it: a test only makes sure of ${least} bytes`;
  }
  if (!detail) return false;
  const input = o.taint && !o.weak;
  emit(!write ? 'c.buffer.overread' : o.kind === 'heap' ? 'c.buffer.heap-overflow' : o.kind === 'stack' ? 'c.buffer.stack-overflow' : 'c.buffer.overflow', o, node, fr, run, info, detail, input ? CONF.input : CONF.caller, true);
  return true;
}

export interface RangeInfo {
  /** what is accessed, for the message: "memcpy of 100 bytes" */
  what: string;
  /** the length or index comes from outside the program */
  taint: boolean;
  /** ...but only from callers of an exported function */
  weak?: boolean;
  trace: FlowStep[];
  /** bytes the destination expression's own array type holds from the pointer (a member or local array) */
  cap?: number;
  /** the length is not bounded by anything known: a suspect at low confidence unless input decides it */
  unknownSource?: boolean;
  /** the buffer is one a loop grows with realloc as it fills it */
  grown?: boolean;
  /** every value of the offending range occurs (a loop index, a constant): not just a join of paths */
  every?: boolean;
  /** the range comes from widening a loop: imprecise */
  wide?: boolean;
  /** the index or length was read out of data: the objects whose paired length a test held it below */
  data?: number[];
  /** a one-byte index a test held this far from the end of a buffer handed in with its length (IntV.below) */
  below?: { o: number; k: number };
  /** a one-byte index that is one known number */
  at?: number;
}

/** Confidences of range findings: see docs/jsec-engine.md "Tiers". */
const CONF = { definite: 0.9, input: 0.75, range: 0.7, caller: 0.45, grow: 0.7, unknown: 0.35, imprecise: 0.35 };

/**
 * Accesses bytes [off, off + len) relative to `p` (off and len as intervals). Reports the first
 * violation per target: underflow of the start, then overflow of the end. A finite offending end
 * is proven; an end that input (or a library caller) leaves unbounded is a suspect.
 */
export function checkRange(
  p: Val,
  offLo: number,
  offHi: number,
  lenLo: number,
  lenHi: number,
  write: boolean,
  node: N,
  st: State,
  fr: Frame,
  run: Run,
  info: RangeInfo,
): void {
  if (p.k !== 'ptr') return;
  // a pointer an input moved: its offsets are as reachable as an input index
  if (p.inputOff && !info.taint) info = { ...info, taint: true };
  const targets = p.t.length > 0 ? p.t : info.cap !== undefined ? [{ o: -1, lo: 0, hi: 0 }] : [];
  for (const t of targets) {
    const o = t.o === -1 ? virtualObj(node, info.cap ?? 0, fr) : st.objs.get(t.o);
    if (!o || o.freed === YES) continue;
    // a block a later realloc of the same pointer grew (both still targets: loop paths joined) is
    // an earlier size of that buffer; an index the join widened belongs to the later one
    if (o.freedByRealloc && p.t.some((u) => st.objs.get(u.o)?.reallocFrom?.includes(o.id))) continue;
    const startLo = t.lo + offLo;
    const endHi = t.hi + offHi + lenHi;
    // a pointer walked forward and stepped back (`p[-1]`) is usually fine: report a start before the
    // buffer only when the pointer itself is below its base, the whole access is, or an input decides
    const pointerBelow = t.hi < 0;
    // a pointer still at the start of its buffer indexed with a range that goes below zero (a loop
    // bound, a constant) reaches before it: nothing walked it forward first
    const atBase = t.lo === 0 && t.hi === 0 && t.o !== -1;
    // memory a caller handed in may be the middle of a larger buffer: before its start is not outside it
    const callerMemory = o.kind === 'unknown' && !o.local;
    if (!callerMemory && startLo < 0 && Number.isFinite(startLo) && lenHi > 0 && (pointerBelow || t.hi + offHi < 0 || info.taint || atBase || p.every)) {
      const definite = t.hi + offHi < 0;
      emit(write ? 'c.buffer.underwrite' : 'c.buffer.underread', o, node, fr, run, info,
        `${info.what} starts ${-startLo} bytes before the start of ${o.name}`, definite ? CONF.definite : confidenceOf(info));
      return;
    }
    let size = o.size;
    // a member array or a declared array bounds the access more tightly than its enclosing object
    if (info.cap !== undefined && t.lo === t.hi && t.o !== -1) size = Math.min(size ?? Infinity, t.lo + info.cap);
    if (size === undefined || !Number.isFinite(size)) {
      if (pairedOverrun(p, t, o, write, node, st, fr, run, info)) return;
      continue;
    }
    const rule: RuleId = !write ? 'c.buffer.overread' : o.kind === 'heap' ? 'c.buffer.heap-overflow' : o.kind === 'stack' ? 'c.buffer.stack-overflow' : 'c.buffer.overflow';
    if (Number.isFinite(endHi)) {
      if (endHi <= size) continue;
      const definite = t.lo + offLo + lenLo > size;
      // a pointer whose offset is only known as a range (paths joined, steps widened) may not reach the end
      const loose = t.lo !== t.hi && !info.taint && !p.grow && !p.every;
      // a buffer a loop grows with realloc as it fills it: its size and the length that fills it
      // move together, a relation the loop's widening of both loses (only a definite overrun counts)
      if (info.grown && !definite && !info.taint && (o.reallocFrom || o.freedByRealloc)) continue;
      emit(rule, o, node, fr, run, info, `${info.what} reaches byte ${endHi} of ${o.name}, which has ${size}`, definite ? CONF.definite : loose ? CONF.imprecise : confidenceOf(info), info.weak && !definite);
      return;
    }
    // an end nothing bounds: reportable when input decides it (a string of any length, a pointer
    // a loop advances per input byte), or as a low-confidence suspect for an unknown source
    // an unbounded pointer offset counts only when input moved it; an unbounded length when input
    // (or a library caller) decides it or nothing at all bounds a string copy
    const offsetOpen = !Number.isFinite(t.hi);
    const why = offsetOpen ? (p.grow ? 'a loop driven by input advances it without a bound' : undefined)
      : info.taint ? (info.weak ? 'a caller of this exported function decides how much' : 'input decides how much')
      : info.unknownSource ? 'nothing bounds the length' : undefined;
    // a buffer the program grows with realloc as it goes is sized by the program itself
    if (!why || o.reallocFrom || o.freedByRealloc || info.grown) continue;
    emit(rule, o, node, fr, run, info, `${info.what} into ${o.name} of ${size} bytes: ${why}`,
      offsetOpen ? CONF.grow : info.taint ? (info.weak ? CONF.caller : CONF.input) : CONF.unknown, true);
    return;
  }
}

function confidenceOf(info: RangeInfo): number {
  if (info.wide) return CONF.imprecise;
  return info.weak ? CONF.caller : info.taint ? CONF.input : info.every === false ? CONF.imprecise : CONF.range;
}

/** The array a typed expression names when the pointer behind it is not tracked (a member of an unknown struct). */
function virtualObj(node: N, cap: number, fr: Frame): Obj {
  return {
    id: -1, kind: 'unknown', size: cap, elem: 1, slo: 0, shi: Infinity, taint: false, freed: NO, init: YES, escaped: true, line: node.line,
    name: `the ${cap}-byte array '${text(fr.file, node).slice(0, 40)}'`, local: false,
  };
}

function emit(rule: RuleId, o: Obj, node: N, fr: Frame, run: Run, info: RangeInfo, detail: string, confidence: number, suspect = false): void {
  report(fr, node, {
    rule,
    pattern: info.what.split(' ')[0] ?? 'access',
    description: `${detail[0]?.toUpperCase() ?? ''}${detail.slice(1)}.`,
    confidence,
    trace: [{ line: o.line, note: `${o.name}: ${o.size ?? '?'} bytes` }, ...info.trace],
    tier: suspect ? 'suspect' : 'proven',
    obj: o,
  }, run);
}

export function fmtRange(lo: number, hi: number): string {
  const f = (x: number) => (Number.isFinite(x) ? String(x) : x > 0 ? '+inf' : '-inf');
  return lo === hi ? f(lo) : `${f(lo)}..${f(hi)}`;
}
