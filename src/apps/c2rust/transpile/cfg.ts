import { child, children, expansionOf, type ClangNode } from './clang-ast.js';
import { Unsupported } from './contexts.js';
import { evalInt } from './const-eval.js';
import type { Exprs } from './expr.js';
import { localDecl } from './locals.js';
import type { Stmts } from './stmt.js';
import type { RExpr } from './rexpr.js';
import { escapes } from './stmt-scan.js';
import { forParts } from './stmt.js';
import { pattern } from './switch-arms.js';

export type Term =
  | { k: 'goto'; to: number }
  | { k: 'if'; cond: RExpr; then: number; else: number }
  | { k: 'switch'; scrut: string; arms: { pats: string[]; to: number }[]; dflt: number }
  | { k: 'return'; code: string };

export interface BasicBlock {
  id: number;
  stmts: string[];
  term?: Term;
}

interface LowerCtx {
  brk?: number;
  cont?: number;
  sw?: { arms: { pats: string[]; to: number }[]; dflt?: number; scrut: ClangNode };
}

/**
 * Lowers a function body with `goto` or case labels inside nested statements to basic blocks.
 * Statements without labels, gotos or jumps out of themselves are translated structurally and
 * sit in one block as a whole, so only the irregular part of the function becomes a graph.
 */
export class CfgBuilder {
  readonly blocks: BasicBlock[] = [];
  private cur: BasicBlock | undefined;
  private readonly labels = new Map<string, number>();

  constructor(
    private readonly x: Exprs,
    private readonly s: Stmts,
  ) {}

  build(body: ClangNode, fallOff: string): { blocks: BasicBlock[]; entry: number } {
    const entry = this.newBlock();
    this.cur = this.blocks[entry];
    this.lower(body, {});
    if (this.cur) this.cur.term = { k: 'return', code: fallOff };
    for (const b of this.blocks) b.term ??= { k: 'return', code: fallOff };
    return { blocks: this.blocks, entry };
  }

  private newBlock(): number {
    const b: BasicBlock = { id: this.blocks.length, stmts: [] };
    this.blocks.push(b);
    return b.id;
  }

  private block(id: number): BasicBlock {
    return this.blocks[id] as BasicBlock;
  }

  private emit(lines: string[]): void {
    if (lines.length === 0) return;
    if (!this.cur) this.cur = this.block(this.newBlock());
    this.cur.stmts.push(...lines);
  }

  private end(t: Term): void {
    if (!this.cur) return;
    this.cur.term = t;
    this.cur = undefined;
  }

  private jump(to: number | undefined): void {
    if (to === undefined) throw new Unsupported('break/continue outside a loop');
    this.end({ k: 'goto', to });
  }

  private start(id: number): void {
    this.cur = this.block(id);
  }

  private label(id: string): number {
    let b = this.labels.get(id);
    if (b === undefined) {
      b = this.newBlock();
      this.labels.set(id, b);
    }
    return b;
  }

  private cond(n: ClangNode): { code: RExpr; always?: boolean } {
    const v = evalInt(n, this.x.mod.scope);
    if (v !== undefined && v !== 0n) return { code: { code: 'true', prec: 100 }, always: true };
    let code: RExpr = { code: '', prec: 0 };
    this.pre(() => {
      code = this.x.cond(n);
      return '';
    });
    return { code };
  }

  /** Hoisted statements of an expression go into the current block before it. */
  private pre(f: () => string): string {
    const saved = this.x.fn.takePre();
    const code = f();
    this.emit(this.x.fn.takePre());
    this.x.fn.pre = saved;
    return code;
  }

  private lower(n: ClangNode, ctx: LowerCtx): void {
    const line = expansionOf(n.range?.begin)?.line;
    if (line && n.kind !== 'CompoundStmt') this.emit(this.x.fn.comments(line));
    if (n.kind !== 'DeclStmt' && n.kind !== 'CompoundStmt' && isComplex(n) && !escapes(n)) {
      this.emit(this.s.stmt(n));
      return;
    }
    switch (n.kind) {
      case 'CompoundStmt':
        for (const c of children(n)) this.lower(c, ctx);
        return;
      case 'NullStmt':
        return;
      case 'LabelStmt': {
        const b = this.label(String(n.declId ?? n.name));
        this.jump(b);
        this.start(b);
        const sub = children(n)[0];
        if (sub) this.lower(sub, ctx);
        return;
      }
      case 'GotoStmt':
        this.jump(this.label(String(n.targetLabelDeclId ?? n.name)));
        return;
      case 'IfStmt': {
        const parts = children(n);
        const c = this.cond(parts[0] as ClangNode);
        const t = this.newBlock();
        const j = this.newBlock();
        const e = n.hasElse === true ? this.newBlock() : j;
        this.end({ k: 'if', cond: c.code, then: t, else: e });
        this.start(t);
        this.lower(parts[1] as ClangNode, ctx);
        this.jump(j);
        if (n.hasElse === true) {
          this.start(e);
          this.lower(parts[2] as ClangNode, ctx);
          this.jump(j);
        }
        this.start(j);
        return;
      }
      case 'WhileStmt': {
        const [cond, body] = children(n) as [ClangNode, ClangNode];
        const h = this.newBlock();
        const b = this.newBlock();
        const x = this.newBlock();
        this.jump(h);
        this.start(h);
        const c = this.cond(cond);
        this.end(c.always ? { k: 'goto', to: b } : { k: 'if', cond: c.code, then: b, else: x });
        this.start(b);
        this.lower(body, { ...ctx, brk: x, cont: h });
        this.jump(h);
        this.start(x);
        return;
      }
      case 'DoStmt': {
        const [body, cond] = children(n) as [ClangNode, ClangNode];
        const b = this.newBlock();
        const cb = this.newBlock();
        const x = this.newBlock();
        this.jump(b);
        this.start(b);
        this.lower(body, { ...ctx, brk: x, cont: cb });
        this.jump(cb);
        this.start(cb);
        const c = this.cond(cond);
        this.end(c.always ? { k: 'goto', to: b } : { k: 'if', cond: c.code, then: b, else: x });
        this.start(x);
        return;
      }
      case 'ForStmt': {
        const slots = forParts(n);
        const body = children(n)[children(n).length - 1] as ClangNode;
        if (slots.init) this.lower(slots.init, ctx);
        const h = this.newBlock();
        const b = this.newBlock();
        const i = this.newBlock();
        const x = this.newBlock();
        this.jump(h);
        this.start(h);
        const c = slots.cond ? this.cond(slots.cond) : { code: { code: 'true', prec: 100 }, always: true };
        this.end(c.always ? { k: 'goto', to: b } : { k: 'if', cond: c.code, then: b, else: x });
        this.start(b);
        this.lower(body, { ...ctx, brk: x, cont: i });
        this.jump(i);
        this.start(i);
        if (slots.inc) this.emit(this.s.withPre(() => this.x.stmts(slots.inc as ClangNode)));
        this.jump(h);
        this.start(x);
        return;
      }
      case 'SwitchStmt': {
        const [cond, body] = children(n) as [ClangNode, ClangNode];
        const scrut = this.pre(() => this.x.value(cond).code);
        const x = this.newBlock();
        const from = this.cur ?? this.block(this.newBlock());
        this.cur = undefined;
        const sw: NonNullable<LowerCtx['sw']> = { arms: [], scrut: cond };
        this.lower(body, { ...ctx, brk: x, sw });
        this.jump(x);
        from.term = { k: 'switch', scrut, arms: sw.arms, dflt: sw.dflt ?? x };
        this.start(x);
        return;
      }
      case 'CaseStmt':
      case 'DefaultStmt': {
        if (!ctx.sw) throw new Unsupported('case label outside a switch');
        const b = this.newBlock();
        this.jump(b);
        this.start(b);
        let s: ClangNode | undefined = n;
        const pats: string[] = [];
        while (s && (s.kind === 'CaseStmt' || s.kind === 'DefaultStmt')) {
          if (s.kind === 'DefaultStmt') {
            ctx.sw.dflt = b;
            s = children(s)[0];
            continue;
          }
          const kids = children(s);
          const range = s.isGNURange === true;
          const st = this.x.ty(ctx.sw.scrut);
          pats.push(range ? `${pattern(this.x, kids[0] as ClangNode, st)}..=${pattern(this.x, kids[1] as ClangNode, st)}` : pattern(this.x, kids[0] as ClangNode, st));
          s = kids[range ? 2 : 1];
        }
        if (pats.length > 0) ctx.sw.arms.push({ pats, to: b });
        if (s) this.lower(s, ctx);
        return;
      }
      case 'BreakStmt':
        this.jump(ctx.brk);
        return;
      case 'ContinueStmt':
        this.jump(ctx.cont);
        return;
      case 'ReturnStmt': {
        const lines = this.s.stmt(n);
        const ret = lines.pop() ?? 'return;';
        this.emit(lines);
        this.end({ k: 'return', code: ret });
        return;
      }
      case 'DeclStmt':
        this.emit(this.s.withPre(() => children(n).flatMap((d) => localDecl(this.x, d, true))));
        return;
      case 'AttributedStmt':
        this.lower(children(n)[children(n).length - 1] as ClangNode, ctx);
        return;
      default:
        this.emit(this.s.stmt(n));
    }
  }
}

/** Statements worth keeping structured inside a goto function (loops, ifs, blocks, switches). */
function isComplex(n: ClangNode): boolean {
  return n.kind === 'WhileStmt' || n.kind === 'DoStmt' || n.kind === 'ForStmt' || n.kind === 'IfStmt' || n.kind === 'SwitchStmt';
}

export { child };
