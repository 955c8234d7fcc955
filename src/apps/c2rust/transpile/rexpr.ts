import type { CType } from './ctype.js';

/**
 * Rust expression text with its precedence, so operands are parenthesised only where Rust's
 * grammar needs it (its precedences differ from C's: `as` binds tighter than `*`, comparisons do
 * not chain, and `x as T < y` would start a generic argument list).
 */
export const P = {
  BLOCK: 10,
  ASSIGN: 20,
  RANGE: 25,
  OR: 30,
  AND: 35,
  CMP: 40,
  BITOR: 45,
  BITXOR: 50,
  BITAND: 55,
  SHIFT: 60,
  ADD: 65,
  MUL: 70,
  AS: 75,
  UNARY: 80,
  POSTFIX: 90,
  ATOM: 100,
} as const;

export interface RExpr {
  code: string;
  prec: number;
  /** An unsuffixed numeric literal (its type comes from context; casts need a suffix). */
  lit?: 'int' | 'float';
  /** Known value for integer literals (folding of casts of constants). */
  value?: bigint;
  /** A character constant (re-rendered as `'a' as T` when cast). */
  char?: boolean;
  /** A pointer cast `e as *T`: `e` itself, so a further pointer cast replaces this one. */
  uncast?: RExpr;
  /** An enumerator: its name and the type its Rust const has (casts to that type vanish). */
  enumConst?: { name: string; type: CType };
}

export const atom = (code: string): RExpr => ({ code, prec: P.ATOM });

/** `e` as an operand that needs at least precedence `min`. */
export function wrap(e: RExpr, min: number): string {
  return e.prec >= min ? e.code : `(${e.code})`;
}

export const BIN_PREC: Record<string, number> = {
  '*': P.MUL,
  '/': P.MUL,
  '%': P.MUL,
  '+': P.ADD,
  '-': P.ADD,
  '<<': P.SHIFT,
  '>>': P.SHIFT,
  '&': P.BITAND,
  '^': P.BITXOR,
  '|': P.BITOR,
  '==': P.CMP,
  '!=': P.CMP,
  '<': P.CMP,
  '>': P.CMP,
  '<=': P.CMP,
  '>=': P.CMP,
  '&&': P.AND,
  '||': P.OR,
};

/** `a op b` with left associativity; a cast on the left of `<`/`<<` is parenthesised. */
export function binop(a: RExpr, op: string, b: RExpr): RExpr {
  const p = BIN_PREC[op] ?? P.CMP;
  const cmp = p === P.CMP;
  let left = wrap(a, cmp ? p + 1 : p);
  if (a.prec === P.AS && (op === '<' || op === '<<' || op === '<=')) left = `(${a.code})`;
  const right = wrap(b, p + 1);
  // Literal arithmetic stays untyped (Rust infers it from context, or the caller casts it).
  const lit = !cmp && p !== P.AND && p !== P.OR && a.lit && a.lit === b.lit ? a.lit : undefined;
  return { code: `${left} ${op} ${right}`, prec: p, ...(lit ? { lit } : {}) };
}

export function method(recv: RExpr, name: string, args: string[] = []): RExpr {
  return { code: `${wrap(recv, P.POSTFIX)}.${name}(${args.join(', ')})`, prec: P.POSTFIX };
}

export function block(stmts: string[], tail: string): RExpr {
  return { code: `{ ${[...stmts, tail].join(' ')} }`, prec: P.BLOCK };
}

/** Comparison operators and their negations, for `!(a < b)` → `a >= b` on integers. */
export const NEGATED: Record<string, string> = { '==': '!=', '!=': '==', '<': '>=', '>=': '<', '>': '<=', '<=': '>' };

/** `!c` for a Rust condition, inverting a lone comparison or `is_null()` test instead of wrapping it. */
export function negateExpr(c: RExpr): RExpr {
  const m = /^(.*) (==|!=|<=|>=|<|>) ([^=<>!]*)$/s.exec(c.code);
  if (m && c.prec === P.CMP && !/&&|\|\||[<>=!]=|[<>]/.test(`${m[1]} ${m[3]}`)) return { code: `${m[1]} ${NEGATED[m[2] as string]} ${m[3]}`, prec: P.CMP };
  if (c.prec === P.UNARY && /^!\w[\w.]*\.is_null\(\)$/.test(c.code)) return { code: c.code.slice(1), prec: P.POSTFIX };
  if (c.prec === P.POSTFIX && /^\w[\w.]*\.is_null\(\)$/.test(c.code)) return { code: `!${c.code}`, prec: P.UNARY };
  if (c.prec === P.POSTFIX && /^\w[\w.]*\.is_(some|none)\(\)$/.test(c.code)) return { code: c.code.replace(/is_(some|none)\(\)$/, (_m, w: string) => (w === 'some' ? 'is_none()' : 'is_some()')), prec: P.POSTFIX };
  return { code: `!${wrap(c, P.UNARY)}`, prec: P.UNARY };
}
