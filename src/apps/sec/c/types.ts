/**
 * Just enough of C's type system for sizes and ranges: base name, pointer depth, array length,
 * signedness. Sizes follow LP64 (Linux x86-64), the platform the scan runs on.
 */
import type { N } from './ast.js';

export interface CType {
  base: string;
  ptr: number;
  /** element count of an array declarator (outermost dimension); undefined when not an array */
  arr?: number;
  /** array declared with unknown or non-constant length */
  arrUnknown?: boolean;
  /** `T a[R][C]`: C, the elements one step of the first index moves (`a[i]` is a row, not an element) */
  row?: number;
  unsigned: boolean;
  /** a C++ class type (`std::string`, `std::vector<int>`, a class of the program): built by its constructor */
  cls?: boolean;
  /** a C++ reference (`T &x`, `T &&x`): another name for the object it is bound to */
  ref?: boolean;
}

export interface StructInfo {
  /** undefined when a member's size is not known */
  size: number | undefined;
  union: boolean;
  /** C++: a declared variable of it is built by a constructor (its own, a member's, or member initialisers) */
  ctor?: boolean;
  fields: Map<string, { off: number; type: CType }>;
}

const BASE_SIZE: Record<string, number> = {
  char: 1,
  bool: 1,
  _Bool: 1,
  short: 2,
  int: 4,
  long: 8,
  'long long': 8,
  float: 4,
  double: 8,
  'long double': 16,
  wchar_t: 4,
  size_t: 8,
  ssize_t: 8,
  ptrdiff_t: 8,
  intptr_t: 8,
  uintptr_t: 8,
  off_t: 8,
  time_t: 8,
  int8_t: 1,
  uint8_t: 1,
  int16_t: 2,
  uint16_t: 2,
  int32_t: 4,
  uint32_t: 4,
  int64_t: 8,
  uint64_t: 8,
  void: 1,
};

const UNSIGNED_BASES = new Set(['size_t', 'uint8_t', 'uint16_t', 'uint32_t', 'uint64_t', 'uintptr_t', 'bool', '_Bool']);
const FLOAT_BASES = new Set(['float', 'double', 'long double']);

export function isFloat(t: CType | undefined): boolean {
  return Boolean(t && t.ptr === 0 && FLOAT_BASES.has(t.base));
}

export function baseSize(base: string, structs: ReadonlyMap<string, StructInfo>): number | undefined {
  return BASE_SIZE[base] ?? structs.get(base)?.size;
}

/** sizeof a value of type `t` (arrays: whole array) */
export function sizeOf(t: CType, structs: ReadonlyMap<string, StructInfo>): number | undefined {
  if (t.arr !== undefined) {
    const el = t.ptr > 0 ? 8 : baseSize(t.base, structs);
    return el === undefined ? undefined : el * t.arr;
  }
  if (t.arrUnknown) return undefined;
  if (t.ptr > 0) return 8;
  return baseSize(t.base, structs);
}

/** the type one `*` or `[i]` away */
export function derefType(t: CType): CType | undefined {
  // a row of a two-dimensional array is an array itself
  if (t.row !== undefined) return { base: t.base, ptr: t.ptr, unsigned: t.unsigned, arr: t.row };
  if (t.arr !== undefined || t.arrUnknown) return { base: t.base, ptr: t.ptr, unsigned: t.unsigned };
  if (t.ptr > 0) return { base: t.base, ptr: t.ptr - 1, unsigned: t.unsigned };
  return undefined;
}

export function elemSize(t: CType | undefined, structs: ReadonlyMap<string, StructInfo>): number | undefined {
  if (!t) return undefined;
  const d = derefType(t);
  return d ? sizeOf(d, structs) : undefined;
}

/** value range of an integer type; undefined for non-integers */
export function intRange(t: CType | undefined): [number, number] | undefined {
  if (!t || t.ptr > 0 || t.arr !== undefined || FLOAT_BASES.has(t.base)) return undefined;
  const size = BASE_SIZE[t.base];
  if (size === undefined || t.base === 'void') return undefined;
  const unsigned = t.unsigned || UNSIGNED_BASES.has(t.base);
  const bits = size * 8;
  return unsigned ? [0, 2 ** bits - 1] : [-(2 ** (bits - 1)), 2 ** (bits - 1) - 1];
}

export const INT_TYPE: CType = { base: 'int', ptr: 0, unsigned: false };

/** C++ spellings of C's integer typedefs */
const STD_SCALAR = /^(?:::)?std::(?:\w+::)*?(u?int(?:8|16|32|64)_t|u?int_(?:least|fast)(?:8|16|32|64)_t|u?intptr_t|u?intmax_t|size_t|ptrdiff_t|time_t|size_type|streamsize|streamoff)$/;

/** Reads the type named by a declaration's specifier children (`unsigned long`, `struct s`, typedef names). */
export function specType(specs: readonly N[], src: string): CType {
  let base = '';
  let unsigned = false;
  let cls = false;
  for (const s of specs) {
    if (s.t === 'primitive_type' || s.t === 'type_identifier') base = base ? `${base} ${src.slice(s.s, s.e)}` : src.slice(s.s, s.e);
    else if (s.t === 'sized_type_specifier') {
      const text = src.slice(s.s, s.e).replace(/\s+/g, ' ');
      unsigned = /\bunsigned\b/.test(text);
      const rest = text.replace(/\b(unsigned|signed)\b/g, '').trim();
      base = rest === '' ? 'int' : rest.replace(/\bint\b/, '').trim() || 'int';
      if (base === 'long long' || base === 'long') base = base === 'long long' ? 'long long' : 'long';
    } else if (s.t === 'struct_specifier' || s.t === 'union_specifier' || s.t === 'enum_specifier') {
      const name = s.c.find((c) => c.t === 'type_identifier');
      base = s.t === 'enum_specifier' ? 'int' : name ? src.slice(name.s, name.e) : 'struct';
    } else if (s.t === 'qualified_identifier' || s.t === 'template_type' || s.t === 'class_specifier') {
      base = src.slice(s.s, s.e).replace(/\s+/g, '');
      // `std::size_t`, `std::uint8_t`, `std::string::size_type`: the C scalar types, not classes
      const scalar = STD_SCALAR.exec(base);
      if (scalar) base = scalar[1] === 'size_type' ? 'size_t' : scalar[1] === 'streamsize' || scalar[1] === 'streamoff' ? 'long' : (scalar[1] as string);
      else cls = true;
    }
  }
  return cls ? { base, ptr: 0, unsigned, cls } : { base: base || 'int', ptr: 0, unsigned };
}

/**
 * Walks a declarator (`*p`, `a[10]`, `(*f)(int)`, `x = 1`) to its identifier, building the type.
 * `evalLen` folds array lengths (macros, sizeof, arithmetic).
 */
export function declType(
  decl: N,
  base: CType,
  src: string,
  evalLen: (n: N) => number | undefined,
): { name?: string; type: CType; init?: N; fnPtr: boolean } {
  let type: CType = { ...base };
  let init: N | undefined;
  let fnPtr = false;
  let n: N | undefined = decl;
  const dims: Array<number | undefined> = [];
  while (n) {
    if (n.t === 'init_declarator') {
      init = n.c[1];
      n = n.c[0];
    } else if (n.t === 'reference_declarator' || n.t === 'abstract_reference_declarator') {
      // C++ `T &x`: the same type, bound to another object (a copy: the base type may be shared)
      type = { ...type, ref: true };
      n = n.c.find((c) => c.t.endsWith('declarator') || c.t === 'identifier' || c.t === 'field_identifier');
    } else if (n.t === 'pointer_declarator' || n.t === 'abstract_pointer_declarator') {
      type.ptr++;
      n = n.c.find((c) => c.t.endsWith('declarator') || c.t === 'identifier' || c.t === 'field_identifier');
    } else if (n.t === 'array_declarator' || n.t === 'abstract_array_declarator') {
      const size = n.c[1];
      dims.push(size ? evalLen(size) : undefined);
      n = n.c[0];
    } else if (n.t === 'function_declarator' || n.t === 'parenthesized_declarator') {
      if (n.t === 'function_declarator') fnPtr = true;
      n = n.c[0];
    } else if (n.t === 'identifier' || n.t === 'field_identifier' || n.t === 'type_identifier') {
      const name = src.slice(n.s, n.e);
      if (dims.length > 0) {
        // `T a[2][3]` is an array of 2 arrays of 3: the outer length times the inner size as elements
        const inner = dims.slice(1).reduce<number | undefined>((acc, d) => (acc === undefined || d === undefined ? undefined : acc * d), 1);
        const outer = dims[0];
        type = { ...type };
        if (outer === undefined || inner === undefined) type.arrUnknown = true;
        else type.arr = outer * inner;
        // dims run from the innermost declarator out: `a[R][C]` gives [C, R]
        if (dims.length === 2 && dims[0] !== undefined) type.row = dims[0];
      }
      return { name, type, init, fnPtr };
    } else {
      n = undefined;
    }
  }
  return { type, init, fnPtr };
}
