import { child, children, skipParens, type ClangNode } from './clang-ast.js';
import { Unsupported } from './contexts.js';
import { evalInt } from './const-eval.js';
import { INT_BITS, intKind, isSignedKind, type CType } from './ctype.js';
import { samePrim, type Exprs } from './expr.js';
import { charText } from './literals.js';
import { NeedsCfg } from './stmt-scan.js';

export interface SwitchSection {
  pats: string[];
  isDefault: boolean;
  stmts: ClangNode[];
}

/**
 * The sections of a switch whose labels all sit directly in its body: each starts at a run of
 * `case`/`default` labels and holds the statements up to the next label. Labels become Rust
 * patterns in the controlling expression's (promoted) type.
 */
export function switchArms(x: Exprs, cond: ClangNode, body: ClangNode): SwitchSection[] {
  const scrutT = x.ty(cond);
  const items = body.kind === 'CompoundStmt' ? children(body) : [body];
  const sections: SwitchSection[] = [];
  let cur: SwitchSection | undefined;
  for (const item of items) {
    let s: ClangNode | undefined = item;
    if (s.kind !== 'CaseStmt' && s.kind !== 'DefaultStmt') {
      // Code before the first label never runs; declarations there are still in scope in C.
      if (cur) cur.stmts.push(s);
      else if (s.kind === 'DeclStmt') throw new NeedsCfg('declaration before the first case');
      continue;
    }
    if (!cur || cur.stmts.length > 0) {
      cur = { pats: [], isDefault: false, stmts: [] };
      sections.push(cur);
    }
    while (s && (s.kind === 'CaseStmt' || s.kind === 'DefaultStmt')) {
      if (s.kind === 'DefaultStmt') {
        cur.isDefault = true;
        s = children(s)[0];
        continue;
      }
      const kids = children(s);
      const range = s.isGNURange === true;
      cur.pats.push(range ? `${pattern(x, kids[0] as ClangNode, scrutT)}..=${pattern(x, kids[1] as ClangNode, scrutT)}` : pattern(x, kids[0] as ClangNode, scrutT));
      s = kids[range ? 2 : 1];
    }
    if (s && s.kind !== 'NullStmt') cur.stmts.push(s);
    else if (s?.kind === 'NullStmt') cur.stmts.push(s);
  }
  return sections;
}

/** A case label as a pattern: the enumerator's name when its const has the scrutinee's type, else the number. */
export function pattern(x: Exprs, e: ClangNode, scrutT: CType): string {
  const s = skipParens(e);
  const ref = s.kind === 'DeclRefExpr' ? s : s.kind === 'ImplicitCastExpr' ? skipParens(child(s)) : undefined;
  if (ref?.kind === 'DeclRefExpr' && ref.referencedDecl?.kind === 'EnumConstantDecl' && ref.referencedDecl.name) {
    const c = x.mod.reg.enumConst(x.mod.scope, ref.referencedDecl.name);
    if (c && samePrim(c.type, scrutT)) {
      x.mod.reservedForLocals.add(c.rustName);
      return c.rustName;
    }
  }
  const v = evalInt(e, x.mod.scope);
  if (v === undefined) throw new Unsupported('case label that is not an integer constant');
  const k = intKind(scrutT);
  const bits = k ? INT_BITS[k] : 64;
  const val = k && !isSignedKind(k) ? BigInt.asUintN(bits, v) : BigInt.asIntN(bits, v);
  const isChar = s.kind === 'CharacterLiteral' || (s.kind === 'ImplicitCastExpr' && skipParens(child(s)).kind === 'CharacterLiteral');
  const ch = isChar ? charText(Number(v)) : undefined;
  return ch !== undefined ? `${val} /* '${ch.replace(/\*\//g, '* /')}' */` : val.toString();
}
