/**
 * Abstract values of the C engine. Integers are intervals (infinite bounds mean "nothing known",
 * finite bounds are reachable values: a constant, a loop range, or an input's full type range);
 * pointers are a small set of (object, byte offset interval) targets plus a null-ness; memory
 * objects carry their size, string length, taint, freed and initialised state.
 */

/** three-valued facts: definitely not, maybe, definitely */
export type Tri = 0 | 1 | 2;
export const NO: Tri = 0;
export const MAYBE: Tri = 1;
export const YES: Tri = 2;

export function joinTri(a: Tri, b: Tri): Tri {
  return a === b ? a : MAYBE;
}

/**
 * Where outside data came from: command line, environment, standard input, a file, the network,
 * a random source, or (weakest) a caller of an exported function jsec cannot see.
 */
export type Origin = 'argv' | 'env' | 'stdin' | 'file' | 'net' | 'random' | 'caller';

export function originText(o: Origin | undefined): string {
  switch (o) {
    case 'argv': return 'the command line';
    case 'env': return 'the environment';
    case 'stdin': return 'standard input';
    case 'file': return 'a file';
    case 'net': return 'the network';
    case 'random': return 'a random source';
    case 'caller': return 'a caller of this exported function';
    default: return 'outside the program';
  }
}

export interface IntV {
  k: 'int';
  lo: number;
  hi: number;
  /** from outside the program (input, random): the whole range is attacker-reachable */
  taint: boolean;
  /** the taint comes only from callers of an exported function (lower confidence) */
  weak?: boolean;
  origin?: Origin;
  /** a bound of it was moved to infinity by a loop's widening (and perhaps clamped back to its type): imprecise */
  wide?: boolean;
  /** every value of the interval occurs (a counted loop's index, a constant), not just some */
  every?: boolean;
  /** at most the value of this variable (a read returns no more bytes than it was asked for) */
  le?: string;
  /** value + variable `key` <= k: a read into `buf + used` of at most `CAP - used` bytes */
  sumLe?: { key: string; k: number };
  /** this is the string length of the string at (object, byte offset): narrowing it bounds the string */
  lenOf?: { o: number; off: number; elem: number };
  /** this is the string length of what pointer variable `key` points to: narrowing it bounds that pointer's string */
  lenKey?: string;
  /**
   * `strlen(s) + 1` (add 0 or 1) of what pointer variable `key` points to: that many bytes read
   * from s end at its terminator, wherever s points (not a length: nothing narrows through it)
   */
  ownLen?: { key: string; add: number };
  /** proven non-zero (intervals cannot express the hole a `!= 0` check makes) */
  nz?: boolean;
  /**
   * input whose upper end a test against another variable bounded (`n <= cap - len`, `pos <= ln->len`,
   * `i < count`): intervals cannot hold the relation, but the program checked it, so how large it
   * gets is no longer simply up to the input
   */
  rel?: boolean;
  /** the character just read at `*(key + k)`: the variable it is stored in remembers where it came from */
  from?: { key: string; k: number };
  /**
   * a count a loop advanced once per input item (its top is how long the input is): it reaches
   * no further than the items an input can hold, not a 32-bit or wider type's maximum
   */
  perItem?: boolean;
  /**
   * read out of the contents of a buffer from outside (a length byte, a header field) or computed
   * from such bytes: a count or offset the data itself chose
   */
  data?: boolean;
  /**
   * the length a caller handed in beside a buffer (`parse(buf, len)`), or that length less or plus
   * something: the objects whose extent it is
   */
  szOf?: number[];
  /** a test held this value (its bytes from data) below the paired length of these objects */
  bnd?: number[];
  /**
   * exactly the length handed in beside a buffer: the bytes of object `o` from byte `off` (where
   * the buffer parameter pointed) to its end; `sure`: the least length a test against a constant
   * left it (`if (len < 4) return`)
   */
  end?: { o: number; off: number; sure?: number };
  /** a test against such a length held this value at most byte `k` relative to the end of object `o` (`i < len`: -1) */
  below?: { o: number; k: number };
  /** where the value came from, for the trace */
  src?: number;
  srcNote?: string;
}

export interface Target {
  o: number;
  lo: number;
  hi: number;
}

export interface PtrV {
  k: 'ptr';
  t: Target[];
  nul: Tri;
  /** the offset grew in a loop that input decides: how far it goes is up to the input */
  grow?: boolean;
  /** every offset of its range occurs (moved by a counted loop's index): not just some */
  every?: boolean;
  /** moved by an amount from outside the program: its range is attacker-reachable */
  inputOff?: boolean;
  /**
   * identity of a pointer value that may point to one of several blocks (a merge of paths): its
   * copies share it, so freeing one copy makes the others stale whichever block it was
   */
  vid?: number;
  /** where a possible NULL came from (allocation, getenv, literal NULL) */
  nulSrc?: {
    line: number;
    note: string;
    fromAlloc: boolean;
    lookup?: boolean;
    /** a search of text (strchr, strstr): NULL when the text lacks what is sought */
    search?: boolean;
    /** the pointer's NULL from before the allocation (a path where it never happened), not a failed one */
    beforeAlloc?: boolean;
    /** ...of a buffer a loop grows, indexed: its empty state, which its count guards */
    empty?: boolean;
  };
  /** the string it points to is at most this long (elements): a test of its strlen said so */
  slen?: number;
  /**
   * moved by an amount read out of outside data (`p = buf + off` with `off` from a length byte):
   * the objects whose paired length a test held that amount below (see IntV.bnd)
   */
  dOff?: number[];
}

/** address of a variable (`&x`): loads and stores go to the variable */
export interface RefV {
  k: 'ref';
  key: string;
  /**
   * somewhere inside the variable (`(char *)&len + got`): a store there initialises the variable
   * but leaves its value unknown, a load reads some of its bytes
   */
  part?: true;
}

export interface FnV {
  k: 'fn';
  name: string;
}

export interface UnkV {
  k: 'unk';
  taint?: boolean;
}

export type Val = IntV | PtrV | RefV | FnV | UnkV;

export const UNKNOWN: UnkV = { k: 'unk' };

/**
 * No object (so no string length, no distance between two places in one) is larger than the user
 * address space of a 64-bit process (2^47 bytes on x86-64 and AArch64 Linux).
 */
export const MAX_OBJECT = 2 ** 47;

export function int(lo: number, hi = lo, taint = false, src?: number, srcNote?: string): IntV {
  return { k: 'int', lo, hi, taint, src, srcNote };
}

export function anyInt(): IntV {
  return { k: 'int', lo: -Infinity, hi: Infinity, taint: false };
}

export function isConst(v: Val): v is IntV {
  return v.k === 'int' && v.lo === v.hi && Number.isFinite(v.lo);
}

export function joinVal(a: Val, b: Val): Val {
  if (a === b) return a;
  // An unknown (often: not yet assigned on that path) adds nothing we could report on.
  if (a.k === 'unk') return b.k === 'unk' ? { k: 'unk', taint: Boolean(a.taint || b.taint) } : b;
  if (b.k === 'unk') return a;
  if (a.k === 'int' && b.k === 'int') {
    const v: IntV = { k: 'int', lo: Math.min(a.lo, b.lo), hi: Math.max(a.hi, b.hi), taint: a.taint || b.taint };
    if (v.taint && (!a.taint || a.rel) && (!b.taint || b.rel)) v.rel = true;
    const nonZero = (x: IntV) => x.nz || x.lo > 0 || x.hi < 0;
    if (nonZero(a) && nonZero(b) && v.lo <= 0 && v.hi >= 0) v.nz = true;
    // prefer the stronger source for the trace and the confidence
    const from = a.taint && !a.weak ? a : b.taint && !b.weak ? b : a.taint ? a : b.taint ? b : a;
    v.src = from.src;
    v.srcNote = from.srcNote;
    if (v.taint) {
      v.origin = from.origin;
      if ((!a.taint || a.weak) && (!b.taint || b.weak)) v.weak = true;
      // a per-item count joined with itself one step on (or with untainted values) stays one
      if ((a.perItem || !a.taint) && (b.perItem || !b.taint)) v.perItem = true;
    }
    if (a.lenOf && b.lenOf && a.lenOf.o === b.lenOf.o && a.lenOf.off === b.lenOf.off) v.lenOf = a.lenOf;
    Object.assign(v, joinData(a, b));
    if (a.lenKey !== undefined && a.lenKey === b.lenKey) v.lenKey = a.lenKey;
    if (a.end && b.end && a.end.o === b.end.o && a.end.off === b.end.off) v.end = { ...a.end, sure: Math.min(a.end.sure ?? 0, b.end.sure ?? 0) };
    // (held below the end on both paths: by the looser of the two)
    if (a.below && b.below && a.below.o === b.below.o) v.below = { o: a.below.o, k: Math.max(a.below.k, b.below.k) };
    return v;
  }
  if (a.k === 'ptr' && b.k === 'ptr') return joinPtr(a, b);
  if (a.k === 'ptr' && b.k === 'int' && b.lo === 0 && b.hi === 0) return { ...a, nul: a.nul === YES ? YES : MAYBE };
  if (b.k === 'ptr' && a.k === 'int' && a.lo === 0 && a.hi === 0) return { ...b, nul: b.nul === YES ? YES : MAYBE };
  if (a.k === 'ref' && b.k === 'ref' && a.key === b.key) return a.part ? a : b;
  if (a.k === 'fn' && b.k === 'fn' && a.name === b.name) return a;
  return a.k === 'ptr' ? a : b.k === 'ptr' ? b : UNKNOWN;
}

let nextVid = 1;

function joinPtr(a: PtrV, b: PtrV): PtrV {
  const t = a.t.map((x) => ({ ...x }));
  for (const y of b.t) {
    // two exact offsets into one object stay apart: `p = buf - 8` on one path, `p = buf` on the other
    const exact = y.lo === y.hi;
    const same = t.find((x) => x.o === y.o && (!exact || x.lo !== x.hi || (x.lo === y.lo && x.hi === y.hi)) );
    if (!same && exact && t.length < 8 && t.some((x) => x.o === y.o)) {
      t.push({ ...y });
    } else if (same) {
      same.lo = Math.min(same.lo, y.lo);
      same.hi = Math.max(same.hi, y.hi);
    } else if (t.length < 8) t.push({ ...y });
  }
  // A target-less side is a pointer we know nothing about, not a null one.
  let nul: Tri;
  if (a.t.length === 0 && a.nul === NO) nul = b.nul;
  else if (b.t.length === 0 && b.nul === NO) nul = a.nul;
  else nul = a.nul === b.nul ? a.nul : MAYBE;
  const out: PtrV = { k: 'ptr', t, nul, nulSrc: a.nulSrc ?? b.nulSrc };
  if (a.grow || b.grow) out.grow = true;
  if (a.slen !== undefined && b.slen !== undefined) out.slen = Math.max(a.slen, b.slen);
  if (t.length > 1) out.vid = a.vid !== undefined && a.vid === b.vid ? a.vid : nextVid++;
  const dOff = a.dOff && b.dOff ? meet(a.dOff, b.dOff) : a.dOff ?? b.dOff;
  if (dOff) out.dOff = dOff;
  return out;
}

/** objects in both lists (a bound that held on both paths) */
export function meet(a: number[], b: number[]): number[] {
  return a === b ? a : a.filter((x) => b.includes(x));
}

/**
 * Data facts of a value made of a and b (a join, or arithmetic): from data if either side is (a
 * data side's bounds must hold on every data side). The paired length survives a join where both
 * paths have it, and `len - x`, `len + C` (`op` for arithmetic; the room left after
 * x, so a value held below it is held below the length).
 */
export function joinData(a: IntV, b: IntV, op?: string): Pick<IntV, 'data' | 'bnd' | 'szOf'> {
  const da = a.taint && a.data;
  const db = b.taint && b.data;
  const out: Pick<IntV, 'data' | 'bnd' | 'szOf'> = {};
  if (da || db) {
    out.data = true;
    const bnd = da && db ? meet(a.bnd ?? [], b.bnd ?? []) : da ? a.bnd : b.bnd;
    if (bnd && bnd.length > 0) out.bnd = bnd;
  }
  const sz = op === undefined ? (a.szOf && b.szOf ? meet(a.szOf, b.szOf) : undefined)
    : op === '-' ? a.szOf : op === '+' ? (a.lo === a.hi ? b.szOf : b.lo === b.hi ? a.szOf : undefined) : undefined;
  if (sz && sz.length > 0) out.szOf = sz;
  return out;
}

/**
 * A pointer whose targets are all in one object, each offset at most `cap` (facts about "the
 * offset" of a pointer hold for every target then); undefined when it points into several objects.
 */
export function capPtr(v: PtrV, cap: number): PtrV | undefined {
  const [first] = v.t;
  if (!first || v.t.some((x) => x.o !== first.o) || !Number.isFinite(cap)) return undefined;
  if (v.t.every((x) => x.hi <= cap)) return v;
  const t = v.t.filter((x) => x.lo <= cap).map((x) => (x.hi > cap ? { ...x, hi: cap } : x));
  return t.length === 0 ? undefined : { ...v, t, grow: undefined };
}

export function sameVal(a: Val, b: Val): boolean {
  if (a === b) return true;
  if (a.k !== b.k) return false;
  if (a.k === 'int' && b.k === 'int') return a.lo === b.lo && a.hi === b.hi && a.taint === b.taint && a.nz === b.nz;
  if (a.k === 'ptr' && b.k === 'ptr')
    return a.nul === b.nul && a.grow === b.grow && a.t.length === b.t.length && a.t.every((x, i) => x.o === b.t[i]?.o && x.lo === b.t[i]?.lo && x.hi === b.t[i]?.hi);
  if (a.k === 'ref' && b.k === 'ref') return a.key === b.key && a.part === b.part;
  if (a.k === 'fn' && b.k === 'fn') return a.name === b.name;
  return a.k === 'unk' && b.k === 'unk' && a.taint === b.taint;
}

export type ObjKind = 'stack' | 'heap' | 'literal' | 'global' | 'unknown';

export interface Obj {
  id: number;
  kind: ObjKind;
  /** bytes; undefined when unknown */
  size?: number;
  /** element size in bytes of the buffer as declared/allocated */
  elem: number;
  /** string length in elements, as an interval; hi = Infinity when unknown */
  slo: number;
  shi: number;
  /** contents come from outside the program */
  taint: boolean;
  taintLine?: number;
  /** the taint comes only from callers of an exported function */
  weak?: boolean;
  origin?: Origin;
  /** the contents were canonicalised (realpath) or checked for `..`/`/`: safe to use as a path */
  pathOk?: boolean;
  /** input text placed after a fixed directory prefix: the program means to keep the name below it */
  confined?: boolean;
  /** every character passed a validator of the program (a narrow class: no quote, slash or shell character) */
  validated?: boolean;
  /** for string literals: the characters (escapes decoded), for format strings */
  lit?: string;
  /** an argument vector (argv, envp): each element is a string from `origin` */
  strv?: Origin;
  /** a C++ container some element of which holds text from outside (a std::string, or a class with one) */
  elemTaint?: { origin?: Origin; line?: number; weak?: boolean };
  freed: Tri;
  freeLine?: number;
  /** the free (if any) was realloc moving the block: freed exactly when realloc did not fail */
  freedByRealloc?: boolean;
  /** for a realloc result: the blocks it replaced, which are freed exactly when this result is not NULL */
  reallocFrom?: number[];
  init: Tri;
  /** characters were written into fresh memory and no terminator after them: string reads run off the end */
  unterm?: boolean;
  /** a terminator the string had before a later one cut it shorter (`*close = '\\0'` inside a line):
   * still there, at this offset at the latest, until something other than a NUL is written */
  nulEnd?: number;
  /** while not fully initialised: bytes [0, initBytes) have been written */
  initBytes?: number;
  /** its address left the analysed code (stored globally, returned, given to unknown code) */
  escaped: boolean;
  line: number;
  /** source text naming the object, e.g. `dataBuffer` or `malloc(50)` */
  name: string;
  /** values stored in pointer-sized slots at constant offsets (arrays of pointers, structs) */
  slots?: Map<number, Val>;
  /** the allocation happened in the root being analysed (leak reports need this) */
  local: boolean;
  /** the file whose code created it */
  file?: string;
  /** for stack objects: the call frame whose local it is (gone when that frame returns) */
  frame?: number;
  /** exists on some of the paths a join merged only (allocated in one branch and still pointed to there) */
  partial?: boolean;
  /** where a heap allocation happened, for leak reports */
  at?: { file: string; s: number; line: number };
  /** C++ vector sized at run time: its element count (what size() returns) */
  count?: IntV;
  /** memory of unknown size a function received beside its length (`parse(buf, len)`): the program knows where it ends */
  paired?: boolean;
  /** allocated with a size read out of data (`malloc(len + 1)` after reading len): the data's counts are measured against it */
  dataSized?: boolean;
}

export function joinObj(a: Obj, b: Obj): Obj {
  if (a === b) return a;
  const o: Obj = {
    ...a,
    slo: Math.min(a.slo, b.slo),
    shi: Math.max(a.shi, b.shi),
    taint: a.taint || b.taint,
    taintLine: a.taintLine ?? b.taintLine,
    weak: (a.taint ? a.weak : true) && (b.taint ? b.weak : true) && (a.taint || b.taint) ? true : undefined,
    origin: a.taint && !a.weak ? a.origin : b.taint && !b.weak ? b.origin : a.origin ?? b.origin,
    pathOk: (!a.taint || a.pathOk) && (!b.taint || b.pathOk) ? a.pathOk ?? b.pathOk : undefined,
    confined: a.confined || b.confined ? true : undefined,
    validated: (!a.taint || a.validated) && (!b.taint || b.validated) && (a.taint || b.taint) ? true : undefined,
    freed: joinTri(a.freed, b.freed),
    freeLine: a.freeLine ?? b.freeLine,
    freedByRealloc: freedByReallocJoin(a, b),
    // nothing written on one path and a prefix written on the other: not memory that was never written
    init: a.init === NO && b.init === NO && ((a.initBytes ?? 0) > 0) !== ((b.initBytes ?? 0) > 0) ? MAYBE : joinTri(a.init, b.init),
    unterm: Boolean(a.unterm && b.unterm),
    nulEnd: a.nulEnd === undefined || b.nulEnd === undefined ? undefined : Math.max(a.nulEnd, b.nulEnd),
    initBytes: a.initBytes === undefined || b.initBytes === undefined ? undefined : Math.min(a.initBytes, b.initBytes),
    escaped: a.escaped || b.escaped,
    partial: a.partial || b.partial ? true : undefined,
    count: a.count && b.count ? (joinVal(a.count, b.count) as IntV) : undefined,
    paired: a.paired || b.paired ? true : undefined,
    elemTaint: a.elemTaint ?? b.elemTaint,
  };
  if (a.slots || b.slots) {
    const slots = new Map(a.slots ?? []);
    for (const [k, v] of b.slots ?? []) {
      const other = slots.get(k);
      slots.set(k, other ? joinVal(other, v) : v);
    }
    o.slots = slots;
  }
  return o;
}

/** a block freed by free() on any path stays a free()-freed block; realloc-only frees stay marked */
function freedByReallocJoin(a: Obj, b: Obj): boolean | undefined {
  const byFree = (o: Obj): boolean => o.freed !== NO && !o.freedByRealloc;
  if (byFree(a) || byFree(b)) return undefined;
  return a.freedByRealloc || b.freedByRealloc ? true : undefined;
}

export function sameObj(a: Obj, b: Obj): boolean {
  return (
    a === b ||
    (a.slo === b.slo &&
      a.shi === b.shi &&
      a.taint === b.taint &&
      a.freed === b.freed &&
      a.init === b.init &&
      a.escaped === b.escaped &&
      (a.slots?.size ?? 0) === (b.slots?.size ?? 0))
  );
}
