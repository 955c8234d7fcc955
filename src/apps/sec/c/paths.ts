/**
 * Path sensitivity. A program point holds up to MAX_PATHS states instead of one: states that
 * disagree on a memory fact a join would blur (a block freed on one path and not the other, a
 * variable assigned on one path only) are kept apart, as gcc -fanalyzer and clang's analyzer do,
 * so `if (c) free(p); … free(p);` is a double free on the path where c held, and a test of the
 * same c later still sees which path it is on. States that agree are joined as before, and past
 * the budget the extra paths are joined too (their differences then become "maybe", which is
 * never reported).
 *
 * Calls split too: a statement that calls one of the scan's functions unconditionally
 * (`p = load(f);`, `if (parse(&cfg) < 0)`, `return get(x);`) runs once per distinct outcome of
 * the call (its return class and memory facts), so `if (!load(...)) return;` sees the error path
 * of `load` only where it returned the error.
 */
import type { N } from './ast.js';
import { text, type Frame, type Run } from './context.js';
import { joinAll, joinStates, type State } from './state.js';
import { joinVal, NO, type Val } from './values.js';

export const MAX_PATHS = 4;

/**
 * The facts that keep paths apart: freed blocks and (at the finer level) unassigned variables.
 * Past the budget, paths are first merged at the coarser level, so freed blocks stay apart longest.
 */
function pathKey(st: State, fine = true): string {
  let key = '';
  for (const o of st.objs.values()) if (o.kind === 'heap' && o.freed !== NO) key += `f${o.id}=${o.freed};`;
  if (fine) for (const [k, c] of st.vars) if (c.init !== 2 && !(c.type && (c.type.arr !== undefined || c.type.arrUnknown))) key += `u${k}=${c.init};`;
  return key;
}

function retClass(v: Val): string {
  if (v.k === 'ptr') return v.nul === 2 && v.t.length === 0 ? 'null' : v.nul === NO ? 'ptr' : 'ptr?';
  if (v.k === 'int') return v.hi < 0 ? 'neg' : v.lo === 0 && v.hi === 0 ? 'zero' : v.lo > 0 ? 'pos' : 'int';
  return v.k;
}

/**
 * Variables unassigned on some kept path but assigned on another get `split`: a read there is
 * reported, at a lower confidence than a variable no path assigns.
 */
function markSplit(groups: State[]): void {
  if (groups.length < 2) return;
  const assigned = new Set<string>();
  for (const g of groups) for (const [k, c] of g.vars) if (c.init === 2) assigned.add(k);
  for (const g of groups) {
    for (const [k, c] of g.vars) if (c.init === NO && !c.split && assigned.has(k)) g.vars.set(k, { ...c, split: true });
  }
}

/** Joins the states that agree on the path facts; keeps at most `max` groups. */
export function mergePaths(states: readonly State[], max = MAX_PATHS): State[] {
  const live = states.filter((s) => !s.dead);
  if (live.length <= 1) return live;
  let out = group(live, (s) => pathKey(s));
  if (out.length > max) out = group(out, (s) => pathKey(s, false));
  if (out.length > max) out = [...out.slice(0, max - 1), joinAll(out.slice(max - 1))];
  markSplit(out);
  return out;
}

function group(states: readonly State[], key: (s: State) => string): State[] {
  const groups = new Map<string, State>();
  for (const s of states) {
    const k = key(s);
    const g = groups.get(k);
    groups.set(k, g ? joinStates(g, s) : s);
  }
  return [...groups.values()];
}

export interface Outcome {
  state: State;
  ret: Val;
  /** line of the `return` (or the closing brace) this exit leaves by, and its file */
  line?: number;
  file?: string;
  /** left by a `return` that is not the function's last statement */
  early?: boolean;
}

/** A function's exits grouped by return class and path facts (at most MAX_PATHS). */
export function mergeOutcomes(list: readonly Outcome[]): Outcome[] {
  const live = list.filter((o) => !o.state.dead);
  // what the caller tests is the returned value: past the budget, outcomes with the same kind of
  // return value merge before any two that differ in it
  let out = groupOutcomes(live, (o) => `${retClass(o.ret)}#${pathKey(o.state)}`);
  if (out.length > MAX_PATHS) out = groupOutcomes(out, (o) => `${retClass(o.ret)}#${pathKey(o.state, false)}`);
  if (out.length > MAX_PATHS) out = groupOutcomes(out, (o) => retClass(o.ret));
  if (out.length > MAX_PATHS) {
    const rest = out.slice(MAX_PATHS - 1);
    let ret = rest[0]?.ret as Val;
    for (const o of rest.slice(1)) ret = joinVal(ret, o.ret);
    out = [...out.slice(0, MAX_PATHS - 1), { state: joinAll(rest.map((o) => o.state)), ret }];
  }
  markSplit(out.map((o) => o.state));
  return out;
}

function groupOutcomes(list: readonly Outcome[], key: (o: Outcome) => string): Outcome[] {
  const groups = new Map<string, Outcome>();
  for (const o of list) {
    const k = key(o);
    const g = groups.get(k);
    groups.set(k, g ? { state: joinStates(g.state, o.state), ret: joinVal(g.ret, o.ret), line: g.line, file: g.file } : o);
  }
  return [...groups.values()];
}

/** The split a statement is running under: the call it splits on and that call's outcomes. */
export interface Fork {
  node: N;
  outcomes?: Outcome[];
  pick?: number;
}

/**
 * The first call in `root` that runs whenever `root` does (not behind `&&`, `||` or `?:`) and
 * calls one of the scan's own functions: the statement splits on its outcomes.
 */
export function forkableCall(root: N, fr: Frame, resolve: (name: string) => unknown): N | undefined {
  const stack: N[] = [root];
  while (stack.length > 0) {
    const n = stack.pop() as N;
    if (n.t === 'call_expression') {
      const callee = n.c[0];
      if (callee?.t === 'identifier') {
        const name = text(fr.file, callee);
        if (resolve(name) && !fr.callers.includes(name) && name !== fr.fn.name) return n;
      }
    }
    if (n.t === 'conditional_expression') {
      if (n.c[0]) stack.push(n.c[0]);
      continue;
    }
    if (n.t === 'binary_expression' && (n.op === '&&' || n.op === '||')) {
      if (n.c[0]) stack.push(n.c[0]);
      continue;
    }
    if (n.t === 'compound_statement' || n.t === 'sizeof_expression') continue;
    for (let i = n.c.length - 1; i >= 0; i--) stack.push(n.c[i] as N);
  }
  return undefined;
}

/**
 * Runs `fn` (one statement's evaluation) on `st`, and again on a copy of the state before it for
 * every further outcome of the call the statement splits on. Returns one result per outcome.
 */
export function forkOn<R>(root: N | undefined, st: State, fr: Frame, run: Run, resolve: (name: string) => unknown, fn: (s: State) => R): R[] {
  const call = root && run.budget > 0 ? forkableCall(root, fr, resolve) : undefined;
  if (!call) return [fn(st)];
  const saved = run.fork;
  const fork: Fork = { node: call };
  const before = st.clone();
  run.fork = fork;
  try {
    const out = [fn(st)];
    const n = fork.outcomes?.length ?? 0;
    for (let i = 1; i < n; i++) {
      fork.pick = i;
      out.push(fn(before.clone()));
    }
    return out;
  } finally {
    run.fork = saved;
  }
}

/** Takes over an outcome's state (a copy: every replay gets its own). */
export function adopt(st: State, o: State): void {
  st.vars = new Map(o.vars);
  st.objs = new Map(o.objs);
  st.rels = o.rels;
  st.dead = o.dead;
}
