/**
 * Loops: a small fixpoint with widening, plus what intervals alone would lose.
 * - Variables a loop moves in step: `p += r; n -= r` keeps p + n fixed (a correct read loop),
 *   `*d++ = *s++` moves d as far as s (a copy loop is as long as its source).
 * - A loop whose condition or body reads input moves anything it advances as far as the input
 *   says: such a value becomes input itself (a `getchar()` loop filling a fixed array).
 * - A loop over a string (`*p`, `*p != '\0'`, `s[i]`) stops at its terminator.
 */
import type { N } from './ast.js';
import { text, type Frame, type Run } from './context.js';
import { branch } from './cond.js';
import { evalExpr, quietly } from './eval.js';
import { declare } from './declare.js';
import { exec, execPaths } from './exec.js';
import { forkOn, mergePaths } from './paths.js';
import { resolveFunction } from './call.js';
import { scanTest } from './terminator.js';
import { keyOf, lvalKey } from './names.js';
import { plainKey } from './arith.js';
import { judgeEndless, judgeLoop } from './loop-flaws.js';
import { joinAll, joinStates, sameState, State } from './state.js';
import { elemSize, intRange, type CType } from './types.js';
import { capPtr, int, NO, YES, type IntV, type PtrV, type Val } from './values.js';

type Dir = 1 | -1;

/** What a loop's text says, by variable name: its steps, the pointers it reallocs, what it assigns. */
interface LoopFacts {
  steps: Array<{ name: string; dir: Dir; by: string }>;
  grown: string[];
  assigned: string[];
}

/** `x += (size_t)r` and C++ `x += static_cast<size_t>(r)` step by `r` */
function uncast(n: N): N {
  return n.t === 'cast_expression' && n.c[1] ? n.c[1] : n;
}

/** The facts depend only on the loop's text: computed once per loop, whatever the call context. */
const factsCache = new WeakMap<N, LoopFacts>();

function loopFacts(body: N | undefined, update: N | undefined, fr: Frame): LoopFacts {
  const key = body ?? update;
  const hit = key ? factsCache.get(key) : undefined;
  if (hit) return hit;
  const src = fr.file.src;
  const name = (n: N | undefined) => (n?.t === 'identifier' ? src.slice(n.s, n.e) : undefined);
  const facts: LoopFacts = { steps: [], grown: [], assigned: [] };
  // a step inside a nested loop happens any number of times per iteration: it moves the
  // variable, but by no amount another variable's step can be matched with
  const inner = new Set<N>();
  const step = (target: N | undefined, dir: Dir, by: string, n: N) => {
    const t = name(target);
    if (t) facts.steps.push({ name: t, dir, by: inner.has(n) ? `*${facts.steps.length}` : by.replace(/\s+|\([^()]*\)(?=\w)/g, '') });
  };
  const assigns: Array<[string, N]> = [];
  const stack = [body, update].filter((n): n is N => n !== undefined);
  while (stack.length > 0) {
    const n = stack.pop() as N;
    if (inner.has(n) || (n !== body && /^(for|while|do)_statement$/.test(n.t))) {
      for (const c of n.c) inner.add(c);
      if (n.parts) for (const p of n.parts) if (p) inner.add(p);
    }
    if (n.t === 'update_expression') step(n.c[0], n.op === '--' ? -1 : 1, '1', n);
    else if (n.t === 'assignment_expression' && (n.op === '+=' || n.op === '-=') && n.c[1]) step(n.c[0], n.op === '+=' ? 1 : -1, src.slice(uncast(n.c[1]).s, uncast(n.c[1]).e), n);
    else if (n.t === 'assignment_expression' && n.op === '=' && n.c[0]?.t === 'identifier' && n.c[1]?.t === 'binary_expression' && (n.c[1].op === '+' || n.c[1].op === '-')) {
      const [x, e] = n.c[1].c;
      if (x && e && name(x) === name(n.c[0])) step(n.c[0], n.c[1].op === '+' ? 1 : -1, src.slice(e.s, e.e), n);
    }
    // a plain `x = …` (or `&x` handed on); `x += …` and `x++` read x first, so they do not count
    const target = n.t === 'assignment_expression' && n.op === '=' ? n.c[0] : n.t === 'pointer_expression' && n.op === '&' ? n.c[0] : undefined;
    const assigned = name(target);
    if (assigned && n !== update) facts.assigned.push(assigned);
    if (n.t === 'call_expression' && /^(realloc|reallocarray|xrealloc)$/.test(src.slice(n.c[0]?.s ?? 0, n.c[0]?.e ?? 0))) {
      const g = name(n.c[1]?.c[0]);
      if (g) facts.grown.push(g);
    }
    if (n.t === 'assignment_expression' && n.op === '=' && n.c[0]?.t === 'identifier' && n.c[1]) assigns.push([name(n.c[0]) as string, n.c[1]]);
    else if (n.t === 'init_declarator' && n.c[1]) {
      // `char **bigger = realloc(…)`: the name under the pointer declarators
      let d: N | undefined = n.c[0];
      while (d?.t === 'pointer_declarator') d = d.c[d.c.length - 1];
      if (d?.t === 'identifier') assigns.push([name(d) as string, n.c[1]]);
    }
    if (n.t === 'function_definition') continue;
    for (const c of n.c) stack.push(c);
    if (n.parts) for (const p of n.parts) if (p) stack.push(p);
  }
  // `bigger = realloc(buf, …); buf = bigger;`: both name the grown buffer
  for (let changed = true; changed; ) {
    changed = false;
    for (const [k, rhs] of assigns) {
      if (facts.grown.includes(k)) continue;
      const r = src.slice(rhs.s, rhs.e);
      if (/\b(realloc|reallocarray|xrealloc)\s*\(/.test(r) || (rhs.t === 'identifier' && facts.grown.includes(r))) {
        facts.grown.push(k);
        changed = true;
      }
    }
  }
  if (key) factsCache.set(key, facts);
  return facts;
}

/** `while (n-- > 0)`: steps the condition takes each time round, as the body's are. */
const condCache = new WeakMap<N, LoopFacts['steps']>();

function condSteps(cond: N | undefined, fr: Frame): LoopFacts['steps'] {
  if (!cond) return [];
  const hit = condCache.get(cond);
  if (hit) return hit;
  const src = fr.file.src;
  const out: LoopFacts['steps'] = [];
  const stack = [cond];
  while (stack.length > 0) {
    const n = stack.pop() as N;
    const target = n.c[0];
    if (n.t === 'update_expression' && target?.t === 'identifier') out.push({ name: src.slice(target.s, target.e), dir: n.op === '--' ? -1 : 1, by: '1' });
    else if (n.t === 'assignment_expression' && (n.op === '+=' || n.op === '-=') && target?.t === 'identifier' && n.c[1]) {
      out.push({ name: src.slice(target.s, target.e), dir: n.op === '+=' ? 1 : -1, by: src.slice(n.c[1].s, n.c[1].e).replace(/\s+|\([^()]*\)(?=\w)/g, '') });
    }
    for (const c of n.c) stack.push(c);
  }
  condCache.set(cond, out);
  return out;
}

/** `x < C`, `C >= x` …: each variable compared in the loop and the other side of the comparison. */
type Limits = Array<{ name: string; other: N; member?: N }>;
const limitsCache = new WeakMap<N, Limits>();

function loopLimits(cond: N | undefined, body: N | undefined, fr: Frame): Limits {
  const key = body ?? cond;
  const hit = key ? limitsCache.get(key) : undefined;
  if (hit) return hit;
  const out: Limits = [];
  const src = fr.file.src;
  const stack = [cond, body].filter((n): n is N => n !== undefined);
  while (stack.length > 0) {
    const n = stack.pop() as N;
    if (n.t === 'binary_expression' && n.op && /^[<>]=?$/.test(n.op) && n.c[0] && n.c[1]) {
      const [l, r] = n.c.map((x) => (x.t === 'parenthesized_expression' && x.c[0] ? x.c[0] : x)) as [N, N];
      // a member (`t->len < MAX`): a variable of its own when its struct is one (keyed in the state)
      if (l.t === 'field_expression' && r.t !== 'field_expression') out.push({ name: '', member: l, other: r });
      else if (r.t === 'field_expression' && l.t !== 'field_expression') out.push({ name: '', member: r, other: l });
      else if (l.t === 'identifier' && r.t !== 'identifier') out.push({ name: src.slice(l.s, l.e), other: r });
      else if (r.t === 'identifier' && l.t !== 'identifier') out.push({ name: src.slice(r.s, r.e), other: l });
      else if (l.t === 'identifier' && r.t === 'identifier') {
        // either may be a constant (`#define CAP 64`)
        out.push({ name: src.slice(l.s, l.e), other: r }, { name: src.slice(r.s, r.e), other: l });
      }
    }
    if (n.t === 'function_definition') continue;
    for (const c of n.c) stack.push(c);
    if (n.parts) for (const p of n.parts) if (p) stack.push(p);
  }
  if (key) limitsCache.set(key, out);
  return out;
}

/**
 * Widening thresholds of the loop's integer variables (key → sorted values): the constants they
 * are compared with and one past them (`if (n < CAP - 1) buf[n++] = c;` keeps n at most CAP - 1,
 * `if (n > CAP) break; … n++` at most CAP + 1).
 */
function thresholds(cond: N | undefined, body: N | undefined, st: State, fr: Frame, run: Run): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const { name, other, member } of loopLimits(cond, body, fr)) {
    const key = member ? plainKey(member, fr, run, st) : keyOf(name, fr, run);
    if (!key) continue;
    if (!constantText(other)) continue;
    const v = quietly(run, () => evalExpr(other, st.peek(), fr, run));
    if (v.k !== 'int' || v.lo !== v.hi || !Number.isFinite(v.lo) || v.taint) continue;
    out.set(key, [...(out.get(key) ?? []), v.lo, v.lo + 1]);
  }
  for (const [k, xs] of out) out.set(k, [...new Set(xs)].sort((a, b) => a - b));
  return out;
}

/** An expression with no call, assignment or read through memory: a constant if its names are. */
function constantText(n: N): boolean {
  if (/call|assignment|update|subscript|field|pointer/.test(n.t)) return false;
  return n.c.every(constantText);
}

/** Where a pointer into `o` may stop: at its terminator, at its last element, one past its end. */
function ptrThresholds(st: State, id: number): number[] {
  const o = st.objs.get(id);
  if (!o || o.size === undefined) return [];
  const out = [o.size - o.elem, o.size];
  if (!o.unterm && Number.isFinite(o.shi)) out.unshift(o.shi);
  return out;
}

/** The state key a name of the loop has in this call (a name declared inside the loop: its future key). */
function keyFor(name: string, fr: Frame, run: Run): string {
  return keyOf(name, fr, run) ?? `${fr.id}:${name}`;
}

/** `x += e`, `x -= e`, `x++`, `x--`, `x = x ± e` in a loop: each variable's steps (key → steps). */
function stepsOf(body: N | undefined, update: N | undefined, fr: Frame, run: Run, cond?: N): Map<string, Array<{ dir: Dir; by: string }>> {
  const out = new Map<string, Array<{ dir: Dir; by: string }>>();
  for (const s of [...loopFacts(body, update, fr).steps, ...condSteps(cond, fr)]) {
    const key = keyFor(s.name, fr, run);
    out.set(key, [...(out.get(key) ?? []), { dir: s.dir, by: s.by }]);
  }
  return out;
}

export interface Pairs {
  /** a rises by what b falls by: a + b stays fixed */
  budget: Array<[string, string]>;
  /** a and b rise together: a moves no further than b */
  together: Array<[string, string]>;
  /**
   * a moves no further than b: on every path through the body both rise by constants, a by no
   * more than b (`*out++ = c; s += 3;` or `*out++ = *s++;` in an in-place decoder)
   */
  trails: Array<[string, string]>;
  /** variables that only ever rise by a constant: key → the step */
  rises: Map<string, number>;
  /** every variable the loop steps */
  steps: ReadonlySet<string>;
}

/** Variables the loop moves in step, from its body and update. */
export function pairsOf(body: N | undefined, update: N | undefined, fr: Frame, run: Run, cond?: N): Pairs {
  const steps = stepsOf(body, update, fr, run, cond);
  const single = [...steps].filter(([, s]) => s.length === 1 || s.every((x) => x.dir === s[0]?.dir && x.by === s[0]?.by));
  const out: Pairs = { budget: [], together: [], trails: [], rises: new Map(), steps: new Set(steps.keys()) };
  for (const [k, [first]] of single) if (first && first.dir === 1 && /^\d+$/.test(first.by)) out.rises.set(k, Number(first.by));
  for (const [a, [sa]] of single) {
    for (const [b, [sb]] of single) {
      if (a === b || !sa || !sb || sa.by !== sb.by) continue;
      if (sa.dir === 1 && sb.dir === -1) out.budget.push([a, b]);
      else if (sa.dir === 1 && sb.dir === 1) out.together.push([a, b]);
    }
  }
  const paths = body ? stepPaths(body, update, cond, fr) : undefined;
  if (paths && paths.length > 0) {
    const names = new Set(paths.flatMap((p) => [...p.keys()]));
    for (const a of names) {
      for (const b of names) {
        if (a === b || !paths.every((p) => (p.get(a) ?? 0) <= (p.get(b) ?? 0))) continue;
        const [ka, kb] = [keyFor(a, fr, run), keyFor(b, fr, run)];
        if (!out.together.some(([x, y]) => x === ka && y === kb)) out.trails.push([ka, kb]);
      }
    }
  }
  return out;
}

const pathsCache = new WeakMap<N, Array<Map<string, number>> | null>();
/** Paths through a loop body this many at most are told apart. */
const MAX_STEP_PATHS = 32;

/**
 * The constant amounts each path through a loop's body (its update and the steps in its test
 * included) moves the variables it steps (name → amount), or undefined when the body holds
 * anything else that moves them or paths this walk cannot follow (a nested loop, `switch`,
 * `goto`, `continue`, a step under `&&`, `||` or `?:`).
 */
function stepPaths(body: N, update: N | undefined, cond: N | undefined, fr: Frame): Array<Map<string, number>> | undefined {
  const hit = pathsCache.get(body);
  if (hit !== undefined) return hit ?? undefined;
  const src = fr.file.src;
  let ok = true;
  // the steps of an expression (every one runs: none under a short-circuit or a choice)
  const stepsIn = (e: N, into: Map<string, number>, guarded = false): void => {
    if (!ok) return;
    const stepOf = (): [N | undefined, number | undefined] => {
      if (e.t === 'update_expression') return [e.c[0], e.op === '++' ? 1 : undefined];
      if (e.t === 'assignment_expression' && e.op === '+=' && e.c[1]?.t === 'number_literal' && /^\d+$/.test(src.slice(e.c[1].s, e.c[1].e))) return [e.c[0], Number(src.slice(e.c[1].s, e.c[1].e))];
      if (e.t === 'assignment_expression' && e.op !== '=' && e.c[0]?.t === 'identifier') return [e.c[0], undefined];
      if (e.t === 'assignment_expression' && e.op === '=' && e.c[0]?.t === 'identifier') return [e.c[0], undefined];
      return [undefined, undefined];
    };
    const [target, by] = stepOf();
    if (target) {
      if (target.t !== 'identifier' || by === undefined || guarded) {
        // moved by something other than a constant step: no claim about it (nor any pair with it)
        if (target.t === 'identifier') into.set(src.slice(target.s, target.e), NaN);
      } else {
        const name = src.slice(target.s, target.e);
        into.set(name, (into.get(name) ?? 0) + by);
      }
    }
    const choice = e.t === 'conditional_expression' || (e.t === 'binary_expression' && (e.op === '&&' || e.op === '||'));
    for (const c of e.c) stepsIn(c, into, guarded || choice);
  };
  const seq = (ps: Array<Map<string, number>>, e: N): Array<Map<string, number>> => {
    const add = new Map<string, number>();
    stepsIn(e, add);
    return ps.map((p) => {
      const q = new Map(p);
      for (const [k, v] of add) q.set(k, (q.get(k) ?? 0) + v);
      return q;
    });
  };
  const walk = (n: N, ps: Array<Map<string, number>>): Array<Map<string, number>> => {
    if (!ok) return ps;
    switch (n.t) {
      case 'compound_statement': {
        let out = ps;
        for (const c of n.c) out = walk(c, out);
        return out;
      }
      case 'expression_statement':
      case 'declaration':
        return seq(ps, n);
      case 'if_statement': {
        const [c, then, alt] = n.c;
        if (!c || !then) {
          ok = false;
          return ps;
        }
        const tested = seq(ps, c);
        const other = alt?.t === 'else_clause' ? alt.c[0] : alt;
        const out = [...walk(then, tested), ...(other ? walk(other, tested) : tested)];
        if (out.length > MAX_STEP_PATHS) ok = false;
        return out;
      }
      case 'break_statement':
      case 'return_statement':
        // leaves the loop: what it moved no longer matters to the next pass
        return [];
      case 'parenthesized_expression':
      case 'condition_clause':
        return seq(ps, n);
      default:
        ok = false;
        return ps;
    }
  };
  let paths = walk(body, [new Map()]);
  if (ok && update) paths = seq(paths, update);
  if (ok && cond) paths = seq(paths, cond);
  const out = ok ? paths.map((p) => new Map([...p].filter(([, v]) => Number.isFinite(v)).concat([...p].filter(([, v]) => !Number.isFinite(v)).map(([k]) => [k, NaN])))) : undefined;
  // a variable moved by anything but constant steps on some path is left out of every claim
  const bad = new Set(out?.flatMap((p) => [...p].filter(([, v]) => Number.isNaN(v)).map(([k]) => k)));
  const clean = out?.map((p) => new Map([...p].filter(([k]) => !bad.has(k))));
  pathsCache.set(body, clean ?? null);
  return clean;
}

const BYTES = /^(?:(?:unsigned |signed )?char|u?int8_t|u_char|uchar|Bytef|byte|void)$/;

function byteType(t: CType | undefined): boolean {
  return Boolean(t && t.ptr === 1 && BYTES.test(t.base));
}

function target(v: Val | undefined): { o: number; lo: number; hi: number } | undefined {
  return v?.k === 'ptr' && v.t.length === 1 ? v.t[0] : undefined;
}

/** the upper end of a variable's value: an int's hi, a one-target pointer's offset hi */
function upper(v: Val | undefined): number | undefined {
  if (v?.k === 'int') return v.hi;
  return target(v)?.hi;
}

function lower(v: Val | undefined): number | undefined {
  if (v?.k === 'int') return v.lo;
  return target(v)?.lo;
}

/** Caps `key`'s upper end at `cap` (int value or one-target pointer offset). */
function capUpper(st: State, key: string, cap: number): void {
  const cell = st.vars.get(key);
  if (!cell || !Number.isFinite(cap)) return;
  if (cell.v.k === 'int' && cell.v.hi > cap) st.vars.set(key, { ...cell, v: { ...cell.v, hi: Math.max(cell.v.lo, cap) } });
  if (cell.v.k === 'ptr') {
    const v = capPtr(cell.v, cap);
    if (v && v !== cell.v) st.vars.set(key, { ...cell, v });
  }
}

/**
 * After a loop pass, values that keep changing lose the bound that keeps moving, unless a
 * partner bounds them; in a loop input decides, what moves without a bound becomes input.
 */
/**
 * Thresholds a first widening stops at instead of infinity (the constants a variable is compared
 * with, a buffer's terminator and end); `used` says one was taken, so the loop runs one more pass.
 */
interface Steps {
  ints: Map<string, number[]>;
  used: boolean;
}

function nextStep(x: number, steps: readonly number[] | undefined): number {
  for (const s of steps ?? []) if (s >= x) return s;
  return Infinity;
}

function widen(before: State, after: State, entry: State, pairs: Pairs, input: boolean, th?: Steps, callerInput = false): State {
  const out = after.clone();
  const budgeted = new Map(pairs.budget.map(([a, b]) => [a, b]));
  const together = new Set([...pairs.together, ...pairs.trails].map(([a]) => a));
  // an index that trails another still advances once per input item; followTrails bounds it by
  // the one it trails when that one is bounded (a pointer trailing another is followTrails' alone)
  const inStep = new Set(pairs.together.map(([a]) => a));
  // (entries the pass did not touch are the same in both)
  const changed = before.vars.diffKeys(after.vars);
  for (const k of changed ?? after.vars.keys()) {
    const cell = after.vars.get(k);
    const old = before.vars.get(k);
    if (!cell || old === cell) continue;
    if (old?.v.k === 'ptr' && cell.v.k === 'ptr') {
      // a pointer advanced in the loop: its offset keeps moving, so only the unmoved bound is known
      const prev = old.v.t;
      let moved = false;
      let differs = false;
      const t = cell.v.t.map((x) => {
        const o = prev.find((y) => y.o === x.o);
        if (o && x.hi > o.hi) moved = true;
        if (!o || x.lo < o.lo || x.hi > o.hi) differs = true;
        let hi = x.hi > (o?.hi ?? Infinity) ? Infinity : x.hi;
        if (o && hi === Infinity && th) {
          hi = nextStep(x.hi, ptrThresholds(after, x.o));
          if (hi !== Infinity) th.used = true;
        }
        return o ? { o: x.o, lo: x.lo < o.lo ? -Infinity : x.lo, hi } : x;
      });
      if (!differs && cell.v.t.length === prev.length) continue;
      const v: PtrV = { ...cell.v, t };
      if (moved && input && pairs.steps.has(k) && !budgeted.has(k) && !together.has(k) && t.some((x) => x.hi === Infinity)) v.grow = true;
      out.vars.set(k, { ...cell, v });
      continue;
    }
    if (!old || old.v.k !== 'int' || cell.v.k !== 'int') continue;
    if (old.v.lo === cell.v.lo && old.v.hi === cell.v.hi) continue;
    const grows = cell.v.hi > old.v.hi;
    // an unsigned value never goes below zero, however the loop moves it
    const floor = intRange(cell.type)?.[0] === 0 ? 0 : -Infinity;
    let top = grows ? Infinity : cell.v.hi;
    if (grows && th) {
      top = nextStep(cell.v.hi, th.ints.get(k));
      if (top !== Infinity) th.used = true;
    }
    const v: IntV = { ...cell.v, lo: cell.v.lo < old.v.lo ? floor : cell.v.lo, hi: top, wide: true, every: undefined };
    // an unsigned value stepped below zero wraps around: its top is unknown
    if (v.lo > v.hi) v.hi = Infinity;
    // only what the loop itself steps (`i++` in its body): a counter moved inside a helper it
    // calls is bounded by checks there that the loop cannot see
    if (grows && top === Infinity && (input || callerInput) && pairs.rises.has(k) && !budgeted.has(k) && !inStep.has(k) && !v.taint) {
      // a loop over what an exported function's caller handed in (`for (i = 0; key[i]; i++)`) goes as
      // far as that caller says: the weak source, as the caller's string itself is
      Object.assign(v, input ? { taint: true, origin: 'stdin', src: cell.line, srcNote: 'advanced once per input item', perItem: true } : { taint: true, weak: true, origin: 'caller', src: cell.line, srcNote: 'advanced once per item a caller passed' });
    }
    // a total of what reads returned (`len += n` after `n = fread(…)`): as far as the input is long, no further
    if (grows && top === Infinity && input && pairs.rises.has(k) && v.taint && !v.weak && (v.perItem || v.srcNote === 'items read' || v.srcNote === 'bytes received')) v.perItem = true;
    out.vars.set(k, { ...cell, v });
  }
  const changedObjs = before.objs.diffKeys(after.objs);
  for (const id of changedObjs ?? after.objs.keys()) {
    const o = after.objs.get(id);
    const old = before.objs.get(id);
    if (o && old && (old.slo !== o.slo || old.shi !== o.shi)) out.objs.set(id, { ...o, slo: Math.min(o.slo, old.slo), shi: Infinity, nulEnd: undefined });
  }
  // p + n stays what it was on entry
  for (const [a, b] of pairs.budget) {
    const ea = upper(entry.vars.get(a)?.v);
    const eb = upper(entry.vars.get(b)?.v);
    if (ea === undefined || eb === undefined || !Number.isFinite(ea + eb)) continue;
    capUpper(out, a, ea + eb);
    out.addRel(`sum|${a}|${b}|${ea + eb}`);
  }
  // a byte pointer and a count moved by the same amount (`next += got; len += got`): the pointer's
  // offset stays the count plus what it was on entry
  for (const [a, b] of pairs.together) {
    const pa = entry.vars.get(a);
    const vb = entry.vars.get(b)?.v;
    const t = target(pa?.v);
    if (!t || t.lo !== t.hi || vb?.k !== 'int' || vb.lo !== vb.hi || !Number.isFinite(vb.lo) || !byteType(pa?.type)) continue;
    out.addRel(`off|${a}|${b}|${t.lo - vb.lo}`);
  }
  return out;
}

/**
 * `while (i < n && …) … i++`: widening sent i to infinity, but the test keeps it below n in the
 * body, so one step past the test's bound is the most it reaches.
 */
function capByTest(next: State, unwidened: State, cond: N, pairs: Pairs, fr: Frame, run: Run): void {
  const open = [...pairs.rises].filter(([k]) => {
    const v = next.vars.get(k)?.v;
    return v?.k === 'int' && v.hi === Infinity;
  });
  if (open.length === 0) return;
  const [t] = quietly(run, () => branch(cond, next.peek(), fr, run));
  for (const [k, step] of open) {
    const inBody = t.vars.get(k)?.v;
    const cell = next.vars.get(k);
    const was = unwidened.vars.get(k)?.v;
    if (!cell || cell.v.k !== 'int' || inBody?.k !== 'int' || !Number.isFinite(inBody.hi)) continue;
    const base = was?.k === 'int' ? was : cell.v;
    // the test's own bound is reached once the loop runs that long: not a guess of the widening
    next.vars.set(k, { ...cell, v: { ...cell.v, hi: Math.max(base.hi, inBody.hi + step), taint: base.taint, origin: base.origin, src: base.src, srcNote: base.srcNote, weak: base.weak, wide: base.wide } });
  }
}

/** A cursor that trails another over the same kind of value (`out` behind `s` in one buffer) is bounded by it. */
function followTrails(st: State, entry: State, pairs: Pairs): void {
  if (st.dead) return;
  // an int's range, or the offsets of a pointer into one block (however many pieces)
  const span = (v: Val | undefined): { o?: number; lo: number; hi: number } | undefined => {
    if (v?.k === 'int') return { lo: v.lo, hi: v.hi };
    if (v?.k !== 'ptr' || v.t.length === 0 || v.t.some((x) => x.o !== v.t[0]?.o)) return undefined;
    return { o: v.t[0]?.o, lo: Math.min(...v.t.map((x) => x.lo)), hi: Math.max(...v.t.map((x) => x.hi)) };
  };
  for (const [a, b] of pairs.trails) {
    const ca = st.vars.get(a);
    const cb = st.vars.get(b);
    if (!ca || !cb || ca.v.k !== cb.v.k || (ca.v.k !== 'int' && ca.v.k !== 'ptr')) continue;
    if (ca.v.k === 'ptr' && (!byteType(ca.type) || !byteType(cb.type))) continue;
    const ea = span(entry.vars.get(a)?.v);
    const eb = span(entry.vars.get(b)?.v);
    const na = span(ca.v);
    const nb = span(cb.v);
    if (!ea || !eb || !na || !nb || !Number.isFinite(nb.hi) || !Number.isFinite(ea.hi) || !Number.isFinite(eb.lo) || na.o !== ea.o || nb.o !== eb.o) continue;
    capUpper(st, a, ea.hi + (nb.hi - eb.lo));
    // (over input, how far it goes is up to the input, as far as b can go)
    const bv = cb.v;
    const cell = st.vars.get(a);
    if (cell?.v.k === 'ptr' && !cell.v.inputOff && bv.k === 'ptr' && bv.t.every((t) => { const o = st.objs.get(t.o); return o?.taint && !o.weak; }) && na.hi > ea.hi) {
      st.vars.set(a, { ...cell, v: { ...cell.v, inputOff: true } });
    }
  }
}

/** After the test: a variable moving with a bounded partner is bounded by it. */
function followPartners(st: State, entry: State, pairs: Pairs): void {
  for (const [a, b] of pairs.together) {
    const ea = upper(entry.vars.get(a)?.v);
    const eb = lower(entry.vars.get(b)?.v);
    const nb = upper(st.vars.get(b)?.v);
    if (ea === undefined || eb === undefined || nb === undefined || !Number.isFinite(nb)) continue;
    capUpper(st, a, ea + (nb - eb));
    // `*d++ = *s++` over input: how far d goes is up to the input, as far as s can go
    const bv = st.vars.get(b)?.v;
    const cell = st.vars.get(a);
    if (cell?.v.k === 'ptr' && !cell.v.inputOff && bv?.k === 'ptr' && bv.t.length > 0 && bv.t.every((t) => { const o = st.objs.get(t.o); return o?.taint && !o.weak; })) {
      const moved = cell.v.t.some((t) => t.hi > ea);
      if (moved) st.vars.set(a, { ...cell, v: { ...cell.v, inputOff: true } });
    }
  }
}

export function loop(cond: N | undefined, body: N | undefined, update: N | undefined, st: State, fr: Frame, run: Run, node?: N, entry?: State): State[] {
  // from here on (the loop and after it) their indexes are the program's business
  for (const name of loopFacts(body, update, fr).grown) (fr.grown ??= new Set()).add(keyFor(name, fr, run));
  return loopPasses(cond, body, update, st, fr, run, node, entry);
}

/** Variables the loop body assigns with a plain `=` somewhere. */
function assignedIn(body: N | undefined, fr: Frame, run: Run): Set<string> {
  return new Set(loopFacts(body, undefined, fr).assigned.map((n) => keyFor(n, fr, run)));
}

function loopPasses(cond: N | undefined, body: N | undefined, update: N | undefined, st: State, fr: Frame, run: Run, node?: N, entry?: State): State[] {
  // a state machine assigns in one iteration what it reads in a later one: on the first pass a
  // read of such a variable is not yet "before any assignment"
  const savedAssigned = run.loopAssigned;
  const assigned = assignedIn(body, fr, run);
  try {
    return passes(cond, body, update, st, fr, run, assigned, node, entry);
  } finally {
    run.loopAssigned = savedAssigned;
  }
}

/** `entry`: the state before the loop's first pass when that pass already ran (a do-while's body) */
function passes(cond: N | undefined, body: N | undefined, update: N | undefined, st: State, fr: Frame, run: Run, assigned: Set<string>, node?: N, entry = st): State[] {
  const outer = run.loopAssigned;
  fr.breaks.push([]);
  const exits: State[] = [];
  const scan = terminatorTest(cond, st, fr, run);
  const pairs = pairsOf(body, update, fr, run, cond);
  let s = st;
  let input = false;
  let callerInput = false;
  let entered = false;
  let outOfBudget = false;
  // the first widening stops at thresholds; if they do not hold, the next one goes all the way
  const th: Steps | undefined = { ints: thresholds(cond, body, st, fr, run), used: false };
  let last = 1;
  for (let pass = 0; pass <= last; pass++) {
    run.loopAssigned = pass === 0 ? new Set([...(outer ?? []), ...assigned]) : outer;
    const reads = run.inputReads;
    const callerReads = run.callerReads ?? 0;
    // `while (n--)`: the step below zero happens only on the way out and is not used
    const countdown = cond !== undefined && isCountdown(cond);
    if (countdown) run.quiet++;
    let forks: Array<[State, State]>;
    try {
      // a test calling a function of the scan with several outcomes (`while (read_rec(f, &r) == 0)`)
      // goes into the body once per outcome that passes it, not with their join
      forks = cond ? testForks(cond, s.clone(), fr, run) : [[s.clone(), State.deadState()]];
    } finally {
      if (countdown) run.quiet--;
    }
    const ts: State[] = [];
    const exitFrom = exits.length;
    for (const [t, f] of forks) {
      // the condition held, so the character it read was not the terminator
      if (scan) stopAtTerminator(t, scan, -1, fr, run);
      followPartners(t, st, pairs);
      followTrails(t, st, pairs);
      followTrails(f, st, pairs);
      exits.push(f);
      if (!t.dead) ts.push(t);
    }
    const exitTo = exits.length;
    if (ts.length === 0) break;
    entered = true;
    fr.conts.push([]);
    // (the start of this pass, for what it frees: one state, or the forks of its test joined)
    const before = pass <= 1 ? (ts.length === 1 ? (ts[0] as State).clone() : joinAll(ts.map((x) => x.clone()))) : undefined;
    const ends = [...(body ? execPaths(body, ts, fr, run) : ts), ...(fr.conts.pop() ?? [])].filter((x) => !x.dead);
    if (update) for (const e of ends) evalExpr(update, e, fr, run);
    if (before) nextIteration(cond, body, before, ends, fr, run);
    // leaving right after this pass, on each of its paths (before the join at the head blurs them):
    // `while (more) { free(p); more = 0; } free(p);` leaves with p freed
    if (cond && pass === 0 && ends.length > 0 && ends.length <= 4) {
      for (const e of ends) exits.push(quietly(run, () => branch(cond, e.clone(), fr, run))[1]);
    }
    const out = joinAll(ends);
    input ||= run.inputReads > reads;
    callerInput ||= (run.callerReads ?? 0) > callerReads;
    outOfBudget = run.budget <= 0;
    if (out.dead) break;
    if (outOfBudget) {
      // out of steps before the values settled: the head, widened all the way, still leaves by the
      // test (leaving with only the first pass's values, a scan over a name had not moved at all)
      if (cond) {
        const head = widen(s, joinStates(s, out), st, pairs, input, undefined, callerInput);
        exits.push(quietly(run, () => branch(cond, head, fr, run))[1]);
      }
      break;
    }
    const joined = joinStates(s, out);
    const steps = pass <= 1 ? th : undefined;
    if (steps) steps.used = false;
    const next = widen(s, joined, entry, pairs, input, steps, callerInput);
    if (steps?.used) last = Math.max(last, pass + 2);
    if (cond) capByTest(next, joined, cond, pairs, fr, run);
    if (scan) stopAtTerminator(next, scan, 0, fr, run);
    if (sameState(next, s)) {
      // settled on a widened head: a bound the body's own exit tests keep (`if (o + 1 >= outsz)
      // return -1;` before `out[o++] = c`, whatever else moves the loop along) holds where the
      // loop leaves by its test too
      const narrowed = pass > 0 && cond && body ? narrowHead(s, s, st, out, exitTested(body, fr)) : undefined;
      if (narrowed) exits.splice(exitFrom, exitTo - exitFrom, ...leaveBy(cond as N, narrowed, fr, run));
      break;
    }
    // out of passes before the values settled: the widened head still leaves by the test (with
    // the bounds the body's exit tests keep, as above, for this pass's head and the next one)
    if (pass === last && cond) {
      const tested = body && pass > 0 ? exitTested(body, fr) : undefined;
      const own = tested ? narrowHead(s, s, st, out, tested) : undefined;
      if (own) exits.splice(exitFrom, exitTo - exitFrom, ...leaveBy(cond, own, fr, run));
      const head = (tested ? narrowHead(next, s, st, out, tested) : undefined) ?? next.clone();
      exits.push(quietly(run, () => branch(cond, head, fr, run))[1]);
    }
    s = next;
  }
  const breaks = fr.breaks.pop() ?? [];
  // the test held on every pass, the widened one included, and nothing broke out: see whether the body can leave
  if (node && cond && entered && !outOfBudget && breaks.length === 0 && exits.every((x) => x.dead)) judgeEndless(node, fr, run);
  // leaving by the test and by each break are different paths (a break after a free is not the normal exit)
  return mergePaths([...exits, ...breaks]);
}

/** The loop test on `st`: [held, failed] once per outcome of a call of the scan the test makes. */
function testForks(cond: N, st: State, fr: Frame, run: Run): Array<[State, State]> {
  return forkOn(cond, st, fr, run, (name) => resolveFunction(name, fr, run), (x) => branch(cond, x, fr, run));
}

/** The states that leave a loop by its test from head `st`. */
function leaveBy(cond: N, st: State, fr: Frame, run: Run): State[] {
  return quietly(run, () => testForks(cond, st, fr, run).map(([, f]) => f));
}

const exitTests = new WeakMap<N, Set<string>>();

/**
 * Names a test in the loop body mentions whose branch leaves the loop (`return`, `break`, `goto`):
 * `if (o + 1 >= outsz) return -1;`. Such a test bounds the name on every pass that goes on. (A
 * bound the body gets only from an access clamping its index is no such test.)
 */
function exitTested(body: N, fr: Frame): Set<string> {
  let names = exitTests.get(body);
  if (names) return names;
  names = new Set();
  const leaves = (n: N | undefined): boolean => {
    if (!n) return false;
    if (n.t === 'return_statement' || n.t === 'break_statement' || n.t === 'goto_statement') return true;
    if (n.t === 'compound_statement') return n.c.some((c) => c.t === 'return_statement' || c.t === 'break_statement' || c.t === 'goto_statement');
    return false;
  };
  const stack: N[] = [body];
  while (stack.length > 0) {
    const n = stack.pop() as N;
    // an inner loop's break leaves only that loop
    if (n !== body && (n.t === 'for_statement' || n.t === 'while_statement' || n.t === 'do_statement' || n.t === 'switch_statement')) continue;
    if (n.t === 'if_statement' && n.c[0] && leaves(n.c[1])) {
      const ids: N[] = [n.c[0]];
      while (ids.length > 0) {
        const x = ids.pop() as N;
        if (x.t === 'identifier' || x.t === 'field_identifier') names.add(text(fr.file, x));
        ids.push(...x.c);
      }
    }
    stack.push(...n.c);
  }
  exitTests.set(body, names);
  return names;
}

/**
 * One narrowing step after widening: the entry joined with what a pass from the widened head
 * `ran` gave. Where a bound of a variable an exit test names was infinite when the body ran and
 * came out finite, the body keeps the variable there, so the head `wide` takes that bound over
 * (what else widening decided, input and imprecision marks, stays). Undefined when nothing got
 * narrower.
 */
function narrowHead(wide: State, ran: State, entry: State, out: State, tested: ReadonlySet<string>): State | undefined {
  if (tested.size === 0) return undefined;
  const head = joinStates(entry, out);
  let narrowed: State | undefined;
  for (const k of wide.vars.diffKeys(entry.vars) ?? wide.vars.keys()) {
    if (!tested.has(k.slice(k.lastIndexOf(':') + 1).replace(/^.*\./, ''))) continue;
    const w = wide.vars.get(k);
    const r = ran.vars.get(k);
    const x = head.vars.get(k);
    if (w?.v.k !== 'int' || r?.v.k !== 'int' || x?.v.k !== 'int') continue;
    const lo = w.v.lo === -Infinity && r.v.lo === -Infinity && Number.isFinite(x.v.lo) ? x.v.lo : w.v.lo;
    const hi = w.v.hi === Infinity && r.v.hi === Infinity && Number.isFinite(x.v.hi) ? x.v.hi : w.v.hi;
    if (lo === w.v.lo && hi === w.v.hi) continue;
    narrowed ??= wide.clone();
    narrowed.vars.set(k, { ...w, v: { ...w.v, lo, hi } });
  }
  return narrowed;
}

/** the rules a loop's further iteration reports: what an earlier one freed, used or freed again */
const LIFETIME: ReadonlySet<string> = new Set(['c.memory.use-after-free', 'c.memory.double-free', 'c.memory.leak']);

/**
 * a block freed for sure at the end of a pass that was not at its start, or a heap block the pass
 * allocated that is still held only by the function (the next pass may overwrite its pointer)
 */
function freedInPass(start: State, end: State): boolean {
  for (const id of start.objs.diffKeys(end.objs) ?? end.objs.keys()) {
    const o = end.objs.get(id);
    if (!o || (o.kind !== 'heap' && o.kind !== 'unknown')) continue;
    const was = start.objs.get(id);
    // (live for sure at the start: a maybe-freed block is a join's blur, not this pass's doing)
    if (o.freed === YES && was?.freed === NO) return true;
    if (!was && o.kind === 'heap' && o.freed === NO && !o.escaped && o.local && !o.partial) return true;
  }
  return false;
}

/**
 * The fixpoint joins a pass's paths at the loop head, where "freed on one path" becomes a maybe
 * that is never reported. So each path of a pass that freed a block (`if (cmd == LOGOUT)
 * free(s->user);`, a node freed while the walk still holds it) runs the body once more, on its
 * own: a use or a second free there, with nothing reassigning the pointer in between, is
 * reported. Only those two rules; the run leaves no other trace (its returns, breaks and jumps
 * are dropped), and it does not nest.
 */
function nextIteration(cond: N | undefined, body: N | undefined, start: State, ends: readonly State[], fr: Frame, run: Run): void {
  if (!body || run.only || run.quiet > 0 || run.budget < 2000) return;
  const freed = ends.filter((e) => freedInPass(start, e)).slice(0, 4);
  if (freed.length === 0) return;
  const f = fr as Frame & { gotos?: Map<string, State[]> };
  const saved = { returns: fr.returns.length, retVals: fr.retVals.length, retLines: fr.retLines?.length, gotos: f.gotos && new Map([...f.gotos].map(([k, v]) => [k, [...v]])), loopAssigned: run.loopAssigned };
  run.only = LIFETIME;
  try {
    for (const e of freed) {
      const [t] = cond ? branch(cond, e.clone(), fr, run) : [e.clone()];
      if (!t || t.dead) continue;
      fr.breaks.push([]);
      fr.conts.push([]);
      try {
        execPaths(body, [t], fr, run);
      } finally {
        fr.conts.pop();
        fr.breaks.pop();
      }
    }
  } finally {
    run.only = undefined;
    run.loopAssigned = saved.loopAssigned;
    fr.returns.length = saved.returns;
    fr.retVals.length = saved.retVals;
    if (fr.retLines && saved.retLines !== undefined) fr.retLines.length = saved.retLines;
    if (saved.gotos) f.gotos = saved.gotos;
    else delete f.gotos;
  }
}

function isCountdown(cond: N): boolean {
  let c = cond;
  while (c.t === 'parenthesized_expression' && c.c[0]) c = c.c[0];
  if (c.t === 'binary_expression' && (c.op === '>' || c.op === '!=') && c.c[0]) c = c.c[0];
  return c.t === 'update_expression' && c.op === '--';
}

interface Scan {
  key: string;
  post: boolean;
  /** `s[i]`: the index variable is what stops, at the length of the string `s` points to */
  base?: N;
}

/**
 * What a loop condition like `*p`, `*p++`, `*p != '\0'` or `s[i]` reads: such a loop stops at the
 * string's terminator, so the pointer (or index) never gets past it. The test may be the first
 * of several joined by `&&`.
 */
function terminatorTest(cond: N | undefined, st: State, fr: Frame, run: Run): Scan | undefined {
  let c = cond;
  while (c?.t === 'parenthesized_expression') c = c.c[0];
  while (c?.t === 'binary_expression' && c.op === '&&') c = c.c[0];
  while (c?.t === 'parenthesized_expression') c = c.c[0];
  if (c?.t === 'binary_expression' && c.op === '!=' && c.c[1] && /^(0|'\\0')$/.test(text(fr.file, c.c[1]).trim())) c = c.c[0];
  while (c?.t === 'parenthesized_expression') c = c.c[0];
  if (c?.t === 'subscript_expression' && c.c[1]?.t === 'identifier' && c.c[0]) {
    const key = lvalKey(c.c[1], fr, run);
    return key ? { key, post: false, base: c.c[0] } : undefined;
  }
  if (c?.t !== 'pointer_expression' || c.op !== '*') return scanTest(cond, st, fr, run);
  let p = c.c[0];
  while (p?.t === 'parenthesized_expression') p = p.c[0];
  // `*p++` reads before stepping; `*++p` steps first and may skip a terminator at the start
  const post = p?.t === 'update_expression' && p.op === '++' && fr.file.src[p.e - 1] === '+';
  if (post) p = p?.c[0];
  const key = p?.t === 'identifier' ? lvalKey(p, fr, run) : undefined;
  return key ? { key, post } : undefined;
}

/**
 * Caps the offsets of the scanned pointer (or the index) at the terminator of each string it may
 * point into, moved by `slack` elements (-1: strictly before it).
 */
function stopAtTerminator(st: State, scan: Scan, bodySlack: number, fr: Frame, run: Run): void {
  const slack = scan.post && bodySlack < 0 ? 0 : bodySlack;
  const cell = st.vars.get(scan.key);
  if (scan.base) {
    const b = scan.base;
    if (cell?.v.k !== 'int' || st.dead) return;
    const p = quietly(run, () => evalExpr(b, st.peek(), fr, run));
    if (p.k !== 'ptr' || p.t.length === 0) return;
    let end = -Infinity;
    for (const x of p.t) {
      const o = st.objs.get(x.o);
      if (!o || o.unterm || !Number.isFinite(o.shi)) return;
      end = Math.max(end, (o.shi - x.lo) / o.elem + slack);
    }
    if (cell.v.hi > end) {
      if (cell.v.lo > end) st.dead = true;
      else st.vars.set(scan.key, { ...cell, v: { ...cell.v, hi: end } });
    }
    return;
  }
  if (cell?.v.k !== 'ptr') return;
  const t = cell.v.t.flatMap((x) => {
    const o = st.objs.get(x.o);
    // an unterminated buffer is the flaw itself: leave it to be reported
    if (!o || o.unterm) return [x];
    const nul = Number.isFinite(o.shi) ? o.shi : o.size !== undefined ? o.size - o.elem : undefined;
    const end = nul === undefined ? undefined : nul + slack * o.elem;
    if (end === undefined || x.hi <= end) return [x];
    // offsets past the terminator are never reached at the loop head
    return x.lo > end ? [] : [{ ...x, hi: end }];
  });
  if (t.length === 0) {
    // every place it could point to is past the terminator: this path cannot happen
    if (slack < 0 || cell.v.nul === NO) st.dead = true;
    return;
  }
  st.vars.set(scan.key, { ...cell, v: { ...cell.v, t } });
}

export function execWhile(n: N, st: State, fr: Frame, run: Run): State[] {
  judgeLoop(n, st, fr, run);
  return loop(n.c[0], n.c[1], undefined, st, fr, run, n);
}

export function execDo(n: N, st: State, fr: Frame, run: Run): State[] {
  const [body, cond] = n.c;
  judgeLoop(n, st, fr, run);
  fr.breaks.push([]);
  fr.conts.push([]);
  // the body's first run is the loop's first pass: the same state-machine allowance applies
  const outer = run.loopAssigned;
  run.loopAssigned = new Set([...(outer ?? []), ...assignedIn(body, fr, run)]);
  let first: State;
  try {
    first = body ? exec(body, st, fr, run) : st;
  } finally {
    run.loopAssigned = outer;
  }
  first = joinAll([first, ...(fr.conts.pop() ?? [])]);
  const breaks = fr.breaks.pop() ?? [];
  const rest = first.dead ? [] : loop(cond, body, undefined, first, fr, run, n, st);
  return mergePaths([...rest, ...breaks]);
}

/**
 * `for (i = a; i < b; i++)` runs its body once with i over [a, b-1], which is every index the
 * loop touches (and anything stepping with i over the matching range); other for-loops use the
 * generic fixpoint.
 */
export function execFor(n: N, st: State, fr: Frame, run: Run): State[] {
  const [init, cond, update] = n.parts ?? [];
  const body = n.c[n.c.length - 1];
  let s = st;
  if (init) {
    if (init.t === 'declaration') declare(init, s, fr, run);
    else evalExpr(init, s, fr, run);
  }
  judgeLoop(n, s, fr, run);
  const counted = countedLoop(cond, update, s, fr, run);
  if (!counted) return loop(cond, body, update, s, fr, run, n);
  const { key, lo, hi, last } = counted;
  const cell = s.vars.get(key);
  if (!cell) return loop(cond, body, update, s, fr, run, n);
  if (lo > hi) return [s];
  s = s.clone();
  s.vars.set(key, { ...cell, v: { k: 'int', lo, hi, taint: counted.taint, src: counted.src, srcNote: 'loop bound', every: true, ...counted.data }, init: YES });
  // `i < n` holds in the body as a fact between the two, not only as i's interval: `n - 1 - i`
  // (the mirror index of a reversal) is then never negative, whatever n's own range
  const boundKey = counted.last > lo && cond?.c[1] ? plainKey(cond.c[1], fr, run, s) : undefined;
  if (boundKey && boundKey !== key && (cond?.op === '<' || cond?.op === '<=')) s.addRel(`${cond.op === '<' ? 'lt' : 'le'}|${key}|${boundKey}`);
  // `for (i = 0; i < n; i++) *d++ = …`: d covers as much as i does (`p--` as much the other way)
  const pairs = pairsOf(body, update, fr, run);
  const counter = counted.last < lo ? -1 : 1;
  const moves = [...pairs.together.map(([a, b]) => [a, b, 1] as const), ...pairs.budget.map(([b, a]) => [a, b, -1] as const), ...pairs.budget.map(([a, b]) => [a, b, -1] as const)];
  for (const [a, b, dir] of moves) {
    if (b !== key || a === key) continue;
    const c = s.vars.get(a);
    const step = (c?.type && elemSize(c.type, run.group.structs)) ?? 1;
    const span = (hi - lo) * step;
    const down = dir * counter < 0;
    if (c?.v.k === 'ptr') s.vars.set(a, { ...c, v: { ...c.v, every: c.v.t.every((t) => t.lo === t.hi) || undefined, t: c.v.t.map((t) => (down ? { ...t, lo: t.lo - span } : { ...t, hi: t.hi + span })) } });
  }
  fr.breaks.push([]);
  fr.conts.push([]);
  // the one pass stands for every iteration: a path where some iteration freed a block stays apart
  const before = s.clone();
  const outs = [...(body ? execPaths(body, [s], fr, run) : [s]), ...(fr.conts.pop() ?? [])].filter((o) => !o.dead);
  const breaks = fr.breaks.pop() ?? [];
  // a further iteration (if the bound lets the loop run twice) sees what this one freed
  // (on each path, one more than the index was there: `if (i == 9) free(p);` is the last pass)
  if (hi > lo) {
    const again = outs.flatMap((o) => {
      const now = o.vars.get(key)?.v;
      const from = Math.max(lo + 1, now?.k === 'int' ? now.lo + 1 : lo + 1);
      const to = Math.min(hi, now?.k === 'int' ? now.hi + 1 : hi);
      if (from > to) return [];
      const c = o.clone();
      c.vars.set(key, { ...cell, v: { k: 'int', lo: from, hi: to, taint: counted.taint, src: counted.src, srcNote: 'loop bound', every: true }, init: YES });
      return [c];
    });
    nextIteration(undefined, body, before, again, fr, run);
  }
  // a count the body raises under a bound read from input (`if (scanf(...) == 1) count++;` in
  // `for (i = 0; i < n; i++)`): the one pass stands for every iteration, so it ends anywhere from
  // its least value up, and stays 0 when no item was taken (a mean over it divides by zero)
  // (marked as such a count of input items, not widened)
  if (counted.taint && !counted.weak && hi > lo) {
    // (what rises by one in the pass, whether named in the body or reached through a pointer: `s->count++`)
    for (const o of [...outs, ...breaks]) {
      for (const k of before.vars.diffKeys(o.vars) ?? []) {
        const b0 = k === key ? undefined : before.vars.get(k)?.v;
        if (b0?.k !== 'int' || b0.taint || !Number.isFinite(b0.lo) || b0.lo !== b0.hi) continue;
        const c = o.vars.get(k);
        if (c?.v.k !== 'int' || c.v.taint || c.v.hi !== b0.hi + 1 || c.v.lo < b0.lo) continue;
        // (its top stays what the pass gave: raising it would lose what else the pass tied to it,
        // such as the elements `recs[n++]` initialised)
        o.vars.set(k, { ...c, v: { ...c.v, lo: Math.min(c.v.lo, b0.lo), taint: true, origin: counted.origin ?? 'stdin', src: c.line, srcNote: 'advanced once per input item', perItem: true } });
      }
    }
  }
  for (const o of outs) o.vars.set(key, { ...cell, v: int(last), init: YES });
  return mergePaths([...outs, ...breaks]);
}

function countedLoop(cond: N | undefined, update: N | undefined, st: State, fr: Frame, run: Run) {
  if (!cond || !update || cond.t !== 'binary_expression' || !cond.c[0] || !cond.c[1]) return undefined;
  const key = lvalKey(cond.c[0], fr, run);
  if (!key || cond.c[0].t !== 'identifier') return undefined;
  const one = (x: N | undefined) => x !== undefined && text(fr.file, x).trim() === '1';
  const up = update.t === 'update_expression' ? update.op : update.t === 'assignment_expression' && (update.op === '+=' || update.op === '-=') && one(update.c[1]) ? (update.op === '+=' ? '++' : '--') : undefined;
  if (up !== '++' && up !== '--') return undefined;
  const tgt = update.c[0];
  if (!tgt || lvalKey(tgt, fr, run) !== key) return undefined;
  const start = st.vars.get(key)?.v;
  const rhs = cond.c[1];
  const bound = quietly(run, () => evalExpr(rhs, st.peek(), fr, run));
  if (start?.k !== 'int' || bound.k !== 'int') return undefined;
  if (up === '--') {
    // `for (i = n - 1; i >= 0; i--)`: i runs from its start down to the bound
    if (!Number.isFinite(start.hi) || (cond.op !== '>' && cond.op !== '>=' && cond.op !== '!=')) return undefined;
    const lo = cond.op === '>=' ? bound.lo : bound.lo + 1;
    if (!Number.isFinite(lo) || start.hi - lo > 1e12) return undefined;
    return { key, lo, hi: start.hi, last: lo - 1, taint: bound.taint, weak: bound.weak, origin: bound.origin, src: bound.src, data: dataOf(bound) };
  }
  if (!Number.isFinite(start.lo)) return undefined;
  if (cond.op !== '<' && cond.op !== '<=' && cond.op !== '!=') return undefined;
  const hi = cond.op === '<=' ? bound.hi : bound.hi - 1;
  if (!Number.isFinite(hi) || hi - start.lo > 1e12) return undefined;
  return { key, lo: start.lo, hi, last: hi + 1, taint: bound.taint, weak: bound.weak, origin: bound.origin, src: bound.src, data: dataOf(bound) };
}

/** An index counted up to a count from data is data too, held below what held the count (or below the paired length it runs to). */
function dataOf(bound: IntV): Pick<IntV, 'data' | 'bnd' | 'rel'> | undefined {
  // (an index below a count that a guard already checked relationally is as checked: `row < h`
  // after `w > SIZE_MAX / h` keeps `row * w` in range)
  const rel = bound.taint && bound.rel ? { rel: true } : {};
  if (bound.taint && bound.data) return { data: true, ...(bound.bnd ? { bnd: bound.bnd } : {}), ...rel };
  return bound.taint && bound.rel ? { rel: true } : undefined;
}
