import { child, skipParens, type ClangNode } from './clang-ast.js';
import { Unsupported } from './contexts.js';
import { canon, intKind, isBool, isFloat, isFnPointer, isPointer, isUnsigned, type CType } from './ctype.js';
import { INT_PRIM } from './rust-type.js';
import { asCast, decay, fnPointer, nullOf } from './expr-cast.js';
import { samePrim, type Exprs } from './expr.js';
import { indexIsize, materialize, placeOf, readPlace, stablePlace, writePlace, type Place } from './expr-place.js';
import { intLiteral } from './literals.js';
import { atom, binop, block, method, NEGATED, P, wrap, type RExpr } from './rexpr.js';

const WRAPPING: Record<string, string> = { '+': 'wrapping_add', '-': 'wrapping_sub', '*': 'wrapping_mul' };

/** `a op b` in C type `t`: unsigned `+ - *` wrap as C defines; signed and float use the operator. */
export function arith(a: RExpr, op: string, b: RExpr, t: CType): RExpr {
  const w = WRAPPING[op];
  if (w && isUnsigned(t)) {
    const k = intKind(t);
    const recv = a.lit === 'int' && k ? { ...a, code: `${a.code}${INT_PRIM[k]}`, prec: P.ATOM } : a;
    return method(recv, w, [b.code]);
  }
  return binop(a, op, b);
}

export function boolToInt(x: Exprs, c: RExpr, t: CType): RExpr {
  if (isBool(t)) return c;
  return { code: `${wrap(c, P.AS)} as ${x.rt(t)}`, prec: P.AS };
}

/** `p.offset(i)`; negative for `p - i`. */
export function offsetPtr(x: Exprs, p: RExpr, i: ClangNode, negate: boolean): RExpr {
  const idx = indexIsize(x, i);
  const lit = /^-?\d+$/.test(idx);
  const arg = negate ? (lit ? String(-BigInt(idx)) : `-(${idx})`) : idx;
  return method(p, 'offset', [arg]);
}

function isNullConst(n: ClangNode): boolean {
  const s = skipParens(n);
  if ((s.kind === 'ImplicitCastExpr' || s.kind === 'CStyleCastExpr') && s.castKind === 'NullToPointer') return true;
  if ((s.kind === 'ImplicitCastExpr' || s.kind === 'CStyleCastExpr') && (s.castKind === 'BitCast' || s.castKind === 'NoOp')) return isNullConst(child(s));
  return false;
}

export function binary(x: Exprs, n: ClangNode, asBool = false): RExpr {
  const op = n.opcode ?? '';
  const [a, b] = [child(n, 0), child(n, 1)];
  const t = x.ty(n);
  if (op === ',') return block(x.stmts(a), x.value(b).code);
  if (op === '=') return assignValue(x, n);
  if (op === '&&' || op === '||') {
    const c = binop(x.cond(a), op, x.cond(b));
    return asBool ? c : boolToInt(x, c, t);
  }
  if (NEGATED[op]) {
    let c: RExpr | undefined;
    if ((op === '==' || op === '!=') && (isNullConst(b) || isNullConst(a))) {
      const other = isNullConst(b) ? a : b;
      if (isNullConst(other)) return boolToIntOr(x, atom(op === '==' ? 'true' : 'false'), t, asBool);
      const ot = x.ty(other);
      const v = x.value(other);
      if (isFnPointer(ot)) c = method(v, op === '==' ? 'is_none' : 'is_some');
      else if (isPointer(ot)) c = op === '==' ? method(v, 'is_null') : { code: `!${wrap(method(v, 'is_null'), P.UNARY)}`, prec: P.UNARY };
    }
    c ??= binop(x.value(a), op, x.value(b));
    return asBool ? c : boolToInt(x, c, t);
  }
  const ta = x.ty(a);
  const tb = x.ty(b);
  if ((op === '+' || op === '-') && (isPointer(ta) || isPointer(tb))) {
    if (op === '-' && isPointer(ta) && isPointer(tb)) {
      return { code: `${wrap(method(x.value(a), 'offset_from', [x.value(b).code]), P.AS)} as ${x.rt(t)}`, prec: P.AS };
    }
    const [p, i] = isPointer(ta) ? [a, b] : [b, a];
    return offsetPtr(x, x.value(p), i, op === '-');
  }
  let left = x.value(a);
  // A shifted literal takes the result's type from nothing else (`(1 << n).wrapping_sub(1)`).
  const k = intKind(t);
  if ((op === '<<' || op === '>>') && left.lit === 'int' && left.value !== undefined && k && INT_PRIM[k] !== 'i32') {
    left = { code: `${left.value}${INT_PRIM[k]}`, prec: left.value < 0n ? P.UNARY : P.ATOM, value: left.value };
  }
  return arith(left, op, x.value(b), t);
}

function boolToIntOr(x: Exprs, c: RExpr, t: CType, asBool: boolean): RExpr {
  return asBool ? c : boolToInt(x, c, t);
}

export function unary(x: Exprs, n: ClangNode): RExpr {
  const op = n.opcode ?? '';
  const a = child(n);
  const t = x.ty(n);
  switch (op) {
    case '-': {
      const v = x.value(a);
      if (v.lit === 'int' && v.value !== undefined) {
        const k = intKind(t);
        if (k && isUnsigned(t)) return method({ code: `${v.value}${INT_PRIM[k]}`, prec: P.ATOM }, 'wrapping_neg');
        return intLiteral(-v.value, k ? INT_PRIM[k] : undefined);
      }
      if (v.lit === 'float') return { code: v.code.startsWith('-') ? v.code.slice(1) : `-${v.code}`, prec: P.UNARY, lit: 'float' };
      if (isUnsigned(t)) return method(v, 'wrapping_neg');
      return { code: `-${wrap(v, P.UNARY)}`, prec: P.UNARY };
    }
    case '+':
    case '__extension__':
      return x.value(a);
    case '~': {
      const v = x.value(a);
      return { code: `!${wrap(v, P.UNARY)}`, prec: P.UNARY };
    }
    case '!':
      return boolToInt(x, x.negate(x.cond(a)), t);
    case '*':
      return readPlace(x, placeOf(x, n));
    case '&':
      return addressOf(x, n);
    case '++':
    case '--':
      return incDec(x, n, true) as RExpr;
    default:
      throw new Unsupported(`unary operator \`${op}\``);
  }
}

function addressOf(x: Exprs, n: ClangNode): RExpr {
  const sub = skipParens(child(n));
  const to = x.ty(n);
  const c = canon(to);
  const constTo = c.k === 'ptr' && c.constTo;
  if (sub.kind === 'DeclRefExpr' && sub.referencedDecl?.kind === 'FunctionDecl') return fnPointer(x, sub, to);
  if (sub.kind === 'UnaryOperator' && sub.opcode === '*') {
    const v = x.value(child(sub));
    return x.rt(x.ty(child(sub))) === x.rt(to) ? v : asCast(x, v, to);
  }
  if (sub.kind === 'ArraySubscriptExpr') {
    let [b, i] = [child(sub, 0), child(sub, 1)];
    if (!isPointer(x.ty(b)) && isPointer(x.ty(i))) [b, i] = [i, b];
    const sb = skipParens(b);
    const base = sb.kind === 'ImplicitCastExpr' && sb.castKind === 'ArrayToPointerDecay' ? decay(x, child(sb), x.ty(sb)) : x.value(b);
    const r = offsetPtr(x, base, i, false);
    return x.rt(x.ty(b)) === x.rt(to) ? r : asCast(x, r, to);
  }
  const p = materialize(x, placeOf(x, sub));
  if (p.bitfield) throw new Unsupported('address of a bitfield');
  return { code: `&raw ${constTo ? 'const' : 'mut'} ${wrap(p, P.UNARY)}`, prec: P.UNARY };
}

/** `++`/`--`: statements when the value is unused, blocks when it is. */
export function incDec(x: Exprs, n: ClangNode, wantValue: boolean): RExpr | string[] {
  const sub = child(n);
  const t = x.ty(sub);
  const inc = n.opcode === '++';
  const p0 = placeOf(x, sub);
  if (isBool(t)) throw new Unsupported('++/-- on _Bool');
  const step = (v: RExpr): RExpr => {
    if (isPointer(t)) return method(v, 'offset', [inc ? '1' : '-1']);
    if (isFloat(t)) return binop(v, inc ? '+' : '-', atom('1.0'));
    if (isUnsigned(t)) return method(v, inc ? 'wrapping_add' : 'wrapping_sub', ['1']);
    return binop(v, inc ? '+' : '-', atom('1'));
  };
  const simple = !p0.bitfield && !p0.volatile && !isPointer(t) && !isUnsigned(t);
  if (!wantValue) {
    if (simple) return [`${p0.code} ${inc ? '+=' : '-='} ${isFloat(t) ? '1.0' : '1'};`];
    const { setup, place } = stablePlace(x, p0);
    return [...setup, writePlace(place, step(readPlace(x, place)))];
  }
  const { setup, place } = stablePlace(x, p0);
  if (n.isPostfix === true) {
    const tmp = x.fn.temp('fresh');
    return block([...setup, `let ${tmp} = ${readPlace(x, place).code};`, writePlace(place, step(atom(tmp)))], tmp);
  }
  return block([...setup, writePlace(place, step(readPlace(x, place)))], readPlace(x, place).code);
}

/** `a op= b`: in place when Rust's operator means the same, otherwise through C's computation type. */
export function compoundAssign(x: Exprs, n: ClangNode, wantValue: boolean): RExpr | string[] {
  const op = (n.opcode ?? '').replace(/=$/, '');
  const [l, r] = [child(n, 0), child(n, 1)];
  const lt = x.ty(l);
  const compL = x.mod.type(n.computeLHSType as { qualType: string });
  const compR = x.mod.type(n.computeResultType as { qualType: string });
  const p0 = placeOf(x, l);
  const rhs = x.value(r);
  const same = (a: CType, b: CType) => x.rt(a) === x.rt(b) || samePrim(a, b) || (isFloat(a) && isFloat(b) && x.rt(canon(a)) === x.rt(canon(b)));
  const sameAsLhs = same(compL, lt) && same(compR, lt);
  const inPlace = !p0.bitfield && !p0.volatile && !isPointer(lt) && sameAsLhs && !(isUnsigned(lt) && WRAPPING[op]);
  if (inPlace && !wantValue) return [`${p0.code} ${op}= ${rhs.code};`];
  const { setup, place } = stablePlace(x, p0);
  const cur = readPlace(x, place);
  let next: RExpr;
  if (isPointer(lt)) next = offsetPtr(x, cur, r, op === '-');
  else if (sameAsLhs) next = arith(cur, op, rhs, lt);
  else {
    const widened = same(compL, lt) ? cur : asCast(x, cur, compL);
    const res = arith(widened, op, rhs, compR);
    next = same(compR, lt) ? res : isBool(lt) ? x.truthy(res, compR) : asCast(x, res, lt);
  }
  const stmts = inPlace ? [`${place.code} ${op}= ${rhs.code};`] : [...setup, writePlace(place, next)];
  if (!wantValue) return stmts;
  return block(stmts, readPlace(x, place).code);
}

export function assignStmts(x: Exprs, n: ClangNode): string[] {
  const p = placeOf(x, child(n, 0));
  const v = x.value(child(n, 1));
  return [writePlace(p, v)];
}

/** `(a = b)` as a value: assign, then read the place back (bound once if it has side effects). */
export function assignValue(x: Exprs, n: ClangNode): RExpr {
  const { setup, place } = stablePlace(x, placeOf(x, child(n, 0)));
  const v = x.value(child(n, 1));
  return block([...setup, writePlace(place, v)], readPlace(x, place).code);
}

export { nullOf };
export type { Place };
