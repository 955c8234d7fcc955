import { child, children, expansionOf, skipParens, type ClangNode } from './clang-ast.js';
import { Unsupported } from './contexts.js';
import { canon } from './ctype.js';
import type { Exprs } from './expr.js';
import { evalInt } from './const-eval.js';
import { localDecl } from './locals.js';
import { NeedsCfg, canFallThrough } from './stmt-scan.js';
import { switchArms } from './switch-arms.js';

/** A construct `break`/`continue` can target, and how it is written in Rust. */
export interface Frame {
  kind: 'loop' | 'switch' | 'block';
  label: string;
  used: boolean;
  /** C's `break` lands here. */
  cBreak: boolean;
  /** C's `continue` lands here (loops). */
  cCont: boolean;
  /** A Rust `loop`/`while`: unlabeled break/continue reach it when nothing labelled is in between. */
  rustLoop: boolean;
  /** `for` with an increment: `continue` breaks out of the body block instead. */
  contVia?: Frame;
  /** `do … while (0)`: `continue` leaves the loop. */
  contIsBreak?: boolean;
  /** Some break/continue targets it (even unlabelled). */
  jumped?: boolean;
}

/** Structured statements: C blocks, loops and switches map to Rust ones one to one. */
export class Stmts {
  private readonly frames: Frame[] = [];
  private labels = 0;

  constructor(readonly x: Exprs) {}

  /** A statement list, with the C comments that precede each statement. */
  list(items: ClangNode[]): string[] {
    const out: string[] = [];
    for (const s of items) {
      const line = expansionOf(s.range?.begin)?.line;
      if (line) out.push(...this.x.fn.comments(line));
      out.push(...this.stmt(s));
    }
    return out;
  }

  stmt(n: ClangNode): string[] {
    const x = this.x;
    switch (n.kind) {
      case 'CompoundStmt':
        return ['{', ...this.list(children(n)), '}'];
      case 'NullStmt':
        return [];
      case 'DeclStmt':
        return this.withPre(() => children(n).flatMap((d) => localDecl(x, d, false)));
      case 'IfStmt':
        return this.ifStmt(n);
      case 'WhileStmt': {
        const [cond, body] = children(n) as [ClangNode, ClangNode];
        const always = isConstTrue(x, cond);
        const c = always ? { code: 'true', pre: [] } : this.withPreExpr(() => x.cond(cond).code);
        const f = this.push('loop', true, true, true);
        const b = this.body(body);
        this.frames.pop();
        if (always) return [`${lbl(f)}loop {`, ...b, '}'];
        if (c.pre.length > 0) return [`${lbl(f)}loop {`, ...c.pre, `if !(${c.code}) { break; }`, ...b, '}'];
        return [`${lbl(f)}while ${c.code} {`, ...b, '}'];
      }
      case 'DoStmt':
        return this.doStmt(n);
      case 'ForStmt':
        return this.forStmt(n);
      case 'SwitchStmt':
        return this.switchStmt(n);
      case 'BreakStmt':
        return [this.jump('break')];
      case 'ContinueStmt':
        return [this.jump('continue')];
      case 'ReturnStmt': {
        const e = children(n)[0];
        if (!e) return ['return;'];
        if (canon(x.fn.retType).k === 'void') return this.withPre(() => [...x.stmts(e), 'return;']);
        return this.withPre(() => [`return ${x.value(e).code};`]);
      }
      case 'AttributedStmt':
        return this.stmt(children(n)[children(n).length - 1] as ClangNode);
      case 'GotoStmt':
      case 'LabelStmt':
      case 'CaseStmt':
      case 'DefaultStmt':
        throw new NeedsCfg(n.kind);
      case 'GCCAsmStmt':
      case 'MSAsmStmt':
        throw new Unsupported('inline assembly');
      case 'IndirectGotoStmt':
        throw new Unsupported('computed goto');
      default:
        if (n.valueCategory !== undefined) return this.withPre(() => x.stmts(n));
        throw new Unsupported(`statement \`${n.kind}\``);
    }
  }

  /** Runs a translation and puts the statements it hoisted (compound literal temporaries) first. */
  withPre(f: () => string[]): string[] {
    const saved = this.x.fn.takePre();
    const body = f();
    const pre = this.x.fn.takePre();
    this.x.fn.pre = saved;
    return [...pre, ...body];
  }

  private withPreExpr(f: () => string): { code: string; pre: string[] } {
    const saved = this.x.fn.takePre();
    const code = f();
    const pre = this.x.fn.takePre();
    this.x.fn.pre = saved;
    return { code, pre };
  }

  /** A loop or branch body as the lines inside braces. */
  body(n: ClangNode): string[] {
    return n.kind === 'CompoundStmt' ? this.list(children(n)) : this.stmt(n);
  }

  private ifStmt(n: ClangNode): string[] {
    const parts = children(n);
    const cond = parts[0] as ClangNode;
    const then = parts[1] as ClangNode;
    const els = n.hasElse === true ? parts[2] : undefined;
    const c = this.withPreExpr(() => this.x.cond(cond).code);
    const out = [...c.pre, `if ${c.code} {`, ...this.body(then)];
    if (els) {
      if (els.kind === 'IfStmt') {
        const inner = this.ifStmt(els);
        if (inner[0]?.startsWith('if ')) return [...out, `} else ${inner[0]}`, ...inner.slice(1)];
        return [...out, '} else {', ...inner, '}'];
      }
      out.push('} else {', ...this.body(els));
    }
    out.push('}');
    return out;
  }

  private doStmt(n: ClangNode): string[] {
    const [body, cond] = children(n) as [ClangNode, ClangNode];
    if (evalInt(cond, this.x.mod.scope) === 0n) {
      // `do { … } while (0)` (macro bodies): a block; `continue` reaches the false test, so it leaves too.
      const f = this.push('loop', true, false, true);
      f.cCont = true;
      f.contIsBreak = true;
      const b = this.body(body);
      this.frames.pop();
      return f.used || f.jumped ? [`${lbl(f)}loop {`, ...b, 'break;', '}'] : ['{', ...b, '}'];
    }
    const f = this.push('loop', true, false, true);
    const needsBody = hasContinue(body);
    const bodyFrame = needsBody ? this.push('block', false, false, false) : undefined;
    if (bodyFrame) f.contVia = bodyFrame;
    f.cCont = true;
    const b = this.body(body);
    if (bodyFrame) this.frames.pop();
    const c = this.withPreExpr(() => this.x.negate(this.x.cond(cond)).code);
    this.frames.pop();
    const inner = bodyFrame ? [`${lbl(bodyFrame, true)}{`, ...b, '}'] : b;
    return [`${lbl(f)}loop {`, ...inner, ...c.pre, `if ${c.code} { break; }`, '}'];
  }

  private forStmt(n: ClangNode): string[] {
    const parts = children(n);
    const body = parts[parts.length - 1] as ClangNode;
    const slots = forParts(n);
    const out: string[] = [];
    if (slots.init) out.push(...this.stmt(slots.init));
    const c = slots.cond && !isConstTrue(this.x, slots.cond) ? this.withPreExpr(() => this.x.cond(slots.cond as ClangNode).code) : undefined;
    const f = this.push('loop', true, true, true);
    const needsBody = slots.inc !== undefined && hasContinue(body);
    const bodyFrame = needsBody ? this.push('block', false, false, false) : undefined;
    if (bodyFrame) f.contVia = bodyFrame;
    const b = this.body(body);
    if (bodyFrame) this.frames.pop();
    const inc = slots.inc ? this.withPre(() => this.x.stmts(slots.inc as ClangNode)) : [];
    this.frames.pop();
    const inner = bodyFrame ? [`${lbl(bodyFrame, true)}{`, ...b, '}'] : b;
    if (c && c.pre.length === 0) out.push(`${lbl(f)}while ${c.code} {`, ...inner, ...inc, '}');
    else if (c) out.push(`${lbl(f)}loop {`, ...c.pre, `if !(${c.code}) { break; }`, ...inner, ...inc, '}');
    else out.push(`${lbl(f)}loop {`, ...inner, ...inc, '}');
    // C99 for-init declarations are scoped to the loop.
    return slots.init?.kind === 'DeclStmt' ? ['{', ...out, '}'] : out;
  }

  private switchStmt(n: ClangNode): string[] {
    const [cond, body] = children(n) as [ClangNode, ClangNode];
    const scrut = this.withPreExpr(() => this.x.value(cond).code);
    const sections = switchArms(this.x, cond, body);
    const f = this.push('switch', true, false, false);
    const fallsThrough = sections.slice(0, -1).some((s) => canFallThrough(s.stmts));
    const out: string[] = [...scrut.pre];
    if (!fallsThrough) {
      const arms: string[] = [];
      let hasDefault = false;
      for (const s of sections) {
        let stmts = s.stmts;
        const last = stmts[stmts.length - 1];
        if (last?.kind === 'BreakStmt') stmts = stmts.slice(0, -1);
        if (s.isDefault) hasDefault = true;
        arms.push(`${s.isDefault ? '_' : s.pats.join(' | ')} => {`, ...this.list(stmts), '}');
      }
      if (!hasDefault) arms.push('_ => {}');
      this.frames.pop();
      out.push(`match ${scrut.code} {`, ...arms, '}');
      return f.used ? [`${f.label}: {`, ...out, '}'] : out;
    }
    // Fall-through: nested labelled blocks, the match jumps to the start of a case's code and
    // each case runs on into the next, as in C.
    const caseLabels = sections.map((_, i) => `${f.label}_c${i}`);
    const defaultIdx = sections.findIndex((s) => s.isDefault);
    const dispatch = sections.map((s, i) => (s.isDefault ? '' : `${s.pats.join(' | ')} => break ${caseLabels[i]},`)).filter(Boolean);
    dispatch.push(`_ => break ${defaultIdx >= 0 ? caseLabels[defaultIdx] : f.label},`);
    f.used = true;
    let inner: string[] = [`match ${scrut.code} {`, ...dispatch, '}'];
    sections.forEach((s, i) => {
      inner = [`${caseLabels[i]}: {`, ...inner, '}', ...this.list(s.stmts)];
    });
    this.frames.pop();
    return [...out, `${f.label}: {`, ...inner, '}'];
  }

  private push(kind: Frame['kind'], cBreak: boolean, cCont: boolean, rustLoop: boolean): Frame {
    const prefix = kind === 'loop' ? 'loop' : kind === 'switch' ? 'sw' : 'body';
    const f: Frame = { kind, label: `'${prefix}${++this.labels}`, used: false, cBreak, cCont, rustLoop };
    this.frames.push(f);
    return f;
  }

  /** `break`/`continue` as Rust: unlabeled only when the target is the innermost Rust loop. */
  private jump(kind: 'break' | 'continue'): string {
    let i = this.frames.length - 1;
    while (i >= 0 && !(kind === 'break' ? this.frames[i]?.cBreak : this.frames[i]?.cCont)) i--;
    const target = this.frames[i];
    if (!target) throw new Unsupported(`${kind} outside a loop`);
    target.jumped = true;
    if (kind === 'continue' && target.contVia) {
      target.contVia.used = true;
      return `break ${target.contVia.label};`;
    }
    if (kind === 'continue' && target.contIsBreak) kind = 'break';
    // Anything in between (a switch's block, a body block) needs the label (rustc E0695).
    if (target.rustLoop && i === this.frames.length - 1) return `${kind};`;
    target.used = true;
    return `${kind} ${target.label};`;
  }
}

function isConstTrue(x: Exprs, cond: ClangNode): boolean {
  const v = evalInt(cond, x.mod.scope);
  return v !== undefined && v !== 0n;
}

function lbl(f: Frame, force = false): string {
  return f.used || force ? `${f.label}: ` : '';
}

/** Whether a loop body has a `continue` for this loop (not a nested one). */
function hasContinue(n: ClangNode): boolean {
  if (n.kind === 'ContinueStmt') return true;
  if (n.kind === 'WhileStmt' || n.kind === 'DoStmt' || n.kind === 'ForStmt') return false;
  return children(n).some(hasContinue);
}

/**
 * clang prints a ForStmt's five slots (init, condition variable, condition, increment, body) as
 * `inner`, with absent ones left out, so the slots are told apart by what they are: the body is
 * last; a DeclStmt or the first expression before the condition is the init; etc. The source
 * ranges disambiguate: init ends before the first `;`, the increment starts after the second.
 */
export function forParts(n: ClangNode): { init?: ClangNode; cond?: ClangNode; inc?: ClangNode } {
  // clang prints all five slots (init, condition variable, condition, increment, body); absent ones are `{}`.
  const [init, , cond, inc] = children(n);
  return { init: nonEmpty(init), cond: nonEmpty(cond), inc: nonEmpty(inc) };
}

function nonEmpty(n: ClangNode | undefined): ClangNode | undefined {
  return n && n.kind ? n : undefined;
}

export { child, skipParens };
