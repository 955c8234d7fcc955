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
}

export class State {
  vars: Map<string, Cell>;
  objs: Map<number, Obj>;
  dead: boolean;

  constructor(vars = new Map<string, Cell>(), objs = new Map<number, Obj>(), dead = false) {
    this.vars = vars;
    this.objs = objs;
    this.dead = dead;
  }

  static deadState(): State {
    return new State(new Map(), new Map(), true);
  }

  clone(): State {
    return new State(new Map(this.vars), new Map(this.objs), this.dead);
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
  for (const [id, ob] of b.objs) {
    const oa = objs.get(id);
    objs.set(id, oa ? joinObj(oa, ob) : ob);
  }
  return new State(vars, objs);
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
