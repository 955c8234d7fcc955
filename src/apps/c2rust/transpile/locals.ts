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
      const item = `static mut ${v.rust}: ${rt} = ${constWrap(value)};`;
      // In the goto translation the declaration's block may not enclose every use: items go first.
      if (hoist) {
        x.fn.hoisted.push(item);
        return [];
      }
      return [item];
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

/** Variable-length arrays up to this many bytes live on the stack, as in C; larger ones on the heap. */
const VLA_STACK_BYTES = 4096;

/**
 * `int a[n];`: a stack buffer when it fits (C keeps VLAs on the stack, and heap allocations
 * here would change what later `malloc`s return), a `Vec` otherwise; `a` itself is a pointer
 * to the elements and `a_len` the length (for `sizeof`). clang prints the size as C text
 * (`int[n + 1]`), translated here from the function's locals.
 */
function vlaDecl(x: Exprs, d: ClangNode, c: Extract<CType, { k: 'array' }>, hoist: boolean): string[] {
  if (canon(c.of).k === 'array') throw new Unsupported('multi-dimensional variable-length array');
  const size = vlaSize(x, c.vla ?? '');
  const v = x.fn.declare(d, c, { unique: true });
  const len = x.fn.names.name(`${d.id}:len`, `${v.rust.replace(/^r#/, '')}_len`);
  const stack = x.fn.names.name(`${d.id}:stack`, `${v.rust.replace(/^r#/, '')}_stack`);
  const heap = x.fn.names.name(`${d.id}:heap`, `${v.rust.replace(/^r#/, '')}_heap`);
  v.vla = { len };
  const elem = x.rt(c.of);
  const cap = Math.max(1, Math.floor(VLA_STACK_BYTES / Math.max(1, x.mod.reg.sizeOf(c.of).size)));
  const zero = x.mod.types.zero(c.of);
  const zeroElem = zero.includes('zeroed') ? `unsafe { core::mem::zeroed::<${elem}>() }` : zero;
  const pick = `if ${len} <= ${cap} { ${stack}.as_mut_ptr() } else { ${heap} = vec![${zeroElem}; ${len}]; ${heap}.as_mut_ptr() }`;
  const decls = [
    `let mut ${len}: usize = ${size};`,
    `let mut ${stack}: [${elem}; ${cap}] = [${zeroElem}; ${cap}];`,
    `let mut ${heap}: Vec<${elem}> = Vec::new();`,
  ];
  if (hoist) {
    x.fn.hoisted.push(`let mut ${len}: usize = 0;`, ...decls.slice(1), `let mut ${v.rust}: *mut ${elem} = core::ptr::null_mut();`);
    return [`${len} = ${size};`, `${v.rust} = ${pick};`];
  }
  return ['// C variable-length array', ...decls, `let mut ${v.rust}: *mut ${elem} = ${pick};`];
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
