import { children, expansionOf, type ClangNode } from './clang-ast.js';
import { FnCtx, Unsupported, type ModuleCtx } from './contexts.js';
import { canon, fnType, unsupportedIn, type CType } from './ctype.js';
import { CfgBuilder } from './cfg.js';
import { Exprs } from './expr.js';
import { Stmts } from './stmt.js';
import { canFallThrough, isStructured, NeedsCfg } from './stmt-scan.js';

/** Like canFallThrough, but a call Rust does not know never returns counts as returning. */
function canFallThroughLoosely(stmts: ClangNode[]): boolean {
  const last = stmts[stmts.length - 1];
  return canFallThrough(stmts) || (last?.kind === 'CallExpr');
}
import { DISPATCH_VAR, structure } from './structure.js';
import { bodyOf } from './unit-scope.js';
import type { CommentCursor } from './comments.js';

export interface FnOptions {
  rustName: string;
  /** `#[no_mangle] pub` (externally visible in C), or an `export_name` for a static one C calls. */
  exported: boolean;
  /** Visible to other modules (a header's static functions are shared by every file including it). */
  pub?: boolean;
  isMain: boolean;
  comments: CommentCursor;
}

export interface FnResult {
  lines: string[];
  /** The goto translation was used (for the report). */
  graph: boolean;
}

/** One C function definition as an `unsafe extern "C" fn`. Throws Unsupported for what stays C. */
export function translateFunction(mod: ModuleCtx, d: ClangNode, opts: FnOptions): FnResult {
  const ft = fnType(mod.type(d.type));
  if (!ft) throw new Unsupported('function with an unparsable type');
  if (ft.variadic) throw new Unsupported('variadic function definition');
  const params = children(d).filter((c) => c.kind === 'ParmVarDecl');
  const bad = unsupportedIn(ft) ?? params.map((p) => unsupportedIn(mod.type(p.type))).find(Boolean);
  if (bad) throw new Unsupported(bad);
  const body = bodyOf(d);
  if (!body) throw new Unsupported('no body');
  const ret = opts.isMain && canon(ft.ret).k === 'void' ? ({ k: 'int', kind: 'int' } as CType) : ft.ret;

  const mark = opts.comments.mark();
  const attempt = (graph: boolean): FnResult => {
    opts.comments.reset(mark);
    const fn = new FnCtx(mod, d.name ?? opts.rustName, ret);
    fn.comments = (line) => opts.comments.before(line);
    const x = new Exprs(fn);
    const s = new Stmts(x);
    fn.blockStmts = (items) => s.list(items);
    const ps = params.map((p, i) => {
      const t = mod.type(p.type);
      const v = p.name ? fn.declare(p, t) : { rust: `_arg${i}`, type: t };
      return `mut ${v.rust}: ${mod.types.ty(t)}`;
    });
    const zero = canon(ret).k === 'void' ? 'return;' : `return ${opts.isMain ? '0' : mod.types.zero(ret)};`;
    let lines: string[];
    if (!graph) {
      lines = s.list(children(body));
      // Rust needs a value at the end; C returns garbage (0 from main) when control gets there.
      const last = children(body)[children(body).length - 1];
      if (canon(ret).k !== 'void' && last?.kind !== 'ReturnStmt' && canFallThroughLoosely(children(body))) lines.push(zero);
    } else {
      const cfg = new CfgBuilder(x, s).build(body, zero);
      const st = structure(cfg.blocks, cfg.entry);
      lines = [...fn.hoisted, ...(st.usesDispatch ? [`let mut ${DISPATCH_VAR}: u32 = 0;`] : []), ...st.lines];
    }
    if (fn.usesAlloca) lines.unshift('let mut c2rust_alloca: Vec<Vec<u8>> = Vec::new();');
    const endLine = expansionOf(body.range?.end)?.line;
    const trailing = endLine ? opts.comments.before(endLine) : [];
    const vis = opts.exported ? '#[no_mangle]\npub ' : opts.pub ? 'pub ' : '';
    const sig = `${vis}unsafe ${opts.isMain ? '' : 'extern "C" '}fn ${opts.rustName}(${ps.join(', ')})${mod.types.retSuffix(ret)} {`;
    return { lines: [sig, ...lines, ...trailing, '}'], graph };
  };

  if (!isStructured(body)) return attempt(true);
  try {
    return attempt(false);
  } catch (e) {
    if (e instanceof NeedsCfg) return attempt(true);
    throw e;
  }
}
