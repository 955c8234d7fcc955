/**
 * The abstract state at one program point: variable cells and memory objects. Cells and objects
 * are immutable records held in copy-on-write maps, so cloning a state for a branch is O(1).
 */
import { CowMap } from './cow.js';
import type { CType } from './types.js';
import { joinObj, joinTri, joinVal, NO, sameObj, sameVal, type Obj, type Tri, type Val } from './values.js';

export interface Cell {
  v: Val;
  init: Tri;
  type?: CType;
  /** line of the declaration, for uninitialised-use traces */
  line: number;
  /** unassigned on this path while another kept path assigned it */
  split?: boolean;
  /** left unassigned by an outcome of a call whose status the program threw away */
  unfilled?: boolean;
  /** holds a copy of another variable's indeterminate value (`T x = *p;` with *p never assigned) */
  copyOf?: { name: string; line: number };
}

/**
 * Facts between variables that intervals cannot hold, by state key: `lt|a|b` (a < b), `le|a|b`
 * (a <= b), `sum|a|b|K` (a + b <= K, where a pointer counts by the offset of its one target),
 * `sumz|z|o|K` (z + o <= K unless z is 0; see joinRels).
 * They come from tests (`got < n`), from reads (`r = read(fd, p, n)` gives r <= n) and from loops
 * that move two variables in step (`p += r; n -= r`); assigning either variable drops them.
 */
export type Rels = ReadonlySet<string>;
const NO_RELS: Rels = new Set();

export class State {
  vars: CowMap<string, Cell>;
  objs: CowMap<number, Obj>;
  dead: boolean;
  rels: Rels;

  constructor(vars = new CowMap<string, Cell>(), objs = new CowMap<number, Obj>(), dead = false, rels: Rels = NO_RELS) {
    this.vars = vars;
    this.objs = objs;
    this.dead = dead;
    this.rels = rels;
  }

  static deadState(): State {
    return new State(new CowMap(), new CowMap(), true);
  }

  clone(): State {
    return new State(this.vars.fork(), this.objs.fork(), this.dead, this.rels);
  }

  /** A copy for a trial evaluation that is thrown away before this state changes again. */
  peek(): State {
    return new State(this.vars.peek(), this.objs.peek(), this.dead, this.rels);
  }

  addRel(r: string): void {
    if (this.rels.has(r)) return;
    const next = new Set(this.rels);
    next.add(r);
    this.rels = next;
  }

  /** Forgets every fact about variable `key` (it was assigned). */
  dropRels(key: string): void {
    if (this.rels.size === 0) return;
    let next: Set<string> | undefined;
    for (const r of this.rels) {
      const parts = r.split('|');
      if (parts[1] !== key && parts[2] !== key) continue;
      next ??= new Set(this.rels);
      next.delete(r);
    }
    if (next) this.rels = next;
  }

  setObj(o: Obj): void {
    this.objs.set(o.id, o);
  }

  updateObj(id: number, patch: Partial<Obj>): void {
    const o = this.objs.get(id);
    if (!o) return;
    // a string length set by anything but a terminator's write says nothing of earlier terminators
    const nulEnd = 'nulEnd' in patch || !('slo' in patch || 'shi' in patch) ? {} : { nulEnd: undefined };
    this.objs.set(id, { ...o, ...patch, ...nulEnd });
  }
}

/** Merge of two paths; a dead path contributes nothing. */
export function joinStates(a: State, b: State): State {
  if (a.dead) return b;
  if (b.dead) return a;
  const vars = a.vars.fork();
  if (!a.vars.sameAs(b.vars)) joinVars(a, b, vars);
  const objs = a.objs.fork();
  if (!a.objs.sameAs(b.objs)) joinObjs(a, b, objs);
  return new State(vars, objs, false, a.rels === b.rels ? a.rels : joinRels(a, b));
}

function joinVars(a: State, b: State, vars: CowMap<string, Cell>): void {
  const one = (k: string, ca: Cell | undefined, cb: Cell | undefined): void => {
    if (ca === cb) return;
    if (!ca) {
      // declared on one path only (a block-scoped name): uninitialised on the other
      if (cb) vars.set(k, { ...cb, init: cb.init === 2 ? 1 : cb.init });
    } else if (!cb) {
      vars.set(k, { ...ca, init: ca.init === 2 ? 1 : ca.init });
    } else {
      // (unassigned on one side by an outcome nothing told apart: still unassigned there, so a read
      // after the join is a read on a path where no value was assigned)
      const unfilled = (ca.init === NO && ca.unfilled) || (cb.init === NO && cb.unfilled);
      const init = unfilled ? NO : joinTri(ca.init, cb.init);
      vars.set(k, { v: joinFailed(a, ca.v, b, cb.v) ?? joinVal(ca.v, cb.v), init, type: ca.type ?? cb.type, line: ca.line, ...(unfilled ? { split: true, unfilled: true } : {}) });
    }
  };
  const keys = a.vars.diffKeys(b.vars);
  if (keys) {
    for (const k of keys) one(k, a.vars.get(k), b.vars.get(k));
    return;
  }
  for (const [k, cb] of b.vars) one(k, a.vars.get(k), cb);
  for (const [k, ca] of a.vars) if (!b.vars.has(k)) one(k, ca, undefined);
}

/**
 * NULL on a path where the block it points to on the other path failed to be allocated (`gone`):
 * the pointer is NULL exactly when that block does not exist, as right after the allocation, so a
 * later NULL test still drops the block on its NULL branch.
 */
function joinFailed(a: State, va: Val, b: State, vb: Val): Val | undefined {
  const one = (sn: State, n: Val, p: Val): Val | undefined => {
    if (n.k !== 'ptr' || n.nul !== 2 || n.t.length > 0 || p.k !== 'ptr' || p.t.length !== 1 || sn.rels.size === 0) return undefined;
    const o = p.t[0]?.o;
    if (o === undefined || !sn.rels.has(`gone|${o}`)) return undefined;
    const v = joinVal(n, p);
    return v.k === 'ptr' ? { ...v, nulSrc: p.nulSrc?.fromAlloc ? p.nulSrc : { line: n.nulSrc?.line ?? 0, note: 'NULL where the allocation failed', fromAlloc: true, beforeAlloc: true } } : v;
  };
  return one(a, va, vb) ?? one(b, vb, va);
}

function joinObjs(a: State, b: State, objs: CowMap<number, Obj>): void {
  let inA: Set<number> | undefined;
  let inB: Set<number> | undefined;
  const one = (id: number, oa: Obj | undefined, ob: Obj | undefined): void => {
    if (oa === ob) return;
    if (!oa) {
      if (!ob) return;
      // allocated on one path only: where it is still pointed to, it may simply not exist on the
      // other path, so it is no leak there (one that nothing points to has leaked already)
      inB ??= referenced(b);
      objs.set(id, ob.kind === 'heap' && inB.has(id) && !ob.partial && !a.rels.has(`gone|${id}`) ? { ...ob, partial: true } : ob);
      return;
    }
    if (!ob) {
      if (oa.kind !== 'heap' || oa.partial || b.rels.has(`gone|${id}`)) return;
      inA ??= referenced(a);
      if (inA.has(id)) objs.set(id, { ...oa, partial: true });
      return;
    }
    // a block nothing points to any more on one path cannot be reached after the merge: its
    // state on the other path is the one that counts (`if (!ok) s = "default";` leaves the
    // checked string alone)
    inA ??= referenced(a);
    inB ??= referenced(b);
    const ra = inA.has(id);
    const rb = inB.has(id);
    objs.set(id, ra && !rb ? oa : rb && !ra ? ob : joinObj(oa, ob));
  };
  const keys = a.objs.diffKeys(b.objs);
  if (keys) {
    for (const id of keys) one(id, a.objs.get(id), b.objs.get(id));
    return;
  }
  for (const [id, ob] of b.objs) one(id, a.objs.get(id), ob);
  for (const [id, oa] of a.objs) if (!b.objs.has(id)) one(id, oa, undefined);
}

/**
 * The facts both paths keep, and a sum one path lost by emptying one of its two variables: the
 * buffer flushed when the next piece would not fit (`if (used + n > CAP) flush();` sets used to 0
 * on one path and leaves used + n <= CAP on the other) becomes `sumz|used|n|CAP` — used + n <= CAP,
 * or used is 0 — which bounds the sum again as soon as n alone is bounded (sumLimit).
 */
function joinRels(a: State, b: State): Rels {
  const out = new Set(a.rels.size === 0 || b.rels.size === 0 ? [] : intersect(a.rels, b.rels));
  const zero = (st: State, key: string | undefined) => {
    const v = key === undefined ? undefined : st.vars.get(key)?.v;
    return v?.k === 'int' && v.lo === 0 && v.hi === 0;
  };
  const oneSided = (r: string, other: State): string | undefined => {
    const [kind, x, y, k] = r.split('|');
    if (x === undefined || y === undefined || k === undefined) return undefined;
    if (kind === 'sum') {
      if (zero(other, x)) return `sumz|${x}|${y}|${k}`;
      if (zero(other, y)) return `sumz|${y}|${x}|${k}`;
    } else if (kind === 'sumz' && (zero(other, x) || other.rels.has(`sum|${x}|${y}|${k}`) || other.rels.has(`sum|${y}|${x}|${k}`))) return r;
    return undefined;
  };
  for (const [one, other] of [[a, b], [b, a]] as const) {
    for (const r of one.rels) {
      if (other.rels.has(r)) continue;
      const kept = oneSided(r, other);
      if (kept) out.add(kept);
    }
  }
  return out.size === 0 ? NO_RELS : out;
}

/**
 * What a fact bounds `a + b` by: `sum|a|b|K` gives K; `sumz|z|o|K` (z + o <= K, or z is 0) gives
 * K or, where z is 0, o's own bound, whichever is larger.
 */
export function sumLimit(st: State, a: string, b: string): number | undefined {
  let best: number | undefined;
  for (const r of st.rels) {
    const [kind, x, y, k] = r.split('|');
    if (k === undefined || !((x === a && y === b) || (x === b && y === a))) continue;
    let lim: number | undefined;
    if (kind === 'sum') lim = Number(k);
    else if (kind === 'sumz') {
      const o = st.vars.get(y as string)?.v;
      if (o?.k === 'int' && Number.isFinite(o.hi)) lim = Math.max(Number(k), o.hi);
    }
    if (lim !== undefined && (best === undefined || lim < best)) best = lim;
  }
  return best;
}

function intersect(a: Rels, b: Rels): Rels {
  if (a.size === 0 || b.size === 0) return NO_RELS;
  const out = new Set<string>();
  for (const r of a) if (b.has(r)) out.add(r);
  return out;
}

const refCache = new WeakMap<State, { vars: CowMap<string, Cell>; objs: CowMap<number, Obj>; vv: number; ov: number; out: Set<number> }>();

/** Objects some variable or some object's pointer slot points to (do not change the set). */
export function referenced(st: State): Set<number> {
  const hit = refCache.get(st);
  if (hit && hit.vars === st.vars && hit.objs === st.objs && hit.vv === st.vars.ver && hit.ov === st.objs.ver) return hit.out;
  const out = computeReferenced(st);
  refCache.set(st, { vars: st.vars, objs: st.objs, vv: st.vars.ver, ov: st.objs.ver, out });
  return out;
}

function computeReferenced(st: State): Set<number> {
  const out = new Set<number>();
  const add = (v: Val) => {
    if (v.k === 'ptr') for (const t of v.t) out.add(t.o);
  };
  st.vars.forEach((c) => add(c.v));
  const moved: Obj[] = [];
  st.objs.forEach((o) => {
    if (o.slots) for (const v of o.slots.values()) add(v);
    if (o.reallocFrom) moved.push(o);
  });
  // a block realloc moved is tied to the block it became: its fate is decided by that one
  for (const o of moved) if (out.has(o.id)) for (const id of o.reallocFrom ?? []) out.add(id);
  return out;
}

/**
 * The blocks `start` names and those reached from them through the pointers stored in them, to
 * `depth` levels (string literals are neither taken nor followed when `literals` is false).
 */
export function reachableObjs(start: Iterable<number>, st: State, depth = Infinity, literals = true): Set<number> {
  const seen = new Set<number>();
  let layer = [...start];
  for (let d = 0; d < depth && layer.length > 0; d++) {
    const next: number[] = [];
    for (const id of layer) {
      const o = st.objs.get(id);
      if (seen.has(id) || (!literals && (!o || o.kind === 'literal'))) continue;
      seen.add(id);
      for (const v of o?.slots?.values() ?? []) if (v.k === 'ptr') for (const t of v.t) next.push(t.o);
    }
    layer = next;
  }
  return seen;
}

export function joinAll(states: readonly State[]): State {
  let out = State.deadState();
  for (const s of states) out = joinStates(out, s);
  return out;
}

/** true when `b` adds nothing to `a` (loop fixpoint test) */
export function sameState(a: State, b: State): boolean {
  if (a.dead !== b.dead || a.vars.size !== b.vars.size || a.objs.size !== b.objs.size) return false;
  if (a.vars.sameAs(b.vars) && a.objs.sameAs(b.objs)) return true;
  const sameCell = (ca: Cell | undefined, cb: Cell | undefined): boolean =>
    ca === cb || (!!ca && !!cb && ca.init === cb.init && sameVal(ca.v, cb.v));
  const sameO = (oa: Obj | undefined, ob: Obj | undefined): boolean => oa === ob || (!!oa && !!ob && sameObj(oa, ob));
  const vk = a.vars.diffKeys(b.vars);
  if (vk) {
    for (const k of vk) if (!sameCell(a.vars.get(k), b.vars.get(k))) return false;
  } else {
    for (const [k, ca] of a.vars) if (!sameCell(ca, b.vars.get(k))) return false;
  }
  const ok = a.objs.diffKeys(b.objs);
  if (ok) {
    for (const k of ok) if (!sameO(a.objs.get(k), b.objs.get(k))) return false;
  } else {
    for (const [k, oa] of a.objs) if (!sameO(oa, b.objs.get(k))) return false;
  }
  return true;
}
