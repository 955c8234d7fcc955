import { children, type ClangNode } from './clang-ast.js';

/** Thrown when a function needs the control-flow-graph translation (goto, case labels inside loops). */
export class NeedsCfg extends Error {
  constructor(why: string) {
    super(why);
    this.name = 'NeedsCfg';
  }
}

const LOOPS = new Set(['WhileStmt', 'DoStmt', 'ForStmt']);

/** Whether a body can be translated statement by statement (no goto, every case label directly in its switch). */
export function isStructured(body: ClangNode): boolean {
  let ok = true;
  const visit = (n: ClangNode, inSwitchBody: boolean, direct: boolean): void => {
    if (!ok) return;
    switch (n.kind) {
      case 'GotoStmt':
      case 'LabelStmt':
      case 'IndirectGotoStmt':
        ok = false;
        return;
      case 'SwitchStmt': {
        const [cond, body] = children(n);
        if (cond) visit(cond, false, false);
        if (!body) return;
        if (body.kind === 'CompoundStmt') for (const c of children(body)) visit(c, true, true);
        else visit(body, true, true);
        return;
      }
      case 'CaseStmt':
      case 'DefaultStmt':
        if (!inSwitchBody || !direct) {
          ok = false;
          return;
        }
        // The labelled statement is still directly in the switch body (case 1: case 2: stmt).
        for (const c of children(n)) visit(c, true, c.kind === 'CaseStmt' || c.kind === 'DefaultStmt');
        return;
      default:
        for (const c of children(n)) visit(c, false, false);
    }
  };
  visit(body, false, false);
  return ok;
}

/** Whether control can reach the end of the statement list (C's fall-through between cases). */
export function canFallThrough(stmts: ClangNode[]): boolean {
  const last = stmts[stmts.length - 1];
  if (!last) return true;
  return completes(last);
}

function completes(n: ClangNode): boolean {
  switch (n.kind) {
    case 'BreakStmt':
    case 'ContinueStmt':
    case 'ReturnStmt':
    case 'GotoStmt':
      return false;
    case 'CompoundStmt':
      return canFallThrough(children(n));
    case 'IfStmt': {
      const parts = children(n);
      if (parts.length < 3 || n.hasElse !== true) return true;
      return completes(parts[parts.length - 2] as ClangNode) || completes(parts[parts.length - 1] as ClangNode);
    }
    case 'CaseStmt':
    case 'DefaultStmt':
    case 'LabelStmt':
    case 'AttributedStmt': {
      const sub = children(n)[children(n).length - 1];
      return sub ? completes(sub) : true;
    }
    case 'CallExpr':
      return !isNoReturnCall(n);
    default:
      return true;
  }
}

const NORETURN = new Set(['exit', 'abort', '_exit', '_Exit', 'quick_exit', '__assert_fail', 'longjmp', 'siglongjmp', 'pthread_exit', 'err', 'errx', '__builtin_unreachable', '__builtin_trap']);

export function isNoReturnCall(n: ClangNode): boolean {
  const callee = children(n)[0];
  let c = callee;
  while (c && (c.kind === 'ImplicitCastExpr' || c.kind === 'ParenExpr')) c = children(c)[0];
  const name = c?.referencedDecl?.name;
  return name !== undefined && NORETURN.has(name);
}

/** Whether `break`/`continue` inside `n` can leave `n` (targets outside it). */
export function escapes(n: ClangNode): boolean {
  let found = false;
  const visit = (x: ClangNode, loopDepth: number, switchDepth: number): void => {
    if (found) return;
    if (x.kind === 'BreakStmt' && loopDepth === 0 && switchDepth === 0) found = true;
    else if (x.kind === 'ContinueStmt' && loopDepth === 0) found = true;
    else if (x.kind === 'GotoStmt' || x.kind === 'LabelStmt' || x.kind === 'CaseStmt' || x.kind === 'DefaultStmt' || x.kind === 'IndirectGotoStmt') found = true;
    if (found) return;
    const isLoop = LOOPS.has(x.kind);
    const isSwitch = x.kind === 'SwitchStmt';
    for (const c of children(x)) {
      // Case labels of a nested switch belong to it.
      if (isSwitch && c === children(x)[1]) {
        visitSwitchBody(c, loopDepth, switchDepth + 1);
        continue;
      }
      visit(c, loopDepth + (isLoop ? 1 : 0), switchDepth);
    }
  };
  const visitSwitchBody = (body: ClangNode, loopDepth: number, switchDepth: number): void => {
    const walk = (x: ClangNode): void => {
      if (found) return;
      if (x.kind === 'CaseStmt' || x.kind === 'DefaultStmt') {
        for (const c of children(x)) walk(c);
        return;
      }
      visit(x, loopDepth, switchDepth);
    };
    if (body.kind === 'CompoundStmt') for (const c of children(body)) walk(c);
    else walk(body);
  };
  visit(n, 0, 0);
  return found;
}
