import type { SyntaxNode } from '../../../lang/index.js';
import type { RawFinding } from '../finding.js';
import { findingFor } from '../rule-meta.js';
import { callArgs, enclosingFunction, findDeclaration, isAncestor } from './c-ast.js';
import { type HygieneContext } from './context.js';
import { HYGIENE_RULES } from './rules.js';

/** Member calls that give a moved-from object a known state again. */
const REINIT = new Set(['clear', 'reset', 'assign', 'emplace', 'swap']);
/** Statements after which the rest of the function is not reached (break only leaves a `case`). */
const JUMPS = new Set(['return_statement', 'throw_statement', 'goto_statement']);
const CASE_JUMPS = new Set([...JUMPS, 'break_statement', 'continue_statement']);
const BRANCHES = new Set(['if_statement', 'conditional_expression']);

/** The statement of `node` that sits directly in a block (or is a whole branch/loop body). */
function statementOf(node: SyntaxNode): SyntaxNode {
  let s = node;
  while (s.parent && (!/statement$|^declaration$/.test(s.type) || s.type === 'compound_statement')) s = s.parent;
  return s;
}

/** The arm of a branch (`if` consequence or `else`, a `?:` side) that holds `node`, if any. */
function armOf(branch: SyntaxNode, node: SyntaxNode): SyntaxNode | undefined {
  const arms = [branch.childForFieldName('consequence'), branch.childForFieldName('alternative')];
  return arms.find((a) => a && isAncestor(a, node)) ?? undefined;
}

/**
 * Can execution go from the end of `moveStmt` to `use`? Not when they sit in two arms of one
 * branch, nor when a block between them leaves (return, throw, break…) after the move.
 */
function reachableAfter(moveStmt: SyntaxNode, use: SyntaxNode): boolean {
  if (JUMPS.has(moveStmt.type) && !isAncestor(moveStmt, use)) return false;
  let child = moveStmt;
  for (let p = moveStmt.parent; p; child = p, p = p.parent) {
    if (isAncestor(p, use)) {
      // the closest node holding both: two different arms of one branch never run in sequence
      if (BRANCHES.has(p.type)) {
        const moveArm = armOf(p, moveStmt);
        const useArm = armOf(p, use);
        if (moveArm && useArm && moveArm.id !== useArm.id) return false;
      }
      return true;
    }
    if (p.type === 'compound_statement' || p.type === 'case_statement') {
      const after = p.namedChildren.filter((c) => c.startIndex > child.startIndex);
      const jumps = p.type === 'case_statement' ? CASE_JUMPS : JUMPS;
      if (after.some((c) => jumps.has(c.type))) return false;
    }
  }
  return true;
}

const PREPROC_BRANCHES = new Set(['preproc_if', 'preproc_ifdef', 'preproc_elif', 'preproc_elifdef']);

/** `#if … #else …`: code in two branches of one conditional is never compiled together. */
function otherPreprocBranch(a: SyntaxNode, b: SyntaxNode): boolean {
  for (let p = a.parent; p; p = p.parent) {
    if (!PREPROC_BRANCHES.has(p.type) || !isAncestor(p, b)) continue;
    const alt = p.childForFieldName('alternative');
    if ((alt !== null && isAncestor(alt, a)) !== (alt !== null && isAncestor(alt, b))) return true;
  }
  return false;
}

/** `x = …`, `x.clear()`, `x.reset()`: the variable is given a value again. */
function reinitialises(id: SyntaxNode): boolean {
  const p = id.parent;
  if (p?.type === 'assignment_expression' && p.childForFieldName('left')?.id === id.id) return true;
  if (p?.type === 'field_expression' && p.childForFieldName('argument')?.id === id.id) {
    const call = p.parent;
    return call?.type === 'call_expression' && REINIT.has(p.childForFieldName('field')?.text ?? '');
  }
  return false;
}

/** `x` given a new value, or handed to code that may give it one (`std::getline(in, x)`, `in >> x`, `read(x)`). */
function refills(id: SyntaxNode): boolean {
  if (reinitialises(id)) return true;
  const p = id.parent;
  if (p?.type === 'argument_list') return true;
  return p?.type === 'binary_expression' && p.childForFieldName('operator')?.text === '>>' && p.childForFieldName('right')?.id === id.id;
}

/** A use that does not read the value (`sizeof x`, `decltype(x)`), or `x` named inside a lambda's own scope. */
function unevaluated(id: SyntaxNode): boolean {
  for (let p = id.parent; p; p = p.parent) {
    if (p.type === 'sizeof_expression' || p.type === 'decltype' || p.type === 'alignof_expression') return true;
    if (p.type === 'function_definition' || p.type === 'lambda_expression') return false;
  }
  return false;
}

/** The name a declarator declares, through pointer, reference, array and init declarators. */
function nameOfDeclarator(d: SyntaxNode | null | undefined): SyntaxNode | undefined {
  let x = d ?? undefined;
  while (x && x.type !== 'identifier') x = x.childForFieldName('declarator') ?? (x.type === 'reference_declarator' ? (x.namedChildren[x.namedChildren.length - 1] ?? undefined) : undefined);
  return x;
}

/**
 * The declaration of `name` in scope at `at` inside `fn` (its declared identifier), innermost
 * first: a block's declarations before `at`, a `for` initializer, a range-for variable, a parameter.
 * Two uses of one name that see different declarations name different variables.
 */
function visibleDeclaration(at: SyntaxNode, name: string, fn: SyntaxNode): SyntaxNode | undefined {
  const declared = (decl: SyntaxNode | null | undefined): SyntaxNode | undefined => {
    if (decl?.type !== 'declaration') return undefined;
    for (const d of decl.childrenForFieldName('declarator')) {
      const id = nameOfDeclarator(d);
      if (id?.text === name) return id;
    }
    return undefined;
  };
  for (let p = at.parent; p; p = p.parent) {
    if (p.type === 'compound_statement') {
      for (let i = p.namedChildren.length - 1; i >= 0; i--) {
        const c = p.namedChildren[i];
        if (!c || c.startIndex > at.startIndex) continue;
        const id = declared(c);
        if (id) return id;
      }
    } else if (p.type === 'for_statement') {
      const id = declared(p.childForFieldName('initializer'));
      if (id) return id;
    } else if (p.type === 'for_range_loop') {
      const id = nameOfDeclarator(p.childForFieldName('declarator'));
      if (id?.text === name) return id;
    }
    if (p.id === fn.id) {
      for (const param of fn.descendantsOfType('parameter_declaration')) {
        const id = nameOfDeclarator(param.childForFieldName('declarator'));
        if (id?.text === name && enclosingFunction(param)?.id === fn.id) return id;
      }
      return undefined;
    }
  }
  return undefined;
}

const LOOPS = new Set(['for_statement', 'while_statement', 'do_statement', 'for_range_loop']);

/**
 * The loop in which `std::move(name)` runs again on the next iteration: the innermost loop holding
 * the move whose body does not declare `name`, never gives it a new value, and does not surely
 * leave (`break`, `return`…) after the move.
 */
function movedAgainInLoop(call: SyntaxNode, moveStmt: SyntaxNode, name: string, fn: SyntaxNode, root: SyntaxNode): SyntaxNode | undefined {
  let loop: SyntaxNode | undefined;
  for (let p = call.parent; p && p.id !== fn.id; p = p.parent) {
    if (p.type === 'lambda_expression') return undefined;
    if (LOOPS.has(p.type)) {
      loop = p;
      break;
    }
  }
  const body = loop?.childForFieldName('body');
  if (!loop || !body || !isAncestor(body, call)) return undefined;
  // declared inside the loop: a fresh object each iteration
  const decl = findDeclaration(name, fn, root);
  if (!decl || isAncestor(loop, decl.declarator)) return undefined;
  // given a new value in the loop: assigned, cleared, read into (`getline(in, x)`, `in >> x`, any call that takes it)
  for (const id of loop.descendantsOfType('identifier')) if (id.text === name && !isAncestor(call, id) && refills(id)) return undefined;
  // after the move the iteration leaves the loop (or the function) on every path
  let child = moveStmt;
  for (let p = moveStmt.parent; p && p.id !== loop.id; child = p, p = p.parent) {
    if (p.type !== 'compound_statement') continue;
    if (p.namedChildren.some((c) => c.startIndex > child.startIndex && (c.type === 'break_statement' || JUMPS.has(c.type)))) return undefined;
  }
  if (JUMPS.has(moveStmt.type)) return undefined;
  return loop;
}

export function checkUseAfterMove(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  for (const call of ctx.calls.get('move') ?? []) {
    if (call.childForFieldName('function')?.text.replace(/\s+/g, '') !== 'std::move') continue;
    const arg = callArgs(call)[0];
    const fn = enclosingFunction(call);
    if (arg?.type !== 'identifier' || !fn) continue;
    const name = arg.text;
    // only locals and parameters: a member may be refilled by another member function
    if (findDeclaration(name, fn, ctx.root)?.scope !== 'function') continue;
    // clang-tidy reports the same pattern; its NOLINT marks a move the author meant
    const row = call.startPosition.row;
    const lines = ctx.source().split('\n', row + 1);
    if (/NOLINT/.test(lines[row] ?? '') || /NOLINTNEXTLINE/.test(lines[row - 1] ?? '')) continue;
    const moveStmt = statementOf(call);
    const loop = movedAgainInLoop(call, moveStmt, name, fn, ctx.root);
    if (loop) {
      out.push(findingFor(HYGIENE_RULES.useAfterMove, `Move ${name} only once: move it after the loop, copy it inside, or give it a new value in every iteration before moving it again.`, {
        node: call,
        pattern: 'move-in-loop',
        confidence: 0.6,
        description: `std::move(${name}) runs on every iteration of the loop at line ${loop.startPosition.row + 1}, but ${name} is declared outside it and never given a new value inside: from the second iteration on, it moves from an object already moved from.`,
        trace: [{ line: loop.startPosition.row + 1, note: 'loop' }, { line: call.startPosition.row + 1, note: `std::move(${name}) again on the next iteration` }],
      }));
      continue;
    }
    const later = fn.descendantsOfType('identifier').filter((id) => id.text === name && id.startIndex >= moveStmt.endIndex && enclosingFunction(id)?.id === fn.id);
    // a later `name` that sees another declaration (a new variable of a later block or loop) is not the one moved
    const moved = visibleDeclaration(arg, name, fn);
    for (const id of later) {
      if (moved && visibleDeclaration(id, name, fn)?.id !== moved.id) continue;
      if (!reachableAfter(moveStmt, id) || unevaluated(id) || otherPreprocBranch(call, id)) continue;
      if (reinitialises(id)) break;
      out.push(findingFor(HYGIENE_RULES.useAfterMove, `Do not use ${name} after moving from it; assign it a new value first, or move only at its last use.`, {
        node: id,
        pattern: 'use-after-move',
        confidence: 0.65,
        description: `${name} is used after std::move(${name}) on line ${call.startPosition.row + 1}; its contents were handed away and its state is unspecified.`,
        trace: [
          { line: call.startPosition.row + 1, note: `std::move(${name})` },
          { line: id.startPosition.row + 1, note: `${name} used again` },
        ],
      }));
      break;
    }
  }
  return out;
}
