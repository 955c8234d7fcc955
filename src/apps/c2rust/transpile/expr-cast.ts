import { child, skipParens, type ClangNode } from './clang-ast.js';
import { Unsupported } from './contexts.js';
import { canon, INT_BITS, intKind, isFnPointer, isSignedKind, sameType, type CType } from './ctype.js';
import { predefinedString, samePrim, type Exprs } from './expr.js';
import { placeOf, readPlace, isLocalPlace, materialize } from './expr-place.js';
import { charText, floatLiteral, intLiteral, stringPointer } from './literals.js';
import { atom, method, P, wrap, type RExpr } from './rexpr.js';
import { INT_PRIM } from './rust-type.js';

/** An implicit or explicit cast, as clang classified it. */
export function castExpr(x: Exprs, n: ClangNode): RExpr {
  const sub = child(n);
  const to = x.ty(n);
  switch (n.castKind) {
    case 'LValueToRValue':
      return readPlace(x, placeOf(x, sub));
    case 'NoOp':
    case 'AtomicToNonAtomic':
    case 'NonAtomicToAtomic': {
      const v = x.value(sub);
      return sameType(x.ty(sub), to) || x.rt(x.ty(sub)) === x.rt(to) ? v : asCast(x, v, to);
    }
    case 'ToVoid':
      return x.value(sub);
    case 'IntegralCast':
    case 'BooleanToSignedIntegral':
      return intCast(x, sub, to);
    case 'IntegralToBoolean':
    case 'PointerToBoolean':
    case 'FloatingToBoolean':
    case 'MemberPointerToBoolean':
      return x.truthy(x.value(sub), x.ty(sub));
    case 'IntegralToFloating': {
      const v = x.value(sub);
      if (v.value !== undefined && v.value >= -(1n << 53n) && v.value <= 1n << 53n && !v.char) return floatLiteral(v.value.toString());
      return asCast(x, v, to);
    }
    case 'FloatingToIntegral':
    case 'FloatingCast': {
      const v = x.value(sub);
      // `0.1f` widened to double keeps float's rounding: the literal must be an f32 first.
      if (v.lit === 'float' && /^-?[\d.eE+-]+$/.test(v.code)) return asCast(x, { code: `${v.code}${x.rt(x.ty(sub))}`, prec: v.code.startsWith('-') ? P.UNARY : P.ATOM }, to);
      return asCast(x, v, to);
    }
    case 'NullToPointer':
      return nullOf(x, to);
    case 'IntegralToPointer': {
      const v = x.value(sub);
      if (v.value === 0n) return nullOf(x, to);
      if (isFnPointer(to)) return { code: `core::mem::transmute::<usize, ${x.rt(to)}>(${wrap(v, P.AS)} as usize)`, prec: P.POSTFIX };
      const k = intKind(x.ty(sub));
      // An untyped literal cast to a pointer would be inferred as usize (`-1` would not compile).
      if (v.lit === 'int' && v.value !== undefined && k) return asCast(x, { code: `${v.value}${INT_PRIM[k]}`, prec: v.value < 0n ? P.UNARY : P.ATOM }, to);
      return asCast(x, v, to);
    }
    case 'PointerToIntegral': {
      const v = x.value(sub);
      if (/^core::ptr::null(_mut)?\(\)$|^None$/.test(v.code)) return intLiteral(0n);
      if (isFnPointer(x.ty(sub))) return asCast(x, { code: `core::mem::transmute::<${x.rt(x.ty(sub))}, usize>(${v.code})`, prec: P.POSTFIX }, to);
      return asCast(x, v, to);
    }
    case 'BitCast':
    case 'AddressSpaceConversion':
      return bitCast(x, sub, to);
    case 'ArrayToPointerDecay':
      return decay(x, sub, to);
    case 'FunctionToPointerDecay':
      return fnPointer(x, sub, to);
    case 'BuiltinFnToFnPtr':
      throw new Unsupported('a builtin function used as a value');
    case 'VectorSplat':
      throw new Unsupported('vector splat');
    default:
      throw new Unsupported(`cast \`${n.castKind}\``);
  }
}

/** `v as T`, with a suffix on bare literals so they do not default to i32. */
export function asCast(x: Exprs, v: RExpr, to: CType): RExpr {
  const rt = x.rt(to);
  const toPtr = canon(to).k === 'ptr' && !isFnPointer(to);
  // `(p as *mut A) as *const B` is `p as *const B`.
  if (toPtr && v.uncast) v = v.uncast;
  let code = wrap(v, P.AS);
  if (v.lit === 'int' && v.value !== undefined && (v.value > 2147483647n || v.value < -2147483648n)) code = `${v.value}i128`;
  return { code: `${code} as ${rt}`, prec: P.AS, ...(toPtr ? { uncast: v } : {}) };
}

function intCast(x: Exprs, sub: ClangNode, to: CType): RExpr {
  const v = x.value(sub);
  const from = x.ty(sub);
  if (v.enumConst) return samePrim(v.enumConst.type, to) ? atom(v.enumConst.name) : { code: `${v.enumConst.name} as ${x.rt(to)}`, prec: P.AS };
  if (v.value !== undefined) return constInt(x, v, to);
  if (x.rt(from) === x.rt(to) || sameType(from, to)) return v;
  const fk = intKind(from);
  const tk = intKind(to);
  if (fk && tk && fk !== 'bool' && tk !== 'bool' && INT_PRIM[fk] === INT_PRIM[tk]) return v;
  return asCast(x, v, to);
}

/** A constant converted at translation time: `-1` to `unsigned` is `c_uint::MAX`. */
export function constInt(x: Exprs, v: RExpr, to: CType): RExpr {
  const tk = intKind(to);
  const val = v.value as bigint;
  if (!tk) return asCast(x, v, to);
  const rt = x.rt(to);
  if (tk === 'bool') return atom(val !== 0n ? 'true' : 'false');
  if (v.char) {
    const ch = charText(Number(val));
    if (ch !== undefined) return tk === 'uchar' ? atom(`b'${ch}'`) : { code: `'${ch}' as ${rt}`, prec: P.AS, value: val, char: true };
  }
  const bits = INT_BITS[tk];
  const wrapped = isSignedKind(tk) ? BigInt.asIntN(bits, val) : BigInt.asUintN(bits, val);
  if (wrapped === val) return intLiteral(val, INT_PRIM[tk]);
  if (!isSignedKind(tk) && val === -1n) return { code: `${rt}::MAX`, prec: P.ATOM, value: wrapped };
  return intLiteral(wrapped, INT_PRIM[tk]);
}

export function nullOf(x: Exprs, to: CType): RExpr {
  if (isFnPointer(to)) return atom('None');
  const c = canon(to);
  return atom(c.k === 'ptr' && c.constTo ? 'core::ptr::null()' : 'core::ptr::null_mut()');
}

function bitCast(x: Exprs, sub: ClangNode, to: CType): RExpr {
  const from = x.ty(sub);
  const v = x.value(sub);
  if (x.rt(from) === x.rt(to)) return v;
  if (isFnPointer(from) || isFnPointer(to)) {
    return { code: `core::mem::transmute::<${x.rt(from)}, ${x.rt(to)}>(${v.code})`, prec: P.POSTFIX };
  }
  if (canon(from).k === 'vector' || canon(to).k === 'vector') {
    return { code: `core::mem::transmute::<${x.rt(from)}, ${x.rt(to)}>(${v.code})`, prec: P.POSTFIX };
  }
  return asCast(x, v, to);
}

/** An array used as a pointer to its first element. */
export function decay(x: Exprs, sub: ClangNode, to: CType): RExpr {
  let s = skipParens(sub);
  while (s.kind === 'UnaryOperator' && s.opcode === '__extension__') s = skipParens(child(s));
  const ptr = x.rt(to);
  const constTo = canon(to).k === 'ptr' && (canon(to) as { constTo: boolean }).constTo;
  if (s.kind === 'StringLiteral') return wrapErr(() => stringPointer(s, ptr));
  if (s.kind === 'PredefinedExpr') return stringPointer(predefinedString(s, x.fn.fnName), ptr);
  if (s.kind === 'DeclRefExpr') {
    const local = x.fn.local(s.referencedDecl?.id);
    if (local?.vla) return atom(local.rust);
  }
  const p = materialize(x, placeOf(x, s));
  if (isLocalPlace(p)) return method(p, constTo ? 'as_ptr' : 'as_mut_ptr');
  const elemT = canon(p.type);
  const elemRust = elemT.k === 'array' ? x.rt(elemT.of) : undefined;
  const raw = `&raw ${constTo ? 'const' : 'mut'} ${wrap(p, P.UNARY)}`;
  return { code: `${raw} as ${elemRust ? `${constTo ? '*const' : '*mut'} ${elemRust}` : ptr}`, prec: P.AS, uncast: { code: raw, prec: P.UNARY } };
}

function wrapErr(f: () => RExpr): RExpr {
  try {
    return f();
  } catch (e) {
    throw new Unsupported((e as Error).message);
  }
}

/** A function designator as a value: `Some(f as unsafe extern "C" fn(..))`. */
export function fnPointer(x: Exprs, sub: ClangNode, to: CType): RExpr {
  const s = skipParens(sub);
  if (s.kind === 'UnaryOperator' && s.opcode === '*') return x.value(child(s));
  if (s.kind === 'DeclRefExpr' && s.referencedDecl?.kind === 'FunctionDecl') {
    const name = x.mod.refFn(s.referencedDecl.name ?? '', s.referencedDecl);
    const c = canon(to);
    const sig = c.k === 'ptr' && canon(c.to).k === 'fn' ? x.mod.types.fnSig(canon(c.to) as Extract<CType, { k: 'fn' }>) : 'unsafe extern "C" fn()';
    return atom(`Some(${name} as ${sig})`);
  }
  return x.value(s);
}
