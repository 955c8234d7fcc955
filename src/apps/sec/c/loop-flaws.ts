/**
 * Infinite loops (CWE-835) where the engine reaches them: the text's progress flaws
 * (progress.ts) on a loop the state says can be entered, a step taken from input that can be 0
 * or point the wrong way, and a test the values show never fails around a body that cannot leave.
 */
import type { N } from './ast.js';
import { resolveFunction } from './call.js';
import { report, text, type FnDef, type Frame, type Run } from './context.js';
import { branch } from './cond.js';
import { evalExpr, quietly } from './eval.js';
import { uncheckedInput } from './arith.js';
import { endlessBody, isConstant, progressFlaw, strip, txt, type LoopScope } from './progress.js';
import type { State } from './state.js';
import { declType, intRange, specType, type CType } from './types.js';
import { originText, type IntV } from './values.js';

const scopes = new WeakMap<N, Omit<LoopScope, 'unsigned' | 'storeKey'>>();

/** Locals, assigned and address-taken names of the function, and the file's volatile globals. */
function scopeOf(fr: Frame): LoopScope {
  const body = fr.fn.body;
  let s = scopes.get(body);
  if (!s) {
    const src = fr.file.src;
    const locals = new Set(fr.fn.params.map((p) => p.name));
    const assigned = new Set<string>();
    const addrTaken = new Set<string>();
    const volatiles = new Set<string>();
    const stack: N[] = [body];
    while (stack.length > 0) {
      const n = stack.pop() as N;
      if (n.t === 'init_declarator' || (n.t === 'declaration' && n.c.some((c) => c.t === 'identifier'))) {
        for (const d of n.t === 'declaration' ? n.c.filter((c) => c.t === 'identifier') : [n.c[0]]) {
          const name = d && declared(d, src);
          if (name) locals.add(name);
        }
      } else if (n.t.endsWith('declarator') && n.c[0]?.t === 'identifier' && n.t !== 'function_declarator') {
        locals.add(src.slice(n.c[0].s, n.c[0].e));
      }
      if (n.t === 'declaration' && /\b(volatile|_Atomic|sig_atomic_t|atomic_\w+)\b/.test(src.slice(n.s, n.e))) {
        for (const d of n.c) {
          const name = d.t.endsWith('declarator') || d.t === 'identifier' ? declared(d, src) : undefined;
          if (name) volatiles.add(name);
        }
      }
      if ((n.t === 'assignment_expression' || n.t === 'update_expression') && n.c[0]?.t === 'identifier') assigned.add(src.slice(n.c[0].s, n.c[0].e));
      if (n.t === 'pointer_expression' && n.op === '&' && n.c[0]?.t === 'identifier') addrTaken.add(src.slice(n.c[0].s, n.c[0].e));
      for (const c of n.c) stack.push(c);
      if (n.parts) for (const p of n.parts) if (p) stack.push(p);
    }
    for (const name of fileVolatiles(fr)) volatiles.add(name);
    s = { src, locals, assigned, addrTaken, volatiles, noreturn: fr.file.noreturn, macros: fr.file.fnMacros, cpp: fr.file.cpp, stored: fileStored(fr) };
    scopes.set(body, s);
  }
  const types = fr.types;
  const storeKey = (lv: string) => memberKey(lv, (name) => types.get(name) ?? fr.fn.params.find((p) => p.name === name)?.type);
  const unsigned = new Set<string>();
  for (const [name, t] of fr.types) if (t.ptr === 0 && t.arr === undefined && intRange(t)?.[0] === 0 && t.base !== 'bool' && t.base !== '_Bool') unsigned.add(name);
  return { ...s, src: fr.file.src, unsigned, storeKey };
}

/** `s->state` with s an `EState *` → `EState.state`; a plain variable → its name. */
function memberKey(lv: string, typeOf: (name: string) => CType | undefined): string | undefined {
  if (/^[A-Za-z_]\w*$/.test(lv)) return lv;
  const m = /^([A-Za-z_]\w*)(?:->|\.)([A-Za-z_]\w*)$/.exec(lv);
  const t = m ? typeOf(m[1] as string) : undefined;
  return m && t ? `${t.base}.${m[2]}` : undefined;
}

const storedCache = new WeakMap<N, Map<string, Set<string>>>();

/**
 * Constants stored into each variable and member (see LoopScope.stored), over every function of
 * the file with the declared types of its locals.
 */
function fileStored(fr: Frame): Map<string, Set<string>> {
  let out = storedCache.get(fr.file.root);
  if (out) return out;
  out = new Map();
  const result = out;
  const src = fr.file.src;
  const open = new Set<string>();
  const note = (key: string | undefined, value: N | undefined) => {
    if (!key || open.has(key)) return;
    if (!value || !isConstant(value, src)) {
      open.add(key);
      result.delete(key);
      return;
    }
    const set = result.get(key) ?? new Set<string>();
    set.add(txt(value, src));
    result.set(key, set);
  };
  for (const fn of fr.file.fns.values()) {
    const types = new Map<string, CType>(fn.params.map((p) => [p.name, p.type]));
    const stack: N[] = [fn.body];
    const assigns: N[] = [];
    while (stack.length > 0) {
      const n = stack.pop() as N;
      if (n.t === 'declaration') {
        const base = specType(n.c.filter((c) => !c.t.endsWith('declarator') && c.t !== 'identifier'), src);
        for (const d of n.c) {
          if (!(d.t.endsWith('declarator') || d.t === 'identifier')) continue;
          const { name, type, init } = declType(d, base, src, () => undefined);
          if (!name) continue;
          types.set(name, type);
          if (init && type.ptr === 0) note(name, init);
        }
      }
      if (n.t === 'assignment_expression' || n.t === 'update_expression') assigns.push(n);
      for (const c of n.c) stack.push(c);
      if (n.parts) for (const c of n.parts) if (c) stack.push(c);
    }
    for (const n of assigns) {
      const target = strip(n.c[0]);
      if (!target || (target.t !== 'identifier' && target.t !== 'field_expression')) continue;
      const key = memberKey(txt(target, src), (name) => types.get(name));
      note(key ?? txt(target, src), n.t === 'assignment_expression' && n.op === '=' ? n.c[1] : undefined);
    }
  }
  storedCache.set(fr.file.root, out);
  return out;
}

const fileVolatileCache = new WeakMap<N, Set<string>>();

/** Globals declared volatile, atomic or sig_atomic_t: a handler or another thread changes them. */
function fileVolatiles(fr: Frame): Set<string> {
  let out = fileVolatileCache.get(fr.file.root);
  if (!out) {
    out = new Set();
    const src = fr.file.src;
    for (const n of fr.file.root.c) {
      if (n.t !== 'declaration' || !/\b(volatile|_Atomic|sig_atomic_t|atomic_\w+)\b/.test(src.slice(n.s, n.e))) continue;
      for (const d of n.c) {
        const name = d.t.endsWith('declarator') || d.t === 'identifier' ? declared(d, src) : undefined;
        if (name) out.add(name);
      }
    }
    fileVolatileCache.set(fr.file.root, out);
  }
  return out;
}

function declared(d: N, src: string): string | undefined {
  let c: N | undefined = d;
  while (c && c.t !== 'identifier') c = c.t === 'function_declarator' ? undefined : c.c.find((x) => x.t === 'identifier' || x.t.endsWith('declarator'));
  return c ? src.slice(c.s, c.e) : undefined;
}

function condOf(loop: N): N | undefined {
  if (loop.t === 'for_statement') return loop.parts?.[1];
  if (loop.t === 'while_statement') return loop.c[0];
  return loop.c[1];
}

/**
 * Whether the loop's test can hold in `st`. (For a do-while this is the test after the first
 * pass; a flaw here means the body changes nothing the test reads, so that is the same.)
 */
function enterable(loop: N, st: State, fr: Frame, run: Run): boolean {
  const cond = condOf(loop);
  if (!cond || st.dead) return !st.dead;
  return !quietly(run, () => branch(cond, st.clone(), fr, run))[0].dead;
}

/** Checks run where the engine reaches a loop, with the state on entry (a for-loop's init done). */
export function judgeLoop(loop: N, st: State, fr: Frame, run: Run): void {
  // a C++ range-for ends with its range (its test is made up: nothing to judge)
  if (run.quiet > 0 || st.dead || loop.c[0]?.t === 'range_remaining') return;
  const flaw = progressFlaw(loop, scopeOf(fr));
  if (flaw && enterable(loop, st, fr, run)) {
    const cond = condOf(loop);
    const test = cond ? `'${text(fr.file, cond).replace(/^\((.*)\)$/s, '$1')}'` : 'its test';
    switch (flaw.kind) {
      case 'never':
        report(fr, flaw.at, {
          rule: 'c.loop.infinite',
          pattern: 'no-progress',
          description: flaw.constant
            ? 'This loop has no way out: its test is always true and its body neither breaks, returns nor does anything else.'
            : `Nothing in this loop's body changes what ${test} reads, and the body never leaves the loop: once entered it never ends.`,
          confidence: 0.8,
        }, run);
        return;
      case 'stuck':
        report(fr, loop, {
          rule: 'c.loop.infinite',
          pattern: flaw.via === 'read' ? 'read-no-eof' : flaw.via === 'field' ? 'zero-length' : 'no-progress',
          description: flaw.via === 'read'
            ? 'The loop moves its counter only by what a read returned; at end of input the read returns 0, the counter stops moving and the loop never ends. Stop when the read returns 0 (or check feof/ferror).'
            : flaw.via === 'field'
              ? `The loop advances only by a length read from the data, which nothing checks against 0: a record with length 0 leaves ${test} as it was and the loop never ends. Reject a 0 length (or advance past the header too).`
              : `On some input this loop goes round without changing what ${test} or its own branches read (a byte no branch handles, a length of 0): it never ends.`,
          confidence: flaw.via === 'field' ? 0.6 : 0.7,
        }, run);
        return;
      case 'unsigned':
        report(fr, loop, {
          rule: 'c.loop.infinite',
          pattern: 'unsigned-ge-zero',
          description: `'${flaw.name}' is unsigned, so ${test} is always true: the loop never ends by its test (the counter wraps around to its maximum).`,
          confidence: 0.8,
        }, run);
        return;
      case 'over':
        report(fr, loop, {
          rule: 'c.loop.infinite',
          pattern: 'step-over',
          description: `'${flaw.name}' moves by ${flaw.step} and the loop stops only when it equals the bound in ${test}: unless the distance is a multiple of ${flaw.step} it steps over the bound and never stops. Test with < or > instead.`,
          confidence: 0.55,
        }, run);
        return;
      case 'away':
        report(fr, loop, {
          rule: 'c.loop.infinite',
          pattern: 'step-away',
          description: `Every step moves '${flaw.name}' away from the bound in ${test}: the test stays true until the counter overflows.`,
          confidence: 0.75,
        }, run);
        return;
    }
  }
  inputStep(loop, st, fr, run);
}

function statefulCalls(cond: N, fr: Frame, run: Run): boolean {
  const stack: N[] = [cond];
  while (stack.length > 0) {
    const n = stack.pop() as N;
    if (n.t === 'call_expression' && n.c[0]?.t === 'identifier') {
      const fn = resolveFunction(text(fr.file, n.c[0]), fr, run);
      if (fn && keepsState(fn)) return true;
    }
    for (const c of n.c) stack.push(c);
  }
  return false;
}

const stateful = new WeakMap<FnDef, boolean>();

/** Has a static local, or assigns something that is neither a parameter nor a local. */
function keepsState(fn: FnDef): boolean {
  let known = stateful.get(fn);
  if (known === undefined) {
    const src = fn.file.src;
    const locals = new Set(fn.params.map((p) => p.name));
    const targets: string[] = [];
    let statics = false;
    const stack: N[] = [fn.body];
    while (stack.length > 0) {
      const n = stack.pop() as N;
      if (n.t === 'storage_class_specifier' && n.op === 'static') statics = true;
      if (n.t === 'declaration') for (const d of n.c) {
        const name = d.t.endsWith('declarator') || d.t === 'identifier' ? declared(d, src) : undefined;
        if (name) locals.add(name);
      }
      if ((n.t === 'assignment_expression' || n.t === 'update_expression') && n.c[0]?.t === 'identifier') targets.push(src.slice(n.c[0].s, n.c[0].e));
      for (const c of n.c) stack.push(c);
      if (n.parts) for (const p of n.parts) if (p) stack.push(p);
    }
    known = statics || targets.some((t) => !locals.has(t));
    stateful.set(fn, known);
  }
  return known;
}

/**
 * `for (x = from; x <= to; x += step)` with step from input: a step of 0 (or one pointing away
 * from the bound) the checks on the path let through never reaches the bound.
 */
function inputStep(loop: N, st: State, fr: Frame, run: Run): void {
  let cond = condOf(loop);
  while (cond && (cond.t === 'parenthesized_expression' || cond.t === 'cast_expression') && cond.c.length > 0) cond = cond.c[cond.c.length - 1];
  if (cond?.t !== 'binary_expression' || !cond.op || !cond.c[0] || !cond.c[1]) return;
  const src = fr.file.src;
  const sides = [cond.c[0], cond.c[1]];
  const vi = sides.findIndex((s) => s.t === 'identifier');
  const v = vi >= 0 ? src.slice((sides[vi] as N).s, (sides[vi] as N).e) : undefined;
  if (!v) return;
  // direction the counter must move for the test to fail: + for `v < b`, - for `v > b`, either for `!=`
  const op = vi === 0 ? cond.op : ({ '<': '>', '<=': '>=', '>': '<', '>=': '<=' } as Record<string, string>)[cond.op] ?? cond.op;
  const need = op === '<' || op === '<=' ? 1 : op === '>' || op === '>=' ? -1 : op === '!=' ? 0 : undefined;
  if (need === undefined) return;
  const steps: Array<{ sign: 1 | -1; by: N }> = [];
  const modifiedInLoop = new Set<string>();
  const update = loop.t === 'for_statement' ? loop.parts?.[2] : undefined;
  const body = loop.t === 'for_statement' ? loop.c[loop.c.length - 1] : loop.t === 'while_statement' ? loop.c[1] : loop.c[0];
  let other = false;
  const stack = [update, body].filter((x): x is N => x !== undefined);
  while (stack.length > 0) {
    const n = stack.pop() as N;
    if ((n.t === 'assignment_expression' || n.t === 'update_expression') && n.c[0]) {
      const target = src.slice(n.c[0].s, n.c[0].e).replace(/\s+/g, '');
      modifiedInLoop.add(target);
      if (target === v) {
        if (n.t === 'assignment_expression' && (n.op === '+=' || n.op === '-=') && n.c[1]) steps.push({ sign: n.op === '+=' ? 1 : -1, by: n.c[1] });
        else other = true;
      }
    }
    if (n.t === 'pointer_expression' && n.op === '&' && n.c[0]) modifiedInLoop.add(src.slice(n.c[0].s, n.c[0].e).replace(/\s+/g, ''));
    for (const c of n.c) stack.push(c);
  }
  if (other || steps.length !== 1) return;
  const { sign, by } = steps[0] as { sign: 1 | -1; by: N };
  if (by.t !== 'identifier' && by.t !== 'field_expression') return;
  const byText = src.slice(by.s, by.e).replace(/\s+/g, '');
  if (modifiedInLoop.has(byText)) return;
  const val = quietly(run, () => evalExpr(by, st.clone(), fr, run));
  if (val.k !== 'int' || !val.taint || val.weak) return;
  const moves = { lo: sign > 0 ? val.lo : -val.hi, hi: sign > 0 ? val.hi : -val.lo };
  const zero = moves.lo <= 0 && moves.hi >= 0 && !val.nz;
  const wrong = need > 0 ? moves.lo <= 0 : need < 0 ? moves.hi >= 0 : zero;
  if (!wrong) return;
  const range = intRange(fr.types.get(byText));
  report(fr, loop, {
    rule: 'c.loop.infinite',
    pattern: 'input-step',
    description: `'${v}' moves by '${byText}', which comes from ${originText(val.origin)} and can be ${zero ? '0' : 'of the wrong sign'} here ([${val.lo}, ${val.hi}]); then '${text(fr.file, cond)}' never becomes false.`,
    confidence: uncheckedInput(val as IntV, range) ? 0.75 : 0.7,
    tier: 'proven',
    trace: val.src !== undefined ? [{ line: val.src, note: val.srcNote ?? 'step set here' }] : [],
  }, run);
}

/**
 * The engine saw the test hold on every pass (a constant, a flag nothing clears, a function
 * that returns 1): with a body that never leaves and does nothing outside, that is a hang.
 */
export function judgeEndless(loop: N, fr: Frame, run: Run): void {
  if (run.quiet > 0 || loop.c[0]?.t === 'range_remaining') return;
  // a function the test calls that keeps state (a static, a global) answers differently each
  // time, which the values here do not follow
  const cond = condOf(loop);
  if (cond && statefulCalls(cond, fr, run)) return;
  const at = endlessBody(loop, scopeOf(fr));
  if (!at) return;
  report(fr, at, {
    rule: 'c.loop.infinite',
    pattern: 'always-true',
    description: 'The test of this loop holds on every pass and its body neither breaks, returns nor does anything outside the loop: it never ends.',
    confidence: 0.75,
  }, run);
}
