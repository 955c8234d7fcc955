/**
 * Statements: walks a function body along its control flow, splitting the state at branches
 * (dead branches are dropped), joining at merges, and running loops to a small fixpoint.
 */
import type { N } from './ast.js';
import { text, type Frame, type Run } from './context.js';
import { branch } from './cond.js';
import { execDo, execFor, execWhile } from './loops.js';
import { evalExpr, quietly } from './eval.js';
import { assignVar, clampToType, newObj } from './memory.js';
import { joinAll, joinStates, State } from './state.js';
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
    if (type.ptr === 0) memberArrays(key, type, init !== undefined || isStatic, d, st, fr, run, 0);
    if (init) {
      const v = init.t === 'initializer_list' ? UNKNOWN : evalExpr(init, st, fr, run);
      assignVar(st, key, { v: clampToType(v, type), init: YES, type, line: d.line });
      continue;
    }
    st.vars.set(key, { v: isStatic ? (type.ptr > 0 ? { k: 'ptr', t: [], nul: YES } : int(0)) : UNKNOWN, init: isStatic ? YES : NO, type, line: d.line });
  }
}

/** Array members of a struct variable are memory of their own, reached as the variable `s.member`. */
function memberArrays(key: string, type: CType, initialised: boolean, d: N, st: State, fr: Frame, run: Run, depth: number): void {
  const info = run.group.structs.get(type.base);
  if (!info || depth > 2) return;
  for (const [name, f] of info.fields) {
    const fkey = `${key}.${name}`;
    if (f.type.arr !== undefined) {
      const obj = newObj(run, st, {
        kind: 'stack', size: sizeOf(f.type, run.group.structs), elem: elemSize(f.type, run.group.structs) ?? 1, slo: initialised ? 0 : 0, shi: initialised ? 0 : Infinity,
        taint: false, freed: NO, init: initialised ? YES : NO, escaped: false, line: d.line, name: `'${fkey.slice(fkey.indexOf(':') + 1)}'`, local: true,
      });
      st.vars.set(fkey, { v: { k: 'ptr', t: [{ o: obj.id, lo: 0, hi: 0 }], nul: NO }, init: YES, type: f.type, line: d.line });
    } else if (f.type.ptr === 0 && !info.union) memberArrays(fkey, f.type, initialised, d, st, fr, run, depth + 1);
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

