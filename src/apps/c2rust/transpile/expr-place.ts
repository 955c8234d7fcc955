import { child, children, skipParens, type ClangNode } from './clang-ast.js';
import { Unsupported } from './contexts.js';
import { canon, isPointer, type CType } from './ctype.js';
import { predefinedString, type Exprs } from './expr.js';
import { initValue } from './expr-init.js';
import type { FieldInfo } from './registry.js';
import { bareName } from './rust-names.js';
import { atom, P, wrap, type RExpr } from './rexpr.js';

/** An lvalue: a Rust place expression, or a bitfield reached through its record. */
export interface Place extends RExpr {
  type: CType;
  /** Evaluating it has no side effects, so it may be written twice. */
  pure: boolean;
  /** A local variable (or a field of one): arrays decay with `.as_mut_ptr()`. */
  local?: boolean;
  /** Not an lvalue in Rust (a call's result): taking its address needs a temporary first. */
  rvalue?: boolean;
  /** `volatile`: read and written with `read_volatile`/`write_volatile`. */
  volatile?: boolean;
  bitfield?: { base: RExpr; field: FieldInfo };
}

export const isLocalPlace = (p: Place): boolean => p.local === true && !p.bitfield;

/** A `volatile`-qualified type at the top level (`volatile int`, `int *volatile`, not `volatile int *`). */
export function isVolatileType(q: string | undefined): boolean {
  if (!q || !/\bvolatile\b/.test(q)) return false;
  const v = q.lastIndexOf('volatile');
  const star = q.lastIndexOf('*');
  return star < 0 || star < v;
}

/** The place an lvalue expression denotes. */
export function placeOf(x: Exprs, n0: ClangNode): Place {
  const p = placeOf0(x, n0);
  return isVolatileType(skipParens(n0).type?.qualType) && !p.bitfield && !p.rvalue ? { ...p, volatile: true } : p;
}

function placeOf0(x: Exprs, n0: ClangNode): Place {
  const n = skipParens(n0);
  const type = x.ty(n);
  switch (n.kind) {
    case 'DeclRefExpr': {
      const r = n.referencedDecl;
      const local = x.fn.local(r?.id);
      if (local) return { code: local.rust, prec: P.ATOM, type, pure: true, local: !local.isStatic };
      if (r?.kind === 'VarDecl' && r.name) return { code: x.mod.refVar(r.name, r), prec: P.ATOM, type, pure: true };
      if (r?.kind === 'FunctionDecl') throw new Unsupported('a function used as an lvalue');
      throw new Unsupported(`reference to ${r?.kind ?? 'unknown'} \`${r?.name ?? ''}\``);
    }
    case 'MemberExpr':
      return member(x, n, type);
    case 'ArraySubscriptExpr':
      return subscript(x, n, type);
    case 'UnaryOperator':
      if (n.opcode === '*') {
        const p = x.value(child(n));
        return { code: `*${wrap(p, P.UNARY)}`, prec: P.UNARY, type, pure: !hasSideEffects(child(n)) };
      }
      if (n.opcode === '__extension__') return placeOf(x, child(n));
      break;
    case 'CompoundLiteralExpr': {
      const init = initValue(x, child(n), type, x.fn.staticInit);
      if (x.fn.staticInit) return { code: x.mod.hoistStatic(x.rt(type), init.code), prec: P.ATOM, type, pure: true };
      const t = x.fn.temp('fresh');
      x.fn.pre.push(`let mut ${t}: ${x.rt(type)} = ${init.code};`);
      return { code: t, prec: P.ATOM, type, pure: true, local: true };
    }
    case 'PredefinedExpr':
      return placeOf(x, predefinedString(n, x.fn.fnName));
    default:
      break;
  }
  // An rvalue used where a place is expected (`f().x`): Rust accepts the value expression.
  const v = x.value(n);
  return { ...v, type, pure: !hasSideEffects(n), rvalue: true };
}

function member(x: Exprs, n: ClangNode, type: CType): Place {
  const base = child(n);
  const arrow = n.isArrow === true;
  const id = n.referencedMemberDecl as string | undefined;
  const hit = id ? x.mod.reg.field(x.mod.scope, id) : undefined;
  if (!hit) throw new Unsupported(`member \`${String(n.name)}\` of an unknown record`);
  let baseExpr: RExpr;
  let pure: boolean;
  let local = false;
  if (arrow) {
    const p = x.value(base);
    baseExpr = { code: `*${wrap(p, P.UNARY)}`, prec: P.UNARY };
    pure = !hasSideEffects(base);
  } else {
    const bp = placeOf(x, base);
    if (bp.bitfield) throw new Unsupported('member of a bitfield');
    baseExpr = bp;
    pure = bp.pure;
    local = bp.local === true;
    if (bp.rvalue) return { ...memberOf(baseExpr, hit.field, type, pure), rvalue: true };
  }
  return { ...memberOf(baseExpr, hit.field, type, pure), local };
}

function memberOf(baseExpr: RExpr, field: FieldInfo, type: CType, pure: boolean): Place {
  if (field.bitWidth !== undefined) return { code: '', prec: P.ATOM, type, pure, bitfield: { base: baseExpr, field } };
  return { code: `${wrap(baseExpr, P.POSTFIX)}.${field.rustName}`, prec: P.POSTFIX, type, pure };
}

/** A temporary holding an rvalue whose address is taken (`f().buf` decayed): C keeps it for the statement. */
export function materialize(x: Exprs, p: Place): Place {
  if (!p.rvalue) return p;
  const t = x.fn.temp('fresh');
  x.fn.pre.push(`let mut ${t} = ${p.code};`);
  return { code: t, prec: P.ATOM, type: p.type, pure: true, local: true };
}

/** `a[i]` on an array of known size is `a[i as usize]` (bounds-checked); through a pointer, `*p.offset(i)`. */
function subscript(x: Exprs, n: ClangNode, type: CType): Place {
  let [b, i] = children(n) as [ClangNode, ClangNode];
  if (!isPointer(x.ty(b)) && isPointer(x.ty(i))) [b, i] = [i, b];
  const pure = !hasSideEffects(b) && !hasSideEffects(i);
  const sb = skipParens(b);
  if (sb.kind === 'ImplicitCastExpr' && sb.castKind === 'ArrayToPointerDecay') {
    const arrNode = child(sb);
    const at = canon(x.ty(arrNode));
    const sa = skipParens(arrNode);
    if (at.k === 'array' && (at.size ?? 0) > 1 && sa.kind !== 'StringLiteral' && sa.kind !== 'PredefinedExpr') {
      const arr = placeOf(x, arrNode);
      if (!arr.bitfield) return { code: `${wrap(arr, P.POSTFIX)}[${indexUsize(x, i)}]`, prec: P.POSTFIX, type, pure, local: arr.local === true };
    }
  }
  const ptr = x.value(b);
  return { code: `*${wrap(ptr, P.POSTFIX)}.offset(${indexIsize(x, i)})`, prec: P.UNARY, type, pure };
}

function indexUsize(x: Exprs, i: ClangNode): string {
  const v = x.value(i);
  if (v.value !== undefined && v.value >= 0n) return v.value.toString();
  return x.rt(x.ty(i)) === 'usize' ? v.code : `${wrap(v, P.AS)} as usize`;
}

export function indexIsize(x: Exprs, i: ClangNode): string {
  const v = x.value(i);
  if (v.value !== undefined) return v.value.toString();
  return `${wrap(v, P.AS)} as isize`;
}

/** Reads a place: bitfields through their getter. */
export function readPlace(_x: Exprs, p: Place): RExpr {
  if (p.bitfield) return { code: `${wrap(p.bitfield.base, P.POSTFIX)}.${p.bitfield.field.rustName}()`, prec: P.POSTFIX };
  if (p.volatile) return { code: `core::ptr::read_volatile(&raw const ${wrap(p, P.UNARY)})`, prec: P.POSTFIX };
  return { code: p.code, prec: p.prec, ...(p.value !== undefined ? { value: p.value, lit: p.lit } : {}) };
}

/** `place = v` as a statement; bitfields through their setter. */
export function writePlace(p: Place, v: RExpr): string {
  if (p.bitfield) return `${wrap(p.bitfield.base, P.POSTFIX)}.set_${bareName(p.bitfield.field.rustName)}(${v.code});`;
  if (p.volatile) return `core::ptr::write_volatile(&raw mut ${wrap(p, P.UNARY)}, ${v.code});`;
  return `${p.code} = ${v.code};`;
}

/**
 * A place that can be named more than once: impure ones are bound to a raw pointer first
 * (`let fresh0 = &raw mut *p.offset(f(x)); … *fresh0 …`), so side effects happen once.
 */
export function stablePlace(x: Exprs, p: Place): { setup: string[]; place: Place } {
  if (p.pure) return { setup: [], place: p };
  const t = x.fn.temp('fresh');
  if (p.bitfield) {
    return { setup: [`let ${t} = &raw mut ${wrap(p.bitfield.base, P.UNARY)};`], place: { ...p, bitfield: { base: { code: `*${t}`, prec: P.UNARY }, field: p.bitfield.field }, pure: true } };
  }
  return { setup: [`let ${t} = &raw mut ${wrap(p, P.UNARY)};`], place: { code: `*${t}`, prec: P.UNARY, type: p.type, pure: true, ...(p.volatile ? { volatile: true } : {}) } };
}

const EFFECTS = new Set(['CallExpr', 'CompoundAssignOperator', 'StmtExpr', 'VAArgExpr']);

/** Whether evaluating the expression can change anything (calls, assignments, ++/--). */
export function hasSideEffects(n: ClangNode): boolean {
  if (EFFECTS.has(n.kind)) return true;
  if (n.kind === 'BinaryOperator' && n.opcode === '=') return true;
  if (n.kind === 'UnaryOperator' && (n.opcode === '++' || n.opcode === '--')) return true;
  if (n.kind === 'CompoundLiteralExpr') return true;
  return children(n).some(hasSideEffects);
}

export { atom };
