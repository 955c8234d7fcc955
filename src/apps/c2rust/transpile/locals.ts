import { children, type ClangNode } from './clang-ast.js';
import { Unsupported } from './contexts.js';
import { canon, unsupportedIn, type CType } from './ctype.js';
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
  if (c.k === 'array' && c.vla) return vlaDecl(x, d, c, hoist);
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

/**
 * `int a[n];` as `let mut a: Vec<c_int> = vec![0; n as usize];`: the array decays with
 * `as_mut_ptr()` like a fixed one. clang prints the size as C text (`int[n + 1]`), which is
 * translated here from the function's locals; anything beyond simple arithmetic stays C.
 */
function vlaDecl(x: Exprs, d: ClangNode, c: Extract<CType, { k: 'array' }>, hoist: boolean): string[] {
  if (canon(c.of).k === 'array') throw new Unsupported('multi-dimensional variable-length array');
  const size = vlaSize(x, c.vla ?? '');
  const v = x.fn.declare(d, c, { unique: hoist });
  v.vla = true;
  const elem = x.rt(c.of);
  const zero = x.mod.types.zero(c.of);
  const init = zero.includes('zeroed') ? `vec![unsafe { core::mem::zeroed::<${elem}>() }; ${size}]` : `vec![${zero}; ${size}]`;
  if (hoist) {
    x.fn.hoisted.push(`let mut ${v.rust}: Vec<${elem}> = Vec::new();`);
    return [`${v.rust} = ${init};`];
  }
  return [`let mut ${v.rust}: Vec<${elem}> = ${init};`];
}

export function vlaSize(x: Exprs, text: string): string {
  const toks = text.match(/[A-Za-z_]\w*|\d+|[-+*/%()]|\S/g) ?? [];
  const out: string[] = [];
  for (const t of toks) {
    if (/^\d+$/.test(t) || /^[-+*/%()]$/.test(t)) out.push(t);
    else if (/^[A-Za-z_]/.test(t)) {
      const local = x.fn.byName.get(t);
      const name = local ? local.rust : x.mod.scope.vars.has(t) ? x.mod.refVar(t) : undefined;
      if (!name) throw new Unsupported(`variable-length array sized by \`${text}\``);
      out.push(`(${name} as usize)`);
    } else throw new Unsupported(`variable-length array sized by \`${text}\``);
  }
  return out.length === 1 ? (out[0] as string).replace(/^\((.*)\)$/, '$1') : `(${out.join(' ')})`;
}

/** Constant initialisers that call `zeroed`/`transmute` need an unsafe block. */
export function constWrap(value: string): string {
  return /zeroed|transmute|&raw|offset\(|as_ptr|\.as_mut_ptr/.test(value) ? `unsafe { ${value} }` : value;
}
