/**
 * C++ classes: what a class declares (data members with their default initialisers, static
 * constants, member functions, bases), member functions as functions of the scan with `this`,
 * objects built by their constructors, and member calls followed with the object they run on.
 *
 * An object the analysis owns (a local `Device d(line);`, a member of one, a function's root
 * `this`) is a variable whose members are variables of their own, `key.member`, exactly like a C
 * struct variable: `this->m`, `m` inside a member function and `d.m` outside it all name
 * `key.m`, so arrays keep their exact size and scalars and pointers their values along the path.
 */
import type { N } from './ast.js';
import { constValue } from './collect.js';
import { text, type FileCtx, type FnDef, type Frame, type Group, type Run } from './context.js';
import { checkDeref } from './access.js';
import { callMethod } from './call.js';
import { containerObject, paramObject, smartPointee } from './cpp.js';
import { evalExpr } from './eval.js';
import { assignVar, clampToType, escape, newObj } from './memory.js';
import { lvalKey, staticType } from './names.js';
import type { State } from './state.js';
import { declType, elemSize, sizeOf, specType, type CType, type StructInfo } from './types.js';
import { anyInt, MAYBE, NO, UNKNOWN, YES, type Val } from './values.js';

export interface ClassField {
  name: string;
  type: CType;
  /** default member initialiser (`int n_ = 0;`, `std::array<int, 4> a_{};`) */
  init?: N;
  /** an array length written with a name (`char buf_[kSize];`), resolved once the class constants are known */
  len?: N;
  line: number;
}

export interface ClassInfo {
  name: string;
  file: FileCtx;
  /** instance data members, in declaration order */
  fields: Map<string, ClassField>;
  /** static data members (`static constexpr int kMax = 16;`): globals named `C::kMax` */
  statics: Map<string, ClassField>;
  /** member functions defined in the body or as `C::f` in a file of the scan, by name */
  methods: Map<string, FnDef[]>;
  bases: string[];
  /** not a plain aggregate: a constructor, a default initialiser, a base, a class-type member */
  constructed: boolean;
  line: number;
}

type Access = 'public' | 'private' | 'protected';

/** Offsets of unnamed namespaces (`namespace { … }`): what they hold has internal linkage. */
function anonymousRanges(root: N, out: Array<[number, number]> = []): Array<[number, number]> {
  for (const c of root.c) {
    if (c.t === 'namespace_definition' && !c.c.some((x) => x.t === 'namespace_identifier' || x.t === 'nested_namespace_specifier')) out.push([c.s, c.e]);
    else if (c.t === 'namespace_definition' || c.t === 'declaration_list' || c.t === 'linkage_specification' || c.t.startsWith('preproc_')) anonymousRanges(c, out);
  }
  return out;
}

const isFnDecl = (d: N): boolean => {
  for (let x: N | undefined = d; x; x = x.c.find((c) => c.t.endsWith('declarator'))) {
    if (x.t === 'function_declarator') return true;
    if (x.t === 'parenthesized_declarator') return false;
  }
  return false;
};

/** The class node of a top-level item: `class C {…};`, `struct S {…} s;`. */
function classNode(n: N): N | undefined {
  if ((n.t === 'class_specifier' || n.t === 'struct_specifier') && n.c.some((c) => c.t === 'field_declaration_list')) return n;
  if (n.t === 'declaration') return n.c.find((c) => (c.t === 'class_specifier' || c.t === 'struct_specifier') && c.c.some((x) => x.t === 'field_declaration_list'));
  return undefined;
}

/**
 * Collects the C++ classes among a file's top-level nodes and their member functions. Member
 * functions defined in a class body (and `C::f` definitions of a class this file or a header it
 * includes defines) get `cls`; they are returned to join the file's functions, and are looked up
 * through their class, not by their plain name.
 */
export function collectClasses(nodes: readonly N[], file: FileCtx, functionOf: (n: N, file: FileCtx) => FnDef | undefined): { fns: FnDef[]; nodes: Set<N> } {
  const out: FnDef[] = [];
  const taken = new Set<N>();
  const anon = anonymousRanges(file.root);
  const internal = (n: N) => anon.some(([s, e]) => n.s >= s && n.e <= e);
  file.classes = [];
  const access = new Map<string, Map<string, Access>>();
  for (const top of nodes) {
    const n = classNode(top);
    const nameNode = n?.c.find((c) => c.t === 'type_identifier');
    const body = n?.c.find((c) => c.t === 'field_declaration_list');
    if (!n || !nameNode || !body) continue;
    const name = text(file, nameNode);
    const info: ClassInfo = { name, file, fields: new Map(), statics: new Map(), methods: new Map(), bases: [], constructed: false, line: n.line };
    const bases = n.c.find((c) => c.t === 'base_class_clause');
    for (const b of bases?.c ?? []) if (b.t === 'type_identifier' || b.t === 'qualified_identifier' || b.t === 'template_type') info.bases.push(text(file, b).replace(/<.*$/, '').replace(/^.*::/, ''));
    if (info.bases.length > 0) info.constructed = true;
    const acc = new Map<string, Access>();
    access.set(name, acc);
    let current: Access = n.t === 'struct_specifier' ? 'public' : 'private';
    for (const m of body.c) {
      if (m.t === 'access_specifier') {
        current = text(file, m).replace(/\s*:$/, '').trim() as Access;
        continue;
      }
      if (m.t === 'function_definition' || (m.t === 'declaration' && m.c.some(isFnDecl))) {
        const fn = m.t === 'function_definition' ? functionOf(m, file) : undefined;
        const declName = fnName(m, file);
        if (declName === name) info.constructed = true;
        if (declName) acc.set(declName, current);
        if (!fn) continue;
        member(fn, m, name, file, info);
        fn.exported = current === 'public' && !internal(n);
        addMethod(info, fn);
        out.push(fn);
        continue;
      }
      if (m.t !== 'field_declaration') continue;
      if (m.c.some(isFnDecl)) {
        const declName = fnName(m, file);
        if (declName === name) info.constructed = true;
        if (declName) acc.set(declName, current);
        continue;
      }
      fieldsFrom(m, file, info);
    }
    for (const f of info.fields.values()) if (f.init || f.type.cls) info.constructed = true;
    file.classes.push(info);
  }
  // `T C::f(…) { … }`: a member function of a class this file (or a header it includes) defines
  for (const top of nodes) {
    if (top.t !== 'function_definition') continue;
    const owner = qualifier(top, file);
    if (!owner) continue;
    const info = classIn(file, owner);
    if (!info) continue;
    const fn = functionOf(top, file);
    if (!fn) continue;
    member(fn, top, owner, file, info);
    fn.exported = (access.get(owner)?.get(fn.name) ?? 'public') === 'public' && !internal(top) && !isStatic(top);
    addMethod(info, fn);
    out.push(fn);
    taken.add(top);
  }
  return { fns: out, nodes: taken };
}

function isStatic(n: N): boolean {
  return n.c.some((c) => c.t === 'storage_class_specifier' && c.op === 'static');
}

function member(fn: FnDef, n: N, cls: string, file: FileCtx, owner: ClassInfo): void {
  fn.cls = cls;
  fn.owner = owner;
  fn.member = fn.name === cls ? 'ctor' : fn.name.startsWith('~') ? 'dtor' : isStatic(n) ? 'static' : 'method';
  const inits = n.c.find((c) => c.t === 'field_initializer_list');
  if (inits) fn.inits = inits;
  void file;
}

function addMethod(info: ClassInfo, fn: FnDef): void {
  const list = info.methods.get(fn.name);
  if (list) list.push(fn);
  else info.methods.set(fn.name, [fn]);
}

/** The plain name a member function declaration or definition declares. */
function fnName(n: N, file: FileCtx): string | undefined {
  let d: N | undefined = n.c.find((c) => c.t.endsWith('declarator'));
  while (d && d.t !== 'function_declarator') d = d.c.find((c) => c.t.endsWith('declarator'));
  const id = d?.c[0];
  return id ? text(file, id).replace(/^.*::/, '').replace(/\s+/g, '') : undefined;
}

/** `C` of a definition `T C::f(…)`. */
function qualifier(n: N, file: FileCtx): string | undefined {
  let d: N | undefined = n.c.find((c) => c.t.endsWith('declarator'));
  while (d && d.t !== 'function_declarator') d = d.c.find((c) => c.t.endsWith('declarator'));
  const id = d?.c[0];
  if (id?.t !== 'qualified_identifier') return undefined;
  const parts = text(file, id).replace(/<[^<>]*>/g, '').split('::');
  return parts.length >= 2 ? parts[parts.length - 2]?.trim() : undefined;
}

function classIn(file: FileCtx, name: string, seen = new Set<FileCtx>()): ClassInfo | undefined {
  const own = file.classes?.find((c) => c.name === name);
  if (own) return own;
  seen.add(file);
  for (const inc of file.includes) {
    if (seen.has(inc)) continue;
    const hit = classIn(inc, name, seen);
    if (hit) return hit;
  }
  return undefined;
}

/** The data members one `field_declaration` declares, with their default initialisers. */
function fieldsFrom(m: N, file: FileCtx, info: ClassInfo): void {
  const first = m.c.findIndex((c) => c.t.endsWith('declarator') || c.t === 'field_identifier');
  if (first < 0) return;
  const specs = m.c.slice(0, first).filter((c) => c.t !== 'storage_class_specifier' || c.op !== 'static');
  const base = specType(specs, file.src);
  const stat = isStatic(m);
  for (let i = first; i < m.c.length; i++) {
    const d = m.c[i] as N;
    if (!(d.t.endsWith('declarator') || d.t === 'field_identifier')) continue;
    const next = m.c[i + 1];
    const init = next && !(next.t.endsWith('declarator') || next.t === 'field_identifier' || next.t === 'bitfield_clause') ? next : undefined;
    let len: N | undefined;
    const { name, type } = declType(d, base, file.src, (e) => {
      len = e;
      return constValue(file.src.slice(e.s, e.e), file);
    });
    if (!name) continue;
    (stat ? info.statics : info.fields).set(name, { name, type, init, line: d.line, ...(len && type.arrUnknown ? { len } : {}) });
  }
}

/** Registers a file's classes with the group: their layouts (as structs), static members as globals. */
export function attachClasses(file: FileCtx, group: Group): void {
  if (!file.classes?.length) return;
  group.classes ??= new Map();
  for (const info of file.classes) {
    if (group.classes.has(info.name)) continue;
    group.classes.set(info.name, info);
    for (const s of info.statics.values()) {
      const key = `g:${info.name}::${s.name}`;
      group.globals.set(key, { key, type: s.type, init: s.init, file, isConst: true, line: s.line });
    }
    // array sizes written with the class's constants (`long points_[kMaxTeams];`)
    for (const f of info.fields.values()) {
      const k = f.len ? text(file, f.len).trim() : undefined;
      const len = k === undefined ? undefined : /^[A-Za-z_]\w*$/.test(k) ? staticConst(k, info, group) : undefined;
      if (len !== undefined) f.type = { ...f.type, arr: len, arrUnknown: undefined };
    }
    // (a C++ class's own layout: member functions and static members take no room)
    group.structs.set(info.name, layoutOf(info, group));
  }
}

/** Member offsets and the object's size (LP64; a class-type member we cannot size counts as a pointer's worth). */
function layoutOf(info: ClassInfo, group: Group): StructInfo {
  const fields = new Map<string, { off: number; type: CType }>();
  let off = 0;
  let align = 1;
  const place = (c: ClassInfo, depth: number) => {
    if (depth < 4) for (const b of c.bases) {
      const bi = group.classes?.get(b);
      if (bi && bi !== c) place(bi, depth + 1);
    }
    for (const f of c.fields.values()) {
      if (fields.has(f.name)) continue;
      const s = sizeOf(f.type, group.structs) ?? (f.type.arr !== undefined ? 8 * f.type.arr : 8);
      const a = f.type.ptr > 0 ? 8 : Math.min(8, Math.max(1, f.type.arr ? Math.floor(s / f.type.arr) : s));
      align = Math.max(align, a);
      off = Math.ceil(off / a) * a;
      fields.set(f.name, { off, type: f.type });
      off += s;
    }
  };
  place(info, 0);
  return { size: Math.max(1, Math.ceil(off / align) * align), union: false, fields };
}

/** The value of static constant `name` of class `info` (or its bases), when it is an integer literal. */
export function staticConst(name: string, info: ClassInfo, group: Group, depth = 0): number | undefined {
  const s = info.statics.get(name);
  if (s?.init) {
    const raw = text(info.file, s.init).trim().replace(/[uUlL]+$/, '');
    if (/^\d+$/.test(raw)) return Number(raw);
    if (/^0[xX][0-9a-fA-F]+$/.test(raw)) return parseInt(raw, 16);
  }
  if (depth > 4) return undefined;
  for (const b of info.bases) {
    const bi = group.classes?.get(b);
    const v = bi ? staticConst(name, bi, group, depth + 1) : undefined;
    if (v !== undefined) return v;
  }
  return undefined;
}

/**
 * Class `name` as seen from file `from` (its own classes and those of the headers it includes
 * first: test files of one directory often define classes of the same name), else the group's.
 */
export function classOf(name: string | undefined, run: Run, from?: FileCtx): ClassInfo | undefined {
  if (!name) return undefined;
  const plain = name.replace(/^(::)?(\w+::)*/, '').replace(/<.*$/, '');
  return (from ? classIn(from, plain) : undefined) ?? run.group.classes?.get(plain);
}

/** A data member `name` of the class or a base: its declaration. */
export function fieldOf(info: ClassInfo, name: string, run: Run, depth = 0): ClassField | undefined {
  const f = info.fields.get(name);
  if (f || depth > 4) return f;
  for (const b of info.bases) {
    const bi = classOf(b, run, info.file);
    const hit = bi ? fieldOf(bi, name, run, depth + 1) : undefined;
    if (hit) return hit;
  }
  return undefined;
}

function staticOf(info: ClassInfo, name: string, run: Run, depth = 0): string | undefined {
  if (info.statics.has(name)) return `g:${info.name}::${name}`;
  if (depth > 4) return undefined;
  for (const b of info.bases) {
    const bi = classOf(b, run, info.file);
    const hit = bi ? staticOf(bi, name, run, depth + 1) : undefined;
    if (hit) return hit;
  }
  return undefined;
}

/** A member function of the class (or a base) named `name`, preferring one taking `argc` arguments. */
export function methodOf(info: ClassInfo, name: string, argc: number | undefined, run: Run, depth = 0): FnDef | undefined {
  const list = info.methods.get(name);
  if (list?.length) return list.find((f) => argc === undefined || f.params.length === argc) ?? list.find((f) => argc !== undefined && f.params.length >= argc) ?? list[0];
  if (depth > 4) return undefined;
  for (const b of info.bases) {
    const bi = classOf(b, run, info.file);
    const hit = bi ? methodOf(bi, name, argc, run, depth + 1) : undefined;
    if (hit) return hit;
  }
  return undefined;
}

/**
 * The state key a name denotes inside a member function: a data member of `this`
 * (`<this key>.name`) or a static member (`g:C::name`); undefined for anything else.
 */
export function memberKey(name: string, fr: Frame, run: Run): string | undefined {
  const cls = fr.fn.owner ?? classOf(fr.fn.cls, run, fr.file);
  if (!cls) return undefined;
  if (fr.self && fieldOf(cls, name, run)) return `${fr.self.key}.${name}`;
  return staticOf(cls, name, run);
}

/** The declared type of a member key of `this` (`<this>.name`). */
export function memberType(key: string, name: string, fr: Frame, run: Run): CType | undefined {
  if (!fr.self || key !== `${fr.self.key}.${name}`) return undefined;
  const cls = fr.fn.owner ?? classOf(fr.self.cls, run, fr.file);
  return cls ? fieldOf(cls, name, run)?.type : undefined;
}

/** `C::name`: a static member of a class of the scan (as its global key). */
export function qualifiedKey(n: N, fr: Frame, run: Run): string | undefined {
  const parts = text(fr.file, n).replace(/\s+/g, '').replace(/<[^<>]*>/g, '').split('::');
  const name = parts.pop();
  const owner = parts.pop();
  const cls = classOf(owner, run, fr.file);
  return cls && name ? staticOf(cls, name, run) : undefined;
}

/**
 * Gives object `key` of class `info` its members: arrays become memory of their own size, library
 * containers buffers, class-type members objects in turn; scalars and pointers take their default
 * initialiser. `owned` objects (a local being constructed) start with unwritten arrays; an object
 * someone else made (`this` of a member function analysed on its own) has members of unknown value,
 * pointers to memory of its own.
 */
export function initMembers(key: string, info: ClassInfo, st: State, fr: Frame, run: Run, owned: boolean, line: number, depth = 0): void {
  if (depth > 3) return;
  const seen = new Set<string>();
  const visit = (c: ClassInfo, level: number) => {
    for (const f of c.fields.values()) {
      if (seen.has(f.name)) continue;
      seen.add(f.name);
      initMember(`${key}.${f.name}`, f, c, key, st, fr, run, owned, line, depth);
    }
    if (level > 4) return;
    for (const b of c.bases) {
      const bi = classOf(b, run, c.file);
      if (bi) visit(bi, level + 1);
    }
  };
  visit(info, 0);
}

function initMember(fkey: string, f: ClassField, c: ClassInfo, objKey: string, st: State, fr: Frame, run: Run, owned: boolean, line: number, depth: number): void {
  const t = f.type;
  const label = `'${fkey.slice(fkey.indexOf(':') + 1).replace(/^this[#~]\d+\./, '')}'`;
  if (t.arr !== undefined || t.arrUnknown) {
    const o = newObj(run, st, {
      kind: owned ? 'stack' : 'unknown', size: sizeOf(t, run.group.structs), elem: elemSize(t, run.group.structs) ?? 1, slo: 0, shi: owned && f.init ? 0 : Infinity,
      taint: false, freed: NO, init: owned && !f.init ? NO : YES, escaped: !owned, line: f.line, name: label, local: owned, ...(owned ? { frame: fr.id } : {}),
    });
    st.vars.set(fkey, { v: { k: 'ptr', t: [{ o: o.id, lo: 0, hi: 0 }], nul: NO }, init: YES, type: t, line: f.line });
    return;
  }
  if (t.ptr === 0 && t.cls) {
    const args = f.init?.t === 'argument_list' || f.init?.t === 'initializer_list' ? f.init : undefined;
    // a container of an object made elsewhere: whatever size and contents it has by now
    const v = owned
      ? containerObject(t, args, fkey, line, st, { ...fr, self: { key: objKey, cls: c.name } }, run, owned, (n) => constIn(n, c, run))
      : paramObject(fkey, fkey.slice(fkey.lastIndexOf('.') + 1), t, false, fr, st, run, (n) => constIn(n, c, run));
    if (v) {
      st.vars.set(fkey, { v, init: YES, type: t, line: f.line });
      return;
    }
  }
  const sub = t.ptr === 0 ? classOf(t.base, run, c.file) : undefined;
  if (sub && sub !== c) {
    st.vars.set(fkey, { v: UNKNOWN, init: YES, type: t, line: f.line });
    initMembers(fkey, sub, st, fr, run, owned, line, depth + 1);
    return;
  }
  let v: Val = t.ptr > 0 ? { k: 'ptr', t: [], nul: MAYBE } : anyInt();
  // (an object made elsewhere has been used since: its default initialisers say nothing now)
  if (owned && f.init && f.init.t !== 'initializer_list' && f.init.t !== 'argument_list') {
    v = evalExpr(f.init, st, { ...fr, names: new Map(), types: new Map(), self: { key: objKey, cls: c.name } }, run);
  } else if (owned && f.init) {
    // `int n_{};`, `T *p_{}`: value-initialised to zero
    const inner = f.init.c[0];
    v = inner ? evalExpr(inner, st, { ...fr, names: new Map(), types: new Map(), self: { key: objKey, cls: c.name } }, run) : t.ptr > 0 ? { k: 'ptr', t: [], nul: YES } : { k: 'int', lo: 0, hi: 0, taint: false };
  } else if (!owned && t.ptr > 0) {
    // a pointer member of an object made elsewhere points to memory of its own (may be NULL: no finding unless tested)
    const o = newObj(run, st, {
      kind: 'unknown', elem: 1, slo: 0, shi: Infinity, taint: false, freed: NO, init: YES, escaped: true, line: f.line, name: `the memory ${label} points to`, local: false,
    });
    v = { k: 'ptr', t: [{ o: o.id, lo: 0, hi: 0 }], nul: MAYBE };
  }
  st.vars.set(fkey, { v, init: YES, type: t, line: f.line });
}

/** The value of a class constant named in a type (`std::array<int, kMax>`). */
function constIn(name: string, c: ClassInfo, run: Run): number | undefined {
  return staticConst(name, c, run.group);
}

/** A member of a class object the analysis owns: what is stored there is kept by the object, not leaked. */
export function isObjectMember(key: string, st: State, run: Run): boolean {
  const dot = key.lastIndexOf('.');
  if (dot <= key.indexOf(':')) return false;
  const base = st.vars.get(key.slice(0, dot));
  return Boolean(base?.type && base.type.ptr === 0 && classOf(base.type.base, run));
}

/** Stores a pointer into a class object's member: the object holds it from now on. */
export function keptByObject(key: string, v: Val, st: State, run: Run): boolean {
  if (v.k !== 'ptr' || !isObjectMember(key, st, run)) return false;
  escape(v, st);
  return true;
}

/**
 * The member function a C++ call names and the object it runs on: `obj.f(…)` (obj a variable or
 * a member of one), `p->f(…)` (p = &obj, or memory), `this->f(…)` and `f(…)` inside a member
 * function. Undefined when the callee is not a member function of a class of the scan.
 */
export function methodCall(n: N, st: State, fr: Frame, run: Run): { fn: FnDef; self: Frame['self'] } | undefined {
  const callee = n.c[0];
  const argc = n.c[1]?.c.length ?? 0;
  if (!callee) return undefined;
  if (callee.t === 'identifier') {
    if (!fr.fn.cls || fr.names.has(text(fr.file, callee))) return undefined;
    const cls = fr.fn.owner ?? classOf(fr.fn.cls, run, fr.file);
    const fn = cls ? methodOf(cls, text(fr.file, callee), argc, run) : undefined;
    if (!fn) return undefined;
    return { fn, self: fn.member === 'static' ? undefined : fr.self };
  }
  if (callee.t === 'qualified_identifier') {
    // `C::f(…)`: a static member function, or a base class's version on this object
    const parts = text(fr.file, callee).replace(/\s+/g, '').replace(/<[^<>]*>/g, '').split('::');
    const name = parts.pop() ?? '';
    const cls = classOf(parts.pop(), run, fr.file);
    const fn = cls ? methodOf(cls, name, argc, run) : undefined;
    return fn ? { fn, self: fn.member === 'static' ? undefined : fr.self } : undefined;
  }
  if (callee.t !== 'field_expression') return undefined;
  const [obj, field] = callee.c;
  if (!obj || !field) return undefined;
  let t = staticType(obj, fr, run);
  if (callee.op === '->') t = t && t.ptr > 0 ? { ...t, ptr: t.ptr - 1 } : smartPointee(t);
  const cls = t && t.ptr === 0 ? classOf(t.base, run, fr.file) : undefined;
  const fn = cls ? methodOf(cls, text(fr.file, field), argc, run) : undefined;
  if (!cls || !fn) return undefined;
  if (fn.member === 'static') return { fn, self: undefined };
  if (obj.t === 'this') return { fn, self: fr.self };
  if (callee.op === '.') {
    const key = lvalKey(obj, fr, run);
    if (key && st.vars.has(key)) return { fn, self: { key, cls: cls.name } };
    evalExpr(obj, st, fr, run);
    return { fn, self: undefined };
  }
  const p = evalExpr(obj, st, fr, run);
  if (p.k === 'ref') return { fn, self: { key: p.key, cls: cls.name } };
  if (p.k === 'ptr') checkDeref(p, obj, st, fr, run);
  return { fn, self: undefined };
}

let synthetic = 0;

/**
 * `this` for a member function whose object the analysis does not hold as a variable (an object
 * in memory, `p->f()`): an object of its own whose members have unknown values.
 */
export function thisOfUnknown(fn: FnDef, st: State, fr: Frame, run: Run): { key: string; cls: string } {
  const cls = fn.owner ?? classOf(fn.cls, run, fn.file);
  const key = `this~${++synthetic}`;
  st.vars.set(key, { v: UNKNOWN, init: YES, type: { base: fn.cls ?? '', ptr: 0, unsigned: false, cls: true }, line: fn.line });
  if (cls) initMembers(key, cls, st, fr, run, false, fn.line);
  return { key, cls: fn.cls ?? '' };
}

/**
 * `this` of a member function analysed on its own: the object of a caller jsec cannot see, its
 * members of unknown value (pointers to memory of their own).
 */
export function rootThis(fn: FnDef, fr: Frame, st: State, run: Run): void {
  if (!fn.cls || fn.member === 'static') return;
  // not `<frame>:…`: the object outlives the call (returning `this` or `&member` is fine)
  const key = `this#${fr.id}`;
  st.vars.set(key, { v: UNKNOWN, init: YES, type: { base: fn.cls, ptr: 0, unsigned: false, cls: true }, line: fn.line });
  fr.self = { key, cls: fn.cls };
  const cls = fn.owner ?? classOf(fn.cls, run, fn.file);
  if (cls) initMembers(key, cls, st, fr, run, false, fn.line);
}

/** A constructor's `: a_(x), b_{}, base(y)`: each member gets its value (or is built from its arguments). */
export function memberInits(list: N, st: State, fr: Frame, run: Run): void {
  const self = fr.self;
  const cls = fr.fn.owner ?? classOf(self?.cls, run, fr.file);
  if (!self || !cls) return;
  for (const fi of list.c) {
    if (fi.t !== 'field_initializer') continue;
    const name = fi.c[0] ? text(fr.file, fi.c[0]) : '';
    const args = fi.c[1];
    const f = fieldOf(cls, name, run);
    const key = `${self.key}.${name}`;
    if (!f) {
      // a base class's constructor, or something we do not model: its arguments are still evaluated
      for (const a of args?.c ?? []) evalExpr(a, st, fr, run);
      continue;
    }
    const t = f.type;
    if (t.ptr === 0 && t.cls) {
      const cur = st.vars.get(key)?.v;
      const local = cur?.k === 'ptr' && cur.t.some((x) => st.objs.get(x.o)?.local === true);
      const v = containerObject(t, args, key, fi.line, st, fr, run, local, (k) => staticConst(k, cls, run.group));
      if (v) {
        st.vars.set(key, { v, init: YES, type: t, line: f.line });
        continue;
      }
    }
    const sub = t.ptr === 0 && t.arr === undefined ? classOf(t.base, run, fr.file) : undefined;
    if (sub) {
      const ctor = methodOf(sub, sub.name, args?.c.length ?? 0, run);
      if (ctor && st.vars.has(key)) callMethod(ctor, args?.c ?? [], fi, { key, cls: sub.name }, st, fr, run);
      else for (const a of args?.c ?? []) evalExpr(a, st, fr, run);
      continue;
    }
    if (t.arr !== undefined || t.arrUnknown) {
      // `buf_{}`, `buf_()`: zero-filled
      const cell = st.vars.get(key);
      if (cell?.v.k === 'ptr') for (const x of cell.v.t) st.updateObj(x.o, { init: YES, slo: 0, shi: 0 });
      continue;
    }
    const a = args?.c[0];
    const v: Val = a ? evalExpr(a, st, fr, run) : t.ptr > 0 ? { k: 'ptr', t: [], nul: YES } : { k: 'int', lo: 0, hi: 0, taint: false };
    for (const extra of args?.c.slice(1) ?? []) evalExpr(extra, st, fr, run);
    if (v.k === 'ptr') keptByObject(key, v, st, run);
    assignVar(st, key, { v: clampToType(v, t), init: YES, type: t, line: f.line });
  }
}

/** Names a function returns, moves from or takes the address of: their objects are not simply destroyed at its end. */
const kept = new WeakMap<FnDef, Set<string>>();

function keptNames(fn: FnDef): Set<string> {
  let out = kept.get(fn);
  if (out) return out;
  out = new Set();
  const src = fn.file.src;
  const stack: N[] = [fn.body];
  while (stack.length > 0) {
    const n = stack.pop() as N;
    const first = n.c[0];
    if (n.t === 'return_statement' && first?.t === 'identifier') out.add(src.slice(first.s, first.e));
    if (n.t === 'pointer_expression' && n.op === '&' && first?.t === 'identifier') out.add(src.slice(first.s, first.e));
    if (n.t === 'call_expression' && first && /^(std::)?(move|forward|swap|exchange)$/.test(src.slice(first.s, first.e).replace(/<.*$/, '').replace(/\s+/g, ''))) {
      for (const a of n.c[1]?.c ?? []) if (a.t === 'identifier') out.add(src.slice(a.s, a.e));
    }
    for (const c of n.c) stack.push(c);
  }
  kept.set(fn, out);
  return out;
}

/**
 * The end of a function: its local objects of classes with a destructor in the scan are destroyed,
 * last declared first (`x.close(); }` then `~X()` frees again: a double free). Objects the function
 * returns, moves from or takes the address of are left alone.
 */
export function destroyLocals(fr: Frame, st: State, run: Run): void {
  if (!fr.file.cpp || st.dead || run.budget <= 0) return;
  const prefix = `${fr.id}:`;
  const objs: Array<{ key: string; name: string; cls: ClassInfo; line: number }> = [];
  st.vars.forEach((cell, key) => {
    if (!key.startsWith(prefix) || key.includes('.', prefix.length) || !cell.type || cell.type.ptr > 0 || cell.type.ref) return;
    const cls = classOf(cell.type.base, run, fr.file);
    if (cls?.methods.get(`~${cls.name}`)?.length) objs.push({ key, name: key.slice(prefix.length), cls, line: cell.line });
  });
  if (objs.length === 0) return;
  const skip = keptNames(fr.fn);
  const params = new Set(fr.fn.params.map((p) => p.name));
  objs.sort((a, b) => b.line - a.line);
  const end = fr.fn.body.line + (fr.file.src.slice(fr.fn.body.s, fr.fn.body.e).match(/\n/g)?.length ?? 0);
  for (const o of objs) {
    if (skip.has(o.name) || params.has(o.name)) continue;
    const dtor = o.cls.methods.get(`~${o.cls.name}`)?.[0];
    if (!dtor) continue;
    const at: N = { t: 'call_expression', s: Math.max(fr.fn.body.e - 1, fr.fn.body.s), e: fr.fn.body.e, line: end, c: [] };
    callMethod(dtor, [], at, { key: o.key, cls: o.cls.name }, st, fr, run);
  }
}
