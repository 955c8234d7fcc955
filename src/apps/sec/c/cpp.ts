/**
 * The C++ the engine understands beyond C: objects built by constructors (never "unassigned"),
 * `new`/`delete` as allocation and free, `std::array`/`std::vector` as buffers with a size
 * (`v[i]` is checked, `v.at(i)` checks itself), `std::string` as a string buffer, and input from
 * `std::cin >> x` and `std::getline`.
 */
import type { N } from './ast.js';
import { text, type Frame, type Run } from './context.js';
import { checkFreed } from './access.js';
import { evalExpr } from './eval.js';
import { libFree } from './lib-memory.js';
import { newObj } from './memory.js';
import { keyOf, staticType } from './names.js';
import type { State } from './state.js';
import { setString } from './strings.js';
import { stringAppend, stringInit } from './cpp-string.js';
import { intRange, isFloat, sizeOf, specType, type CType } from './types.js';
import { anyInt, int, NO, UNKNOWN, YES, type PtrV, type Val } from './values.js';

/** Scalar typedefs C++ code uses without a class behind them. */
const SCALAR = /^(std::)?(u?int(8|16|32|64)_t|size_t|ssize_t|ptrdiff_t|intptr_t|uintptr_t|wchar_t|char(16|32)_t|bool)$/;

/** A class object (built by a constructor): what a C++ declaration of this type creates. */
export function isClassType(t: CType, cpp: boolean, structs: ReadonlyMap<string, unknown>): boolean {
  if (!cpp || t.ptr > 0 || t.arr !== undefined || t.arrUnknown) return false;
  if (t.cls) return true;
  // a C-style struct of the program is plain data; any other named type in C++ is a class
  return !structs.has(t.base) && sizeOf(t, new Map()) === undefined && !SCALAR.test(t.base);
}

interface Container {
  kind: 'array' | 'vector' | 'string';
  elem: CType;
  count?: number;
}

/** `std::array<T, N>`, `std::vector<T>`, `std::string` from a class type's text. */
function container(t: CType, src: string): Container | undefined {
  const m = /^(?:std::)?(array|vector|basic_string|string|wstring|ostringstream|wostringstream|stringstream)(?:<(.*)>)?$/.exec(t.base);
  if (!m) return undefined;
  // a string stream holds the text written into it (`os << …`, `os.str()`)
  if (m[1] === 'string' || m[1] === 'wstring' || m[1] === 'basic_string' || m[1]?.endsWith('stringstream')) return { kind: 'string', elem: { base: m[1] === 'wstring' ? 'wchar_t' : 'char', ptr: 0, unsigned: false } };
  const args = (m[2] ?? '').split(',').map((a) => a.trim());
  const elem = elemTypeOf(args[0] ?? 'int', src);
  if (m[1] === 'array') return { kind: 'array', elem, count: Number.isInteger(Number(args[1])) ? Number(args[1]) : undefined };
  return { kind: 'vector', elem };
}

function elemTypeOf(name: string, _src: string): CType {
  const ptr = (name.match(/\*/g) ?? []).length;
  const base = name.replace(/\*/g, '').replace(/\bconst\b/g, '').trim();
  const words = base.split(/\s+/);
  const unsigned = words.includes('unsigned');
  const core = words.filter((w) => w !== 'unsigned' && w !== 'signed').join(' ') || 'int';
  return { base: core === 'long int' ? 'long' : core, ptr, unsigned };
}

/**
 * A declaration of a class object: initialised by its constructor. Containers and strings become
 * a buffer the variable points to. Returns false when `type` is no class (C handles it).
 */
export function declareObject(key: string, type: CType, init: N | undefined, d: N, st: State, fr: Frame, run: Run): boolean {
  if (!isClassType(type, fr.file.cpp, run.group.structs)) return false;
  const c = container(type, fr.file.src);
  let v: Val = UNKNOWN;
  if (c) {
    const elem = sizeOf(c.elem, run.group.structs) ?? 1;
    const args = init?.t === 'argument_list' ? init.c.map((a) => evalExpr(a, st, fr, run)) : init && init.t !== 'initializer_list' ? [evalExpr(init, st, fr, run)] : [];
    const n = c.kind === 'array' ? c.count : c.kind === 'vector' && args[0]?.k === 'int' && args[0].lo === args[0].hi ? args[0].lo : c.kind === 'vector' && !init ? 0 : undefined;
    const str = c.kind === 'string';
    const o = newObj(run, st, {
      kind: c.kind === 'array' ? 'stack' : 'unknown', size: str || n === undefined ? undefined : n * elem, elem, slo: 0, shi: str ? 0 : Infinity,
      taint: false, freed: NO, init: YES, escaped: true, line: d.line, name: `'${key.slice(key.indexOf(':') + 1)}'`, local: c.kind === 'array',
    });
    v = { k: 'ptr', t: [{ o: o.id, lo: 0, hi: 0 }], nul: NO };
    if (str) stringInit(v, args[0], st);
  } else if (init?.t === 'argument_list') for (const a of init.c) evalExpr(a, st, fr, run);
  st.vars.set(key, { v, init: YES, type, line: d.line });
  return true;
}

/** `new T(args)`, `new T[n]`: a heap block that never comes back NULL (new throws instead). */
export function evalNew(n: N, st: State, fr: Frame, run: Run): Val {
  const typeNode = n.c.find((c) => /type|identifier|specifier/.test(c.t) && c.t !== 'new_declarator');
  const t = typeNode ? specType([typeNode], fr.file.src) : { base: 'char', ptr: 0, unsigned: false };
  const decl = n.c.find((c) => c.t === 'new_declarator');
  const args = n.c.find((c) => c.t === 'argument_list' || c.t === 'initializer_list');
  for (const a of args?.c ?? []) evalExpr(a, st, fr, run);
  const count = decl?.c[0] ? evalExpr(decl.c[0], st, fr, run) : int(1);
  const elem = sizeOf(t, run.group.structs);
  const size = elem !== undefined && count.k === 'int' && count.lo === count.hi ? elem * count.lo : undefined;
  const nothrow = /\bnothrow\b/.test(text(fr.file, n));
  const o = newObj(run, st, {
    kind: 'heap', size, elem: elem ?? 1, slo: 0, shi: Infinity, taint: false, freed: NO, init: args || isClassType(t, true, run.group.structs) ? YES : NO,
    escaped: false, line: n.line, name: `the ${size ?? '?'}-byte block from new`, local: true, at: { file: fr.file.path, s: n.s, line: n.line },
  });
  return { k: 'ptr', t: [{ o: o.id, lo: 0, hi: 0 }], nul: nothrow ? 1 : NO, ...(nothrow ? { nulSrc: { line: n.line, note: 'new (nothrow) can return NULL', fromAlloc: true } } : {}) };
}

/** `delete p`, `delete[] p`: a free. */
export function evalDelete(n: N, st: State, fr: Frame, run: Run): Val {
  const arg = n.c[0];
  if (!arg) return UNKNOWN;
  return libFree(n, [arg], st, fr, run).v;
}

const STREAMS = /^(std::)?(cin|wcin)$/;

/**
 * `std::cin >> a >> b`: each target is filled from standard input (and a `std::istream` object
 * of the program from a file). Returns undefined when the left operand is no input stream.
 */
export function streamInput(n: N, st: State, fr: Frame, run: Run): Val | undefined {
  const targets: N[] = [];
  let left: N | undefined = n;
  while (left?.t === 'binary_expression' && left.op === '>>') {
    if (left.c[1]) targets.unshift(left.c[1]);
    left = left.c[0];
  }
  if (!left) return undefined;
  const name = text(fr.file, left).replace(/\s+/g, '');
  const t = staticType(left, fr, run);
  const isStream = STREAMS.test(name) || Boolean(t?.cls && /istream|ifstream|stringstream/.test(t.base));
  if (!isStream) return undefined;
  const origin = STREAMS.test(name) ? 'stdin' : 'file';
  run.inputReads++;
  for (const target of targets) {
    const key = target.t === 'identifier' ? keyOf(text(fr.file, target), fr, run) : undefined;
    const cell = key ? st.vars.get(key) : undefined;
    if (!key || !cell) {
      evalExpr(target, st, fr, run);
      continue;
    }
    if (cell.v.k === 'ptr') {
      // a string (or a char buffer): a word of any length
      setString(cell.v, st, { slo: 0, shi: Infinity, taint: true, taintLine: n.line, origin }, 1);
      continue;
    }
    const r = isFloat(cell.type) ? ([-3.4e38, 3.4e38] as [number, number]) : intRange(cell.type) ?? [-(2 ** 31), 2 ** 31 - 1];
    st.vars.set(key, { ...cell, v: { k: 'int', lo: r[0], hi: r[1], taint: true, origin, src: n.line, srcNote: `read from ${name}` }, init: YES });
  }
  return int(0, 1);
}

/**
 * Member calls on library objects: `s.c_str()`, `s.data()` give the buffer; `v.size()` its
 * length; `v.at(i)` is checked; anything that may resize (push_back, resize, append) forgets the
 * size. Undefined when the object is not one we model.
 */
export function memberCall(n: N, st: State, fr: Frame, run: Run): Val | undefined {
  const callee = n.c[0];
  if (callee?.t !== 'field_expression' || !callee.c[0] || !callee.c[1]) return undefined;
  const obj = callee.c[0];
  const method = text(fr.file, callee.c[1]);
  // `os.str().c_str()`: the buffer of the string the inner call gave
  if ((method === 'c_str' || method === 'data') && obj.t === 'call_expression' && obj.c[0]?.t === 'field_expression') {
    const inner = evalExpr(obj, st, fr, run);
    return inner.k === 'ptr' ? ({ ...inner, nul: NO } as PtrV) : UNKNOWN;
  }
  const t = staticType(obj, fr, run);
  const c = t?.cls ? container(t, fr.file.src) : undefined;
  if (!c) return undefined;
  const v = evalExpr(obj, st, fr, run);
  const args = (n.c[1]?.c ?? []).map((a) => evalExpr(a, st, fr, run));
  if (v.k !== 'ptr') return UNKNOWN;
  checkFreed(v, obj, st, fr, run);
  const o = v.t.length === 1 ? st.objs.get(v.t[0]?.o ?? -1) : undefined;
  switch (method) {
    case 'c_str':
    case 'data':
    case 'begin':
    case 'str':
      return { ...v, nul: NO } as PtrV;
    case 'size':
    case 'length':
      return o?.size !== undefined ? int(o.size / o.elem) : o && o.shi !== Infinity && o.size === undefined ? int(o.slo, o.shi) : { ...anyInt(), lo: 0 };
    case 'append':
    case 'push_back':
      if (c.kind === 'string' && args[0]) {
        stringAppend(v, args[0], st);
        return v;
      }
      for (const x of v.t) st.updateObj(x.o, { size: undefined, slo: 0, shi: Infinity, slots: undefined });
      return UNKNOWN;
    case 'at':
    case 'empty':
    case 'front':
    case 'back':
    case 'find':
    case 'compare':
    case 'substr':
      return UNKNOWN;
    default:
      // anything else may change the size and the contents
      for (const x of v.t) st.updateObj(x.o, { size: undefined, slo: 0, shi: Infinity, slots: undefined });
      void args;
      return UNKNOWN;
  }
}

/** `std::getline(in, s)`: s holds a line of any length from the stream. */
export function getlineCpp(args: N[], st: State, fr: Frame, run: Run): Val {
  const [stream, target] = args;
  const from = stream ? text(fr.file, stream).replace(/\s+/g, '') : '';
  if (stream) evalExpr(stream, st, fr, run);
  const v = target ? evalExpr(target, st, fr, run) : UNKNOWN;
  run.inputReads++;
  if (v.k === 'ptr') setString(v, st, { slo: 0, shi: Infinity, taint: true, taintLine: target?.line, origin: STREAMS.test(from) ? 'stdin' : 'file' }, 1);
  return int(0, 1);
}
