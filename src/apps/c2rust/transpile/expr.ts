import { child, children, skipParens, type ClangNode } from './clang-ast.js';
import { Unsupported, type FnCtx, type ModuleCtx } from './contexts.js';
import { canon, intKind, isFnPointer, isPointer, isFloat, isBool, type CType } from './ctype.js';
import { INT_PRIM } from './rust-type.js';
import { callExpr } from './expr-call.js';
import { castExpr } from './expr-cast.js';
import { initValue } from './expr-init.js';
import { binary, compoundAssign, incDec, unary, assignStmts, assignValue } from './expr-ops.js';
import { placeOf, readPlace, type Place } from './expr-place.js';
import { charLiteral, floatLiteral, intLiteral, rustFloatSpelling, rustIntSpelling, stringArray } from './literals.js';
import { atom, block, binop, NEGATED, negateExpr, P, wrap, type RExpr } from './rexpr.js';

/** C expressions → Rust expressions for one function, with clang's implicit conversions made explicit. */
export class Exprs {
  constructor(readonly fn: FnCtx) {}

  get mod(): ModuleCtx {
    return this.fn.mod;
  }

  ty(n: ClangNode): CType {
    return this.mod.type(n.type);
  }

  rt(t: CType): string {
    return this.mod.types.ty(t);
  }

  /** The value of an expression (its C type rendered as the Rust type). */
  value(n: ClangNode): RExpr {
    switch (n.kind) {
      case 'ParenExpr':
      case 'ConstantExpr':
      case 'ExprWithCleanups':
      case 'FullExpr':
        return this.value(child(n));
      case 'IntegerLiteral': {
        const k = intKind(this.ty(n));
        const v = BigInt(n.value ?? '0');
        return intLiteral(v, k ? INT_PRIM[k] : 'i64', rustIntSpelling(this.tokenText(n), v));
      }
      case 'CharacterLiteral':
        return charLiteral(Number(n.value ?? 0), this.rt(this.ty(n)));
      case 'FloatingLiteral':
        return floatLiteral(rustFloatSpelling(this.tokenText(n)) ?? String(n.value ?? '0'));
      case 'StringLiteral':
        return stringArray(n, this.ty(n), this.rt(this.ty(n)));
      case 'ImplicitCastExpr':
      case 'CStyleCastExpr':
        return castExpr(this, n);
      case 'DeclRefExpr':
      case 'MemberExpr':
      case 'ArraySubscriptExpr':
      case 'CompoundLiteralExpr':
        return this.declRefValue(n) ?? readPlace(this, placeOf(this, n));
      case 'PredefinedExpr':
        return this.value(predefinedString(n, this.fn.fnName));
      case 'UnaryOperator':
        return unary(this, n);
      case 'BinaryOperator':
        return binary(this, n);
      case 'CompoundAssignOperator':
        return compoundAssign(this, n, true) as RExpr;
      case 'ConditionalOperator': {
        const [c, a, b] = children(n) as [ClangNode, ClangNode, ClangNode];
        return { code: `if ${this.cond(c).code} { ${this.value(a).code} } else { ${this.value(b).code} }`, prec: P.BLOCK };
      }
      case 'BinaryConditionalOperator': {
        // `a ?: b`: clang's children are [common, cond, true, false] with OpaqueValueExprs.
        const common = child(n, 0);
        const t = this.fn.temp('fresh');
        const ty = this.ty(common);
        const test = { code: this.truthy({ code: t, prec: P.ATOM }, ty).code, prec: P.CMP };
        return block([`let ${t}: ${this.rt(ty)} = ${this.value(common).code};`], `if ${test.code} { ${t} } else { ${this.value(children(n)[3] as ClangNode).code} }`);
      }
      case 'CallExpr':
        return callExpr(this, n);
      case 'UnaryExprOrTypeTraitExpr':
        return this.sizeofLike(n);
      case 'OffsetOfExpr':
        return this.offsetOf(n);
      case 'InitListExpr':
      case 'ImplicitValueInitExpr':
        return initValue(this, n, this.ty(n), false);
      case 'StmtExpr':
        return this.stmtExpr(n);
      case 'ParenListExpr':
        return this.value(children(n)[children(n).length - 1] as ClangNode);
      case 'GenericSelectionExpr':
        return this.value(genericChoice(n));
      case 'VAArgExpr':
        throw new Unsupported('va_arg (reading variadic arguments)');
      case 'AddrLabelExpr':
        throw new Unsupported('computed goto (label addresses)');
      case 'AtomicExpr':
        throw new Unsupported('C11 atomic operations');
      default:
        throw new Unsupported(`expression \`${n.kind}\``);
    }
  }

  /** The source text of a token written directly in the file (not from a macro). */
  tokenText(n: ClangNode): string | undefined {
    const b = n.range?.begin;
    if (!b || b.spellingLoc || b.expansionLoc) return undefined;
    return this.mod.sourceText(n);
  }

  /** Enumerators and functions named as values. */
  private declRefValue(n: ClangNode): RExpr | undefined {
    if (n.kind !== 'DeclRefExpr') return undefined;
    const r = n.referencedDecl;
    if (r?.kind === 'EnumConstantDecl' && r.name) {
      const c = this.mod.reg.enumConst(this.mod.scope, r.name);
      if (!c) throw new Unsupported(`enumerator ${r.name} without a definition`);
      this.mod.reservedForLocals.add(c.rustName);
      const enumConst = { name: c.rustName, type: c.type };
      if (samePrim(c.type, this.ty(n))) return { ...atom(c.rustName), enumConst };
      return { code: `${c.rustName} as ${this.rt(this.ty(n))}`, prec: P.AS, enumConst };
    }
    return undefined;
  }

  /** A condition as a Rust `bool` (C tests any scalar against zero). */
  cond(n: ClangNode): RExpr {
    const s = skipParens(n);
    if (s.kind === 'BinaryOperator') {
      const op = s.opcode ?? '';
      if (op === '&&' || op === '||') return binop(this.cond(child(s, 0)), op, this.cond(child(s, 1)));
      if (NEGATED[op]) return binary(this, s, true);
    }
    if (s.kind === 'UnaryOperator' && s.opcode === '!') return this.negate(this.cond(child(s)));
    if (s.kind === 'ImplicitCastExpr' && /ToBoolean$/.test(s.castKind ?? '')) return this.cond(child(s));
    return this.truthy(this.value(s), this.ty(s));
  }

  /** `v != 0` for a value of C type `t`. */
  truthy(v: RExpr, t: CType): RExpr {
    if (isBool(t)) return v;
    if (isFnPointer(t)) return { code: `${wrap(v, P.POSTFIX)}.is_some()`, prec: P.POSTFIX };
    if (isPointer(t)) return { code: `!${wrap(v, P.POSTFIX)}.is_null()`, prec: P.UNARY };
    return binop(v, '!=', isFloat(t) ? atom('0.0') : atom('0'));
  }

  negate(c: RExpr): RExpr {
    return negateExpr(c);
  }

  /** An expression evaluated for its effects only. */
  stmts(n: ClangNode): string[] {
    const s = skipParens(n);
    switch (s.kind) {
      case 'BinaryOperator':
        if (s.opcode === '=') return assignStmts(this, s);
        if (s.opcode === ',') return [...this.stmts(child(s, 0)), ...this.stmts(child(s, 1))];
        break;
      case 'CompoundAssignOperator':
        return compoundAssign(this, s, false) as string[];
      case 'UnaryOperator':
        if (s.opcode === '++' || s.opcode === '--') return incDec(this, s, false) as string[];
        break;
      case 'ConditionalOperator': {
        const [c, a, b] = children(s) as [ClangNode, ClangNode, ClangNode];
        const bs = this.stmts(b);
        return [`if ${this.cond(c).code} { ${this.stmts(a).join(' ')} }${bs.length ? ` else { ${bs.join(' ')} }` : ''}`];
      }
      case 'CStyleCastExpr':
      case 'ImplicitCastExpr':
        if (s.castKind === 'ToVoid' || s.castKind === 'NoOp') return this.stmts(child(s));
        break;
      case 'CallExpr':
        return [`${callExpr(this, s).code};`];
      case 'StmtExpr':
        return [`${this.stmtExpr(s).code};`];
      case 'DeclRefExpr':
      case 'IntegerLiteral':
        return [];
      default:
        break;
    }
    const v = this.value(s);
    return [`let _ = ${v.code};`];
  }

  /** `sizeof`, `_Alignof`: `core::mem::size_of::<T>()` in the expression's C type (size_t). */
  private sizeofLike(n: ClangNode): RExpr {
    const argType = n.argType as { qualType: string } | undefined;
    const t = argType ? this.mod.type(argType) : this.ty(child(n));
    const c = canon(t);
    if (c.k === 'array' && c.vla) {
      const local = !argType ? this.fn.local(skipParens(child(n)).referencedDecl?.id) : undefined;
      if (!local?.vla) throw new Unsupported('sizeof of a variable-length array type');
      return { code: `(${local.vla.len} * core::mem::size_of::<${this.rt(c.of)}>()) as ${this.rt(this.ty(n))}`, prec: P.AS };
    }
    const fn = n.name === 'sizeof' ? 'size_of' : n.name === 'alignof' || n.name === '_Alignof' || n.name === '__alignof' ? 'align_of' : undefined;
    if (!fn) throw new Unsupported(`\`${String(n.name)}\` expression`);
    const rty = c.k === 'void' || c.k === 'fn' ? 'u8' : this.rt(t);
    return { code: `core::mem::${fn}::<${rty}>() as ${this.rt(this.ty(n))}`, prec: P.AS };
  }

  private offsetOf(n: ClangNode): RExpr {
    const text = this.mod.sourceText(n);
    const m = text ? /offsetof\s*\(\s*(.+?)\s*,\s*([A-Za-z_][\w.]*)\s*\)\s*$/s.exec(text) : undefined;
    const recType = m ? this.mod.type({ qualType: (m[1] as string).replace(/\s+/g, ' ') }) : undefined;
    if (!m || !recType || canon(recType).k !== 'record') throw new Unsupported('offsetof with an array index or inside a macro');
    const path = (m[2] as string).split('.');
    let cur = canon(recType);
    const rust: string[] = [];
    for (const part of path) {
      if (cur.k !== 'record') throw new Unsupported('offsetof through a non-record member');
      const info = this.mod.reg.record(cur);
      const f = info.fields.find((x) => x.cName === part) ?? findAnonPath(this, info, part);
      if (!f) throw new Unsupported(`offsetof member \`${part}\` not found`);
      rust.push(...(Array.isArray(f) ? f : [f.rustName]));
      const last = Array.isArray(f) ? undefined : f;
      cur = canon(last ? last.type : recType);
    }
    return { code: `core::mem::offset_of!(${this.rt(recType)}, ${rust.join('.')}) as ${this.rt(this.ty(n))}`, prec: P.AS };
  }

  private stmtExpr(n: ClangNode): RExpr {
    const body = child(n);
    const items = children(body);
    const last = items[items.length - 1];
    const stmts = this.fn.blockStmts(items.slice(0, last && isExprNode(last) ? -1 : undefined));
    if (last && isExprNode(last) && canon(this.ty(n)).k !== 'void') return block(stmts, this.value(last).code);
    if (last && isExprNode(last)) return block([...stmts, ...this.stmts(last)], '');
    return block(stmts, '');
  }
}

export type { Place };
export { assignValue };

/** Two integer types that are the same Rust primitive (so no cast is needed between them). */
export function samePrim(a: CType, b: CType): boolean {
  const ka = intKind(a);
  const kb = intKind(b);
  return ka !== undefined && kb !== undefined && INT_PRIM[ka] === INT_PRIM[kb];
}

/**
 * `__func__`, `__FUNCTION__`, `__PRETTY_FUNCTION__`: the string as GCC makes it (the projects
 * are built with gcc, whose pretty name in C is the plain name; clang's has the signature).
 */
export function predefinedString(n: ClangNode, fnName: string): ClangNode {
  const lit = children(n).find((c) => c.kind === 'StringLiteral') ?? child(n);
  if (n.name !== '__PRETTY_FUNCTION__' || !/^[A-Za-z_]\w*$/.test(fnName)) return lit;
  return { ...lit, value: JSON.stringify(fnName), type: { qualType: `const char[${fnName.length + 1}]` } };
}

function isExprNode(n: ClangNode): boolean {
  return n.valueCategory !== undefined;
}

function genericChoice(n: ClangNode): ClangNode {
  const sel = children(n).find((c) => c.kind === 'AssociationExpr' && c.selected === true) ?? children(n).find((c) => c.selected === true);
  const e = sel ? (children(sel).find((c) => c.valueCategory !== undefined) ?? children(sel)[0]) : undefined;
  if (!e) throw new Unsupported('_Generic selection');
  return e;
}

function findAnonPath(x: Exprs, info: { fields: { rustName: string; cName: string; type: CType }[] }, name: string): string[] | undefined {
  for (const f of info.fields) {
    if (f.cName !== '') continue;
    const c = canon(f.type);
    if (c.k !== 'record') continue;
    const sub = x.mod.reg.record(c);
    const hit = sub.fields.find((g) => g.cName === name);
    if (hit) return [f.rustName, hit.rustName];
  }
  return undefined;
}
