import { children, type ClangNode, type DeclRef } from './clang-ast.js';
import { fnType, type CType } from './ctype.js';
import type { ModuleCtx } from './contexts.js';
import { rustIdent } from './rust-names.js';

/**
 * `fn printf(__format: *const c_char, ...) -> c_int;` for `ffi.rs`: a function no Rust module
 * defines (libc, another library, a function left in C), declared from the prototype clang saw.
 */
export function ffiFunction(mod: ModuleCtx, name: string, d: ClangNode | undefined, r: DeclRef | undefined): string {
  const t: CType = mod.type(d?.type ?? r?.type ?? { qualType: 'int ()' });
  const ft = fnType(t);
  if (!ft) return `pub fn ${rustIdent(name)}();`;
  const parms = d ? children(d).filter((c) => c.kind === 'ParmVarDecl') : [];
  const used = new Set<string>();
  const ps = ft.params.map((p, i) => {
    let n = parms[i]?.name ? rustIdent(parms[i]?.name as string) : `arg${i}`;
    if (used.has(n)) n = `${n}_${i}`;
    used.add(n);
    return `${n}: ${mod.types.ty(p)}`;
  });
  if (ft.variadic || (ft.noProto && ps.length === 0 && ft.params.length === 0 && d === undefined)) ps.push('...');
  const noreturn = /noreturn/.test(d?.type?.qualType ?? r?.type?.qualType ?? '') || children(d).some((c) => /NoReturnAttr$/.test(c.kind));
  return `pub fn ${rustIdent(name)}(${ps.join(', ')})${noreturn ? ' -> !' : mod.types.retSuffix(ft.ret)};`;
}

export function ffiVariable(mod: ModuleCtx, name: string, d: ClangNode | undefined, r: DeclRef | undefined): string {
  const t = mod.type(d?.type ?? r?.type ?? { qualType: 'int' });
  return `pub static mut ${rustIdent(name)}: ${mod.types.ty(t)};`;
}
