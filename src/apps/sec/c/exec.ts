/**
 * Statements: walks a function body along its control flow, splitting the state at branches
 * (dead branches are dropped), joining at merges, and running loops to a small fixpoint.
 */
import type { N } from './ast.js';
import { text, type Frame, type Run } from './context.js';
import { branch } from './cond.js';
import { evalExpr, quietly } from './eval.js';
import { clampToType, newObj } from './memory.js';
import { lvalKey } from './names.js';
import { joinAll, joinStates, sameState, State } from './state.js';
import { declType, elemSize, sizeOf, specType, type CType } from './types.js';
import { int, joinVal as join, NO, UNKNOWN, YES, type Val } from './values.js';

/** Runs `fr.fn` from `st`; returns the state after it returns and the joined return value. */
export function runFunction(fr: Frame, st: State, run: Run): { state: State; ret: Val } {
  const end = exec(fr.fn.body, st, fr, run);
  const state = joinAll([end, ...fr.returns]);
  let ret: Val | undefined;
  for (const v of fr.retVals) ret = ret ? join(ret, v) : v;
  return { state, ret: ret ?? UNKNOWN };
}

function gotoTargets(fr: Frame): Map<string, State[]> {
  const f = fr as Frame & { gotos?: Map<string, State[]> };
  f.gotos ??= new Map();
  return f.gotos;
}

export function exec(n: N, st: State, fr: Frame, run: Run): State {
  if (st.dead && n.t !== 'labeled_statement' && n.t !== 'compound_statement') return st;
  run.budget--;
  switch (n.t) {
    case 'compound_statement': {
      let s = st;
      for (const c of n.c) s = exec(c, s, fr, run);
      return s;
    }
    case 'expression_statement':
      for (const c of n.c) evalExpr(c, st, fr, run);
      return st;
    case 'declaration':
      declare(n, st, fr, run);
      return st;
    case 'if_statement':
      return execIf(n, st, fr, run);
    case 'while_statement':
      return execWhile(n, st, fr, run);
    case 'do_statement':
      return execDo(n, st, fr, run);
    case 'for_statement':
      return execFor(n, st, fr, run);
    case 'switch_statement':
      return execSwitch(n, st, fr, run);
    case 'return_statement': {
      const v = n.c[0] ? evalExpr(n.c[0], st, fr, run) : UNKNOWN;
      fr.retVals.push(v);
      fr.returns.push(st);
      return State.deadState();
    }
    case 'break_statement':
      fr.breaks[fr.breaks.length - 1]?.push(st);
      return State.deadState();
    case 'continue_statement':
      fr.conts[fr.conts.length - 1]?.push(st);
      return State.deadState();
    case 'goto_statement': {
      const label = n.c[0] ? text(fr.file, n.c[0]) : '';
      const targets = gotoTargets(fr);
      targets.set(label, [...(targets.get(label) ?? []), st]);
      return State.deadState();
    }
    case 'labeled_statement': {
      const label = n.c[0] ? text(fr.file, n.c[0]) : '';
      const pending = gotoTargets(fr).get(label) ?? [];
      gotoTargets(fr).delete(label);
      const s = joinAll([st, ...pending]);
      return n.c[1] ? exec(n.c[1], s, fr, run) : s;
    }
    case 'preproc_ifdef':
    case 'preproc_if':
    case 'preproc_else':
    case 'preproc_elif':
      return execPreproc(n, st, fr, run);
    default:
      return st;
  }
}

/** The branch of a conditional-compilation block that the file's own #defines select. */
export function preprocBranch(n: N, defined: ReadonlySet<string>, src: string): N[] {
  const cond = n.c[0];
  let truth: boolean;
  if (n.t === 'preproc_ifdef') {
    const name = cond ? src.slice(cond.s, cond.e) : '';
    truth = defined.has(name) === (n.op !== '#ifndef');
  } else {
    const t = cond ? src.slice(cond.s, cond.e).trim() : '0';
    truth = preprocTruth(t, defined);
  }
  const rest = n.c.slice(1);
  const alt = rest.find((c) => c.t === 'preproc_else' || c.t === 'preproc_elif');
  const body = rest.filter((c) => c !== alt);
  if (truth) return body;
  if (!alt) return [];
  if (alt.t === 'preproc_elif') return preprocBranch({ ...alt, t: 'preproc_if' }, defined, src);
  return alt.c;
}

function preprocTruth(cond: string, defined: ReadonlySet<string>): boolean {
  const replaced = cond
    .replace(/defined\s*\(\s*(\w+)\s*\)|defined\s+(\w+)/g, (_m, a: string | undefined, b: string | undefined) => (defined.has(a ?? b ?? '') ? '1' : '0'))
    .replace(/\b[A-Za-z_]\w*\b/g, '0');
  if (/^[\d\s()!&|=<>+\-*/]+$/.test(replaced)) {
    try {
      // only digits and operators remain: safe to evaluate as a JS expression
      return Boolean(new Function(`return (${replaced});`)());
    } catch {
      return true;
    }
  }
  return true;
}

function execPreproc(n: N, st: State, fr: Frame, run: Run): State {
  let s = st;
  for (const c of preprocBranch(n, fr.file.defined, fr.file.src)) s = exec(c, s, fr, run);
  return s;
}

function execIf(n: N, st: State, fr: Frame, run: Run): State {
  const [cond, cons, alt] = n.c;
  if (!cond) return st;
  const [t, f] = branch(cond, st, fr, run);
  const tOut = cons && !t.dead ? exec(cons, t, fr, run) : t;
  const elseBody = alt?.t === 'else_clause' ? alt.c[0] : alt;
  const fOut = elseBody && !f.dead ? exec(elseBody, f, fr, run) : f;
  return joinStates(tOut, fOut);
}

/** After a loop pass, values that keep changing lose the bound that keeps moving. */
function widen(before: State, after: State): State {
  const out = after.clone();
  for (const [k, cell] of after.vars) {
    const old = before.vars.get(k);
    if (old?.v.k === 'ptr' && cell.v.k === 'ptr') {
      // a pointer advanced in the loop: its offset keeps moving, so only the unmoved bound is known
      const before = old.v.t;
      const t = cell.v.t.map((x) => {
        const o = before.find((y) => y.o === x.o);
        return o ? { o: x.o, lo: x.lo < o.lo ? -Infinity : x.lo, hi: x.hi > o.hi ? Infinity : x.hi } : x;
      });
      out.vars.set(k, { ...cell, v: { ...cell.v, t } });
      continue;
    }
    if (!old || old.v.k !== 'int' || cell.v.k !== 'int') continue;
    if (old.v.lo === cell.v.lo && old.v.hi === cell.v.hi) continue;
    out.vars.set(k, { ...cell, v: { ...cell.v, lo: cell.v.lo < old.v.lo ? -Infinity : cell.v.lo, hi: cell.v.hi > old.v.hi ? Infinity : cell.v.hi } });
  }
  for (const [id, o] of after.objs) {
    const old = before.objs.get(id);
    if (old && (old.slo !== o.slo || old.shi !== o.shi)) out.objs.set(id, { ...o, slo: Math.min(o.slo, old.slo), shi: Infinity });
  }
  return out;
}

function loop(cond: N | undefined, body: N | undefined, update: N | undefined, st: State, fr: Frame, run: Run): State {
  fr.breaks.push([]);
  const exits: State[] = [];
  const scan = terminatorTest(cond, fr, run);
  let s = st;
  for (let pass = 0; pass < 2; pass++) {
    const [t, f] = cond ? branch(cond, s.clone(), fr, run) : [s.clone(), State.deadState()];
    // the condition held, so the character it read was not the terminator
    if (scan) stopAtTerminator(t, scan.key, scan.post ? 0 : -1);
    exits.push(f);
    if (t.dead) break;
    fr.conts.push([]);
    let out = body ? exec(body, t, fr, run) : t;
    out = joinAll([out, ...(fr.conts.pop() ?? [])]);
    if (update && !out.dead) evalExpr(update, out, fr, run);
    if (out.dead || run.budget <= 0) break;
    const next = widen(s, joinStates(s, out));
    if (scan) stopAtTerminator(next, scan.key, 0);
    if (sameState(next, s)) break;
    s = next;
  }
  const breaks = fr.breaks.pop() ?? [];
  return joinAll([...exits, ...breaks]);
}

/**
 * The pointer a loop condition like `*p`, `*p++` or `*p != '\0'` reads: such a loop stops at the
 * string's terminator, so the pointer never gets past it.
 */
function terminatorTest(cond: N | undefined, fr: Frame, run: Run): { key: string; post: boolean } | undefined {
  let c = cond;
  while (c?.t === 'parenthesized_expression') c = c.c[0];
  if (c?.t === 'binary_expression' && c.op === '!=' && c.c[1] && /^(0|'\\0')$/.test(text(fr.file, c.c[1]).trim())) c = c.c[0];
  while (c?.t === 'parenthesized_expression') c = c.c[0];
  if (c?.t !== 'pointer_expression' || c.op !== '*') return undefined;
  let p = c.c[0];
  while (p?.t === 'parenthesized_expression') p = p.c[0];
  // `*p++` reads before stepping; `*++p` steps first and may skip a terminator at the start
  const post = p?.t === 'update_expression' && p.op === '++' && fr.file.src[p.e - 1] === '+';
  if (post) p = p?.c[0];
  const key = p?.t === 'identifier' ? lvalKey(p, fr, run) : undefined;
  return key ? { key, post } : undefined;
}

/**
 * Caps the offsets of `key` at the terminator of each string it may point into, moved by `slack`
 * elements (-1: strictly before it).
 */
function stopAtTerminator(st: State, key: string, slack: number): void {
  const cell = st.vars.get(key);
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
  st.vars.set(key, { ...cell, v: { ...cell.v, t } });
}

function execWhile(n: N, st: State, fr: Frame, run: Run): State {
  return loop(n.c[0], n.c[1], undefined, st, fr, run);
}

function execDo(n: N, st: State, fr: Frame, run: Run): State {
  const [body, cond] = n.c;
  fr.breaks.push([]);
  fr.conts.push([]);
  let first = body ? exec(body, st, fr, run) : st;
  first = joinAll([first, ...(fr.conts.pop() ?? [])]);
  const breaks = fr.breaks.pop() ?? [];
  const rest = first.dead ? first : loop(cond, body, undefined, first, fr, run);
  return joinAll([rest, ...breaks]);
}

/**
 * `for (i = a; i < b; i++)` runs its body once with i over [a, b-1], which is every index the
 * loop touches; other for-loops use the generic fixpoint.
 */
function execFor(n: N, st: State, fr: Frame, run: Run): State {
  const [init, cond, update] = n.parts ?? [];
  const body = n.c[n.c.length - 1];
  let s = st;
  if (init) {
    if (init.t === 'declaration') declare(init, s, fr, run);
    else evalExpr(init, s, fr, run);
  }
  const counted = countedLoop(cond, update, s, fr, run);
  if (!counted) return loop(cond, body, update, s, fr, run);
  const { key, lo, hi, last } = counted;
  const cell = s.vars.get(key);
  if (!cell) return loop(cond, body, update, s, fr, run);
  if (lo > hi) return s;
  s = s.clone();
  s.vars.set(key, { ...cell, v: { k: 'int', lo, hi, taint: counted.taint, src: counted.src, srcNote: 'loop bound' }, init: YES });
  fr.breaks.push([]);
  fr.conts.push([]);
  let out = body ? exec(body, s, fr, run) : s;
  out = joinAll([out, ...(fr.conts.pop() ?? [])]);
  const breaks = fr.breaks.pop() ?? [];
  if (!out.dead) out.vars.set(key, { ...cell, v: int(last), init: YES });
  return joinAll([out, ...breaks]);
}

function countedLoop(cond: N | undefined, update: N | undefined, st: State, fr: Frame, run: Run) {
  if (!cond || !update || cond.t !== 'binary_expression' || !cond.c[0] || !cond.c[1]) return undefined;
  const key = lvalKey(cond.c[0], fr, run);
  if (!key || cond.c[0].t !== 'identifier') return undefined;
  const up = update.t === 'update_expression' ? update.op : update.t === 'assignment_expression' && update.op === '+=' ? '+=' : undefined;
  if (up !== '++' && !(up === '+=' && update.c[1] && text(fr.file, update.c[1]).trim() === '1')) return undefined;
  const target = update.c[0];
  if (!target || lvalKey(target, fr, run) !== key) return undefined;
  const start = st.vars.get(key)?.v;
  const rhs = cond.c[1];
  const bound = quietly(run, () => evalExpr(rhs, st.clone(), fr, run));
  if (start?.k !== 'int' || bound.k !== 'int' || !Number.isFinite(start.lo)) return undefined;
  if (cond.op !== '<' && cond.op !== '<=' && cond.op !== '!=') return undefined;
  const hi = cond.op === '<=' ? bound.hi : bound.hi - 1;
  if (!Number.isFinite(hi) || hi - start.lo > 1e12) return undefined;
  return { key, lo: start.lo, hi, last: hi + 1, taint: bound.taint, src: bound.src };
}

function execSwitch(n: N, st: State, fr: Frame, run: Run): State {
  const [cond, body] = n.c;
  if (!cond || !body) return st;
  const v = evalExpr(cond, st, fr, run);
  const cases = body.c.filter((c) => c.t === 'case_statement');
  const starts: number[] = [];
  let hasDefault = false;
  cases.forEach((c, i) => {
    if (c.op === 'default') {
      hasDefault = true;
      return;
    }
    const cv = c.c[0] ? evalExpr(c.c[0], st.clone(), fr, run) : UNKNOWN;
    if (v.k === 'int' && v.lo === v.hi && cv.k === 'int' && cv.lo === cv.hi) {
      if (v.lo === cv.lo) starts.push(i);
    } else starts.push(i);
  });
  const known = v.k === 'int' && v.lo === v.hi;
  if (!known || starts.length === 0) cases.forEach((c, i) => c.op === 'default' && starts.push(i));
  fr.breaks.push([]);
  const outs: State[] = [];
  for (const start of starts) {
    let s = st.clone();
    for (let i = start; i < cases.length && !s.dead; i++) {
      const c = cases[i] as N;
      const stmts = c.op === 'default' ? c.c : c.c.slice(1);
      for (const stmt of stmts) s = exec(stmt, s, fr, run);
    }
    outs.push(s);
  }
  const breaks = fr.breaks.pop() ?? [];
  if (!hasDefault && !(known && starts.length > 0)) outs.push(st);
  return joinAll([...outs, ...breaks]);
}

/** Local declarations: arrays become stack objects, scalars start uninitialised. */
export function declare(n: N, st: State, fr: Frame, run: Run): void {
  const specs = n.c.filter((c) => !c.t.endsWith('declarator') && c.t !== 'identifier');
  const isStatic = specs.some((c) => c.t === 'storage_class_specifier' && (c.op === 'static' || c.op === 'extern'));
  const base = specType(specs, fr.file.src);
  for (const d of n.c) {
    if (!(d.t.endsWith('declarator') || d.t === 'identifier')) continue;
    const { name, type, init } = declType(d, base, fr.file.src, (e) => constLen(e, st, fr, run));
    if (!name) continue;
    const key = `${fr.id}:${name}`;
    if (isStatic && specs.some((c) => c.op === 'extern')) continue;
    fr.names.set(name, key);
    fr.types.set(name, type);
    if (type.arr !== undefined || type.arrUnknown) {
      declareArray(name, key, type, init, d, st, fr, run);
      continue;
    }
    if (init) {
      const v = init.t === 'initializer_list' ? UNKNOWN : evalExpr(init, st, fr, run);
      st.vars.set(key, { v: clampToType(v, type), init: YES, type, line: d.line });
      continue;
    }
    st.vars.set(key, { v: isStatic ? (type.ptr > 0 ? { k: 'ptr', t: [], nul: YES } : int(0)) : UNKNOWN, init: isStatic ? YES : NO, type, line: d.line });
  }
}

function declareArray(name: string, key: string, type: CType, init: N | undefined, d: N, st: State, fr: Frame, run: Run): void {
  const elem = elemSize(type, run.group.structs) ?? 1;
  let size = sizeOf(type, run.group.structs);
  let slo = 0;
  let shi = Infinity;
  let initState = init ? YES : NO;
  if (init) {
    if (init.t === 'initializer_list') {
      slo = 0;
      shi = 0;
    } else {
      const v = evalExpr(init, st, fr, run);
      const lit = v.k === 'ptr' ? st.objs.get(v.t[0]?.o ?? -1) : undefined;
      if (lit) {
        slo = lit.slo;
        shi = lit.shi;
        if (size === undefined && lit.size !== undefined) size = lit.size;
      } else initState = YES;
    }
  }
  const obj = newObj(run, st, {
    kind: 'stack', size, elem, slo, shi, taint: false, freed: NO, init: initState, escaped: false, line: d.line, name: `'${name}'`, local: true,
  });
  st.vars.set(key, { v: { k: 'ptr', t: [{ o: obj.id, lo: 0, hi: 0 }], nul: NO }, init: YES, type, line: d.line });
}

function constLen(e: N, st: State, fr: Frame, run: Run): number | undefined {
  // array lengths are constant expressions: no side effects, so no copy of the state is needed
  const v = quietly(run, () => evalExpr(e, st, fr, run));
  return v.k === 'int' && v.lo === v.hi && Number.isFinite(v.lo) && v.lo >= 0 ? v.lo : undefined;
}

