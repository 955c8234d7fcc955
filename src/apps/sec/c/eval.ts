/**
 * Expression evaluation over the abstract state: literals, variables, operators, subscripts,
 * dereferences and members. Arithmetic checks live in arith.ts, stores in memory.ts.
 */
import { withinOwnLength, withinPrefix } from './prefix.js';
import type { N } from './ast.js';
import { arith, checkConversion, checkOverflow, plainKey } from './arith.js';
import { report, text, type Frame, type Run } from './context.js';
import { macroBody } from './macros.js';
import { checkDeref, checkIndex } from './access.js';
import { evalCall } from './call.js';
import { asElements, assignObject, evalDelete, evalNew, streamInput, stringConcat } from './cpp.js';
import { qualifiedKey } from './cpp-class.js';
import { isStdString, streamOutput, stringAppend } from './cpp-string.js';
import { addrOf, evalField, withTmRange } from './fields.js';
import { KNOWN_CONSTANTS } from './externs.js';
import { decodeLiteral, literalLength } from './literal.js';
import { assignVar, loaded, loadElement, markWritten, movedRels, newObj, shift, store, writeElement } from './memory.js';
import { arrayCap, keyOf, lvalKey, staticType, typeDescriptor } from './names.js';
import type { Cell, State } from './state.js';
import { derefType, elemSize, intRange, isFloat, sizeOf, specType, type CType } from './types.js';
import { anyInt, int, isConst, joinVal, NO, UNKNOWN, YES, type IntV, type PtrV, type Val } from './values.js';
import { roomLeft } from './lib-input.js';
import { branch } from './cond.js';
import { endOfString, loadSite } from './terminator.js';
import { joinStates } from './state.js';

interface LiteralText {
  raw: string;
  wide: boolean;
  lit?: string;
  len: number;
}
const literalTexts = new WeakMap<N, LiteralText>();

function literalText(n: N, fr: Frame): LiteralText {
  let t = literalTexts.get(n);
  if (!t) {
    const raw = text(fr.file, n);
    // `"%" PRId64`: a literal pieced together with macros has text we do not know
    const lit = n.c.every((c) => c.t === 'string_literal') ? decodeLiteral(raw) : undefined;
    t = { raw, wide: /^[LuU]/.test(raw), lit, len: lit?.length ?? literalLength(raw) };
    literalTexts.set(n, t);
  }
  return t;
}

function stringLiteral(n: N, st: State, fr: Frame, run: Run): PtrV {
  // one object per literal per run (object ids restart with every entry function)
  let id = run.literals.get(n);
  if (id === undefined || !st.objs.has(id)) {
    const { raw, wide, lit, len } = literalText(n, fr);
    // "\0\0\0" is a string of length 0 in a 4-byte array
    const nul = lit?.indexOf('\0') ?? -1;
    const slen = nul >= 0 ? nul : len;
    const obj = newObj(run, st, {
      kind: 'literal', size: (len + 1) * (wide ? 4 : 1), elem: wide ? 4 : 1, slo: slen * (wide ? 4 : 1), shi: slen * (wide ? 4 : 1), taint: false, freed: NO, init: YES,
      escaped: true, line: n.line, name: raw.length > 30 ? `${raw.slice(0, 27)}...` : raw, local: false, lit,
    });
    id = obj.id;
    run.literals.set(n, id);
  }
  return { k: 'ptr', t: [{ o: id, lo: 0, hi: 0 }], nul: NO };
}

const numbers = new WeakMap<N, number | undefined>();

function numberValue(raw: string): number | undefined {
  const t = raw.replace(/[uUlL]+$/, '');
  if (/^0[xX][0-9a-fA-F]+$/.test(t)) return parseInt(t, 16);
  if (/^0[0-7]+$/.test(t)) return parseInt(t, 8);
  const f = Number(t.replace(/[fF]$/, ''));
  return Number.isNaN(f) ? undefined : f;
}

function charValue(raw: string): number {
  const body = raw.replace(/^[LuU]?'/, '').replace(/'$/, '');
  if (!body.startsWith('\\')) return body.codePointAt(0) ?? 0;
  const esc = body.slice(1);
  const simple: Record<string, number> = { n: 10, t: 9, r: 13, '0': 0, '\\': 92, "'": 39, '"': 34, a: 7, b: 8, f: 12, v: 11 };
  if (esc in simple) return simple[esc] as number;
  if (/^x[0-9a-fA-F]+$/.test(esc)) return parseInt(esc.slice(1), 16);
  if (/^[0-7]+$/.test(esc)) return parseInt(esc, 8);
  return esc.codePointAt(0) ?? 0;
}

/** An unassigned variable whose read is reported (arrays are their memory, a struct may be filled member by member). */
function unassigned(key: string, cell: Cell, st: State, run: Run): boolean {
  return cell.init === NO && !(cell.type && (cell.type.arr !== undefined || cell.type.arrUnknown)) && !hasAssignedField(key, st) && !run.loopAssigned?.has(key);
}

/**
 * The never-assigned variable an initialiser or a plain assignment only copies (`T x = y;`,
 * `T x = *p;` where p holds y's address, through parentheses and casts), without reading it as
 * anything else: copying an indeterminate value into a scalar or pointer is not yet a use of it —
 * the copy is what gets used, or overwritten first (`T x = *p; x = fresh(); use(x);`). Nothing is
 * evaluated or reported here.
 */
export function uninitCopy(e: N, st: State, fr: Frame, run: Run): { key: string; cell: Cell; name: string } | undefined {
  let x = e;
  while ((x.t === 'parenthesized_expression' || x.t === 'cast_expression') && x.c.length > 0) x = x.c[x.c.length - 1] as N;
  let key: string | undefined;
  if (x.t === 'identifier') key = keyOf(text(fr.file, x), fr, run);
  else if (x.t === 'pointer_expression' && x.op === '*') {
    let p = x.c[0];
    while (p && p.t === 'parenthesized_expression' && p.c.length > 0) p = p.c[p.c.length - 1];
    const pk = p?.t === 'identifier' ? keyOf(text(fr.file, p), fr, run) : undefined;
    const pc = pk ? st.vars.get(pk) : undefined;
    if (pc && pc.init === YES && pc.v.k === 'ref') key = pc.v.key;
  }
  const cell = key ? st.vars.get(key) : undefined;
  if (!key || !cell || !unassigned(key, cell, st, run)) return undefined;
  // only a scalar or a pointer holds a copy we follow (a struct copy stays a read of the struct)
  const t = cell.type;
  if (!t || t.ref || t.cls || (t.ptr === 0 && run.group.structs.has(t.base))) return undefined;
  return { key, cell, name: text(fr.file, x) };
}

/**
 * `x = y;` as a statement, x a local and y never assigned: x now holds that indeterminate value and
 * a read of x is the use. True when the assignment was taken so (nothing else to evaluate).
 */
export function assignUninitCopy(n: N, st: State, fr: Frame, run: Run): boolean {
  if (n.t !== 'assignment_expression' || n.op !== '=') return false;
  const [lhs, rhs] = n.c;
  const target = lhs?.t === 'identifier' ? keyOf(text(fr.file, lhs), fr, run) : undefined;
  if (!rhs || !target?.startsWith(`${fr.id}:`)) return false;
  const copy = uninitCopy(rhs, st, fr, run);
  return copy !== undefined && storeUninitCopy(target, st.vars.get(target)?.type, n.line, copy, st, run);
}

/**
 * Stores a copy of a never-assigned value (what uninitCopy found) into `key`, a scalar or pointer
 * local of type `type`: it is unassigned as its source was, and a read of it is reported there.
 * False when the target is not one we follow (the caller then evaluates the copy as a read).
 */
export function storeUninitCopy(key: string, type: CType | undefined, line: number, src: { cell: Cell; name: string }, st: State, run: Run): boolean {
  if (!type || type.ref || type.cls || type.arr !== undefined || type.arrUnknown || (type.ptr === 0 && run.group.structs.has(type.base))) return false;
  assignVar(st, key, {
    v: UNKNOWN, init: NO, type, line,
    copyOf: src.cell.copyOf ?? { name: src.name, line: src.cell.line },
    ...(src.cell.split ? { split: true } : {}),
  });
  return true;
}

/** Reads a variable; reports a read of a definitely unassigned scalar. */
function readVar(key: string, n: N, st: State, fr: Frame, run: Run): Val {
  let cell = st.vars.get(key);
  if (!cell && key.startsWith('g:')) cell = initGlobal(key, st, fr, run);
  if (!cell) return UNKNOWN;
  if (unassigned(key, cell, st, run)) {
    const name = text(fr.file, n);
    report(fr, n, {
      rule: 'c.uninit.use',
      pattern: text(fr.file, n),
      description: cell.split
        ? `'${text(fr.file, n)}' is read on a path where no value was assigned to it (other paths assign it).`
        : cell.copyOf
          ? `'${name}' is read, and holds only a copy of '${cell.copyOf.name}', to which no value was ever assigned.`
          : `'${name}' is read before any value was assigned to it.`,
      confidence: cell.split ? 0.6 : 0.8,
      trace: cell.copyOf
        ? [{ line: cell.copyOf.line, note: `'${cell.copyOf.name}' declared without initialiser` }, { line: cell.line, note: `'${name}' set to a copy of it` }]
        : [{ line: cell.line, note: `'${name}' declared without initialiser` }],
    }, run);
    st.vars.set(key, { ...cell, init: YES });
  }
  return cell.v;
}

/**
 * A struct or union some of whose fields were assigned is not "never assigned": copying it whole
 * after setting its fields one by one is the normal way to fill one.
 */
function hasAssignedField(key: string, st: State): boolean {
  const prefix = `${key}.`;
  for (const [k, c] of st.vars) if (k.startsWith(prefix) && c.init !== NO) return true;
  return false;
}

/** Globals start at their initialiser when no function assigns them, else unknown. */
function initGlobal(key: string, st: State, fr: Frame, run: Run) {
  const g = run.group.globals.get(key);
  if (!g) return undefined;
  let v: Val = g.type.ptr > 0 ? { k: 'ptr', t: [], nul: NO } : anyInt();
  if (g.type.arr !== undefined || g.type.arrUnknown) {
    // a global array is memory of its own; what other functions wrote to it is not known here
    const lit = g.init && (g.init.t === 'string_literal' || g.init.t === 'concatenated_string') ? literalLength(text(g.file, g.init)) : undefined;
    const exact = g.isConst && lit !== undefined;
    // a constant table's numbers are known at every place (`{ 5, 10, 25, -1 }`: a sentinel at the end)
    const elem = elemSize({ ...g.type }, run.group.structs) ?? 1;
    let slots: Map<number, Val> | undefined;
    if (g.isConst && g.init?.t === 'initializer_list' && g.init.c.length <= 256 && g.init.c.every((c) => c.t !== 'initializer_pair' && c.t !== 'initializer_list')) {
      const gf: Frame = { ...fr, file: g.file, names: new Map(), types: new Map() };
      slots = new Map();
      for (const [i, item] of g.init.c.entries()) {
        const x = evalExpr(item, st, gf, run);
        if (x.k === 'int' && x.lo === x.hi && Number.isFinite(x.lo)) slots.set(i * elem, { ...x, src: undefined });
      }
      if (slots.size === 0) slots = undefined;
    }
    const obj = newObj(run, st, {
      ...(slots ? { slots } : {}),
      kind: 'global', size: sizeOf(g.type, run.group.structs), elem: elemSize({ ...g.type }, run.group.structs) ?? 1, slo: exact ? lit : 0, shi: exact ? lit : Infinity,
      taint: false, freed: NO, init: YES, escaped: true, line: g.line, name: `'${key.slice(key.lastIndexOf(':') + 1)}'`, local: false,
    });
    v = { k: 'ptr', t: [{ o: obj.id, lo: 0, hi: 0 }], nul: NO };
  } else if (g.init && !run.group.assigned.has(key)) {
    const gf: Frame = { ...fr, file: g.file, names: new Map(), types: new Map() };
    v = evalExpr(g.init, st, gf, run);
  } else if (!g.init && !run.group.assigned.has(key)) {
    v = g.type.ptr > 0 ? { k: 'ptr', t: [], nul: YES } : int(0);
  }
  const cell = { v, init: YES, type: g.type, line: g.line };
  st.vars.set(key, cell);
  // a global struct's array members are memory of their own, like a local struct's
  const info = g.type.ptr === 0 && g.type.arr === undefined ? run.group.structs.get(g.type.base) : undefined;
  for (const [name, f] of info?.fields ?? []) {
    if (f.type.arr === undefined || st.vars.has(`${key}.${name}`)) continue;
    const obj = newObj(run, st, {
      kind: 'global', size: sizeOf(f.type, run.group.structs), elem: elemSize(f.type, run.group.structs) ?? 1, slo: 0, shi: Infinity,
      taint: false, freed: NO, init: YES, escaped: true, line: g.line, name: `'${key.slice(key.lastIndexOf(':') + 1)}.${name}'`, local: false,
    });
    st.vars.set(`${key}.${name}`, { v: { k: 'ptr', t: [{ o: obj.id, lo: 0, hi: 0 }], nul: NO }, init: YES, type: f.type, line: g.line });
  }
  return cell;
}

export function evalExpr(n: N, st: State, fr: Frame, run: Run): Val {
  run.budget--;
  switch (n.t) {
    case 'number_literal': {
      let v = numbers.get(n);
      if (v === undefined && !numbers.has(n)) {
        v = numberValue(text(fr.file, n));
        numbers.set(n, v);
      }
      return v === undefined ? anyInt() : int(v, v, false, n.line);
    }
    case 'char_literal':
      return int(charValue(text(fr.file, n)));
    case 'true':
      return int(1);
    case 'false':
      return int(0);
    case 'null':
      return { k: 'ptr', t: [], nul: YES, nulSrc: { line: n.line, note: 'set to NULL', fromAlloc: false } };
    case 'string_literal':
    case 'concatenated_string':
      return stringLiteral(n, st, fr, run);
    case 'identifier':
      return evalIdentifier(n, st, fr, run);
    case 'parenthesized_expression':
      return n.c[0] ? evalExpr(n.c[0], st, fr, run) : UNKNOWN;
    case 'comma_expression': {
      let v: Val = UNKNOWN;
      for (const c of n.c) v = evalExpr(c, st, fr, run);
      return v;
    }
    case 'cast_expression':
      return evalCast(n, st, fr, run);
    case 'sizeof_expression':
      return evalSizeof(n, st, fr, run);
    case 'assignment_expression':
      return evalAssign(n, st, fr, run);
    case 'update_expression':
      return evalUpdate(n, st, fr, run);
    case 'binary_expression':
      return evalBinary(n, st, fr, run);
    case 'unary_expression':
      return evalUnary(n, st, fr, run);
    case 'pointer_expression':
      return evalPointer(n, st, fr, run);
    case 'subscript_expression':
      return evalSubscript(n, st, fr, run, false);
    case 'field_expression':
      return withTmRange(n, evalField(n, st, fr, run), fr);
    case 'call_expression':
      return evalCall(n, st, fr, run);
    case 'conditional_expression':
      return evalConditional(n, st, fr, run);
    case 'this':
      // the object a member function runs on, held as a variable: `this->m` is its member `m`
      return fr.self ? { k: 'ref', key: fr.self.key } : UNKNOWN;
    case 'qualified_identifier': {
      const key = qualifiedKey(n, fr, run);
      return key ? readVar(key, n, st, fr, run) : UNKNOWN;
    }
    case 'new_expression':
      return evalNew(n, st, fr, run);
    case 'delete_expression':
      return evalDelete(n, st, fr, run);
    default:
      for (const c of n.c) if (c.t.endsWith('expression')) evalExpr(c, st, fr, run);
      return UNKNOWN;
  }
}

/** object-like macros evaluated inside one another at most */
const MACRO_DEPTH = 16;

function evalIdentifier(n: N, st: State, fr: Frame, run: Run): Val {
  const name = text(fr.file, n);
  const key = keyOf(name, fr, run);
  if (key) return readVar(key, n, st, fr, run);
  if (fr.file.fns.has(name) || run.group.fns.has(name)) return { k: 'fn', name };
  const body = macroBody(fr.file, name);
  if (body !== false) {
    // past the step budget too: `if (ret != Z_STREAM_END)` must still tell the paths apart (an
    // unknown constant kept the error path alive, and what it had not set up was then misused);
    // a macro naming itself (`#define stdin stdin`) stops at the depth limit
    if (!body || (run.macroDepth ?? 0) >= MACRO_DEPTH) return UNKNOWN;
    // a macro body is evaluated in the frame that uses it (it may name the frame's locals)
    run.macroDepth = (run.macroDepth ?? 0) + 1;
    try {
      return evalExpr(body, st, fr, run);
    } finally {
      run.macroDepth--;
    }
  }
  if (name === 'NULL') return { k: 'ptr', t: [], nul: YES, nulSrc: { line: n.line, note: 'set to NULL', fromAlloc: false } };
  const c = KNOWN_CONSTANTS[name];
  if (c !== undefined) return int(c, c, false, n.line);
  return UNKNOWN;
}

function evalCast(n: N, st: State, fr: Frame, run: Run): Val {
  const td = n.c[0];
  const inner = n.c[1];
  const v = inner ? evalExpr(inner, st, fr, run) : UNKNOWN;
  if (!td) return v;
  const t = typeDescriptor(td, fr);
  if (t.ptr > 0 && v.k === 'int' && v.lo === 0 && v.hi === 0) return { k: 'ptr', t: [], nul: YES, nulSrc: { line: n.line, note: 'set to NULL', fromAlloc: false } };
  if (v.k === 'int' && t.ptr === 0 && !isFloat(t)) {
    if (isConst(v) && !Number.isInteger(v.lo) && intRange(t)) return int(Math.trunc(v.lo), Math.trunc(v.lo), v.taint, v.src, v.srcNote);
    const r = intRange(t);
    // a constant cast to an unsigned type wraps modulo its range: `(size_t)-1` is SIZE_MAX, the
    // idiom for the largest value (not a negative one a subtraction from it would go below)
    if (r && r[0] === 0 && isConst(v) && Number.isInteger(v.lo) && v.lo < 0 && v.lo >= -(2 ** 31)) {
      const w = Math.min(r[1], r[1] + 1 + v.lo);
      return int(w, w, v.taint, v.src, v.srcNote);
    }
    // `(int)strlen(s)`: a string past INT_MAX bytes is not what the program reads; the length stays non-negative
    if (r && v.srcNote === 'string length' && v.lo >= 0 && v.hi > r[1]) return { ...v, hi: r[1] };
    // a cast of an input keeps it an input over the target range (negative inputs wrap to large unsigned ones)
    // (and values past the top wrap to the bottom: `(short)0xffff` is -1)
    if (r && v.taint && (v.lo < r[0] || v.hi > r[1])) return { ...v, lo: v.hi > r[1] ? r[0] : Math.max(v.lo, r[0]), hi: v.lo < r[0] ? r[1] : Math.min(v.hi, r[1]) };
  }
  return v;
}

function evalSizeof(n: N, st: State, fr: Frame, run: Run): Val {
  const arg = n.c[0];
  if (!arg) return anyInt();
  let size: number | undefined;
  if (arg.t === 'type_descriptor') size = sizeOf(typeDescriptor(arg, fr), run.group.structs);
  else {
    const inner = arg.t === 'parenthesized_expression' && arg.c[0] ? arg.c[0] : arg;
    const body = inner.t === 'identifier' && !keyOf(text(fr.file, inner), fr, run) ? macroBody(fr.file, text(fr.file, inner)) : undefined;
    if (body && (body.t === 'string_literal' || body.t === 'concatenated_string')) {
      // `sizeof ALPHABET` with `#define ALPHABET "abc…"`: the literal's bytes and its terminator
      size = literalLength(text(fr.file, body)) + 1;
    } else if (inner.t === 'identifier' && !keyOf(text(fr.file, inner), fr, run)) {
      // `sizeof(T)` where T is a typedef name parses as an identifier
      const t = specType([{ ...inner, t: 'type_identifier' }], fr.file.src);
      size = sizeOf(t, run.group.structs);
    } else {
      const t = staticType(inner, fr, run);
      size = t ? sizeOf(t, run.group.structs) : undefined;
    }
  }
  return size === undefined ? anyInt() : int(size);
}

export function evalSubscript(n: N, st: State, fr: Frame, run: Run, write: boolean, v?: Val): Val {
  const base = n.c[0];
  const index = n.c[1];
  if (!base || !index) return UNKNOWN;
  const p = evalExpr(base, st, fr, run);
  const iv = evalExpr(index, st, fr, run);
  const idx = iv.k === 'int' ? iv : anyInt();
  const bt = fr.file.cpp ? asElements(staticType(base, fr, run)) : staticType(base, fr, run);
  const size = elemSize(bt, run.group.structs) ?? (p.k === 'ptr' ? (st.objs.get(p.t[0]?.o ?? -1)?.elem ?? 1) : 1);
  const cap = arrayCap(base, fr, run);
  const grown = base.t === 'identifier' && fr.grown !== undefined && fr.grown.has(keyOf(text(fr.file, base), fr, run) ?? '');
  if (p.k === 'ref') {
    if (write) markWritten(p.key, st);
    else readVar(p.key, n, st, fr, run);
    return UNKNOWN;
  }
  if (p.k !== 'ptr') return UNKNOWN;
  // a buffer a loop grows with realloc from NULL is NULL while it holds no element: an index is
  // then gated by the element count, which the join of the loop's paths no longer ties to it
  checkDeref(grown && p.nulSrc?.beforeAlloc ? { ...p, nulSrc: { ...p.nulSrc, empty: true } } : p, base, st, fr, run);
  // `lines[n]` of `char lines[R][C]`: the address of row n, nothing is read
  if (bt?.row !== undefined && !write) {
    // (the element size of such an array is a row's)
    checkIndex(p, idx, size, false, n, st, fr, run, cap, grown);
    return shift(p, idx, size);
  }
  if (write) {
    // `s[--len] = '\0'` with len = strlen(s): a character of whichever string s points to
    writeElement(p, idx, size, v ?? UNKNOWN, n, st, fr, run, cap, grown, withinOwnLength(base, index, st, fr, run));
    return v ?? UNKNOWN;
  }
  // `line[len]` after `strncmp(line, name, len) == 0`: a character of line or its terminator
  if (withinPrefix(base, index, st, fr, run)) return anyInt();
  // `s[len - 1]` with len = strlen(s) >= 1: a character of whichever string s points to
  if (withinOwnLength(base, index, st, fr, run)) return anyInt();
  checkIndex(p, idx, size, false, n, st, fr, run, cap, grown);
  return loadSite(n, loaded(loadElement(p, idx, size, n, st, fr, run), p, bt ? derefType(bt) : undefined, st, run), st, fr, run);
}

function evalPointer(n: N, st: State, fr: Frame, run: Run): Val {
  const arg = n.c[0];
  if (!arg) return UNKNOWN;
  if (n.op === '&') {
    const key = lvalKey(arg, fr, run);
    if (key) {
      const cell = st.vars.get(key);
      const t = cell?.type;
      // &array is the array's address
      if (cell && t && (t.arr !== undefined || t.arrUnknown)) return cell.v;
      return { k: 'ref', key };
    }
    if (arg.t === 'field_expression') return addrOf(arg, st, fr, run);
    if (arg.t === 'subscript_expression') {
      const base = arg.c[0];
      const index = arg.c[1];
      const p = base ? evalExpr(base, st, fr, run) : UNKNOWN;
      const iv = index ? evalExpr(index, st, fr, run) : UNKNOWN;
      if (p.k !== 'ptr' || iv.k !== 'int') return p.k === 'ptr' ? { ...p, t: p.t.map((t) => ({ ...t, lo: -Infinity, hi: Infinity })) } : UNKNOWN;
      const size = elemSize(base ? staticType(base, fr, run) : undefined, run.group.structs) ?? 1;
      checkDeref(p, base ?? arg, st, fr, run);
      return shift(p, iv, size);
    }
    evalExpr(arg, st, fr, run);
    return UNKNOWN;
  }
  const p = evalExpr(arg, st, fr, run);
  if (p.k === 'ref') {
    const whole = readVar(p.key, n, st, fr, run);
    return p.part ? UNKNOWN : whole;
  }
  if (p.k !== 'ptr') return UNKNOWN;
  checkDeref(p, arg, st, fr, run);
  const t = staticType(arg, fr, run);
  const size = elemSize(t, run.group.structs) ?? 1;
  checkIndex(p, int(0), size, false, n, st, fr, run);
  return loadSite(n, loaded(loadElement(p, int(0), size, n, st, fr, run), p, t ? derefType(t) : undefined, st, run), st, fr, run);
}

/** `c ? a : b`: each side is evaluated where the test says it runs (`n < size ? n : size - 1`). */
function evalConditional(n: N, st: State, fr: Frame, run: Run): Val {
  const [c, a, b] = n.c;
  if (!c) return UNKNOWN;
  const [t, f] = branch(c, st.clone(), fr, run);
  let va = a && !t.dead ? evalExpr(a, t, fr, run) : undefined;
  // `n ? n : 1`, `w + h - 2 ? w + h - 2 : 1`: the value the test found non-zero
  if (va?.k === 'int' && a && text(fr.file, a).replace(/\s+/g, '') === text(fr.file, c).replace(/\s+/g, '')) va = { ...va, nz: true };
  const vb = b && !f.dead ? evalExpr(b, f, fr, run) : undefined;
  const after = joinStates(t, f);
  st.vars = after.vars;
  st.objs = after.objs;
  st.rels = after.rels;
  st.dead = after.dead;
  if (!va || !vb) return va ?? vb ?? UNKNOWN;
  if (va.k === 'int' && vb.k === 'int') {
    const j = joinVal(va, vb);
    const le = a && b ? minOfVar([a, va, t], [b, vb, f], fr, run) : undefined;
    return le && j.k === 'int' ? { ...j, le } : j;
  }
  if (va.k === 'ptr' && vb.k === 'ptr') return joinVal(va, vb);
  return va.k === vb.k ? va : joinVal(va, vb);
}

/**
 * `n < CAP ? n : CAP`, `MIN(left, sizeof buf)`: the value is never above the variable one branch
 * names, when the other branch's value is at most that variable on its own path (the test
 * showed it). A read of that many bytes then gives no more than the variable: `left -= got` stays
 * at or above zero.
 */
function minOfVar(x: [N, Val, State], y: [N, Val, State], fr: Frame, run: Run): string | undefined {
  for (const [[e], [oe, ov, os]] of [[x, y], [y, x]] as const) {
    const key = plainKey(e, fr, run);
    if (!key) continue;
    const other = plainKey(oe, fr, run);
    if (other === key) return key;
    const cell = os.vars.get(key)?.v;
    if (ov.k === 'int' && cell?.k === 'int' && Number.isFinite(ov.hi) && ov.hi <= cell.lo) return key;
    if (other && (os.rels.has(`le|${other}|${key}`) || os.rels.has(`lt|${other}|${key}`))) return key;
  }
  return undefined;
}

function evalUnary(n: N, st: State, fr: Frame, run: Run): Val {
  const arg = n.c[0];
  const v = arg ? evalExpr(arg, st, fr, run) : UNKNOWN;
  if (v.k !== 'int') {
    if (n.op === '!' && v.k === 'ptr') return v.nul === YES ? int(1) : v.nul === NO && v.t.length > 0 ? int(0) : int(0, 1);
    return n.op === '!' ? int(0, 1) : UNKNOWN;
  }
  switch (n.op) {
    case '-': {
      // the negation of an unsigned value wraps around: it is unsigned too
      const r = arg ? intRange(staticType(arg, fr, run)) : undefined;
      if (r && r[0] === 0 && r[1] >= 2 ** 31 - 1 && !(v.lo === 0 && v.hi === 0)) return { ...v, lo: 0, hi: r[1], nz: undefined, lenOf: undefined, le: undefined };
      return { ...v, lo: -v.hi, hi: -v.lo };
    }
    case '!':
      return v.lo > 0 || v.hi < 0 || v.nz ? int(0) : v.lo === 0 && v.hi === 0 ? int(1) : int(0, 1);
    case '~':
      return isConst(v) ? int(~v.lo) : anyInt();
    default:
      return v;
  }
}

function evalUpdate(n: N, st: State, fr: Frame, run: Run): Val {
  const arg = n.c[0];
  if (!arg) return UNKNOWN;
  const old = evalExpr(arg, st, fr, run);
  const delta = n.op === '--' ? -1 : 1;
  let nv: Val = old;
  if (old.k === 'int') {
    nv = { ...old, lo: old.lo + delta, hi: old.hi + delta, nz: undefined, lenOf: undefined, le: undefined };
    checkOverflow(nv, old, staticType(arg, fr, run), n, fr, run, n.op === '--' ? 'decrement' : 'increment', undefined, n.op === '--' ? -1 : 1);
  } else if (old.k === 'ptr') {
    const size = elemSize(staticType(arg, fr, run), run.group.structs) ?? 1;
    nv = shift(old, int(delta), size);
  }
  const rels = st.rels;
  store(arg, nv, st, fr, run);
  keepRels(arg, rels, delta, st, fr, run, old.k === 'ptr' ? elemSize(staticType(arg, fr, run), run.group.structs) ?? 1 : 1);
  // `p++` yields the value before the step, `++p` the value after it
  const postfix = /[+-]$/.test(fr.file.src.slice(n.s, n.e).trimEnd());
  return postfix ? old : nv;
}

/**
 * `char r = c + 1;`, `s *= 2` with `short s`: C computes in int and the store wraps; the arithmetic
 * is checked in the type it is stored in (the overflow Juliet and ITC mean). `top` is the node
 * whose value is stored: a +, - or * of it is the one checked so.
 */
export function storedArith<T>(top: N, type: CType | undefined, run: Run, f: () => T): T {
  let e = top;
  while (e.t === 'parenthesized_expression' && e.c[0]) e = e.c[0];
  const r = intRange(type);
  const narrow = type && r && r[1] - r[0] < 2 ** 32 - 1 && (e.t === 'binary_expression' || e.t === 'assignment_expression') && /^[-+*]=?$/.test(e.op ?? '');
  if (!narrow) return f();
  const saved = run.dest;
  run.dest = { node: e, type };
  try {
    return f();
  } finally {
    run.dest = saved;
  }
}

/** Facts about a variable that survive its move by a constant (memory.ts, movedRels). */
function keepRels(lhs: N, before: ReadonlySet<string>, delta: number, st: State, fr: Frame, run: Run, unit = 1): void {
  if (before.size === 0) return;
  const key = lvalKey(lhs, fr, run);
  if (key) for (const r of movedRels(before, key, delta, unit)) st.addRel(r);
}

function evalAssign(n: N, st: State, fr: Frame, run: Run): Val {
  const [lhs, rhs] = n.c;
  if (!lhs || !rhs) return UNKNOWN;
  if (fr.file.cpp) {
    const obj = assignObject(n, st, fr, run);
    if (obj) return obj;
  }
  let v: Val;
  if (n.op === '+=' && isStdString(lhs, fr, run)) {
    const target = evalExpr(lhs, st, fr, run);
    stringAppend(target, evalExpr(rhs, st, fr, run), st);
    return target;
  }
  if (n.op && n.op !== '=') {
    const op = n.op.slice(0, -1);
    const a = evalExpr(lhs, st, fr, run);
    const b = evalExpr(rhs, st, fr, run);
    v = storedArith(n, staticType(lhs, fr, run), run, () => arith(op, a, b, lhs, rhs, n, st, fr, run));
    if ((op === '+' || op === '-') && isConst(b)) {
      const rels = st.rels;
      store(lhs, v, st, fr, run);
      keepRels(lhs, rels, op === '+' ? b.lo : -b.lo, st, fr, run, a.k === 'ptr' ? elemSize(staticType(lhs, fr, run), run.group.structs) ?? 1 : 1);
      return v;
    }
  } else {
    v = storedArith(rhs, staticType(lhs, fr, run), run, () => evalExpr(rhs, st, fr, run));
    reallocOverwrite(lhs, rhs, v, n, st, fr, run);
    checkConversion(v, staticType(lhs, fr, run), rhs, n, fr, run);
    // `want = CAP - used`: want + used <= CAP from here on (until either changes)
    const room = v.k === 'int' ? roomLeft(rhs, st, fr, run) : undefined;
    if (room) v = { ...(v as IntV), sumLe: room };
  }
  store(lhs, v, st, fr, run);
  return v;
}

function reallocOverwrite(lhs: N, rhs: N, _v: Val, n: N, st: State, fr: Frame, run: Run): void {
  let call = rhs;
  while (call.t === 'cast_expression' || call.t === 'parenthesized_expression') call = call.c[call.c.length - 1] ?? call;
  if (call.t !== 'call_expression' || text(fr.file, call.c[0] ?? call).replace(/^(::)?std::/, '') !== 'realloc') return;
  const first = call.c[1]?.c[0];
  if (!first || text(fr.file, first).replace(/\s/g, '') !== text(fr.file, lhs).replace(/\s/g, '')) return;
  const key = lvalKey(lhs, fr, run);
  const before = key ? st.vars.get(key)?.v : undefined;
  if (before?.k === 'ptr' && before.nul === YES) return;
  report(fr, n, {
    rule: 'c.memory.realloc-overwrite',
    pattern: 'realloc',
    description: `If realloc fails, '${text(fr.file, lhs)}' becomes NULL and the old block leaks.`,
    confidence: 0.45,
  }, run);
}

function evalBinary(n: N, st: State, fr: Frame, run: Run): Val {
  const [l, r] = n.c;
  if (!l || !r) return UNKNOWN;
  const op = n.op ?? '';
  if (op === '&&' || op === '||') {
    // the right side runs only where the left one lets it (`qs && param(qs, &v)`: qs is not NULL
    // there), and what it did (a callee's writes) holds on those paths: split on the test as a
    // branch does, then join the outcomes
    const [t, f] = branch(n, st.clone(), fr, run);
    const after = joinStates(t, f);
    st.vars = after.vars;
    st.objs = after.objs;
    st.rels = after.rels;
    st.dead = after.dead;
    return t.dead && !f.dead ? int(0) : f.dead && !t.dead ? int(1) : int(0, 1);
  }
  if (fr.file.cpp && op === '+') {
    const joined = stringConcat(n, st, fr, run);
    if (joined) return joined;
  }
  if (fr.file.cpp && (op === '<<' || op === '>>')) {
    // in C++ these are stream operators unless the left side is an integer
    const input = op === '>>' ? streamInput(n, st, fr, run) : undefined;
    if (input) return input;
    const written = op === '<<' ? streamOutput(n, st, fr, run) : undefined;
    if (written) return written;
    if (!intRange(staticType(l, fr, run))) {
      evalExpr(l, st, fr, run);
      evalExpr(r, st, fr, run);
      return UNKNOWN;
    }
  }
  if (op === '+') {
    const end = endOfString(n, st, fr, run);
    if (end) return end;
  }
  const a = evalExpr(l, st, fr, run);
  const b = evalExpr(r, st, fr, run);
  return arith(op, a, b, l, r, n, st, fr, run);
}

/** Runs `fn` without reporting (re-evaluations for narrowing and constant lengths). */
export function quietly<T>(run: Run, fn: () => T): T {
  run.quiet++;
  try {
    return fn();
  } finally {
    run.quiet--;
  }
}
