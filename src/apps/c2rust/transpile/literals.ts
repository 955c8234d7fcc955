import type { ClangNode } from './clang-ast.js';
import { canon, type CType } from './ctype.js';
import { INT_PRIM } from './rust-type.js';
import { P, type RExpr } from './rexpr.js';

/**
 * An integer literal. Values outside i32 carry the primitive suffix of their C type (`prim`):
 * an unsuffixed literal defaults to i32 where Rust has no type to infer from (variadic calls).
 */
export function intLiteral(v: bigint, prim?: string, spelled?: string): RExpr {
  const fits = v >= -2147483648n && v <= 2147483647n;
  const suffix = !fits && prim ? prim : '';
  const lit = suffix ? undefined : ('int' as const);
  if (v < 0n) return { code: `-${-v}${suffix}`, prec: P.UNARY, lit, value: v };
  return { code: `${spelled ?? v}${suffix}`, prec: P.ATOM, lit, value: v };
}

const CHAR_ESC: Record<number, string> = { 10: '\\n', 13: '\\r', 9: '\\t', 92: '\\\\', 39: "\\'", 0: '\\0' };

/** A C character constant: `'a' as c_int` (Rust casts `char` to any integer type). */
export function charLiteral(v: number, rustType: string): RExpr {
  const ch = charText(v);
  if (ch === undefined) return { ...intLiteral(BigInt(v)), char: true };
  if (rustType === 'c_uchar' || rustType === 'u8') return { code: `b'${ch}'`, prec: P.ATOM, value: BigInt(v) };
  return { code: `'${ch}' as ${rustType}`, prec: P.AS, value: BigInt(v), char: true };
}

export function charText(v: number): string | undefined {
  if (CHAR_ESC[v] !== undefined) return CHAR_ESC[v];
  if (v >= 32 && v < 127) return String.fromCharCode(v);
  return undefined;
}

export function floatLiteral(raw: string): RExpr {
  const s = raw.trim();
  if (/^[+-]?inf/i.test(s)) return { code: s.startsWith('-') ? 'f64::NEG_INFINITY' : 'f64::INFINITY', prec: P.ATOM };
  if (/nan/i.test(s)) return { code: 'f64::NAN', prec: P.ATOM };
  let code = s;
  if (/^-?\d+$/.test(code)) code += '.0';
  else if (/^-?\d+[eE]/.test(code)) code = code.replace(/^(-?\d+)/, '$1.0');
  if (code.startsWith('-')) return { code, prec: P.UNARY, lit: 'float' };
  return { code, prec: P.ATOM, lit: 'float' };
}

/** C's simple escapes (`\\n` …) and the code they stand for. */
const SIMPLE_ESC: Record<string, number> = { n: 10, t: 9, r: 13, a: 7, b: 8, f: 12, v: 11, e: 27, '\\': 92, '"': 34, "'": 39, '?': 63 };

/**
 * The escape sequence whose first character (after the backslash) is `s[i]`: its value (up to
 * 32 bits; callers mask to their unit) and the index of its last character.
 */
function escapeAt(s: string, i: number): { value: number; last: number } {
  const n = s[i] ?? '';
  const simple = SIMPLE_ESC[n];
  if (simple !== undefined) return { value: simple, last: i };
  let k = i;
  if (/[0-7]/.test(n)) {
    let oct = n;
    while (oct.length < 3 && /[0-7]/.test(s[k + 1] ?? '')) oct += s[++k];
    return { value: parseInt(oct, 8), last: k };
  }
  if (n === 'x') {
    let hex = '';
    while (/[0-9a-fA-F]/.test(s[k + 1] ?? '')) hex += s[++k];
    return { value: Number(BigInt(`0x${hex || '0'}`) & 0xffffffffn), last: k };
  }
  if (n === 'u' || n === 'U') {
    const len = n === 'u' ? 4 : 8;
    return { value: parseInt(s.slice(i + 1, i + 1 + len), 16), last: i + len };
  }
  return { value: n.charCodeAt(0), last: i };
}

/** The bytes of a C string literal as clang printed it (`"a\n\303\251"`), without the quotes. */
export function stringBytes(printed: string): number[] {
  const s = printed.replace(/^[uUL8]*"/, '').replace(/"$/, '');
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 92) {
      if (c < 128) out.push(c);
      else out.push(...Buffer.from(s[i] as string, 'utf8'));
      continue;
    }
    const e = escapeAt(s, i + 1);
    out.push(e.value & 0xff);
    i = e.last;
  }
  return out;
}

/** Rust byte-string text for `bytes` (padded with NULs to `len`). */
export function byteString(bytes: number[], len: number): string {
  let s = '';
  const all = [...bytes.slice(0, len)];
  while (all.length < len) all.push(0);
  for (const b of all) {
    if (b === 34) s += '\\"';
    else if (b === 92) s += '\\\\';
    else if (b === 10) s += '\\n';
    else if (b === 13) s += '\\r';
    else if (b === 9) s += '\\t';
    else if (b === 0) s += '\\0';
    else if (b >= 32 && b < 127) s += String.fromCharCode(b);
    else s += `\\x${b.toString(16).padStart(2, '0')}`;
  }
  return `b"${s}"`;
}

/** Length in elements of a string literal's array type. */
export function arrayLen(t: CType): number | undefined {
  const c = canon(t);
  return c.k === 'array' ? c.size : undefined;
}

/** The prefix of a printed string literal: `''` or `u8` (bytes), `L`, `u` or `U` (wide). */
const prefixOf = (n: ClangNode): string => String(n.value ?? '').match(/^([uUL8]*)"/)?.[1] ?? '';
const isWide = (prefix: string): boolean => prefix !== '' && prefix !== 'u8';

/**
 * The code units of a wide literal as clang printed it (`L"h\351\x4E2D""a"`): escapes keep
 * their full value (masked to the unit's width), and clang's `""` splits (which end a hex
 * escape) are joined.
 */
export function wideUnits(printed: string, bits: number): number[] {
  const s = printed.replace(/^[uUL8]*"/, '').replace(/"$/, '');
  const mask = 2 ** bits - 1;
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.codePointAt(i) as number;
    if (c > 0xffff) i++;
    if (c === 34 && s[i + 1] === '"') {
      i++;
      continue;
    }
    if (c !== 92) {
      out.push(c);
      continue;
    }
    const e = escapeAt(s, i + 1);
    out.push(e.value);
    i = e.last;
  }
  return out.map((u) => (u > mask ? u & mask : u));
}

/**
 * A wide literal's units as a Rust array expression of the element's primitive (`[104i32, 0]`),
 * padded with zeros to `len`.
 */
function wideArray(n: ClangNode, elem: CType | undefined, len?: number): { code: string; prim: string } {
  const e = elem ? canon(elem) : undefined;
  const prim = e?.k === 'int' ? INT_PRIM[e.kind] : 'i32';
  const bits = Number(/\d+/.exec(prim)?.[0] ?? 32);
  const units = wideUnits(String(n.value ?? '""'), bits);
  const size = len ?? units.length + 1;
  const all = units.slice(0, size);
  while (all.length < size) all.push(0);
  const signed = prim.startsWith('i');
  const shown = all.map((u) => (signed && u >= 2 ** (bits - 1) ? u - 2 ** bits : u));
  return { code: `[${shown.map((u, i) => (i === 0 ? `${u}${prim}` : String(u))).join(', ')}]`, prim };
}

/**
 * A string literal as an array value: `*b"hi\0"` for unsigned char arrays, `c_str(b"hi\0")`
 * (a const fn in `types.rs`) for plain char, an array of code units for wide literals.
 */
export function stringArray(n: ClangNode, t: CType, _rust: string, len?: number): RExpr {
  const c = canon(t);
  const elem = c.k === 'array' ? canon(c.of) : undefined;
  if (isWide(prefixOf(n))) return { code: wideArray(n, elem, len ?? arrayLen(t)).code, prec: P.ATOM };
  const bytes = stringBytes(String(n.value ?? '""'));
  const size = len ?? arrayLen(t) ?? bytes.length + 1;
  const lit = byteString(bytes, size);
  if (elem?.k === 'int' && elem.kind === 'uchar') return { code: `*${lit}`, prec: P.UNARY };
  return { code: `c_str(${lit})`, prec: P.POSTFIX };
}

/**
 * A string literal decayed to a pointer: `b"hi\0".as_ptr() as *const c_char`; a wide one points
 * into a promoted constant array (`(&[104i32, 0]).as_ptr()`), which lives as long as the program.
 */
export function stringPointer(n: ClangNode, ptrRust: string, litType?: CType): RExpr {
  const t = n.type?.qualType ?? '';
  const m = /\[(\d+)\]$/.exec(t);
  if (isWide(prefixOf(n))) {
    const c = litType ? canon(litType) : undefined;
    const arr = wideArray(n, c?.k === 'array' ? c.of : undefined, m ? Number(m[1]) : undefined);
    const ptr = `(&${arr.code}).as_ptr()`;
    return { code: `${ptr} as ${ptrRust}`, prec: P.AS, uncast: { code: ptr, prec: P.POSTFIX } };
  }
  const bytes = stringBytes(String(n.value ?? '""'));
  const size = m ? Number(m[1]) : bytes.length + 1;
  const ptr = `${byteString(bytes, size)}.as_ptr()`;
  return { code: `${ptr} as ${ptrRust}`, prec: P.AS, uncast: { code: ptr, prec: P.POSTFIX } };
}

/**
 * How the C source spelled an integer constant, as Rust (`0xFF`, `0o17` for C's `017`), when it
 * spells `value` — masks stay readable. Undefined for anything else (macros, suffix-only forms).
 */
export function rustIntSpelling(text: string | undefined, value: bigint): string | undefined {
  if (!text) return undefined;
  const t = text.trim().replace(/(?:[uU](?:ll|LL|l|L)?|(?:ll|LL|l|L)[uU]?)$/, '');
  let rust: string | undefined;
  if (/^0[xX][0-9a-fA-F]+$/.test(t)) rust = `0x${t.slice(2)}`;
  else if (/^0[bB][01]+$/.test(t)) rust = `0b${t.slice(2)}`;
  else if (/^0[0-7]+$/.test(t)) rust = `0o${t.slice(1)}`;
  else if (/^[1-9][0-9]*$|^0$/.test(t)) rust = t;
  if (!rust) return undefined;
  try {
    return BigInt(rust.replace(/^0o/, '0o')) === value ? rust : undefined;
  } catch {
    return undefined;
  }
}

/** A C floating constant's spelling as a Rust literal (`1.5f` → `1.5`, `1.` → `1.0`, `.5` → `0.5`). */
export function rustFloatSpelling(text: string | undefined): string | undefined {
  if (!text) return undefined;
  let t = text.trim().replace(/[fFlL]$/, '');
  if (/^0[xX]/.test(t) || !/^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return undefined;
  if (t.startsWith('.')) t = `0${t}`;
  t = t.replace(/\.(?=$|[eE])/, '.0');
  if (!/[.eE]/.test(t)) t = `${t}.0`;
  return t;
}
