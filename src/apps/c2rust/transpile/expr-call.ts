import { child, children, skipParens, type ClangNode } from './clang-ast.js';
import { Unsupported } from './contexts.js';
import { canon, fnType, pointee, type CType } from './ctype.js';
import { builtinCall } from './builtins.js';
import { asCast } from './expr-cast.js';
import type { Exprs } from './expr.js';
import { P, wrap, type RExpr } from './rexpr.js';

/** Library functions whose semantics stable Rust cannot host: the caller stays C. */
const KEEP_C_CALLS: Record<string, string> = {
  setjmp: 'setjmp/longjmp',
  _setjmp: 'setjmp/longjmp',
  sigsetjmp: 'setjmp/longjmp',
  __sigsetjmp: 'setjmp/longjmp',
  longjmp: 'setjmp/longjmp',
  _longjmp: 'setjmp/longjmp',
  siglongjmp: 'setjmp/longjmp',
  getcontext: 'getcontext (returns twice)',
  vfork: 'vfork (returns twice)',
};

export function callExpr(x: Exprs, n: ClangNode): RExpr {
  const callee = child(n, 0);
  const args = children(n).slice(1);
  const sc = skipParens(callee);
  if (sc.kind === 'ImplicitCastExpr' && sc.castKind === 'BuiltinFnToFnPtr') {
    const ref = skipParens(child(sc));
    return builtinCall(x, ref.referencedDecl?.name ?? '', args, n);
  }
  if (sc.kind === 'ImplicitCastExpr' && sc.castKind === 'FunctionToPointerDecay') {
    const ref = skipParens(child(sc));
    if (ref.kind === 'DeclRefExpr' && ref.referencedDecl?.kind === 'FunctionDecl') {
      const cname = ref.referencedDecl.name ?? '';
      if (cname === 'alloca') return allocaCall(x, args);
      const why = KEEP_C_CALLS[cname];
      if (why) throw new Unsupported(why);
      const name = x.mod.refFn(cname, ref.referencedDecl);
      const params = declaredParams(x, cname);
      const ft = fnType(x.mod.type(ref.referencedDecl.type));
      return { code: `${name}(${callArgs(x, args, params, ft?.variadic ? ft.params.length : undefined).join(', ')})`, prec: P.POSTFIX };
    }
  }
  const fv = x.value(callee);
  const ft = fnType(x.ty(callee));
  return { code: `${wrap(fv, P.POSTFIX)}.unwrap()(${callArgs(x, args, undefined, ft?.variadic ? ft.params.length : undefined).join(', ')})`, prec: P.POSTFIX };
}

/** `alloca(n)`: a zeroed buffer owned by the function, freed when it returns (as the C stack frame is). */
export function allocaCall(x: Exprs, args: ClangNode[]): RExpr {
  x.fn.usesAlloca = true;
  const n = x.value(args[0] as ClangNode);
  return { code: `{ c2rust_alloca.push(vec![0u8; ${wrap(n, P.AS)} as usize]); c2rust_alloca.last_mut().unwrap().as_mut_ptr() as *mut c_void }`, prec: P.BLOCK };
}

/**
 * Parameter types of the callee's prototype when the call went through a declaration without
 * one (`int f();`, K&R definitions): arguments are converted to what the definition expects.
 */
function declaredParams(x: Exprs, name: string): CType[] | undefined {
  const d = x.mod.scope.functions.get(name);
  if (!d) return undefined;
  const ft = fnType(x.mod.type(d.type));
  if (ft && !ft.noProto) return undefined;
  const ps = children(d).filter((c) => c.kind === 'ParmVarDecl');
  if (ps.length === 0) return undefined;
  return ps.map((p) => x.mod.type(p.type));
}

function callArgs(x: Exprs, args: ClangNode[], params: CType[] | undefined, fixed = Number.POSITIVE_INFINITY): string[] {
  return args.map((a, i) => {
    const v = x.value(a);
    // A variadic argument has no parameter type: an untyped literal would be passed as i32.
    if (i >= fixed && v.lit === 'int' && x.rt(x.ty(a)) !== 'c_int') return asCast(x, v, x.ty(a)).code;
    // A null pointer has no type to infer from in a variadic argument (`execl(…, NULL)`).
    if (i >= fixed && /^core::ptr::null(_mut)?\(\)$/.test(v.code)) return v.code.replace('()', `::<${x.rt(pointee(x.ty(a)) ?? { k: 'void' })}>()`);
    const p = params?.[i];
    if (!p || x.rt(p) === x.rt(x.ty(a)) || canon(p).k === 'record') return v.code;
    return asCast(x, v, p).code;
  });
}
