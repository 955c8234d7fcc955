import type { ClangNode } from './clang-ast.js';
import { canon, type CType } from './ctype.js';
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
    const n = s[++i] ?? '';
    const simple: Record<string, number> = { n: 10, t: 9, r: 13, a: 7, b: 8, f: 12, v: 11, e: 27, '\\': 92, '"': 34, "'": 39, '?': 63 };
    if (simple[n] !== undefined) out.push(simple[n] as number);
    else if (/[0-7]/.test(n)) {
      let oct = n;
      while (oct.length < 3 && /[0-7]/.test(s[i + 1] ?? '')) oct += s[++i];
      out.push(parseInt(oct, 8) & 0xff);
    } else if (n === 'x') {
      let hex = '';
      while (/[0-9a-fA-F]/.test(s[i + 1] ?? '')) hex += s[++i];
      out.push(parseInt(hex || '0', 16) & 0xff);
    } else out.push(n.charCodeAt(0));
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

/**
 * A string literal as an array value: `*b"hi\0"` for unsigned char arrays, `c_str(b"hi\0")`
 * (a const fn in `types.rs`) for plain char. Wide literals are not supported.
 */
export function stringArray(n: ClangNode, t: CType, _rust: string, len?: number): RExpr {
  const kind = String(n.value ?? '').match(/^([uUL8]*)"/)?.[1] ?? '';
  if (kind !== '' && kind !== 'u8') throw new Error('wide string literal');
  const bytes = stringBytes(String(n.value ?? '""'));
  const size = len ?? arrayLen(t) ?? bytes.length + 1;
  const c = canon(t);
  const elem = c.k === 'array' ? canon(c.of) : undefined;
  const lit = byteString(bytes, size);
  if (elem?.k === 'int' && elem.kind === 'uchar') return { code: `*${lit}`, prec: P.UNARY };
  return { code: `c_str(${lit})`, prec: P.POSTFIX };
}

/** A string literal decayed to a pointer: `b"hi\0".as_ptr() as *const c_char`. */
export function stringPointer(n: ClangNode, ptrRust: string): RExpr {
  const kind = String(n.value ?? '').match(/^([uUL8]*)"/)?.[1] ?? '';
  if (kind !== '' && kind !== 'u8') throw new Error('wide string literal');
  const bytes = stringBytes(String(n.value ?? '""'));
  const t = n.type?.qualType ?? '';
  const m = /\[(\d+)\]$/.exec(t);
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
