import { canon, type CType, type IntKind } from './ctype.js';
import type { TypeRegistry } from './registry.js';

/** `core::ffi` names for C's integer types (what the crate's `types` module re-exports). */
export const INT_RUST: Record<IntKind, string> = {
  bool: 'bool',
  char: 'c_char',
  schar: 'c_schar',
  uchar: 'c_uchar',
  short: 'c_short',
  ushort: 'c_ushort',
  int: 'c_int',
  uint: 'c_uint',
  long: 'c_long',
  ulong: 'c_ulong',
  llong: 'c_longlong',
  ullong: 'c_ulonglong',
  int128: 'i128',
  uint128: 'u128',
};

/** The primitive each `core::ffi` alias is on x86-64 Linux, for literal suffixes. */
export const INT_PRIM: Record<IntKind, string> = {
  bool: 'bool',
  char: 'i8',
  schar: 'i8',
  uchar: 'u8',
  short: 'i16',
  ushort: 'u16',
  int: 'i32',
  uint: 'u32',
  long: 'i64',
  ulong: 'u64',
  llong: 'i64',
  ullong: 'u64',
  int128: 'i128',
  uint128: 'u128',
};

export const FFI_NAMES = ['c_char', 'c_schar', 'c_uchar', 'c_short', 'c_ushort', 'c_int', 'c_uint', 'c_long', 'c_ulong', 'c_longlong', 'c_ulonglong', 'c_void'];

const SIMD_TYPEDEF = /^__m(64|128|256|512)[id]?$/;

/** Renders C types as Rust types; names come from (and are registered in) the crate's type registry. */
export class RustTypes {
  constructor(readonly reg: TypeRegistry) {}

  ty(t: CType): string {
    switch (t.k) {
      case 'void':
        return 'c_void';
      case 'int':
        return INT_RUST[t.kind];
      case 'float':
        // No stable f80: a long double only ever sits in a record here (its users stay C).
        return t.kind === 'float' ? 'f32' : t.kind === 'double' ? 'f64' : 'u128';
      case 'ptr': {
        const to = canon(t.to);
        if (to.k === 'fn') return `Option<${this.fnSig(to)}>`;
        return `${t.constTo ? '*const' : '*mut'} ${this.ty(t.to)}`;
      }
      case 'array':
        return `[${this.ty(t.of)}; ${t.size ?? 0}]`;
      case 'fn':
        return this.fnSig(t);
      case 'record':
        return this.reg.record(t).rustName;
      case 'enum':
        return this.reg.enumType(t) ?? INT_RUST[t.underlying];
      case 'typedef': {
        if (SIMD_TYPEDEF.test(t.name) && canon(t.target).k === 'vector') return `core::arch::x86_64::${t.name}`;
        return this.reg.typedef(t).rustName;
      }
      case 'vector':
        return vectorType(t);
      case 'complex':
        return `[${this.ty(t.of)}; 2]`;
      default:
        return 'c_void';
    }
  }

  /** `unsafe extern "C" fn(c_int, ...) -> c_int` */
  fnSig(f: Extract<CType, { k: 'fn' }>): string {
    const ps = f.params.map((p) => this.ty(p));
    if (f.variadic) ps.push('...');
    return `unsafe extern "C" fn(${ps.join(', ')})${this.retSuffix(f.ret)}`;
  }

  retSuffix(t: CType): string {
    return canon(t).k === 'void' ? '' : ` -> ${this.ty(t)}`;
  }

  /** A value of the type with every byte zero (what C gives statics and `= {0}`). */
  zero(t: CType): string {
    const c = canon(t);
    switch (c.k) {
      case 'int':
        return c.kind === 'bool' ? 'false' : '0';
      case 'enum':
        return '0';
      case 'float':
        return c.kind === 'ldouble' ? '0' : '0.0';
      case 'ptr':
        if (canon(c.to).k === 'fn') return 'None';
        return c.constTo ? 'core::ptr::null()' : 'core::ptr::null_mut()';
      case 'array': {
        const e = this.zero(c.of);
        return e.includes('zeroed') ? 'core::mem::zeroed()' : `[${e}; ${c.size ?? 0}]`;
      }
      default:
        return 'core::mem::zeroed()';
    }
  }
}

function vectorType(t: Extract<CType, { k: 'vector' }>): string {
  const e = canon(t.of);
  const bits = t.bytes * 8;
  const suffix = e.k === 'float' ? (e.kind === 'float' ? '' : 'd') : 'i';
  return `core::arch::x86_64::__m${bits}${suffix}`;
}
