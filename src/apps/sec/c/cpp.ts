/**
 * The C++ the engine understands beyond C: objects built by constructors (never "unassigned"),
 * `new`/`delete` as allocation and free, `std::array`/`std::vector` as buffers with a size
 * (`v[i]` is checked, `v.at(i)` checks itself), `std::string` as a string buffer, and input from
 * `std::cin >> x` and `std::getline`.
 */
import { checkPath, isFileStream, markPathChecked } from './lib-os.js';
import type { N } from './ast.js';
import { text, type FnDef, type Frame, type Run } from './context.js';
import { checkDeref, checkFreed, checkRange, fmtRange } from './access.js';
import { evalExpr, quietly } from './eval.js';
import { addrOf } from './fields.js';
import { fillRef } from './lib-input.js';
import { libFree } from './lib-memory.js';
import { escape, newObj } from './memory.js';
import { arrayCap, keyOf, lvalKey, staticType } from './names.js';
import type { State } from './state.js';
import { isTainted, joinTaint, NO_TAINT, setString, taintOf, taintPatch, type Taint } from './strings.js';
import { declType, intRange, isFloat, sizeOf, specType, type CType } from './types.js';
import { anyInt, int, MAX_OBJECT, NO, UNKNOWN, YES, type IntV, type Obj, type PtrV, type Val } from './values.js';
import { callMethod } from './call.js';
import { classOf, initMembers, methodOf, type ClassInfo } from './cpp-class.js';

/** Scalar typedefs C++ code uses without a class behind them. */
const SCALAR = /^(std::)?(u?int(8|16|32|64)_t|size_t|ssize_t|ptrdiff_t|intptr_t|uintptr_t|wchar_t|char(16|32)_t|bool)$/;

/** A class object (built by a constructor): what a C++ declaration of this type creates. */
export function isClassType(t: CType, cpp: boolean, structs: ReadonlyMap<string, unknown>): boolean {
  if (!cpp || t.ptr > 0 || t.arr !== undefined || t.arrUnknown || t.base === 'auto') return false;
  if (t.cls) return true;
  // a C-style struct of the program is plain data; any other named type in C++ is a class
  return !structs.has(t.base) && sizeOf(t, new Map()) === undefined && !SCALAR.test(t.base);
}

interface Container {
  kind: 'array' | 'vector' | 'string';
  elem: CType;
  count?: number;
}

/** `std::array<T, N>`, `std::vector<T>`, `std::string` from a class type's text; `constOf` reads a named N. */
export function container(t: CType, src: string, constOf?: (name: string) => number | undefined): Container | undefined {
  if (!t.cls || t.ptr > 0) return undefined;
  const m = /^(?:std::)?(array|vector|basic_string|string|wstring|ostringstream|wostringstream|stringstream)(?:<(.*)>)?$/.exec(t.base);
  if (!m) return undefined;
  // a string stream holds the text written into it (`os << …`, `os.str()`)
  if (m[1] === 'string' || m[1] === 'wstring' || m[1] === 'basic_string' || m[1]?.endsWith('stringstream')) return { kind: 'string', elem: { base: m[1] === 'wstring' ? 'wchar_t' : 'char', ptr: 0, unsigned: false } };
  const args = (m[2] ?? '').split(',').map((a) => a.trim());
  const elem = elemTypeOf(args[0] ?? 'int', src);
  if (m[1] === 'array') {
    const n = args[1] ?? '';
    return { kind: 'array', elem, count: Number.isInteger(Number(n)) && n !== '' ? Number(n) : /^[A-Za-z_][\w:]*$/.test(n) ? constOf?.(n.replace(/^.*::/, '')) : undefined };
  }
  return { kind: 'vector', elem };
}

function elemTypeOf(name: string, _src: string): CType {
  const ptr = (name.match(/\*/g) ?? []).length;
  const base = name.replace(/\*/g, '').replace(/\bconst\b/g, '').trim();
  const words = base.split(/\s+/);
  const unsigned = words.includes('unsigned');
  const core = words.filter((w) => w !== 'unsigned' && w !== 'signed').join(' ').replace(/^std::/, '') || 'int';
  return { base: core === 'long int' ? 'long' : core, ptr, unsigned };
}

/**
 * A declaration of a class object: initialised by its constructor. Containers and strings become
 * a buffer the variable points to; an object of a class of the scan gets its members and runs its
 * constructor; `T &r = x;` names x. Returns false when `type` is no class (C handles it).
 */
export function declareObject(key: string, type: CType, init: N | undefined, d: N, st: State, fr: Frame, run: Run): boolean {
  if (!fr.file.cpp) return false;
  if (type.ref) return bindReference(key, type, init, d, st, fr, run);
  const info = type.ptr === 0 && type.arr === undefined && !type.arrUnknown ? classOf(type.base, run, fr.file) : undefined;
  if (info && (info.constructed || info.methods.size > 0)) {
    constructObject(key, info, type, init, d, st, fr, run);
    return true;
  }
  // a plain struct of another file of the directory with this name may not be the type meant here
  // (test files define classes of the same name): an object of a class we do not know
  if (info && info.file !== fr.file && !fr.file.includes.includes(info.file)) {
    if (init?.t === 'argument_list' || init?.t === 'initializer_list') for (const a of init.c) evalExpr(a, st, fr, run);
    st.vars.set(key, { v: UNKNOWN, init: YES, type: { ...type, cls: true }, line: d.line });
    return true;
  }
  if (isSmartPointer(type)) {
    st.vars.set(key, { v: smartPointerInit(init, st, fr, run), init: YES, type, line: d.line });
    return true;
  }
  if (!isClassType(type, true, run.group.structs)) return false;
  // `std::ifstream in(dir + name)`: the stream opens that path
  const first = init?.t === 'argument_list' ? init.c[0] : undefined;
  if (first && isFileStream(type.base)) checkPath(type.base.replace(/^.*::/, ''), first, d, st, fr, run);
  const v = containerObject(type, init, key, d.line, st, fr, run, true);
  if (!v && init?.t === 'argument_list') for (const a of init.c) evalExpr(a, st, fr, run);
  else if (!v && init && init.t !== 'initializer_list') evalExpr(init, st, fr, run);
  st.vars.set(key, { v: v ?? UNKNOWN, init: YES, type, line: d.line });
  return true;
}

/** `T &r = x;`: r is another name for x (when x is a variable or a member of one), else a copy of its value. */
function bindReference(key: string, type: CType, init: N | undefined, d: N, st: State, fr: Frame, run: Run): boolean {
  const name = key.slice(key.indexOf(':') + 1);
  const target = init ? referenceTarget(init, st, fr, run) : undefined;
  if (target) {
    fr.names.set(name, target);
    return true;
  }
  const plain = { ...type, ref: undefined };
  const v = init ? evalExpr(init, st, fr, run) : UNKNOWN;
  // bound to memory (`T &r = a[i];`): not a local of this frame
  const own = refKey(fr, name);
  fr.names.set(name, own);
  fr.types.set(name, plain);
  st.vars.set(own, { v: v.k === 'ref' ? UNKNOWN : v, init: YES, type: plain, line: d.line });
  return true;
}

/** The key of a reference bound to memory the analysis does not hold as a variable: `&r` is not the address of a local. */
export function refKey(fr: Frame, name: string): string {
  return `${fr.id}&${name}`;
}

/** The variable an lvalue names, for binding a reference to it: `x`, `s.m`, `this->m`, `p->m` (p = &s), `*p` (p = &x). */
export function referenceTarget(n: N, st: State, fr: Frame, run: Run): string | undefined {
  let e = n;
  while (e.t === 'parenthesized_expression' && e.c[0]) e = e.c[0];
  const key = lvalKey(e, fr, run);
  if (key) return st.vars.has(key) || key.startsWith('g:') ? key : undefined;
  if (e.t === 'field_expression' || (e.t === 'pointer_expression' && e.op === '*')) {
    const at = quietly(run, () => addrOf(e, st.peek(), fr, run));
    if (at.k === 'ref' && (st.vars.has(at.key) || at.key.startsWith('g:'))) return at.key;
  }
  return undefined;
}

/** The class's own copy constructor (one parameter of the class's type), if it declares one. */
function copyCtorOf(info: ClassInfo): FnDef | undefined {
  return info.methods.get(info.name)?.find((f) => f.params.length === 1 && f.params[0]?.type.base.replace(/^(const\s+)+/, '') === info.name);
}

/** Builds object `key` of class `info`: members, then the constructor that matches the arguments. */
function constructObject(key: string, info: ClassInfo, type: CType, init: N | undefined, d: N, st: State, fr: Frame, run: Run): void {
  const args = init?.t === 'argument_list' || init?.t === 'initializer_list' ? init.c : init ? [init] : [];
  // `T b = a;`, `T b(a);`: a member-wise copy of another object of the class
  const src = args.length === 1 && args[0]?.t === 'identifier' ? keyOf(text(fr.file, args[0]), fr, run) : undefined;
  const srcCell = src ? st.vars.get(src) : undefined;
  const copying = Boolean(src && srcCell?.type?.base === type.base);
  // a copy runs the copy constructor (`C(const C &)`), never another one-argument constructor
  // that only happens to take one argument (`explicit C(size_t n)` would build a fresh, unwritten object)
  const ctor = copying ? copyCtorOf(info) : methodOf(info, info.name, args.length, run);
  st.vars.set(key, { v: UNKNOWN, init: YES, type: { ...type, cls: true }, line: d.line });
  if (copying && !ctor) {
    const prefix = `${src}.`;
    for (const [k, c] of [...st.vars]) if (k.startsWith(prefix)) st.vars.set(`${key}.${k.slice(prefix.length)}`, c);
    return;
  }
  const made = !src && args.length === 1 && args[0] ? staticType(args[0], fr, run) : undefined;
  if (made && made.ptr === 0 && made.base === info.name) {
    // `T x = make();`: the object the call built and returned (copy elided); its constructor ran
    // in there, so its members are written, however they were filled
    evalExpr(args[0] as N, st, fr, run);
    initMembers(key, info, st, fr, run, false, d.line);
    return;
  }
  initMembers(key, info, st, fr, run, true, d.line);
  if (ctor && ctor.params.length >= args.length) callMethod(ctor, args, d, { key, cls: info.name }, st, fr, run);
  else for (const a of args) evalExpr(a, st, fr, run);
}

/** The number a constant outside any class is initialised with (`constexpr size_t kMax = 8;`), else undefined. */
function globalConst(name: string, fr: Frame, run: Run): number | undefined {
  const key = keyOf(name, fr, run);
  const g = key ? run.group.globals.get(key) : undefined;
  // (an array bound must be a constant expression: a name there is a `const` or `constexpr`)
  if (!g?.init || run.group.assigned.has(g.key)) return undefined;
  const raw = text(g.file, g.init).trim().replace(/[uUlLzZ]+$/, '');
  return /^\d+$/.test(raw) ? Number(raw) : /^0[xX][0-9a-fA-F]+$/.test(raw) ? parseInt(raw, 16) : undefined;
}

/**
 * The buffer a library container or string starts as: `std::array<T, N>` N elements (unwritten
 * without `{}`), `std::vector<T> v(n)` n elements, a string what it is built from (`std::string s
 * = argv[1];` is a string from the command line of any length). Undefined for other types.
 */
export function containerObject(type: CType, init: N | undefined, key: string, line: number, st: State, fr: Frame, run: Run, local: boolean, constOf?: (name: string) => number | undefined): Val | undefined {
  // (a class's own constant first, else a constant of the file or namespace: `constexpr size_t kMax = 8;`)
  const c = container(type, fr.file.src, (k) => constOf?.(k) ?? globalConst(k, fr, run));
  if (!c) return undefined;
  const elem = sizeOf(c.elem, run.group.structs) ?? 1;
  const list = init?.t === 'argument_list' || init?.t === 'initializer_list' ? init.c : init ? [init] : [];
  const args = list.map((a) => evalExpr(a, st, fr, run));
  const name = `'${key.slice(key.indexOf(':') + 1).replace(/^this[#~]\d+\./, '')}'`;
  if (c.kind === 'string') {
    // built from a `const char *`: reads it, so it must not be NULL
    if (args.length === 1 && args[0]?.k === 'ptr') checkDeref(args[0], list[0] as N, st, fr, run);
    const from = args.length === 1 ? stringState(args[0] as Val, st) : args.length === 0 ? { slo: 0, shi: 0 } : undefined;
    const o = newObj(run, st, {
      kind: 'unknown', elem, slo: 0, shi: Infinity, taint: false, freed: NO, init: YES, escaped: true, line, name, local: false, ...from,
    });
    return { k: 'ptr', t: [{ o: o.id, lo: 0, hi: 0 }], nul: NO };
  }
  const first = args[0];
  const n = c.kind === 'array' ? c.count
    : init?.t === 'initializer_list' ? list.length
    : first?.k === 'int' && first.lo === first.hi && list.length <= 2 ? first.lo
    : !init ? 0 : undefined;
  // `std::vector<T> v(n)` with n known only as a range: size() is n
  const count = c.kind === 'vector' && n === undefined && first?.k === 'int' && list.length <= 2 && init?.t !== 'initializer_list' ? { ...first, lo: Math.max(0, first.lo) } : undefined;
  const o = newObj(run, st, {
    kind: c.kind === 'array' ? (local ? 'stack' : 'unknown') : 'unknown', size: n === undefined ? undefined : n * elem, elem, slo: 0, shi: Infinity, ...(count ? { count } : {}), ...(count?.taint && count.data ? { dataSized: true } : {}),
    taint: false, freed: NO, init: c.kind === 'array' && !init && local && intRange(c.elem) ? NO : YES, escaped: true, line, name, local: c.kind === 'array' && local,
    ...(c.kind === 'array' && local ? { frame: fr.id } : {}),
  });
  return { k: 'ptr', t: [{ o: o.id, lo: 0, hi: 0 }], nul: NO };
}

/** What a string built from `v` holds: its length and where its characters came from. */
export function stringState(v: Val, st: State): Partial<Obj> | undefined {
  if (v.k !== 'ptr' || v.t.length === 0) return undefined;
  let slo = Infinity;
  let shi = -Infinity;
  let t: Taint = NO_TAINT;
  for (const x of v.t) {
    const o = st.objs.get(x.o);
    if (!o) return undefined;
    slo = Math.min(slo, Math.max(0, o.slo - x.hi));
    shi = Math.max(shi, o.shi - x.lo);
    t = joinTaint(t, taintOf(o));
  }
  return { slo: Math.max(0, slo), shi: Math.max(shi, slo, 0), ...taintPatch(t) };
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
    kind: 'heap', size, elem: elem ?? 1, slo: 0, shi: Infinity, taint: false, freed: NO, init: args || isClassType(t, true, run.group.structs) || classOf(t.base, run, fr.file)?.constructed ? YES : NO,
    escaped: false, line: n.line, name: `the ${size ?? '?'}-byte block from new`, local: true, at: { file: fr.file.path, s: n.s, line: n.line },
    ...(count.k === 'int' && count.taint && count.data ? { dataSized: true } : {}),
  });
  return { k: 'ptr', t: [{ o: o.id, lo: 0, hi: 0 }], nul: nothrow ? 1 : NO, ...(nothrow ? { nulSrc: { line: n.line, note: 'new (nothrow) can return NULL', fromAlloc: true } } : {}) };
}

/** `delete p`, `delete[] p`: a free. */
export function evalDelete(n: N, st: State, fr: Frame, run: Run): Val {
  const arg = n.c[0];
  // `delete this`: an object made elsewhere ends its own life
  if (!arg || arg.t === 'this') return UNKNOWN;
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
      // into a char array: a word of any length, unless std::setw bounds it (as scanf("%s") does)
      if (cell.type && cell.type.arr !== undefined && !targets.some((x) => /\bsetw\s*\(/.test(text(fr.file, x)))) {
        checkRange(cell.v, 0, 0, 1, Infinity, true, target, st, fr, run, {
          what: `${name} >> ${text(fr.file, target)}`, taint: true, trace: [{ line: n.line, note: `a word of any length from ${name}` }],
        });
      }
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
  const smart = callee.op === '.' ? smartPointerCall(n, obj, method, t, st, fr, run) : undefined;
  if (smart) return smart;
  const read = streamRead(n, obj, method, t, st, fr, run);
  if (read) return read;
  const opened = method === 'open' && t?.cls && isFileStream(t.base) ? n.c[1]?.c[0] : undefined;
  if (opened) checkPath(`${t?.base.replace(/^.*::/, '')}::open`, opened, n, st, fr, run);
  if (!t?.cls || !container(t, fr.file.src)) return undefined;
  const v = evalExpr(obj, st, fr, run);
  const args = (n.c[1]?.c ?? []).map((a) => evalExpr(a, st, fr, run));
  if (v.k !== 'ptr') return UNKNOWN;
  checkFreed(v, obj, st, fr, run);
  const o = v.t.length === 1 ? st.objs.get(v.t[0]?.o ?? -1) : undefined;
  const c = container(t, fr.file.src);
  const str = c?.kind === 'string';
  switch (method) {
    case 'c_str':
    case 'data':
    case 'begin':
    case 'str':
      return { ...v, nul: NO } as PtrV;
    case 'size':
    case 'length': {
      if (!str || !o) return o?.size !== undefined ? int(o.size / o.elem) : o?.count ? { ...o.count, lenOf: undefined, le: undefined } : { ...anyInt(), lo: 0 };
      // a string's length, tied to the string as strlen's is: testing it bounds the string
      const len: IntV = { k: 'int', lo: o.slo / o.elem, hi: o.shi / o.elem, taint: o.taint, src: o.taintLine ?? n.line, srcNote: 'string length', lenOf: { o: o.id, off: 0, elem: o.elem } };
      if (o.taint) {
        len.weak = o.weak;
        len.origin = o.origin;
        // as strlen's: as long as the input likes, but no longer than the largest object
        len.hi = Math.min(len.hi, MAX_OBJECT);
      }
      return Number.isFinite(len.hi) || len.taint ? len : { ...anyInt(), lo: 0, lenOf: len.lenOf };
    }
    case 'at':
    case 'empty':
    case 'front':
    case 'back':
    case 'find':
    case 'rfind':
    case 'find_first_of':
    case 'find_last_of':
      // `name.find("..")`, `name.find('/')`: the program looked for what makes a name escape its directory
      if (str && args[0]) markPathChecked(method.startsWith('find_') ? 'strpbrk' : args[0].k === 'int' ? 'strchr' : 'strstr', [v, args[0]], st);
      return UNKNOWN;
    case 'find_first_not_of':
    case 'find_last_not_of':
    case 'compare':
    case 'starts_with':
    case 'ends_with':
    case 'capacity':
      return UNKNOWN;
    case 'substr': {
      // a part of the string: no longer than it, with its characters
      const from = stringState(v, st);
      const s2 = newObj(run, st, { kind: 'unknown', elem: o?.elem ?? 1, slo: 0, shi: Infinity, taint: false, freed: NO, init: YES, escaped: true, line: n.line, name: `the substring of '${text(fr.file, obj)}'`, local: false, ...from, ...(from ? { slo: 0 } : {}) });
      return { k: 'ptr', t: [{ o: s2.id, lo: 0, hi: 0 }], nul: NO };
    }
    case 'copy': {
      // `s.copy(buf, n)`: up to n characters (no more than the string has) into buf, no terminator
      const [dest, count] = args;
      const sl = o ? { lo: o.slo / o.elem, hi: o.shi / o.elem } : { lo: 0, hi: Infinity };
      if (dest?.k === 'ptr' && count?.k === 'int') {
        const hi = Math.min(count.hi, sl.hi);
        checkRange(dest, 0, 0, Math.min(count.lo, sl.lo), hi, true, n, st, fr, run, {
          what: `${text(fr.file, obj)}.copy of ${fmtRange(Math.min(count.lo, sl.lo), hi)} characters`, taint: Boolean(count.taint || o?.taint), weak: count.taint ? count.weak : o?.weak,
          trace: [], cap: n.c[1]?.c[0] ? arrayCap(n.c[1].c[0], fr, run) : undefined, unknownSource: !Number.isFinite(hi),
        });
      }
      if (dest?.k === 'ptr') for (const x of dest.t) st.updateObj(x.o, { init: YES, initBytes: undefined, unterm: false, ...(o?.taint ? taintPatch(taintOf(o)) : {}) });
      return { ...anyInt(), lo: 0 };
    }
    case 'append':
    case 'push_back':
    case 'insert':
    case 'assign':
    case 'replace':
    case 'emplace_back':
    case 'push_front':
    case 'emplace': {
      // what goes in: its characters' origin carries over; pointers put into a container are kept there
      let taint = taintOf(o);
      // a container of strings or of objects holding one: the elements' text is remembered for
      // the loops that take them out again (`for (const auto &e : v)`)
      if (!str) {
        let inner: Taint = { taint: false };
        (n.c[1]?.c ?? []).forEach((a, i) => { inner = joinTaint(inner, elementTaint(a, args[i], st, fr, run)); });
        if (inner.taint) for (const x of v.t) st.updateObj(x.o, { elemTaint: { origin: inner.origin, line: inner.line, weak: inner.weak } });
      }
      for (const a of args) {
        if (a.k === 'ptr') {
          taint = joinTaint(taint, taintOf(isTainted(a, st)));
          escape(a, st);
        } else if (a.k === 'int' && a.taint) taint = joinTaint(taint, { taint: true, weak: a.weak, origin: a.origin, line: a.src });
      }
      for (const x of v.t) st.updateObj(x.o, { size: undefined, count: undefined, slo: method === 'assign' ? 0 : o?.slo ?? 0, shi: Infinity, slots: undefined, init: YES, initBytes: undefined, ...(str && taint.taint ? taintPatch(taint) : {}) });
      return UNKNOWN;
    }
    case 'fill':
      // `a.fill(v)`: every element written, the size kept
      for (const x of v.t) st.updateObj(x.o, { init: YES, initBytes: undefined, slots: undefined, slo: 0, shi: Infinity });
      return UNKNOWN;
    default:
      // anything else may change the size and the contents (a std::array keeps its size)
      for (const x of v.t) st.updateObj(x.o, { size: c?.kind === 'array' ? o?.size : undefined, count: undefined, slo: 0, shi: Infinity, slots: undefined, init: YES, initBytes: undefined });
      return UNKNOWN;
  }
}

/** `std::getline(in, s)`: s holds a line of any length from the stream. */
export function getlineCpp(args: N[], st: State, fr: Frame, run: Run): Val {
  const [stream, target, delim] = args;
  if (delim) evalExpr(delim, st, fr, run);
  const from = stream ? text(fr.file, stream).replace(/\s+/g, '') : '';
  if (stream) evalExpr(stream, st, fr, run);
  const v = target ? evalExpr(target, st, fr, run) : UNKNOWN;
  run.inputReads++;
  if (v.k === 'ptr') setString(v, st, { slo: 0, shi: Infinity, taint: true, taintLine: target?.line, origin: STREAMS.test(from) ? 'stdin' : 'file' }, 1);
  return int(0, 1);
}

const STRING_TYPE = /^(?:(?:::)?std::)?(string|wstring)$/;

/** Is `t` a std::string (or wstring) by value? */
export function isStringType(t: CType | undefined): boolean {
  return Boolean(t && t.ptr === 0 && t.cls && container(t, '')?.kind === 'string');
}

/** A fresh string object holding `from` (length and origin of its characters). */
function newString(from: Partial<Obj> | undefined, elem: number, line: number, name: string, st: State, run: Run): PtrV {
  const o = newObj(run, st, { kind: 'unknown', elem, slo: 0, shi: Infinity, taint: false, freed: NO, init: YES, escaped: true, line, name, local: false, ...from });
  return { k: 'ptr', t: [{ o: o.id, lo: 0, hi: 0 }], nul: NO };
}

/** What one operand of a string `+` adds: a string's length and origin, or one character. */
function piece(v: Val, st: State): { slo: number; shi: number; t: Taint; pathOk?: boolean } {
  if (v.k === 'ptr') {
    const s = stringState(v, st);
    const o = isTainted(v, st);
    return { slo: s?.slo ?? 0, shi: s?.shi ?? Infinity, t: taintOf(o), pathOk: o?.pathOk };
  }
  if (v.k === 'int') return { slo: 1, shi: 1, t: v.taint ? { taint: true, weak: v.weak, origin: v.origin, line: v.src } : NO_TAINT };
  return { slo: 0, shi: Infinity, t: NO_TAINT };
}

/**
 * `std::string(x)`, `std::string(n, c)`, `std::to_string(n)`: a new string, with the length and
 * origin of what it is made from. Undefined for any other call.
 */
export function libraryObject(n: N, args: N[], st: State, fr: Frame, run: Run): Val | undefined {
  const made = makeSmart(n, args, st, fr, run);
  if (made) return made;
  const callee = n.c[0];
  if (!callee || (callee.t !== 'qualified_identifier' && callee.t !== 'identifier')) return undefined;
  const name = text(fr.file, callee).replace(/\s+/g, '');
  if (callee.t === 'identifier' && keyOf(name, fr, run)) return undefined;
  const m = STRING_TYPE.exec(name);
  const elem = m?.[1] === 'wstring' ? 4 : 1;
  if (m && (callee.t === 'qualified_identifier' || !fr.file.fns.has(name))) {
    const vals = args.map((a) => evalExpr(a, st, fr, run));
    const [a, b] = vals;
    if (vals.length === 0) return newString({ slo: 0, shi: 0 }, elem, n.line, 'an empty string', st, run);
    if (vals.length === 1 && a?.k === 'ptr') checkDeref(a, args[0] as N, st, fr, run);
    if (vals.length === 2 && a?.k === 'int' && b?.k === 'int') return newString({ slo: Math.max(0, a.lo) * elem, shi: a.hi * elem }, elem, n.line, `a ${name}`, st, run);
    return newString(a && a.k === 'ptr' ? stringState(a, st) : undefined, elem, n.line, `a ${name}`, st, run);
  }
  if (/^(std::)?to_w?string$/.test(name) && (callee.t === 'qualified_identifier' || !fr.file.fns.has(name))) {
    const v = args[0] ? evalExpr(args[0], st, fr, run) : UNKNOWN;
    const t: Taint = v.k === 'int' && v.taint ? { taint: true, weak: v.weak, origin: v.origin, line: v.src } : NO_TAINT;
    return newString({ slo: 1, shi: 24, ...(t.taint ? taintPatch(t) : {}) }, name.includes('wstring') ? 4 : 1, n.line, `the text of ${text(fr.file, args[0] ?? n)}`, st, run);
  }
  return undefined;
}

/** `a + b` where a side is a std::string: a new string as long as both, with the origin of both. */
/**
 * A std::string, or a `+` with one on either side (`"a \"" + s + "\""` is `("a \"" + s) + "\""`:
 * the left sum is a std::string although no declaration says so).
 */
function stringTyped(x: N, fr: Frame, run: Run): boolean {
  if (isStringType(staticType(x, fr, run))) return true;
  if (x.t === 'parenthesized_expression' && x.c.length === 1 && x.c[0]) return stringTyped(x.c[0], fr, run);
  return x.t === 'binary_expression' && x.op === '+' && x.c.length === 2 && x.c.some((c) => stringTyped(c, fr, run));
}

export function stringConcat(n: N, st: State, fr: Frame, run: Run): Val | undefined {
  const [l, r] = n.c;
  if (!l || !r || n.op !== '+') return undefined;
  if (!stringTyped(l, fr, run) && !stringTyped(r, fr, run)) return undefined;
  const a = piece(evalExpr(l, st, fr, run), st);
  const b = piece(evalExpr(r, st, fr, run), st);
  const t = joinTaint(a.t, b.t);
  // a name checked for '/' and '..' stays checked inside the path it is joined into
  const pathOk = (!a.t.taint || a.pathOk) && (!b.t.taint || b.pathOk);
  return newString({ slo: a.slo + b.slo, shi: a.shi + b.shi, ...(t.taint ? taintPatch(t, pathOk) : {}) }, 1, n.line, 'the concatenated string', st, run);
}

/**
 * Assignments to C++ objects: `s = x` and `s += x` for a std::string change the string the
 * variable holds (its object stays), `a = b` for an object of a class of the scan copies b's
 * members. Undefined when the left side is neither.
 */
export function assignObject(n: N, st: State, fr: Frame, run: Run): Val | undefined {
  const [lhs, rhs] = n.c;
  if (!lhs || !rhs || (n.op !== '=' && n.op !== '+=')) return undefined;
  const t = staticType(lhs, fr, run);
  if (!t || t.ptr > 0 || !t.cls) {
    const info = t && t.ptr === 0 && n.op === '=' ? classOf(t.base, run, fr.file) : undefined;
    const key = info ? lvalKey(lhs, fr, run) : undefined;
    // a class with its own copy assignment (a deep copy, rule of three): that runs, not a member-wise copy
    const own = info && key ? methodOf(info, 'operator=', 1, run) : undefined;
    if (info && key && own) {
      callMethod(own, [rhs], n, { key, cls: info.name }, st, fr, run);
      return { k: 'ref', key };
    }
    const src = info && rhs.t === 'identifier' ? keyOf(text(fr.file, rhs), fr, run) : undefined;
    if (!key || !src || key === src) return undefined;
    const prefix = `${src}.`;
    for (const [k, c] of [...st.vars]) if (k.startsWith(prefix)) st.vars.set(`${key}.${k.slice(prefix.length)}`, c);
    return { k: 'ref', key };
  }
  if (!isStringType(t)) return undefined;
  const dest = evalExpr(lhs, st, fr, run);
  const v = evalExpr(rhs, st, fr, run);
  if (v.k === 'ptr' && !isStringType(staticType(rhs, fr, run))) checkDeref(v, rhs, st, fr, run);
  if (dest.k !== 'ptr') return UNKNOWN;
  const add = piece(v, st);
  for (const x of dest.t) {
    const o = st.objs.get(x.o);
    if (!o) continue;
    if (n.op === '=') st.updateObj(x.o, { slo: add.slo, shi: add.shi, init: YES, slots: undefined, ...taintPatch(add.t) });
    else {
      const t2 = joinTaint(taintOf(o), add.t);
      st.updateObj(x.o, { slo: o.slo + add.slo, shi: o.shi + add.shi, slots: undefined, ...(t2.taint ? taintPatch(t2) : {}) });
    }
  }
  return dest;
}

/**
 * A parameter that is a C++ object, of a function analysed on its own: a string of any length
 * (from the callers of an exported function: their data), a container of unknown size, an object
 * of a class of the scan with members of unknown value. Undefined for other types.
 */
export function paramObject(key: string, name: string, type: CType, exported: boolean, fr: Frame, st: State, run: Run, constOf?: (name: string) => number | undefined): Val | undefined {
  if (type.ptr > 0 || type.arr !== undefined) return undefined;
  const c = container(type, fr.file.src, constOf);
  if (c) {
    const elem = sizeOf(c.elem, run.group.structs) ?? 1;
    const caller = exported && (c.kind === 'string' || (c.elem.ptr === 0 && elem === 1));
    const o = newObj(run, st, {
      kind: 'unknown', size: c.kind === 'array' && c.count !== undefined ? c.count * elem : undefined, elem, slo: 0, shi: Infinity,
      taint: caller, ...(caller ? { weak: true, origin: 'caller' as const, taintLine: fr.fn.line } : {}),
      freed: NO, init: YES, escaped: true, line: fr.fn.line, name: `the ${c.kind} '${name}'`, local: false,
    });
    return { k: 'ptr', t: [{ o: o.id, lo: 0, hi: 0 }], nul: NO };
  }
  const info = classOf(type.base, run, fr.file);
  if (!info) return type.cls ? UNKNOWN : undefined;
  st.vars.set(key, { v: UNKNOWN, init: YES, type: { ...type, ref: undefined }, line: fr.fn.line });
  initMembers(key, info, st, fr, run, false, fr.fn.line);
  return UNKNOWN;
}

const NAMED_CAST = /^(static|reinterpret|const|dynamic)_cast$/;

/**
 * Rewrites C++ casts into the C cast node the engine knows (`(T)x`), in place: `static_cast<T>(x)`
 * and the other named casts, `T(x)` for a built-in type, `T{x}` of one value. Conditions, loops
 * and arithmetic then see through them as they do through C casts.
 */
export function cppCasts(root: N, src: string): void {
  const stack: N[] = [root];
  const inBody = new WeakSet<N>();
  while (stack.length > 0) {
    const n = stack.pop() as N;
    const body = n.t === 'compound_statement' || inBody.has(n);
    for (let i = 0; i < n.c.length; i++) {
      const c = n.c[i] as N;
      const cast = castOf(c, src) ?? (body && n.t === 'declaration' ? vexingParse(c) : undefined);
      if (cast) n.c[i] = cast;
      if (body) inBody.add(n.c[i] as N);
      stack.push(n.c[i] as N);
    }
    if (n.parts) for (let i = 0; i < n.parts.length; i++) {
      const p = n.parts[i];
      if (!p) continue;
      const cast = castOf(p, src);
      if (cast) n.parts[i] = cast;
      stack.push(n.parts[i] as N);
    }
  }
}

/**
 * `std::vector<char> buf(len);` inside a function parses as the declaration of a function `buf`
 * taking a `len` (the "most vexing parse"): a declarator whose parameters are each a bare name
 * is an object built from those arguments.
 */
function vexingParse(n: N): N | undefined {
  if (n.t !== 'function_declarator') return undefined;
  const [name, params] = n.c;
  if (name?.t !== 'identifier' || params?.t !== 'parameter_list' || params.c.length === 0) return undefined;
  const args: N[] = [];
  for (const p of params.c) {
    const only = p.t === 'parameter_declaration' && p.c.length === 1 ? p.c[0] : undefined;
    if (only?.t !== 'type_identifier') return undefined;
    args.push({ ...only, t: 'identifier' });
  }
  return { t: 'init_declarator', s: n.s, e: n.e, line: n.line, c: [name, { t: 'argument_list', s: params.s, e: params.e, line: params.line, c: args }] };
}

function castOf(n: N, src: string): N | undefined {
  const [callee, args] = n.c;
  if (n.t === 'call_expression' && callee?.t === 'template_function' && args?.t === 'argument_list' && args.c.length === 1) {
    const name = callee.c[0];
    const td = callee.c[1]?.c[0];
    if (name && td?.t === 'type_descriptor' && NAMED_CAST.test(src.slice(name.s, name.e))) return { t: 'cast_expression', s: n.s, e: n.e, line: n.line, c: [td, args.c[0] as N] };
  }
  // `int(x)`, `unsigned(x)`: a functional cast of a built-in type
  if (n.t === 'call_expression' && (callee?.t === 'primitive_type' || callee?.t === 'sized_type_specifier') && args?.t === 'argument_list' && args.c.length === 1) {
    return { t: 'cast_expression', s: n.s, e: n.e, line: n.line, c: [{ t: 'type_descriptor', s: callee.s, e: callee.e, line: callee.line, c: [callee] }, args.c[0] as N] };
  }
  // `std::uint32_t{x}`: one value of a scalar type
  if (n.t === 'compound_literal_expression' && callee && args?.t === 'initializer_list' && args.c.length === 1 && callee.t !== 'type_descriptor') {
    const t = specType([callee], src);
    if (!t.cls && (intRange(t) || isFloat(t))) return { t: 'cast_expression', s: n.s, e: n.e, line: n.line, c: [{ t: 'type_descriptor', s: callee.s, e: callee.e, line: callee.line, c: [callee] }, args.c[0] as N] };
  }
  return undefined;
}

/** `auto x = e;`, `auto *p = e;`, `const auto &r = e;`: the type of e (pointer and reference as written). */
export function autoType(declared: CType, init: N | undefined, fr: Frame, run: Run): CType {
  const t = init && init.t !== 'initializer_list' && init.t !== 'argument_list' ? staticType(init, fr, run) : undefined;
  // unknown: the value decides (no type of its own to clamp to or to scale pointer steps by)
  if (!t) return { ...declared, base: 'auto' };
  return { ...t, ref: declared.ref, ptr: Math.max(t.ptr, declared.ptr) };
}

/** A std::array/vector/string type seen as a pointer to its elements (`v[i]` reads one), else `t`. */
export function asElements(t: CType | undefined): CType | undefined {
  if (!t?.cls || t.ptr > 0) return t;
  const c = container(t, '');
  return c ? { ...c.elem, ptr: c.elem.ptr + 1 } : t;
}

/**
 * `for (T x : range) body`: the body runs as a loop as many times as the range has elements, with
 * `x` an element nothing is known about (an object of a class of the scan gets members of
 * unknown value).
 */
/** The outside text a value put into a container carries: its own, or that of the strings among its members. */
function elementTaint(node: N, v: Val | undefined, st: State, fr: Frame, run: Run): Taint {
  if (v?.k === 'ptr') return taintOf(isTainted(v, st));
  const key = node.t === 'identifier' ? lvalKey(node, fr, run) : undefined;
  let t: Taint = { taint: false };
  if (!key) return t;
  const prefix = `${key}.`;
  for (const [k, c] of st.vars) if (k.startsWith(prefix) && c.v.k === 'ptr' && isStringType(c.type)) t = joinTaint(t, taintOf(isTainted(c.v, st)));
  return t;
}

/** The loop variable of a range-for over a container holding outside text holds it too (itself, or its string members). */
function taintElement(key: string, from: NonNullable<Obj['elemTaint']>, st: State): void {
  const patch: Partial<Obj> = { taint: true, origin: from.origin, taintLine: from.line, weak: from.weak };
  const mark = (v: Val | undefined) => {
    if (v?.k === 'ptr') for (const x of v.t) st.updateObj(x.o, patch);
  };
  mark(st.vars.get(key)?.v);
  const prefix = `${key}.`;
  for (const [k, c] of st.vars) if (k.startsWith(prefix) && isStringType(c.type)) mark(c.v);
}

export function rangeFor(n: N, st: State, fr: Frame, run: Run, loop: (w: N, st: State) => State[]): State[] {
  const body = n.c[n.c.length - 1];
  const d = n.c.findIndex((c) => c.t.endsWith('declarator') || c.t === 'identifier');
  const range = d >= 0 ? n.c[d + 1] : undefined;
  if (!body || d < 0 || !range || range === body) return [st];
  const rv = evalExpr(range, st, fr, run);
  const from = rv.k === 'ptr' ? rv.t.map((x) => st.objs.get(x.o)?.elemTaint).find((e) => e !== undefined) : undefined;
  const { name, type } = declType(n.c[d] as N, specType(n.c.slice(0, d), fr.file.src), fr.file.src, () => undefined);
  if (name) {
    // a reference names an element (its address is not this frame's), a copy is a local
    const key = type.ref ? refKey(fr, name) : `${fr.id}:${name}`;
    fr.names.set(name, key);
    const plain: CType = { ...type, ref: undefined };
    fr.types.set(name, plain);
    const obj = plain.ptr === 0 ? paramObject(key, name, plain, false, fr, st, run) : undefined;
    st.vars.set(key, { v: obj ?? UNKNOWN, init: YES, type: plain, line: n.line });
    if (from) taintElement(key, from, st);
  }
  // the loop test is whether elements remain: nothing the analysis can decide
  const test: N = { t: 'range_remaining', s: range.s, e: range.e, line: n.line, c: [] };
  return loop({ t: 'while_statement', s: n.s, e: n.e, line: n.line, c: [test, body] }, st);
}

const SMART = /^(?:(?:::)?std::)?(unique_ptr|shared_ptr|weak_ptr)\b/;

/** Is `t` a std::unique_ptr / shared_ptr? */
export function isSmartPointer(t: CType | undefined): boolean {
  return Boolean(t && t.ptr === 0 && t.cls && SMART.test(t.base));
}

/** `p.get()`, `p.release()`, `p.reset()` on a smart pointer: the block it holds. */
function smartPointerCall(n: N, obj: N, method: string, t: CType | undefined, st: State, fr: Frame, run: Run): Val | undefined {
  if (!isSmartPointer(t)) return undefined;
  const key = lvalKey(obj, fr, run);
  const v = key ? st.vars.get(key)?.v ?? UNKNOWN : evalExpr(obj, st, fr, run);
  for (const a of n.c[1]?.c ?? []) evalExpr(a, st, fr, run);
  switch (method) {
    case 'get':
    case 'release':
      return v;
    case 'reset':
      if (key) st.vars.set(key, { ...(st.vars.get(key) ?? { init: YES, line: n.line }), v: { k: 'ptr', t: [], nul: YES }, init: YES });
      return UNKNOWN;
    default:
      return UNKNOWN;
  }
}

/**
 * The value a smart pointer starts with: the block `new` (or std::make_unique/make_shared) made,
 * owned by the pointer (its destructor frees it: no leak).
 */
export function smartPointerInit(init: N | undefined, st: State, fr: Frame, run: Run): Val {
  const arg = init?.t === 'argument_list' || init?.t === 'initializer_list' ? init.c[0] : init;
  if (!arg) return { k: 'ptr', t: [], nul: YES };
  const v = evalExpr(arg, st, fr, run);
  escape(v, st);
  return v.k === 'ptr' ? v : UNKNOWN;
}

const MAKE = /^(?:(?:::)?std::)?make_(unique|shared)(?:_for_overwrite)?\s*<\s*([^<>]*?)\s*(\[\s*\])?\s*>$/;

/** `std::make_unique<T[]>(n)`, `std::make_unique<T>(args)`: a heap block owned by the smart pointer that receives it. */
export function makeSmart(n: N, args: N[], st: State, fr: Frame, run: Run): Val | undefined {
  const callee = n.c[0];
  if (callee?.t !== 'template_function' && callee?.t !== 'qualified_identifier') return undefined;
  const m = MAKE.exec(text(fr.file, callee).replace(/\s+/g, ' ').trim());
  if (!m) return undefined;
  const vals = args.map((a) => evalExpr(a, st, fr, run));
  const elemT = elemTypeOf(m[2] ?? 'char', fr.file.src);
  const elem = sizeOf(elemT, run.group.structs) ?? 1;
  const count = m[3] ? vals[0] : int(1);
  const size = count?.k === 'int' && count.lo === count.hi ? count.lo * elem : undefined;
  const o = newObj(run, st, {
    kind: 'heap', size, elem, slo: 0, shi: m[3] ? 0 : Infinity, taint: false, freed: NO, init: YES, escaped: true, line: n.line,
    name: `the ${size ?? '?'}-byte block from make_${m[1]}`, local: true, at: { file: fr.file.path, s: n.s, line: n.line },
  });
  return { k: 'ptr', t: [{ o: o.id, lo: 0, hi: 0 }], nul: NO };
}

/** `in.getline(buf, n)`, `in.get(buf, n)`, `in.read(buf, n)` on an input stream: up to n bytes of input into buf. */
function streamRead(n: N, obj: N, method: string, t: CType | undefined, st: State, fr: Frame, run: Run): Val | undefined {
  if (method !== 'getline' && method !== 'get' && method !== 'read') return undefined;
  const name = text(fr.file, obj).replace(/\s+/g, '');
  const stdin = STREAMS.test(name);
  if (!stdin && !(t?.cls && /istream|ifstream|stringstream|fstream/.test(t.base))) return undefined;
  const args = n.c[1]?.c ?? [];
  if (args.length < 2 || !args[0] || !args[1]) return undefined;
  const dest = evalExpr(args[0], st, fr, run);
  const count = evalExpr(args[1], st, fr, run);
  for (const a of args.slice(2)) evalExpr(a, st, fr, run);
  run.inputReads++;
  const origin = stdin ? 'stdin' : 'file';
  // `in.read((char *)&hdr, sizeof hdr)`: the whole struct comes from the stream, member by member,
  // as with fread of the same address
  if (method === 'read' && fillRef(dest, st, origin, n.line, `read by ${name}.read`, undefined, undefined, run)) return UNKNOWN;
  if (dest.k === 'ptr' && count.k === 'int') {
    checkRange(dest, 0, 0, Math.max(0, count.lo), count.hi, true, n, st, fr, run, {
      what: `${method} of up to ${fmtRange(count.hi, count.hi)} bytes`, taint: count.taint, weak: count.weak, trace: [], cap: arrayCap(args[0], fr, run),
    });
    setString(dest, st, { slo: 0, shi: method === 'read' ? Infinity : Math.max(0, count.hi - 1), taint: true, taintLine: n.line, origin }, 1);
  }
  return UNKNOWN;
}

/** What a smart pointer points to (`std::unique_ptr<T>` → T, `<T[]>` → T), else undefined. */
export function smartPointee(t: CType | undefined): CType | undefined {
  if (!isSmartPointer(t)) return undefined;
  const m = /<\s*(.*?)\s*(\[\s*\])?\s*(,.*)?>$/.exec((t as CType).base);
  if (!m?.[1]) return undefined;
  const e = elemTypeOf(m[1], '');
  return /^(::)?std::|</.test(e.base) ? { ...e, cls: true } : e;
}

/**
 * `class EXPORT_MACRO Name {` / `struct API Name : Base {`: an all-capitals word between the key
 * and the name is an attribute macro (visibility, dllexport), which the parser would take for the
 * class name. Blanked out (same length, so offsets and lines stay) before parsing.
 */
export function blankClassMacros(source: string): string {
  if (!/\b(class|struct)\s+[A-Z][A-Z0-9_]+\s+[A-Za-z_]/.test(source)) return source;
  return source.replace(/\b(class|struct)(\s+)([A-Z][A-Z0-9_]*[A-Z0-9_])(\s+)(?=[A-Za-z_][\w:]*\s*(final\s*)?[:{])/g, (m, kw: string, sp: string, mac: string, sp2: string) => `${kw}${sp}${' '.repeat(mac.length)}${sp2}`);
}
