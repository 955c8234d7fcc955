/**
 * Statements: walks a function body along its control flow over a small set of paths (see
 * paths.ts), splitting at branches (dead branches are dropped), keeping apart the paths that
 * differ in freed or assigned memory, joining the rest, and running loops to a small fixpoint.
 */
import type { N } from './ast.js';
import { text, type Frame, type Run } from './context.js';
import { branch } from './cond.js';
import { resolveFunction } from './call.js';
import { rangeFor } from './cpp.js';
import { declare } from './declare.js';
import { execDo, execFor, execWhile } from './loops.js';
import { assignUninitCopy, evalExpr } from './eval.js';
import { escape, frameLocal, reportEscape } from './memory.js';
import { keyOf } from './names.js';
import { forkOn, mergeOutcomes, mergePaths, type Outcome } from './paths.js';
import { preprocBranch } from './preproc.js';
import { joinAll, type State } from './state.js';
import { joinVal as join, NO, UNKNOWN, YES, type Obj, type Val } from './values.js';

export type Paths = State[];

/** Runs `fr.fn` from `st`; returns the state after it returns and the joined return value. */
export function runFunction(fr: Frame, st: State, run: Run): { state: State; ret: Val } {
  const outs = runPaths(fr, st, run);
  let ret: Val | undefined;
  for (const o of outs) ret = ret ? join(ret, o.ret) : o.ret;
  return { state: joinAll(outs.map((o) => o.state)), ret: ret ?? UNKNOWN };
}

/**
 * Runs `fr.fn` from `st`; returns its exits (state and returned value), grouped as paths.ts does,
 * or one per `return` reached when `raw` (leak checks judge each exit on its own).
 */
export function runPaths(fr: Frame, st: State, run: Run, raw = false): Outcome[] {
  const end = execPaths(fr.fn.body, [st], fr, run);
  const body = fr.fn.body;
  const closing = closingLine(body, fr.file.src);
  const file = fr.file.path;
  const list: Outcome[] = end.map((s) => ({ state: s, ret: UNKNOWN, line: closing, file }));
  const last = body.c[body.c.length - 1];
  const lastLine = last?.t === 'return_statement' ? last.line : undefined;
  fr.returns.forEach((s, i) => list.push({ state: s, ret: fr.retVals[i] ?? UNKNOWN, line: fr.retLines?.[i], file, early: fr.retLines?.[i] !== lastLine }));
  return raw ? list.filter((o) => !o.state.dead) : mergeOutcomes(list);
}

const closingLines = new WeakMap<N, number>();

/** Line of a function body's closing brace (counted once per body: callees run many times). */
function closingLine(body: N, src: string): number {
  let line = closingLines.get(body);
  if (line === undefined) {
    line = body.line;
    for (let i = src.indexOf('\n', body.s); i !== -1 && i < body.e; i = src.indexOf('\n', i + 1)) line++;
    closingLines.set(body, line);
  }
  return line;
}

function gotoTargets(fr: Frame): Map<string, State[]> {
  const f = fr as Frame & { gotos?: Map<string, State[]> };
  f.gotos ??= new Map();
  return f.gotos;
}

/** One statement on one path (the single-path view, for loop bodies and callers that need one state). */
export function exec(n: N, st: State, fr: Frame, run: Run): State {
  return joinAll(execPaths(n, [st], fr, run));
}

const resolver = (fr: Frame, run: Run) => (name: string) => resolveFunction(name, fr, run);

/** A statement on every path; the paths it leaves, merged. */
export function execPaths(n: N, paths: Paths, fr: Frame, run: Run): Paths {
  const live = paths.filter((s) => !s.dead);
  if (n.t === 'labeled_statement') return execLabel(n, live, fr, run);
  if (live.length === 0) return [];
  run.budget--;
  run.at = fr.file.path;
  switch (n.t) {
    case 'compound_statement': {
      let ps = live;
      for (const c of n.c) {
        ps = execPaths(c, ps, fr, run);
        // a label after dead code is still reachable by goto
        if (ps.length === 0 && !n.c.slice(n.c.indexOf(c) + 1).some((x) => x.t === 'labeled_statement')) break;
      }
      return ps;
    }
    case 'expression_statement':
      return markUnfilled(n.c[0], perPath(live, (st) => forkOn(n.c[0], st, fr, run, resolver(fr, run), (s) => {
        for (const c of n.c) if (!assignUninitCopy(c, s, fr, run)) evalExpr(c, s, fr, run);
        return s;
      })), fr, run);
    case 'declaration':
      return perPath(live, (st) => forkOn(initOf(n), st, fr, run, resolver(fr, run), (s) => {
        declare(n, s, fr, run);
        return s;
      }));
    case 'if_statement':
      return mergePaths(live.flatMap((st) => execIf(n, st, fr, run)));
    case 'while_statement':
      return execWhile(n, joinAll(live), fr, run);
    case 'do_statement':
      return execDo(n, joinAll(live), fr, run);
    case 'for_statement':
      return execFor(n, joinAll(live), fr, run);
    case 'switch_statement':
      return execSwitch(n, joinAll(live), fr, run);
    case 'return_statement': {
      const ret = (expr: N | undefined, st: State): void => {
        forkOn(expr, st, fr, run, resolver(fr, run), (s) => {
          const v = expr ? evalExpr(expr, s, fr, run) : UNKNOWN;
          if (s.dead) return;
          const local = frameLocal(v, fr, s) ?? (v.k === 'ref' && v.key.startsWith(`${fr.id}:`) ? localVar(v.key, n) : undefined);
          // C++: returned as an object by value (`std::string f() { char b[8]; …; return b; }`), the contents are copied
          const copied = fr.file.cpp && fr.fn.retType.ptr === 0 && !fr.fn.retType.ref && fr.fn.retType.cls;
          if (local && !copied) reportEscape(local, 'is returned', n, fr, run);
          // C++ `T &f() { T x; …; return x; }`: a reference to a local
          const refTo = fr.file.cpp && fr.fn.retType.ref ? localReturned(expr, fr) : undefined;
          if (refTo) reportEscape(localVar(refTo, n), 'is returned by reference', n, fr, run);
          handOnMembers(expr, s, fr, run);
          fr.retVals.push(v);
          fr.returns.push(s);
          (fr.retLines ??= []).push(n.line);
        });
      };
      // `return p ? 0 : -1;` is two ways out: the caller's test of the result tells them apart
      let e = n.c[0];
      while (e?.t === 'parenthesized_expression' && e.c[0]) e = e.c[0];
      const [cond, yes, no] = e?.t === 'conditional_expression' && e.c.length === 3 ? e.c : [];
      for (const st of live) {
        if (!cond || !yes || !no) {
          ret(n.c[0], st);
          continue;
        }
        const [t, f] = branch(cond, st, fr, run);
        if (!t.dead) ret(yes, t);
        if (!f.dead) ret(no, f);
      }
      return [];
    }
    case 'for_range_loop':
      return fr.file.cpp ? rangeFor(n, joinAll(live), fr, run, (w, s) => execWhile(w, s, fr, run)) : live;
    case 'throw_statement':
      // C++: the path leaves by an exception (what catches it is not followed)
      for (const st of live) for (const c of n.c) evalExpr(c, st, fr, run);
      return [];
    case 'try_statement': {
      // the protected block; a path that throws ends in it
      const body = n.c.find((c) => c.t === 'compound_statement');
      return body ? execPaths(body, live, fr, run) : live;
    }
    case 'break_statement':
      fr.breaks[fr.breaks.length - 1]?.push(...live);
      return [];
    case 'continue_statement':
      fr.conts[fr.conts.length - 1]?.push(...live);
      return [];
    case 'goto_statement': {
      const label = n.c[0] ? text(fr.file, n.c[0]) : '';
      const targets = gotoTargets(fr);
      targets.set(label, [...(targets.get(label) ?? []), ...live]);
      return [];
    }
    case 'preproc_ifdef':
    case 'preproc_if':
    case 'preproc_else':
    case 'preproc_elif': {
      let ps = live;
      for (const c of preprocBranch(n, fr.file.defined, fr.file.src)) ps = execPaths(c, ps, fr, run);
      return ps;
    }
    default:
      return live;
  }
}

/** The initialiser of a one-variable declaration: where a call it makes would split. */
function initOf(n: N): N | undefined {
  const decls = n.c.filter((c) => c.t === 'init_declarator');
  return decls.length === 1 ? decls[0]?.c[1] : undefined;
}

/** The key of the non-static local (or by-value parameter) a `return x;` names. */
function localReturned(e: N | undefined, fr: Frame): string | undefined {
  if (e?.t !== 'identifier') return undefined;
  const name = text(fr.file, e);
  const key = fr.names.get(name);
  if (!key?.startsWith(`${fr.id}:`) || fr.fn.params.some((p) => p.name === name && (p.type.ref || p.type.ptr > 0))) return undefined;
  const stack: N[] = [fr.fn.body];
  while (stack.length > 0) {
    const d = stack.pop() as N;
    if (d.t === 'declaration' && d.c.some((c) => c.t === 'storage_class_specifier' && c.op === 'static') && new RegExp(`\\b${name}\\b`).test(text(fr.file, d))) return undefined;
    for (const c of d.c) stack.push(c);
  }
  return key;
}

/** `return &x;` for a local scalar: described like a local array. */
function localVar(key: string, n: N): Obj {
  return { id: -1, kind: 'stack', elem: 1, slo: 0, shi: Infinity, taint: false, freed: 0, init: 2, escaped: false, line: n.line, name: `'${key.slice(key.indexOf(':') + 1)}'`, local: true };
}

/**
 * `fill(&x);` with its status thrown away: on the outcomes that left x unassigned it stays
 * unassigned however the paths are joined later (a loop's entry), for nothing the program kept
 * tells it which outcome it got (`env_long("BASE", &base);` then `base` read in a loop).
 */
function markUnfilled(e: N | undefined, paths: Paths, fr: Frame, run: Run): Paths {
  let x = e;
  while (x && (x.t === 'cast_expression' || x.t === 'parenthesized_expression') && x.c.length > 0) x = x.c[x.c.length - 1];
  if (x?.t !== 'call_expression' || paths.length < 2) return paths;
  for (const a of x.c[1]?.c ?? []) {
    if (a.t !== 'pointer_expression' || a.op !== '&' || a.c[0]?.t !== 'identifier') continue;
    const key = keyOf(text(fr.file, a.c[0]), fr, run);
    if (!key || !paths.some((s) => s.vars.get(key)?.init === YES)) continue;
    for (const s of paths) {
      const c = s.vars.get(key);
      if (c && c.init === NO && !c.unfilled) s.vars.set(key, { ...c, unfilled: true });
    }
  }
  return paths;
}

function perPath(paths: Paths, fn: (st: State) => State[]): Paths {
  if (paths.length === 1) {
    const out = fn(paths[0] as State);
    return out.length === 1 ? out.filter((s) => !s.dead) : mergePaths(out);
  }
  const out = paths.flatMap(fn);
  return out.length === paths.length && paths.length <= 1 ? out.filter((s) => !s.dead) : mergePaths(out);
}

function execLabel(n: N, live: Paths, fr: Frame, run: Run): Paths {
  const label = n.c[0] ? text(fr.file, n.c[0]) : '';
  const pending = gotoTargets(fr).get(label) ?? [];
  gotoTargets(fr).delete(label);
  const ps = mergePaths([...live, ...pending]);
  return n.c[1] ? execPaths(n.c[1], ps, fr, run) : ps;
}

function execIf(n: N, st: State, fr: Frame, run: Run): Paths {
  const [cond, cons, alt] = n.c;
  if (!cond) return [st];
  const elseBody = alt?.t === 'else_clause' ? alt.c[0] : alt;
  const out: Paths = [];
  for (const [t, f] of forkOn(cond, st, fr, run, resolver(fr, run), (s) => branch(cond, s, fr, run))) {
    if (!t.dead) out.push(...(cons ? execPaths(cons, [t], fr, run) : [t]));
    if (!f.dead) out.push(...(elseBody ? execPaths(elseBody, [f], fr, run) : [f]));
  }
  return out;
}

function execSwitch(n: N, st: State, fr: Frame, run: Run): Paths {
  const [cond, body] = n.c;
  if (!cond || !body) return [st];
  const v = evalExpr(cond, st, fr, run);
  const cases = body.c.filter((c) => c.t === 'case_statement');
  const starts: number[] = [];
  let hasDefault = false;
  cases.forEach((c, i) => {
    if (c.op === 'default') {
      hasDefault = true;
      return;
    }
    const cv = c.c[0] ? evalExpr(c.c[0], st.peek(), fr, run) : UNKNOWN;
    if (v.k === 'int' && v.lo === v.hi && cv.k === 'int' && cv.lo === cv.hi) {
      if (v.lo === cv.lo) starts.push(i);
    } else starts.push(i);
  });
  const known = v.k === 'int' && v.lo === v.hi;
  if (!known || starts.length === 0) cases.forEach((c, i) => c.op === 'default' && starts.push(i));
  fr.breaks.push([]);
  const outs: State[] = [];
  for (const start of starts) {
    let ps: Paths = [st.clone()];
    for (let i = start; i < cases.length && ps.length > 0; i++) {
      const c = cases[i] as N;
      const stmts = c.op === 'default' ? c.c : c.c.slice(1);
      for (const stmt of stmts) ps = execPaths(stmt, ps, fr, run);
    }
    outs.push(...ps);
  }
  const breaks = fr.breaks.pop() ?? [];
  // no case matched and there is no default: the switch did nothing on that path
  if (!hasDefault && !(known && starts.length > 0)) outs.push(st);
  return mergePaths([...outs, ...breaks]);
}

/**
 * `return bf;` of a struct variable: the blocks its members point to leave with the copy the
 * caller receives (which does not carry its members' values), so they are not leaked here.
 */
function handOnMembers(expr: N | undefined, st: State, fr: Frame, run: Run): void {
  if (expr?.t !== 'identifier') return;
  const key = keyOf(text(fr.file, expr), fr, run);
  const type = key ? st.vars.get(key)?.type : undefined;
  if (!key || !type || type.ptr > 0 || type.arr !== undefined || !run.group.structs.has(type.base)) return;
  const prefix = `${key}.`;
  st.vars.forEach((cell, k) => {
    if (k.startsWith(prefix)) escape(cell.v, st);
  });
}

