import { children, type ClangNode } from './clang-ast.js';
import { Unsupported } from './contexts.js';
import { canon, unsupportedIn } from './ctype.js';
import type { Exprs } from './expr.js';
import { initValue } from './expr-init.js';

/**
 * A declaration inside a function. Structured code gets `let mut x: T = init;` where C has it;
 * the goto translation hoists every local to the top (zeroed) and keeps the initialisation as an
 * assignment where the declaration was, since jumps may cross it. `static` locals are Rust
 * statics in the function body; `extern` ones refer to the global.
 */
export function localDecl(x: Exprs, d: ClangNode, hoist: boolean): string[] {
  if (d.kind !== 'VarDecl') return [];
  if (d.storageClass === 'extern') return [];
  const t = x.mod.type(d.type);
  const c = canon(t);
  if (c.k === 'array' && c.vla) throw new Unsupported('variable-length array');
  const bad = unsupportedIn(t);
  if (bad) throw new Unsupported(bad);
  const init = d.init !== undefined ? children(d).find((k) => k.valueCategory !== undefined || k.kind === 'InitListExpr') : undefined;
  const rt = x.rt(t);
  if (d.storageClass === 'static') {
    const v = x.fn.declare(d, t, { isStatic: true });
    const saved = x.fn.staticInit;
    x.fn.staticInit = true;
    try {
      const value = init ? initValue(x, init, t, true).code : x.mod.types.zero(t);
      return [`static mut ${v.rust}: ${rt} = ${constWrap(value)};`];
    } finally {
      x.fn.staticInit = saved;
    }
  }
  const v = x.fn.declare(d, t, { unique: hoist });
  if (hoist) {
    x.fn.hoisted.push(`let mut ${v.rust}: ${rt} = ${x.mod.types.zero(t)};`);
    return init ? [`${v.rust} = ${initValue(x, init, t, false).code};`] : [];
  }
  const value = init ? initValue(x, init, t, false).code : x.mod.types.zero(t);
  return [`let mut ${v.rust}: ${rt} = ${value};`];
}

/** Constant initialisers that call `zeroed`/`transmute` need an unsafe block. */
export function constWrap(value: string): string {
  return /zeroed|transmute|&raw|offset\(|as_ptr|\.as_mut_ptr/.test(value) ? `unsafe { ${value} }` : value;
}
