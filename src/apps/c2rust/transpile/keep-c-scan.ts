import { children, type ClangNode } from './clang-ast.js';
import type { UnitScope } from './unit-scope.js';

const SETJMP = new Set(['setjmp', '_setjmp', 'sigsetjmp', '__sigsetjmp', 'longjmp', '_longjmp', 'siglongjmp', '__builtin_setjmp', '__builtin_longjmp']);
const VA = new Set(['__builtin_va_start', '__builtin_va_arg', '__builtin_va_copy', '__builtin_c23_va_start']);

/**
 * Why a function cannot be Rust on stable, from what its definition contains: inline assembly,
 * setjmp/longjmp, computed goto, a variadic body, `_Complex` or `long double` arithmetic.
 * Undefined when the translator should try.
 */
export function keepInCReason(scope: UnitScope, d: ClangNode): string | undefined {
  if (d.variadic === true) return 'variadic function definition (C-variadic bodies are unstable in Rust)';
  const sig = d.type?.qualType ?? '';
  const typeWhy = typeReason(sig);
  if (typeWhy) return typeWhy;
  let why: string | undefined;
  const visit = (n: ClangNode): void => {
    if (why) return;
    switch (n.kind) {
      case 'GCCAsmStmt':
      case 'MSAsmStmt':
        why = 'inline assembly';
        return;
      case 'IndirectGotoStmt':
      case 'AddrLabelExpr':
        why = 'computed goto (label addresses)';
        return;
      case 'VAArgExpr':
        why = 'va_arg (reads variadic arguments)';
        return;
      case 'DeclRefExpr': {
        const name = n.referencedDecl?.name ?? '';
        if (SETJMP.has(name)) why = 'setjmp/longjmp (non-local jumps)';
        else if (VA.has(name)) why = 'va_start (a variadic function body)';
        break;
      }
      default:
        break;
    }
    const t = n.type?.qualType;
    if (t && !why) why = typeReason(t);
    for (const c of children(n)) visit(c);
  };
  void scope;
  for (const c of children(d)) visit(c);
  return why;
}

function typeReason(t: string): string | undefined {
  if (/\b_Complex\b/.test(t)) return '_Complex arithmetic';
  if (/\blong double\b/.test(t) && !/\*/.test(t.split('long double')[1] ?? '')) return 'long double (80-bit x87) arithmetic';
  return undefined;
}

/** File-scope static functions and variables a definition refers to (they must be linkable from C). */
export function staticsUsedBy(scope: UnitScope, d: ClangNode): string[] {
  const out = new Set<string>();
  const visit = (n: ClangNode): void => {
    if (n.kind === 'DeclRefExpr') {
      const r = n.referencedDecl;
      const name = r?.name ?? '';
      if (r?.kind === 'FunctionDecl' && scope.functions.get(name)?.storageClass === 'static') out.add(name);
      if (r?.kind === 'VarDecl' && scope.vars.get(name)?.storageClass === 'static' && scope.vars.get(name)?.id === r.id) out.add(name);
    }
    for (const c of children(n)) visit(c);
  };
  for (const c of children(d)) visit(c);
  return [...out];
}
