/**
 * Names and static types: which state key an identifier or member denotes, and the declared
 * type of an expression (for element sizes and integer ranges).
 */
import type { N } from './ast.js';
import { text, type Frame, type Run } from './context.js';
import { derefType, sizeOf, specType, type CType } from './types.js';
import { classOf, memberKey, memberType, methodOf, qualifiedKey } from './cpp-class.js';
import { asElements, smartPointee } from './cpp.js';

/** State key of a name as seen from `fr`: local, file-static, then global. */
export function keyOf(name: string, fr: Frame, run: Run): string | undefined {
  const local = fr.names.get(name);
  if (local) return local;
  // C++: a member of the object a member function runs on, or a static member of its class
  if (fr.fn.cls) {
    const member = memberKey(name, fr, run);
    if (member) return member;
  }
  // every identifier read ends here: remember the file-level answer instead of rebuilding key strings
  const cache = fr.file.globalKeys;
  const hit = cache.get(name);
  if (hit !== undefined) return hit || undefined;
  let key = '';
  if (fr.file.staticVars.has(name)) key = `g:${fr.file.path}:${name}`;
  else if (run.group.globals.has(`g:${name}`) || run.group.external?.global(name)) key = `g:${name}`;
  cache.set(name, key);
  return key || undefined;
}

export function typeOfKey(key: string, name: string, fr: Frame, run: Run): CType | undefined {
  return fr.types.get(name) ?? (fr.self ? memberType(key, name, fr, run) : undefined) ?? run.group.globals.get(key)?.type;
}

/** Key of an lvalue we track as a variable: `x`, `s.f`, `(x)`, `(T)x`. */
export function lvalKey(n: N, fr: Frame, run: Run): string | undefined {
  if (n.t === 'identifier') return keyOf(text(fr.file, n), fr, run);
  if (n.t === 'parenthesized_expression' || n.t === 'cast_expression') {
    const inner = n.c[n.c.length - 1];
    return inner ? lvalKey(inner, fr, run) : undefined;
  }
  // `this->m`: member m of the object a member function runs on
  if (n.t === 'field_expression' && n.op === '->' && n.c[0]?.t === 'this' && n.c[1] && fr.self) return `${fr.self.key}.${text(fr.file, n.c[1])}`;
  if (n.t === 'field_expression' && n.op === '.') {
    const base = n.c[0];
    const field = n.c[1];
    if (!base || !field) return undefined;
    const bk = lvalKey(base, fr, run);
    if (!bk) return undefined;
    const bt = staticType(base, fr, run);
    const info = bt ? run.group.structs.get(bt.base) : undefined;
    return info?.union ? `${bk}.#` : `${bk}.${text(fr.file, field)}`;
  }
  return undefined;
}

const SIZE_T_CALLS = new Set(['strlen', 'wcslen', 'strnlen', 'wcsnlen', 'strspn', 'strcspn', 'wcsspn', 'wcscspn', 'fread', 'fwrite', 'strftime', 'mbstowcs', 'wcstombs', 'strxfrm']);
const SIZE_T: CType = { base: 'size_t', ptr: 0, unsigned: false };

export function staticType(n: N, fr: Frame, run: Run): CType | undefined {
  switch (n.t) {
    case 'identifier': {
      const name = text(fr.file, n);
      const key = keyOf(name, fr, run);
      return key ? typeOfKey(key, name, fr, run) : undefined;
    }
    case 'parenthesized_expression':
      return n.c[0] ? staticType(n.c[0], fr, run) : undefined;
    case 'cast_expression': {
      const td = n.c[0];
      return td ? typeDescriptor(td, fr) : undefined;
    }
    case 'subscript_expression': {
      const t = n.c[0] ? staticType(n.c[0], fr, run) : undefined;
      const e = fr.file.cpp ? asElements(t) : t;
      return e ? derefType(e) : undefined;
    }
    case 'pointer_expression': {
      const t = n.c[0] ? staticType(n.c[0], fr, run) : undefined;
      if (!t) return undefined;
      return n.op === '&' ? { ...t, ptr: t.ptr + 1, arr: undefined } : derefType(t);
    }
    case 'field_expression': {
      const base = n.c[0];
      const field = n.c[1];
      const bt0 = base ? staticType(base, fr, run) : undefined;
      const bt = fr.file.cpp && n.op === '->' && bt0?.ptr === 0 ? smartPointee(bt0) : bt0;
      const info = bt ? run.group.structs.get(bt.base) : undefined;
      return field && info ? info.fields.get(text(fr.file, field))?.type : undefined;
    }
    case 'binary_expression': {
      // C++ `out << x`: a shift only when the left side is an integer, and then of its type
      if (fr.file.cpp && (n.op === '<<' || n.op === '>>')) return n.c[0] ? staticType(n.c[0], fr, run) : undefined;
      const a = n.c[0] ? staticType(n.c[0], fr, run) : undefined;
      if (a && (a.ptr > 0 || a.arr !== undefined)) return a;
      const b = n.c[1] ? staticType(n.c[1], fr, run) : undefined;
      if (b && (b.ptr > 0 || b.arr !== undefined)) return b;
      return a ?? b;
    }
    case 'unary_expression':
      // `-x`, `~x`: the type of x (after promotion); `!x` is an int
      if (n.op === '!') return { base: 'int', ptr: 0, unsigned: false };
      return n.c[0] ? staticType(n.c[0], fr, run) : undefined;
    case 'update_expression':
    case 'assignment_expression':
      // `p++`, `x = …`: the type of the variable
      return n.c[0] ? staticType(n.c[0], fr, run) : undefined;
    case 'string_literal':
    case 'concatenated_string':
      return { base: text(fr.file, n).startsWith('L') ? 'wchar_t' : 'char', ptr: 1, unsigned: false };
    case 'this':
      return fr.fn.cls ? { base: fr.fn.cls, ptr: 1, unsigned: false } : undefined;
    case 'qualified_identifier': {
      const key = qualifiedKey(n, fr, run);
      return key ? run.group.globals.get(key)?.type : undefined;
    }
    case 'call_expression': {
      const callee = n.c[0];
      if (fr.file.cpp && callee && callee.t !== 'identifier') return cppCallType(n, fr, run);
      if (callee?.t !== 'identifier') return undefined;
      const name = text(fr.file, callee);
      const own = fr.fn.owner ?? (fr.fn.cls ? classOf(fr.fn.cls, run, fr.file) : undefined);
      const fn = (own ? methodOf(own, name, n.c[1]?.c.length, run) : undefined) ?? fr.file.fns.get(name) ?? run.group.fns.get(name) ?? run.group.external?.fn(name, fr.file);
      // the C library's lengths are size_t: `strlen(s) - 1` of an empty string wraps (CWE-191)
      return fn?.retType ?? (SIZE_T_CALLS.has(name) ? SIZE_T : undefined);
    }
    default:
      return undefined;
  }
}

export function typeDescriptor(td: N, fr: Frame): CType {
  const specs = td.c.filter((c) => !c.t.endsWith('declarator'));
  const base = specType(specs, fr.file.src);
  const decl = td.c.find((c) => c.t.endsWith('declarator'));
  if (!decl) return base;
  let ptr = 0;
  for (let d: N | undefined = decl; d; d = d.c.find((c) => c.t.endsWith('declarator'))) if (d.t === 'abstract_pointer_declarator') ptr++;
  return { ...base, ptr };
}

/**
 * Bytes of the fixed-size array an expression names by its declared type (a local or global
 * array, a struct member array), so copies into memory the analysis cannot see still have a bound.
 */
export function arrayCap(n: N, fr: Frame, run: Run): number | undefined {
  let e = n;
  while ((e.t === 'parenthesized_expression' || e.t === 'cast_expression') && e.c.length > 0) e = e.c[e.c.length - 1] as N;
  if (e.t !== 'identifier' && e.t !== 'field_expression') return undefined;
  const t = staticType(e, fr, run);
  if (!t || t.arr === undefined) return undefined;
  return sizeOf(t, run.group.structs);
}

const STRING_T: CType = { base: 'std::string', ptr: 0, unsigned: false, cls: true };

/** The type a C++ call returns: a member function's, `std::string(…)`, `s.substr(…)`. */
function cppCallType(n: N, fr: Frame, run: Run): CType | undefined {
  const callee = n.c[0] as N;
  if (callee.t === 'qualified_identifier' || callee.t === 'template_function') {
    const name = text(fr.file, callee).replace(/\s+/g, '');
    if (/^(::)?std::(w?string|to_w?string)$/.test(name)) return STRING_T;
    const smart = /^(?:::)?std::make_(unique|shared)(?:_for_overwrite)?<(.*)>$/.exec(name);
    if (smart) return { base: `std::${smart[1]}_ptr<${smart[2]}>`, ptr: 0, unsigned: false, cls: true };
    const parts = name.replace(/<[^<>]*>/g, '').split('::');
    const m = parts.pop() ?? '';
    const cls = classOf(parts.pop(), run, fr.file);
    return cls ? methodOf(cls, m, n.c[1]?.c.length, run)?.retType : undefined;
  }
  if (callee.t !== 'field_expression' || !callee.c[0] || !callee.c[1]) return undefined;
  const method = text(fr.file, callee.c[1]);
  let t = staticType(callee.c[0], fr, run);
  if (callee.op === '->') t = t && t.ptr > 0 ? { ...t, ptr: t.ptr - 1 } : smartPointee(t);
  if (!t || t.ptr > 0) return undefined;
  if (/^(std::)?w?string$/.test(t.base) && (method === 'substr' || method === 'str')) return STRING_T;
  const cls = classOf(t.base, run, fr.file);
  return cls ? methodOf(cls, method, n.c[1]?.c.length, run)?.retType : undefined;
}
