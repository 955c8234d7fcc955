/**
 * C types as clang resolved them, after parsing clang's printed `qualType` strings (the JSON
 * dump has no structured types outside typedef declarations). Records, enums and typedefs refer
 * to declarations by a key that is the same in every translation unit that sees the same
 * declaration (its file, line and column), so one definition serves the whole crate.
 */
export type IntKind =
  | 'bool'
  | 'char'
  | 'schar'
  | 'uchar'
  | 'short'
  | 'ushort'
  | 'int'
  | 'uint'
  | 'long'
  | 'ulong'
  | 'llong'
  | 'ullong'
  | 'int128'
  | 'uint128';

export type FloatKind = 'float' | 'double' | 'ldouble';

export type CType =
  | { k: 'void' }
  | { k: 'int'; kind: IntKind }
  | { k: 'float'; kind: FloatKind }
  | { k: 'ptr'; to: CType; constTo: boolean; volatileTo?: boolean }
  | { k: 'array'; of: CType; size: number | undefined; vla?: string }
  | { k: 'fn'; ret: CType; params: CType[]; variadic: boolean; noProto: boolean }
  | { k: 'record'; key: string; tag: 'struct' | 'union'; name: string }
  | { k: 'enum'; key: string; name: string; underlying: IntKind }
  | { k: 'typedef'; key: string; name: string; target: CType }
  | { k: 'vector'; of: CType; bytes: number }
  | { k: 'complex'; of: CType }
  | { k: 'unknown'; text: string };

export const VOID: CType = { k: 'void' };
export const INT: CType = { k: 'int', kind: 'int' };

/** The type behind every typedef (sugar removed at the top only). */
export function canon(t: CType): CType {
  while (t.k === 'typedef') t = t.target;
  return t;
}

export const INT_BITS: Record<IntKind, number> = {
  bool: 8,
  char: 8,
  schar: 8,
  uchar: 8,
  short: 16,
  ushort: 16,
  int: 32,
  uint: 32,
  long: 64,
  ulong: 64,
  llong: 64,
  ullong: 64,
  int128: 128,
  uint128: 128,
};

/** x86-64 Linux: plain `char` is signed. */
export function isSignedKind(k: IntKind): boolean {
  return k === 'char' || k === 'schar' || k === 'short' || k === 'int' || k === 'long' || k === 'llong' || k === 'int128';
}

/** The integer kind of an integer-like type (enums count), undefined otherwise. */
export function intKind(t: CType): IntKind | undefined {
  const c = canon(t);
  if (c.k === 'int') return c.kind;
  if (c.k === 'enum') return c.underlying;
  return undefined;
}

export const isInteger = (t: CType): boolean => intKind(t) !== undefined;
export const isFloat = (t: CType): boolean => canon(t).k === 'float';
export const isPointer = (t: CType): boolean => canon(t).k === 'ptr';
export const isArray = (t: CType): boolean => canon(t).k === 'array';
export const isVoid = (t: CType): boolean => canon(t).k === 'void';
export const isRecord = (t: CType): boolean => canon(t).k === 'record';
export const isBool = (t: CType): boolean => intKind(t) === 'bool';

/** True for unsigned integers (where C arithmetic wraps). `_Bool` never reaches arithmetic. */
export function isUnsigned(t: CType): boolean {
  const k = intKind(t);
  return k !== undefined && k !== 'bool' && !isSignedKind(k);
}

/** A pointer to a function: rendered `Option<unsafe extern "C" fn(..)>`. */
export function isFnPointer(t: CType): boolean {
  const c = canon(t);
  return c.k === 'ptr' && canon(c.to).k === 'fn';
}

export function pointee(t: CType): CType | undefined {
  const c = canon(t);
  return c.k === 'ptr' ? c.to : c.k === 'array' ? c.of : undefined;
}

export function fnType(t: CType): Extract<CType, { k: 'fn' }> | undefined {
  let c = canon(t);
  if (c.k === 'ptr') c = canon(c.to);
  return c.k === 'fn' ? c : undefined;
}

/** Unsupported by stable Rust as a value type: the function using it stays C. */
export function unsupportedIn(t: CType, seen = new Set<CType>()): string | undefined {
  if (seen.has(t)) return undefined;
  seen.add(t);
  switch (t.k) {
    case 'complex':
      return '_Complex arithmetic';
    case 'float':
      return t.kind === 'ldouble' ? 'long double (80-bit x87) arithmetic' : undefined;
    case 'unknown':
      return `type clang printed as \`${t.text}\``;
    case 'ptr':
      // A pointer to anything is only an address.
      return canon(t.to).k === 'fn' ? unsupportedIn(t.to, seen) : undefined;
    case 'array':
      return unsupportedIn(t.of, seen);
    case 'fn':
      return [t.ret, ...t.params].map((p) => unsupportedIn(p, seen)).find(Boolean);
    case 'typedef':
      return unsupportedIn(t.target, seen);
    default:
      return undefined;
  }
}

/** Two types that render to the same Rust type (typedef sugar and qualifiers ignored). */
export function sameType(a: CType, b: CType): boolean {
  const x = canon(a);
  const y = canon(b);
  if (x.k !== y.k) return false;
  switch (x.k) {
    case 'int':
    case 'float':
      return x.kind === (y as typeof x).kind;
    case 'ptr': {
      const yy = y as typeof x;
      return x.constTo === yy.constTo && sameType(x.to, yy.to);
    }
    case 'array': {
      const yy = y as typeof x;
      return x.size === yy.size && sameType(x.of, yy.of);
    }
    case 'record':
    case 'enum':
      return x.key === (y as typeof x).key;
    case 'fn': {
      const yy = y as typeof x;
      return x.variadic === yy.variadic && x.params.length === yy.params.length && sameType(x.ret, yy.ret) && x.params.every((p, i) => sameType(p, yy.params[i] as CType));
    }
    case 'vector':
      return x.bytes === (y as typeof x).bytes && sameType(x.of, (y as typeof x).of);
    default:
      return true;
  }
}
