/**
 * Calls: functions defined in the analysed group are followed with the caller's argument values
 * (context-sensitive, depth- and budget-limited, so a flaw split across files is seen with the
 * values that make it); library functions use their models; anything else is an unknown call.
 */
import { pairLengths } from './params.js';
import type { N } from './ast.js';
import { report, text, type FnDef, type Frame, type Run } from './context.js';
import { macroBody } from './macros.js';
import { evalExpr } from './eval.js';
import { clampToType, escape, markMemberWritten } from './memory.js';
import { keyOf, staticType } from './names.js';
import { intRange } from './types.js';
import { getlineCpp, libraryObject, memberCall, referenceTarget, refKey } from './cpp.js';
import { classOf, destroyLocals, memberInits, methodCall, methodOf, thisOfUnknown } from './cpp-class.js';
import { stringConstruct } from './cpp-string.js';
import { exec, runPaths } from './exec.js';
import { expandCall, expanding } from './macros.js';
import { adopt, mergeOutcomes, type Outcome } from './paths.js';
import { branch } from './cond.js';
import { FUNCTION_ALIASES } from './externs.js';
import { callLibrary } from './lib.js';
import { markValidated } from './validate.js';
import { joinAll, reachableObjs, referenced, State } from './state.js';
import { joinVal, MAYBE, NO, UNKNOWN, YES, type Obj, type Val } from './values.js';

const MAX_DEPTH = 6;
/**
 * A function of the scan whose inlined analysis cost this many steps in one call (its own heavy
 * callees not counted), or this many in all at this much a call on average, is called as unknown
 * code from then on in its group: the next entry function that reaches inflate() or a zip
 * reader's internals does not spend its budget on them again (zlib: 57 of 275 entry functions
 * ran out of steps, mostly re-inlining the same few callees, and then treated all later calls as
 * unknown anyway). It is still analysed with the values of its first callers (or on its own as
 * an entry function), so its own flaws are found. Per group, in a fixed order: the results do
 * not depend on worker count or scheduling. JSEC_HEAVY / JSEC_HEAVY_TOTAL / JSEC_HEAVY_MEAN
 * override them for experiments (JSEC_HEAVY=1e9 JSEC_HEAVY_TOTAL=1e9: always inline).
 */
const HEAVY = Number(process.env.JSEC_HEAVY ?? 1000);
const HEAVY_TOTAL = Number(process.env.JSEC_HEAVY_TOTAL ?? 2500);
const HEAVY_MEAN = Number(process.env.JSEC_HEAVY_MEAN ?? 200);
const PROFILE = !!process.env.JSEC_PROFILE;

function calleeName(callee: N, st: State, fr: Frame, run: Run): string | undefined {
  let c = callee;
  while (c.t === 'parenthesized_expression' || (c.t === 'pointer_expression' && c.op === '*')) c = c.c[0] ?? c;
  // `std::strcpy`, `::free`: the library function by its plain name
  if (c.t === 'qualified_identifier') return text(fr.file, c).replace(/^.*::/, '').replace(/\s+/g, '');
  if (c.t !== 'identifier') {
    const v = evalExpr(c, st, fr, run);
    return v.k === 'fn' ? v.name : undefined;
  }
  let name = text(fr.file, c);
  if (keyOf(name, fr, run)) {
    const v = evalExpr(c, st, fr, run);
    return v.k === 'fn' ? v.name : undefined;
  }
  // macros naming functions (`#define SNPRINTF snprintf`)
  for (let i = 0; i < 3; i++) {
    const body = macroBody(fr.file, name);
    if (!body || body.t !== 'identifier') break;
    name = fr.file.src.slice(body.s, body.e);
  }
  return FUNCTION_ALIASES[name] ?? name;
}

export function resolveFunction(name: string, fr: Frame, run: Run): FnDef | undefined {
  // inside a member function, the class's own members come first
  if (fr.fn.cls) {
    const cls = fr.fn.owner ?? classOf(fr.fn.cls, run, fr.file);
    const m = cls ? methodOf(cls, name, undefined, run) : undefined;
    if (m) return m;
  }
  // an overloaded C++ name means different functions to different calls (callValue picks)
  if (fr.file.overloads?.has(name)) return undefined;
  return fr.file.fns.get(name) ?? run.group.fns.get(name) ?? run.group.external?.fn(name, fr.file);
}

export function evalCall(n: N, st: State, fr: Frame, run: Run): Val {
  const v = callValue(n, st, fr, run);
  const callee = n.c[0];
  // declared never to return: the path ends here whatever the body we followed (or could not) did
  if (callee?.t === 'identifier' && fr.file.noreturn.size > 0 && fr.file.noreturn.has(text(fr.file, callee))) st.dead = true;
  return v;
}

function callValue(n: N, st: State, fr: Frame, run: Run): Val {
  const callee = n.c[0];
  const argList = n.c[1];
  if (!callee) return UNKNOWN;
  // `static_cast<T>(x)` and friends are casts
  if (fr.file.cpp && callee.t === 'template_function' && /_cast$/.test(text(fr.file, callee.c[0] ?? callee))) {
    const arg = argList?.c[0];
    return arg ? evalExpr(arg, st, fr, run) : UNKNOWN;
  }
  if (fr.file.cpp && callee.t === 'field_expression') {
    const member = memberCall(n, st, fr, run);
    if (member) return member;
  }
  const args = argList ? argList.c : [];
  if (fr.file.cpp) {
    // `obj.f(…)`, `p->f(…)`, `f(…)` inside a member function: the class's member function, on its object
    const m = methodCall(n, st, fr, run);
    if (m) return callMethod(m.fn, args, n, m.self, st, fr, run);
    const made = stringConstruct(n, st, fr, run);
    if (made) return made;
    const built = libraryObject(n, args, st, fr, run);
    if (built) return built;
  }
  const name = calleeName(callee, st, fr, run);
  // std::getline(in, s[, delim]) (POSIX getline takes `&line, &n, stream`)
  if (fr.file.cpp && name === 'getline' && (args.length === 2 || (args.length === 3 && (callee.t === 'qualified_identifier' || !(args[0]?.t === 'pointer_expression' && args[0].op === '&'))))) return getlineCpp(args, st, fr, run);
  const fn = name ? resolveFunction(name, fr, run) ?? overload(name, args, fr, run) : undefined;
  if (fn) return callMethod(fn, args, n, undefined, st, fr, run);
  if (name && fr.file.overloads?.has(name)) return unknownCall(cppUnknownArgs(args, st, fr, run), st);
  if (!name) {
    const vals = fr.file.cpp ? cppUnknownArgs(args, st, fr, run) : args.map((a) => evalExpr(a, st, fr, run));
    return unknownCall(vals, st);
  }
  const macro = expandCall(n, name, fr, run);
  if (macro) return runExpansion(macro.node, macro.statements, name, st, fr, run);
  // assertion macros we cannot see narrow the state; plain `assert` goes to the library models
  // first (a rule may judge the assertion itself) and narrows below only when none takes it
  if (name !== 'assert') {
    const asserted = narrowAssertion(name, n, args, st, fr, run);
    if (asserted) return asserted;
  }
  // a function-like macro we cannot see or expand may assign its plain-name arguments
  if (fr.file.fnMacros.has(name) || /^[A-Z_][A-Z0-9_]*$/.test(name)) {
    // a function-like macro we do not expand may assign its plain-name arguments and write any
    // local array it can name
    for (const key of fr.names.values()) {
      const v = st.vars.get(key)?.v;
      if (v?.k !== 'ptr') continue;
      for (const t of v.t) {
        const o = st.objs.get(t.o);
        if (o?.kind === 'stack' && o.init !== YES) st.updateObj(t.o, { init: YES, initBytes: undefined, unterm: false });
      }
    }
    const vals = args.map((a) => {
      const key = a.t === 'identifier' ? keyOf(text(fr.file, a), fr, run) : undefined;
      if (!key) return evalExpr(a, st, fr, run);
      const cell = st.vars.get(key);
      if (cell && cell.init !== YES) st.vars.set(key, { ...cell, v: UNKNOWN, init: YES });
      return cell?.v ?? UNKNOWN;
    });
    return unknownCall(vals, st);
  }
  if (VA_INIT.has(name)) return vaInit(args, st, fr, run);
  const modelled = callLibrary(name, n, args, st, fr, run);
  if (modelled) return modelled.v;
  const asserted = name === 'assert' ? narrowAssertion(name, n, args, st, fr, run) : undefined;
  if (asserted) return asserted;
  return unknownCall(fr.file.cpp ? cppUnknownArgs(args, st, fr, run) : args.map((a) => evalExpr(a, st, fr, run)), st);
}

/**
 * The overload of `name` a call means: the one whose parameters take this many arguments and
 * agree with them on pointer or not; undefined when that leaves more than one (or none).
 */
function overload(name: string, args: N[], fr: Frame, run: Run): FnDef | undefined {
  const all = fr.file.overloads?.get(name);
  if (!all) return undefined;
  const fits = all.filter((f) => f.params.length === args.length || (f.variadic && f.params.length <= args.length));
  if (fits.length <= 1) return fits[0];
  const kinds = args.map((a) => {
    const t = staticType(a, fr, run);
    return a.t === 'string_literal' || a.t === 'concatenated_string' || (t && (t.ptr > 0 || t.arr !== undefined)) ? 'ptr' : t && intRange(t) ? 'int' : t?.cls ? 'obj' : '?';
  });
  const agree = fits.filter((f) => f.params.every((p, i) => {
    const k = kinds[i];
    if (k === '?' || k === undefined) return true;
    const pk = p.type.ptr > 0 ? 'ptr' : intRange(p.type) ? 'int' : p.type.cls ? 'obj' : '?';
    return pk === '?' || pk === k;
  }));
  return agree.length === 1 ? agree[0] : undefined;
}

/**
 * Follows a call into `fn` of the scan with the caller's values (a member function on object
 * `self`), or treats it as unknown past the depth and budget limits.
 */
export function callMethod(fn: FnDef, args: N[], n: N, self: Frame['self'], st: State, fr: Frame, run: Run): Val {
  const vals = argValues(fn, args, st, fr, run);
  markValidated(fn, vals, st);
  if (fr.depth < MAX_DEPTH && run.budget > 0 && !fr.callers.includes(fn.name) && !run.group.heavy?.has(fn)) {
    const fork = run.fork;
    const i = fork ? fork.nodes.indexOf(n) : -1;
    if (!fork || i < 0) {
      const outs = inline(fn, args, vals, n, st, fr, run, self);
      adopt(st, joinAll(outs.map((o) => o.state)));
      return joinRets(outs, fn, n);
    }
    // the statement splits on this call: the first run that reaches it after the same choices
    // computes the outcomes, the others pick one
    // an outcome may be the caller's own state object (the callee ran on it): keep a copy, or the
    // first replay's changes to that state would show up in the later replays
    const key = `${fork.trail}${i}`;
    let outs = fork.outcomes.get(key);
    if (!outs) {
      outs = lookupOutcomes(inline(fn, args, vals, n, st, fr, run, self), fn, n).map((o) => (o.state === st ? { ...o, state: st.clone() } : o));
      fork.outcomes.set(key, outs);
    }
    const pick = fork.picks[i] ?? 0;
    fork.seen.push({ i, n: outs.length });
    fork.trail += `${i}:${pick},`;
    const o = outs[pick];
    if (!o) return UNKNOWN;
    adopt(st, o.state);
    return o.ret;
  }
  return unknownCall(vals, st);
}

/**
 * The values of a call's arguments; an argument bound to a C++ reference parameter is not read
 * (`parse(s, out)` fills `out`): its current value is passed without an unassigned-read check.
 */
function argValues(fn: FnDef, args: N[], st: State, fr: Frame, run: Run): Val[] {
  return args.map((a, i) => {
    const p = fn.params[i];
    if (p?.type.ref && fr.file.cpp) {
      const key = referenceTarget(a, st, fr, run);
      if (key) return st.vars.get(key)?.v ?? UNKNOWN;
    }
    return evalExpr(a, st, fr, run);
  });
}

/**
 * Arguments of a C++ call we cannot see: a plain variable may be bound to a reference parameter
 * and filled (`std::from_chars(b, e, value)`, a helper declared in a header), so it is not read
 * as unassigned, and counts as assigned afterwards.
 */
function cppUnknownArgs(args: N[], st: State, fr: Frame, run: Run): Val[] {
  return args.map((a) => {
    const key = a.t === 'identifier' ? keyOf(text(fr.file, a), fr, run) : undefined;
    const cell = key ? st.vars.get(key) : undefined;
    if (!key || !cell || cell.init === YES || (cell.type && (cell.type.arr !== undefined || cell.type.arrUnknown))) return evalExpr(a, st, fr, run);
    st.vars.set(key, { ...cell, v: UNKNOWN, init: YES });
    return UNKNOWN;
  });
}

/** The expansion of a function-like macro, evaluated (or run, when it is statements) where it is used. */
function runExpansion(node: N, statements: boolean, name: string, st: State, fr: Frame, run: Run): Val {
  return expanding(name, run, () => {
    if (!statements) return evalExpr(node, st, fr, run);
    adopt(st, exec(node, st, fr, run));
    return UNKNOWN;
  });
}

const ASSERT_TRUE = /^(assert|ASSERT|ASSERT_TRUE|EXPECT_TRUE|CHECK|DCHECK|VERIFY|ENSURE|REQUIRE|g_assert|g_return_if_fail|g_return_val_if_fail|BOOST_ASSERT|Q_ASSERT|Q_CHECK_PTR|assert_true)$/;
const ASSERT_FALSE = /^(ASSERT_FALSE|EXPECT_FALSE)$/;
const ASSERT_NE = /^(ASSERT_NE|EXPECT_NE|CHECK_NE|DCHECK_NE)$/;

/**
 * An assertion we do not expand (`assert(p)`, `ASSERT_TRUE(p != nullptr)`, `CHECK(n < size)`,
 * `ASSERT_NE(p, nullptr)`): past it the condition holds (a failing one ends the path). Only the
 * narrowing: whatever judges the assertion itself (a library model, a rule) runs before it, or
 * calls this once done. Undefined when `name` is no assertion we know.
 */
export function narrowAssertion(name: string, n: N, args: N[], st: State, fr: Frame, run: Run): Val | undefined {
  let cond: N | undefined;
  let want = true;
  if (ASSERT_TRUE.test(name)) cond = args[0];
  else if (ASSERT_FALSE.test(name)) {
    cond = args[0];
    want = false;
  } else if (ASSERT_NE.test(name) && args[0] && args[1]) cond = { t: 'binary_expression', op: '!=', s: n.s, e: n.e, line: n.line, c: [args[0], args[1]] };
  if (!cond) return undefined;
  const [t, f] = branch(cond, st, fr, run);
  adopt(st, want ? t : f);
  for (const a of args.slice(ASSERT_NE.test(name) ? 2 : 1)) evalExpr(a, st, fr, run);
  return UNKNOWN;
}

/**
 * `va_start(ap, last)` / `va_copy(ap, src)` assign `ap`, `setjmp(env)` saves into `env` (a
 * `jmp_buf`, an array type whose typedef the system headers hold): written, not read
 */
const VA_INIT = new Set(['va_start', 'va_copy', '__builtin_va_start', '__builtin_va_copy', 'setjmp', '_setjmp', 'sigsetjmp', '__sigsetjmp']);

function vaInit(args: N[], st: State, fr: Frame, run: Run): Val {
  const [ap, ...rest] = args;
  const key = ap?.t === 'identifier' ? keyOf(text(fr.file, ap), fr, run) : undefined;
  const cell = key ? st.vars.get(key) : undefined;
  if (key && cell) st.vars.set(key, { ...cell, v: UNKNOWN, init: YES });
  for (const a of rest) evalExpr(a, st, fr, run);
  return UNKNOWN;
}

/** Code we cannot see may keep, write or free what it is given; we only stop tracking it. */
function unknownCall(vals: Val[], st: State): Val {
  for (const v of vals) {
    if (v.k === 'ptr') {
      escape(v, st);
      // it may also have written there, and in the blocks reached through the pointers stored there
      // (a container's element array): contents and string lengths are unknown from now on
      // (and may have freed or replaced those: what happens to them is its business)
      for (const id of reachableObjs(v.t.map((t) => t.o), st, 4, false)) st.updateObj(id, { init: YES, initBytes: undefined, unterm: false, slo: 0, shi: Infinity, slots: undefined, escaped: true });
    } else if (v.k === 'ref') {
      // `f(&x)`, `f(&s.member)`: f may fill it (and so the struct it is a member of)
      const cell = st.vars.get(v.key);
      // and it can reach what x, or a member of s, points to: `done(&strm)` may free strm.opaque
      if (cell?.v.k === 'ptr') escape(cell.v, st);
      const members = `${v.key}.`;
      st.vars.forEach((c, k) => {
        if (c.v.k === 'ptr' && k.startsWith(members)) escape(c.v, st);
      });
      st.vars.set(v.key, cell ? { ...cell, v: cell.type && cell.type.ptr > 0 ? { k: 'ptr', t: [], nul: 0 } : UNKNOWN, init: YES } : { v: UNKNOWN, init: YES, line: 0 });
      markMemberWritten(v.key, st);
    }
  }
  return UNKNOWN;
}

/** The outcomes of a lookup (NULL on some ways out, a pointer on others): the NULL says where it came from. */
function lookupOutcomes(outs: Outcome[], fn: FnDef, n: N): Outcome[] {
  if (fn.retType.ptr > 0) outs = outs.map((o) => (ownNull(o.ret, fn) && o.ret.k === 'ptr' ? { ...o, ret: { ...o.ret, nulSrc: { line: n.line, note: `${fn.name}() can return NULL`, fromAlloc: true, lookup: true } } } : o));
  if (fn.retType.ptr === 0 || outs.length < 2) return outs;
  const isNull = (v: Val) => v.k === 'ptr' && v.nul === YES && v.t.length === 0;
  if (outs.every((o) => isNull(o.ret)) || !outs.some((o) => isNull(o.ret))) return outs;
  return outs.map((o) => (isNull(o.ret) ? { ...o, ret: { k: 'ptr', t: [], nul: YES, nulSrc: { line: n.line, note: `${fn.name}() can return NULL`, fromAlloc: true, lookup: true } } } : o));
}

/** A NULL the callee's own code wrote (`return found ? p : NULL;`), not one a caller passed through. */
function ownNull(v: Val, fn: FnDef): boolean {
  if (v.k !== 'ptr' || v.nul !== MAYBE || !v.nulSrc || v.nulSrc.fromAlloc) return false;
  const end = fn.body.line + (fn.file.src.slice(fn.body.s, fn.body.e).match(/\n/g)?.length ?? 0);
  return v.nulSrc.line >= fn.body.line && v.nulSrc.line <= end;
}

function joinRets(outs: readonly Outcome[], fn?: FnDef, n?: N): Val {
  let ret: Val | undefined;
  for (const o of outs) ret = ret ? joinVal(ret, o.ret) : o.ret;
  if (fn && n && ret?.k === 'ptr' && fn.retType.ptr > 0 && ownNull(ret, fn)) return { ...ret, nulSrc: { line: n.line, note: `${fn.name}() can return NULL`, fromAlloc: true, lookup: true } };
  if (!fn || !n || fn.retType.ptr === 0 || outs.length < 2) return ret ?? UNKNOWN;
  // a function of the scan that returns NULL on some of its ways out for these arguments (and a
  // pointer on others) is a lookup: using its result unchecked is a finding, as for getenv
  const isNull = (v: Val) => v.k === 'ptr' && v.nul === YES && v.t.length === 0;
  const others = outs.filter((o) => !isNull(o.ret));
  if (others.length === outs.length || others.length === 0) return ret ?? UNKNOWN;
  let found: Val | undefined;
  for (const o of others) found = found ? joinVal(found, o.ret) : o.ret;
  const base: Val = found?.k === 'ptr' ? found : { k: 'ptr', t: [], nul: MAYBE };
  return { ...base, nul: MAYBE, nulSrc: { line: n.line, note: `${fn.name}() can return NULL`, fromAlloc: true, lookup: true } };
}

/** A function that takes a format's arguments: declared with `...`, or handed a `va_list`. */
export function formatWrapper(fn: FnDef): boolean {
  return fn.variadic || fn.params.some((p) => /^(std::)?(va_list|__gnuc_va_list|__builtin_va_list)$/.test(p.type.base));
}

/** Follows a call into `fn` with the caller's values; its outcomes, the callee's locals removed. */
function inline(fn: FnDef, args: N[], vals: Val[], n: N, st: State, fr: Frame, run: Run, self?: Frame['self']): Outcome[] {
  run.visited.add(fn);
  // literals made before the call (a caller's argument list, `f("x", g())`) outlive it
  const firstObj = run.nextObj;
  const frame: Frame = {
    fn,
    file: fn.file,
    id: run.nextFrame++,
    names: new Map(),
    types: new Map(),
    returns: [],
    retVals: [],
    breaks: [],
    conts: [],
    depth: fr.depth + 1,
    callers: [...fr.callers, fr.fn.name],
    callSites: [...fr.callSites, { line: n.line, note: `call to ${fn.name}`, file: fr.file.path, ctx: fr.file, s: n.s }],
    ...(fn.variadic ? { varargs: vals.slice(fn.params.length) } : {}),
    ...(formatWrapper(fn) ? { fmtSite: formatWrapper(fr.fn) ? fr.fmtSite : { line: n.line, s: n.s, file: fr.file.path } } : {}),
    ...(fn.cls && fn.member !== 'static' ? { self: self ?? thisOfUnknown(fn, st, fr, run) } : {}),
  };
  fn.params.forEach((p, i) => {
    const given = vals[i];
    if (p.type.ref && given?.k === 'ref') {
      // the parameter names the caller's variable
      frame.names.set(p.name, given.key);
      frame.types.set(p.name, { ...p.type, ref: undefined });
      return;
    }
    const key = `${frame.id}:${p.name}`;
    // a C++ reference parameter is another name for the caller's variable
    const refArg = args[i];
    const bound = p.type.ref && refArg ? referenceTarget(refArg, st, fr, run) : undefined;
    if (bound) {
      frame.names.set(p.name, bound);
      frame.types.set(p.name, { ...p.type, ref: undefined });
      return;
    }
    if (p.type.ref) {
      // bound to memory or a temporary: a name of its own, not a local whose address dies here
      const own = refKey(frame, p.name);
      frame.names.set(p.name, own);
      frame.types.set(p.name, { ...p.type, ref: undefined });
      st.vars.set(own, { v: vals[i] ?? UNKNOWN, init: YES, type: { ...p.type, ref: undefined }, line: fn.line });
      return;
    }
    frame.names.set(p.name, key);
    frame.types.set(p.name, p.type);
    // an input the caller's loop left unbounded arrives converted to the parameter's type (a
    // checksum fed back as `uint32_t adler` is at most 2^32-1, so `adler >> 16` is at most 65535);
    // a finite value out of the type's range is kept as it is: it says how the conversion wraps
    const v = given?.k === 'int' && given.taint && (!Number.isFinite(given.lo) || !Number.isFinite(given.hi)) ? clampToType(given, p.type) : given;
    st.vars.set(key, { v: v ?? UNKNOWN, init: YES, type: p.type, line: fn.line });
    // a struct passed by value carries its tracked fields
    const arg = args[i];
    const argKey = arg?.t === 'identifier' ? keyOf(text(fr.file, arg), fr, run) : undefined;
    // a buffer the caller's loop grows with realloc as it fills it arrives with its count: the
    // relation between them, which the loop's widening lost, is lost in here too
    if (argKey && fr.grown?.has(argKey) && p.type.ptr > 0) (frame.grown ??= new Set()).add(key);
    if (argKey && p.type.ptr === 0 && run.group.structs.has(p.type.base)) {
      for (const [k, cell] of [...st.vars]) if (k.startsWith(`${argKey}.`)) st.vars.set(`${key}${k.slice(argKey.length)}`, cell);
    }
  });
  pairLengths(fn, frame, st);
  // a constructor's member initialisers run before its body
  if (fn.inits && frame.self) memberInits(fn.inits, st, frame, run);
  const watched = watchArgs(fn, args, st, frame, fr, run);
  const before = run.budget;
  const heavyBefore = run.heavySpent ?? 0;
  const exits = runPaths(frame, st, run, true);
  calleeLeaks(exits, frame, firstObj, run);
  const outs = mergeOutcomes(exits);
  weigh(fn, before - run.budget, heavyBefore, run);
  // its local objects are destroyed as it returns
  if (fr.file.cpp || fn.file.cpp) for (const o of outs) destroyLocals(frame, o.state, run);
  run.at = fr.file.path;
  // what the callee's tests proved about a parameter it never changes holds for the caller's variable
  if (watched.length > 0) for (const o of outs) narrowArgs(watched, o.state);
  // the callee's locals are gone; keep the states small
  const prefix = `${frame.id}:`;
  const bound = `${frame.id}&`;
  for (const o of outs) {
    const gone: string[] = [];
    o.state.vars.forEach((_, k) => {
      if (k.startsWith(prefix) || k.startsWith(bound)) gone.push(k);
    });
    for (const k of gone) o.state.vars.delete(k);
    for (const r of o.state.rels) if (r.includes(`|${prefix}`)) o.state.dropRels(r.split('|').find((x) => x.startsWith(prefix)) ?? '');
    // and so are its local objects, unless their address got out (reported where it did), and
    // the string literals it made that nothing points to any more (made again when read again)
    const locals: number[] = [];
    o.state.objs.forEach((ob) => {
      if ((ob.kind === 'stack' && ob.frame === frame.id) || (ob.kind === 'literal' && ob.id >= firstObj)) locals.push(ob.id);
    });
    if (locals.length === 0) continue;
    const refs = referenced(o.state);
    for (const id of locals) if (!refs.has(id)) o.state.objs.delete(id);
  }
  if (outs.length === 0) return [{ state: State.deadState(), ret: UNKNOWN }];
  return mergeOutcomes(outs);
}

/**
 * A block the callee allocated and still held when it left by an early `return`, that nothing
 * reaches any more: not the value returned, not a variable of a caller or a global, not memory
 * someone else owns (`if (!usable(h->path)) return -1;` after `h = calloc(…)`). Reported at that
 * return, as the entry function's exits are; then treated as handed on, so it is not reported
 * again where the caller's function ends.
 */
function calleeLeaks(exits: readonly Outcome[], frame: Frame, firstObj: number, run: Run): void {
  // (a struct returned by value may carry the pointer in a member the value does not show)
  if (frame.fn.retType.ptr === 0 && run.group.structs.has(frame.fn.retType.base)) return;
  const own = (k: string) => k.startsWith(`${frame.id}:`) || k.startsWith(`${frame.id}&`);
  for (const o of exits) {
    if (!o.early || o.state.dead || o.line === undefined) continue;
    const cands: Obj[] = [];
    o.state.objs.forEach((ob) => {
      if (ob.id >= firstObj && ob.kind === 'heap' && ob.local && !ob.escaped && ob.freed === NO && !ob.partial && ob.at) cands.push(ob);
    });
    if (cands.length === 0) continue;
    const start: number[] = o.ret.k === 'ptr' ? o.ret.t.map((t) => t.o) : [];
    o.state.vars.forEach((c, k) => {
      if (!own(k) && c.v.k === 'ptr') for (const t of c.v.t) start.push(t.o);
    });
    o.state.objs.forEach((ob) => {
      if (ob.escaped || !ob.local) start.push(ob.id);
    });
    const live = reachableObjs(start, o.state);
    for (const ob of cands) {
      if (live.has(ob.id)) continue;
      const node: N = { t: 'return_statement', s: ob.at?.s ?? 0, e: ob.at?.s ?? 0, line: o.line, c: [] };
      report(frame, node, {
        rule: 'c.memory.leak',
        pattern: ob.name.replace(/^.* from /, ''),
        description: `${ob.name[0]?.toUpperCase() ?? ''}${ob.name.slice(1)} is never freed and no pointer to it survives this return of ${frame.fn.name}().`,
        confidence: 0.7,
        trace: [{ line: ob.line, note: 'allocated here' }],
      }, run);
      o.state.updateObj(ob.id, { escaped: true });
    }
  }
}

/**
 * Counts the steps one inlined call of `fn` took (those of callees found heavy meanwhile aside,
 * so their callers are not judged heavy for them) and marks `fn` heavy past the limits.
 */
function weigh(fn: FnDef, steps: number, heavyBefore: number, run: Run): void {
  const cost = steps - ((run.heavySpent ?? 0) - heavyBefore);
  const spent = (run.group.spent ??= new Map()).get(fn) ?? { steps: 0, calls: 0 };
  spent.steps += cost;
  spent.calls++;
  run.group.spent.set(fn, spent);
  if (cost >= HEAVY || (spent.steps >= HEAVY_TOTAL && spent.steps >= HEAVY_MEAN * spent.calls)) {
    (run.group.heavy ??= new Set()).add(fn);
    run.heavySpent = (run.heavySpent ?? 0) + cost;
  }
  if (PROFILE) {
    const e = (run.prof ??= new Map()).get(fn.name) ?? [fn.name, 0, 0];
    e[1] += steps;
    e[2]++;
    run.prof.set(fn.name, e);
  }
}

/** A caller's variable passed by value to a parameter the callee never assigns. */
interface Watched {
  key: string;
  param: string;
  cell: ReturnType<State['vars']['get']>;
}

const assignedParams = new WeakMap<FnDef, Set<string>>();

/** Names a function assigns, increments or takes the address of (syntactically). */
function assignedIn(fn: FnDef): Set<string> {
  let out = assignedParams.get(fn);
  if (out) return out;
  out = new Set();
  const stack: N[] = [fn.body];
  while (stack.length > 0) {
    const n = stack.pop() as N;
    const target = n.t === 'assignment_expression' || n.t === 'update_expression' || (n.t === 'pointer_expression' && n.op === '&') ? n.c[0] : undefined;
    if (target?.t === 'identifier') out.add(fn.file.src.slice(target.s, target.e));
    for (const c of n.c) stack.push(c);
    if (n.parts) for (const p of n.parts) if (p) stack.push(p);
  }
  assignedParams.set(fn, out);
  return out;
}

function watchArgs(fn: FnDef, args: N[], st: State, frame: Frame, fr: Frame, run: Run): Watched[] {
  const out: Watched[] = [];
  fn.params.forEach((p, i) => {
    const a = args[i];
    if (!a || a.t !== 'identifier' || p.type.ref || frame.names.get(p.name) !== `${frame.id}:${p.name}`) return;
    if (assignedIn(fn).has(p.name)) return;
    const key = keyOf(text(fr.file, a), fr, run);
    const cell = key ? st.vars.get(key) : undefined;
    if (!key || !cell || (cell.v.k !== 'int' && cell.v.k !== 'ptr')) return;
    out.push({ key, param: `${frame.id}:${p.name}`, cell });
  });
  return out;
}

/** Narrows each watched variable, still untouched on this exit, to what the parameter was narrowed to. */
function narrowArgs(watched: readonly Watched[], st: State): void {
  if (st.dead) return;
  for (const w of watched) {
    const cur = st.vars.get(w.key);
    const pv = st.vars.get(w.param)?.v;
    if (!cur || cur !== w.cell || !pv) continue;
    const v = cur.v;
    if (v.k === 'int' && pv.k === 'int') {
      const lo = Math.max(v.lo, pv.lo);
      const hi = Math.min(v.hi, pv.hi);
      if (lo > hi || (lo === v.lo && hi === v.hi)) continue;
      st.vars.set(w.key, { ...cur, v: { ...v, lo, hi, ...(pv.nz ? { nz: true } : {}) } });
    } else if (v.k === 'ptr' && pv.k === 'ptr' && v.nul !== pv.nul && pv.nul === NO && v.t.length > 0) {
      st.vars.set(w.key, { ...cur, v: { ...v, nul: NO, nulSrc: undefined } });
    }
  }
}
