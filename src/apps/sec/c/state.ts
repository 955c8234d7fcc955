/**
 * The abstract state at one program point: variable cells and memory objects. Cells and objects
 * are immutable records, so cloning a state for a branch copies two maps, not their contents.
 */
import type { CType } from './types.js';
import { joinObj, joinTri, joinVal, sameObj, sameVal, type Obj, type Tri, type Val } from './values.js';

export interface Cell {
  v: Val;
  init: Tri;
  type?: CType;
  /** line of the declaration, for uninitialised-use traces */
  line: number;
  /** unassigned on this path while another kept path assigned it */
  split?: boolean;
}

/**
 * Facts between variables that intervals cannot hold, by state key: `lt|a|b` (a < b), `le|a|b`
 * (a <= b), `sum|a|b|K` (a + b <= K, where a pointer counts by the offset of its one target).
 * They come from tests (`got < n`), from reads (`r = read(fd, p, n)` gives r <= n) and from loops
 * that move two variables in step (`p += r; n -= r`); assigning either variable drops them.
 */
export type Rels = ReadonlySet<string>;
const NO_RELS: Rels = new Set();

export class State {
  vars: Map<string, Cell>;
  objs: Map<number, Obj>;
  dead: boolean;
  rels: Rels;

  constructor(vars = new Map<string, Cell>(), objs = new Map<number, Obj>(), dead = false, rels: Rels = NO_RELS) {
    this.vars = vars;
    this.objs = objs;
    this.dead = dead;
    this.rels = rels;
  }

  static deadState(): State {
    return new State(new Map(), new Map(), true);
  }

  clone(): State {
    return new State(new Map(this.vars), new Map(this.objs), this.dead, this.rels);
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
    if (o) this.objs.set(id, { ...o, ...patch });
  }
}

/** Merge of two paths; a dead path contributes nothing. */
export function joinStates(a: State, b: State): State {
  if (a.dead) return b;
  if (b.dead) return a;
  const vars = new Map(a.vars);
  for (const [k, cb] of b.vars) {
    const ca = vars.get(k);
    if (!ca) {
      // declared on one path only (a block-scoped name): uninitialised on the other
      vars.set(k, { ...cb, init: cb.init === 2 ? 1 : cb.init });
    } else if (ca !== cb) {
      vars.set(k, { v: joinVal(ca.v, cb.v), init: joinTri(ca.init, cb.init), type: ca.type ?? cb.type, line: ca.line });
    }
  }
  for (const [k, ca] of a.vars) if (!b.vars.has(k)) vars.set(k, { ...ca, init: ca.init === 2 ? 1 : ca.init });
  const objs = new Map(a.objs);
  let inA: Set<number> | undefined;
  let inB: Set<number> | undefined;
  for (const [id, ob] of b.objs) {
    const oa = objs.get(id);
    if (!oa) {
      // allocated on one path only: where it is still pointed to, it may simply not exist on the
      // other path, so it is no leak there (one that nothing points to has leaked already)
      inB ??= referenced(b);
      objs.set(id, ob.kind === 'heap' && inB.has(id) && !ob.partial && !a.rels.has(`gone|${id}`) ? { ...ob, partial: true } : ob);
      continue;
    }
    if (oa === ob) continue;
    // a block nothing points to any more on one path cannot be reached after the merge: its
    // state on the other path is the one that counts (`if (!ok) s = "default";` leaves the
    // checked string alone)
    inA ??= referenced(a);
    inB ??= referenced(b);
    const ra = inA.has(id);
    const rb = inB.has(id);
    objs.set(id, ra && !rb ? oa : rb && !ra ? ob : joinObj(oa, ob));
  }
  for (const [id, oa] of a.objs) {
    if (b.objs.has(id) || oa.kind !== 'heap' || oa.partial || b.rels.has(`gone|${id}`)) continue;
    inA ??= referenced(a);
    if (inA.has(id)) objs.set(id, { ...oa, partial: true });
  }
  return new State(vars, objs, false, a.rels === b.rels ? a.rels : intersect(a.rels, b.rels));
}

function intersect(a: Rels, b: Rels): Rels {
  if (a.size === 0 || b.size === 0) return NO_RELS;
  const out = new Set<string>();
  for (const r of a) if (b.has(r)) out.add(r);
  return out;
}

/** Objects some variable or some object's pointer slot points to. */
export function referenced(st: State): Set<number> {
  const out = new Set<number>();
  const add = (v: Val) => {
    if (v.k === 'ptr') for (const t of v.t) out.add(t.o);
  };
  for (const c of st.vars.values()) add(c.v);
  for (const o of st.objs.values()) if (o.slots) for (const v of o.slots.values()) add(v);
  // a block realloc moved is tied to the block it became: its fate is decided by that one
  for (const o of st.objs.values()) if (o.reallocFrom && out.has(o.id)) for (const id of o.reallocFrom) out.add(id);
  return out;
}

export function joinAll(states: readonly State[]): State {
  let out = State.deadState();
  for (const s of states) out = joinStates(out, s);
  return out;
}

/** true when `b` adds nothing to `a` (loop fixpoint test) */
export function sameState(a: State, b: State): boolean {
  if (a.dead !== b.dead || a.vars.size !== b.vars.size || a.objs.size !== b.objs.size) return false;
  for (const [k, ca] of a.vars) {
    const cb = b.vars.get(k);
    if (!cb || ca.init !== cb.init || !sameVal(ca.v, cb.v)) return false;
  }
  for (const [k, oa] of a.objs) {
    const ob = b.objs.get(k);
    if (!ob || !sameObj(oa, ob)) return false;
  }
  return true;
}
