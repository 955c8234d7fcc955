/**
 * Names and static types: which state key an identifier or member denotes, and the declared
 * type of an expression (for element sizes and integer ranges).
 */
import type { N } from './ast.js';
import { text, type Frame, type Run } from './context.js';
import { derefType, sizeOf, specType, type CType } from './types.js';

/** State key of a name as seen from `fr`: local, file-static, then global. */
export function keyOf(name: string, fr: Frame, run: Run): string | undefined {
  const local = fr.names.get(name);
  if (local) return local;
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
  return fr.types.get(name) ?? run.group.globals.get(key)?.type;
}

/** Key of an lvalue we track as a variable: `x`, `s.f`, `(x)`, `(T)x`. */
export function lvalKey(n: N, fr: Frame, run: Run): string | undefined {
  if (n.t === 'identifier') return keyOf(text(fr.file, n), fr, run);
  if (n.t === 'parenthesized_expression' || n.t === 'cast_expression') {
    const inner = n.c[n.c.length - 1];
    return inner ? lvalKey(inner, fr, run) : undefined;
  }
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
      return t ? derefType(t) : undefined;
    }
    case 'pointer_expression': {
      const t = n.c[0] ? staticType(n.c[0], fr, run) : undefined;
      if (!t) return undefined;
      return n.op === '&' ? { ...t, ptr: t.ptr + 1, arr: undefined } : derefType(t);
    }
    case 'field_expression': {
      const base = n.c[0];
      const field = n.c[1];
      const bt = base ? staticType(base, fr, run) : undefined;
      const info = bt ? run.group.structs.get(bt.base) : undefined;
      return field && info ? info.fields.get(text(fr.file, field))?.type : undefined;
    }
    case 'binary_expression': {
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
    case 'call_expression': {
      const callee = n.c[0];
      if (callee?.t !== 'identifier') return undefined;
      const name = text(fr.file, callee);
      const fn = fr.file.fns.get(name) ?? run.group.fns.get(name) ?? run.group.external?.fn(name, fr.file);
      return fn?.retType;
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
