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
import { text, type FnDef, type Frame, type Group, type Run } from './context.js';
import { joinAll, joinStates, type State } from './state.js';
import { joinVal, NO, type Val } from './values.js';
import { intRange } from './types.js';

export const MAX_PATHS = Number(process.env.JSEC_PATHS ?? 4);

/**
 * The facts that keep paths apart: freed blocks (heap blocks, and memory a caller handed in: the
 * list node a walk frees on one branch and then steps past) and (at the finer level) unassigned variables.
 * Past the budget, paths are first merged at the coarser level, so freed blocks stay apart longest.
 */
function pathKey(st: State, fine: boolean, diff: Diff): string {
  const parts: string[] = [];
  for (const id of diff.objs ?? st.objs.keys()) {
    const o = st.objs.get(id);
    if (o && (o.kind === 'heap' || o.kind === 'unknown') && o.freed !== NO) parts.push(`f${o.id}=${o.freed}`);
  }
  if (fine) {
    for (const k of diff.vars ?? st.vars.keys()) {
      const c = st.vars.get(k);
      if (c && c.init !== 2 && !(c.type && (c.type.arr !== undefined || c.type.arrUnknown))) parts.push(`u${k}=${c.init}`);
    }
  }
  // entries not known to differ come in each map's own order
  if (!diff.objs || (fine && !diff.vars)) parts.sort();
  return parts.join(';');
}

/**
 * The variables and objects that may differ among states copied from one another (every other
 * entry is the same in all of them, so it cannot tell them apart); undefined when not known.
 */
interface Diff {
  vars?: Set<string>;
  objs?: Set<number>;
}

function differing(states: readonly State[]): Diff {
  const first = states[0];
  if (!first) return {};
  let vars: Set<string> | undefined = new Set();
  let objs: Set<number> | undefined = new Set();
  for (let i = 1; i < states.length && (vars || objs); i++) {
    const s = states[i] as State;
    if (vars && !first.vars.addDiffKeys(s.vars, vars)) vars = undefined;
    if (objs && !first.objs.addDiffKeys(s.objs, objs)) objs = undefined;
  }
  return { vars, objs };
}

/**
 * The known constant values of the plain int locals that differ among the states (not input, not
 * struct members: a status is a variable of its own, the members are the data it reports on).
 */
function statusKey(st: State, diff: Diff): string {
  if (!diff.vars) return '';
  const parts: string[] = [];
  for (const k of diff.vars) {
    if (/[.#]/.test(k.slice(k.indexOf(':') + 1))) continue;
    const c = st.vars.get(k);
    const v = c?.v;
    // (declared as an integer: a pointer set to 0 is no status)
    if (v?.k === 'int' && c?.type && c.type.ptr === 0 && c.type.arr === undefined && intRange(c.type) && v.lo === v.hi && !v.taint && Math.abs(v.lo) <= 255) parts.push(`${k}=${v.lo}`);
  }
  return parts.join(';');
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
  const keys = differing(groups).vars;
  const assigned = new Set<string>();
  for (const g of groups) {
    for (const k of keys ?? g.vars.keys()) if (g.vars.get(k)?.init === 2) assigned.add(k);
  }
  if (assigned.size === 0) return;
  for (const g of groups) {
    for (const k of assigned) {
      const c = g.vars.get(k);
      if (c && c.init === NO && !c.split) g.vars.set(k, { ...c, split: true });
    }
  }
}

/** Joins the states that agree on the path facts; keeps at most `max` groups. */
export function mergePaths(states: readonly State[], max = MAX_PATHS): State[] {
  const live = states.filter((s) => !s.dead);
  if (live.length <= 1) return live;
  const diff = differing(live);
  // first, while the budget allows, paths that also differ in a status a variable holds (`rc = -1`
  // before `goto cleanup`, `rc = 0` on success) stay apart: what the function returns then still
  // says which of them it took, so a caller's `if (load(...) != 0)` sees the right memory
  // (only where the paths differ in heap memory: that is what the status tells apart for the caller)
  const heapDiffers = diff.objs !== undefined && [...diff.objs].some((id) => live.some((s) => s.objs.get(id)?.kind === 'heap'));
  let out = heapDiffers ? group(live, (s) => `${pathKey(s, true, diff)}#${statusKey(s, diff)}`) : group(live, (s) => pathKey(s, true, diff));
  if (heapDiffers && out.length > max) out = group(out, (s) => pathKey(s, true, diff));
  if (out.length > max) out = group(out, (s) => pathKey(s, false, diff));
  if (out.length > max) out = [...out.slice(0, max - 1), joinAll(out.slice(max - 1))];
  markSplit(out);
  return out;
}

/** Joins the items that share a key, keeping first-seen order. */
function groupBy<T>(list: readonly T[], key: (x: T) => string, join: (a: T, b: T) => T): T[] {
  const groups = new Map<string, T>();
  for (const x of list) {
    const k = key(x);
    const g = groups.get(k);
    groups.set(k, g ? join(g, x) : x);
  }
  return [...groups.values()];
}

function group(states: readonly State[], key: (s: State) => string): State[] {
  return groupBy(states, key, joinStates);
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
  const diff = differing(live.map((o) => o.state));
  let out = groupOutcomes(live, (o) => `${retClass(o.ret)}#${pathKey(o.state, true, diff)}`);
  if (out.length > MAX_PATHS) out = groupOutcomes(out, (o) => `${retClass(o.ret)}#${pathKey(o.state, false, diff)}`);
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
  return groupBy(list, key, (g, o) => ({ state: joinStates(g.state, o.state), ret: joinVal(g.ret, o.ret), line: g.line, file: g.file }));
}

/**
 * The split a statement is running under: the calls it splits on (in order), each call's outcomes
 * (computed once per choice made at the calls before it), and this run's choices.
 */
export interface Fork {
  nodes: N[];
  outcomes: Map<string, Outcome[]>;
  /** this run's outcome per call (by index in `nodes`; 0 when not given) */
  picks: number[];
  /** the calls this run reached, in order, with their number of outcomes */
  seen: Array<{ i: number; n: number }>;
  /** the choices this run made so far, as a key for the outcomes of the next call */
  trail: string;
}

/** Runs of one statement at most (one per combination of its calls' outcomes). */
const MAX_RUNS = 6;

const outcomes = new WeakMap<FnDef, boolean>();

/**
 * Whether a function can leave in ways worth telling apart: several returns (or one before its
 * end), or frees. A straight-line function has one outcome; splitting on it would only cost.
 */
function multiOutcome(fn: FnDef, resolve?: (name: string) => FnDef | undefined): boolean {
  let known = outcomes.get(fn);
  if (known === undefined) {
    outcomes.set(fn, false);
    const body = fn.body;
    const last = body.c[body.c.length - 1];
    let returns = 0;
    let early = false;
    let frees = false;
    const stack: N[] = [body];
    while (stack.length > 0 && !(returns > 1 || early || frees)) {
      const n = stack.pop() as N;
      if (n.t === 'return_statement') {
        // `return p ? 0 : -1;` is two ways out (exec.ts runs each arm as a return of its own)
        let e = n.c[0];
        while (e?.t === 'parenthesized_expression' && e.c[0]) e = e.c[0];
        returns += e?.t === 'conditional_expression' ? 2 : 1;
        if (n !== last) early = true;
      } else if (n.t === 'call_expression' && /^(free|realloc|fclose|close)$/.test(fn.file.src.slice(n.c[0]?.s ?? 0, n.c[0]?.e ?? 0))) frees = true;
      else if (n.t === 'delete_expression') frees = true;
      // a call of one of the scan's functions that frees (`end_session(s)` in a command handler):
      // whether this call freed is the caller's path fact as much as a free of its own
      else if (n.t === 'call_expression' && n.c[0]?.t === 'identifier' && resolve && freesMemory(fn.file.src.slice(n.c[0].s, n.c[0].e), resolve)) frees = true;
      for (const c of n.c) stack.push(c);
    }
    known = returns > 1 || early || frees;
    outcomes.set(fn, known);
  }
  return known;
}

const freeing = new WeakMap<FnDef, boolean>();

/** whether `name` (a function of the scan) frees memory, itself or through the scan's functions it calls */
function freesMemory(name: string, resolve: (name: string) => FnDef | undefined, depth = 0): boolean {
  const fn = resolve(name);
  if (!fn || depth > 4) return false;
  let known = freeing.get(fn);
  if (known !== undefined) return known;
  freeing.set(fn, false);
  known = false;
  const stack: N[] = [fn.body];
  while (stack.length > 0 && !known) {
    const n = stack.pop() as N;
    if (n.t === 'delete_expression') known = true;
    else if (n.t === 'call_expression' && n.c[0]?.t === 'identifier') {
      const callee = fn.file.src.slice(n.c[0].s, n.c[0].e);
      known = /^(free|realloc)$/.test(callee) || (callee !== name && freesMemory(callee, resolve, depth + 1));
    }
    for (const c of n.c) stack.push(c);
  }
  freeing.set(fn, known);
  return known;
}

/**
 * The calls in `root` (not inside an arm of `?:`; the right side of `&&`/`||` counts) of the scan's
 * own functions with several outcomes: the statement splits on their outcomes.
 */
function forkableCalls(root: N, fr: Frame, run: Run, resolve: (name: string) => FnDef | undefined): N[] {
  const out: N[] = [];
  for (const [n, name] of splitCalls(root, fr, run, resolve)) if (!fr.callers.includes(name) && name !== fr.fn.name && out.length < 3) out.push(n);
  return out;
}

const splitCache = new WeakMap<Group, WeakMap<N, Array<[N, string]>>>();

/** The statement's direct calls of functions with several outcomes (cached per group: names resolve the same way throughout one). */
function splitCalls(root: N, fr: Frame, run: Run, resolve: (name: string) => FnDef | undefined): Array<[N, string]> {
  let byNode = splitCache.get(run.group);
  if (!byNode) {
    byNode = new WeakMap();
    splitCache.set(run.group, byNode);
  }
  let out = byNode.get(root);
  if (!out) {
    out = [];
    for (const n of directCalls(root)) {
      const name = text(fr.file, n.c[0] as N);
      const fn = resolve(name);
      if (fn && multiOutcome(fn, resolve)) out.push([n, name]);
    }
    byNode.set(root, out);
  }
  return out;
}

const callsOf = new WeakMap<N, N[]>();

/** Calls by plain name that a statement's evaluation reaches, in order (cached per node); not the arms of `?:`. */
function directCalls(root: N): N[] {
  const hit = callsOf.get(root);
  if (hit) return hit;
  const out: N[] = [];
  const stack: N[] = [root];
  while (stack.length > 0) {
    const n = stack.pop() as N;
    if (n.t === 'call_expression' && n.c[0]?.t === 'identifier') out.push(n);
    if (n.t === 'conditional_expression') {
      if (n.c[0]) stack.push(n.c[0]);
      continue;
    }
    if (n.t === 'binary_expression' && (n.op === '&&' || n.op === '||')) {
      // the right side runs on the paths the left one lets through (`if (!s || !parse(s, &out))`):
      // its call splits those paths; the others never reach it and are left as they are
      if (n.c[1]) stack.push(n.c[1]);
      if (n.c[0]) stack.push(n.c[0]);
      continue;
    }
    if (n.t === 'compound_statement' || n.t === 'sizeof_expression') continue;
    for (let i = n.c.length - 1; i >= 0; i--) stack.push(n.c[i] as N);
  }
  callsOf.set(root, out);
  return out;
}

/**
 * Runs `fn` (one statement's evaluation) on `st`, and again on a copy of the state before it for
 * every further combination of outcomes of the calls the statement splits on. Returns one result
 * per run.
 */
export function forkOn<R>(root: N | undefined, st: State, fr: Frame, run: Run, resolve: (name: string) => FnDef | undefined, fn: (s: State) => R): R[] {
  const calls = root && run.budget > 0 ? forkableCalls(root, fr, run, resolve) : [];
  if (calls.length === 0) return [fn(st)];
  const saved = run.fork;
  const fork: Fork = { nodes: calls, outcomes: new Map(), picks: [], seen: [], trail: '' };
  const before = st.clone();
  run.fork = fork;
  try {
    const out: R[] = [];
    const queue: number[][] = [[]];
    while (queue.length > 0 && out.length < MAX_RUNS) {
      const picks = queue.shift() as number[];
      fork.picks = picks;
      fork.seen = [];
      fork.trail = '';
      out.push(fn(out.length === 0 ? st : before.clone()));
      // every other outcome of a call this run chose by default, the calls before it as this run had them
      const prefix = [...picks];
      for (const { i, n } of fork.seen) {
        if (picks[i] !== undefined) continue;
        for (let alt = 1; alt < n; alt++) {
          const next = [...prefix];
          next[i] = alt;
          queue.push(next);
        }
        prefix[i] = 0;
      }
    }
    return out;
  } finally {
    run.fork = saved;
  }
}

/** Takes over an outcome's state (a copy: every replay gets its own). */
export function adopt(st: State, o: State): void {
  st.vars = o.vars.fork();
  st.objs = o.objs.fork();
  st.rels = o.rels;
  st.dead = o.dead;
}
