import type { SyntaxNode } from '../../../lang/index.js';
import type { RawFinding } from '../finding.js';
import { findingFor } from '../rule-meta.js';
import { baseText, callArgs, enclosingFunction, inDisabledRegion, stripCasts } from './c-ast.js';
import { callsOf, type HygieneContext } from './context.js';
import { HYGIENE_RULES } from './rules.js';

/**
 * Is a size fixed at compile time? Literals and sizeof are; a name is unless it is a parameter or a
 * non-const local of the function (macros such as L_tmpnam and enum constants are not declared
 * there); calls, member accesses and indexing are not.
 */
function isConstant(node: SyntaxNode, locals: Set<string>): boolean {
  switch (node.type) {
    case 'number_literal':
    case 'char_literal':
    case 'sizeof_expression':
    case 'alignof_expression':
    case 'type_descriptor':
      return true;
    case 'identifier':
      return !locals.has(node.text);
    case 'parenthesized_expression':
    case 'binary_expression':
    case 'unary_expression':
    case 'cast_expression':
    case 'conditional_expression':
      return node.namedChildren.every((c) => isConstant(c, locals));
    default:
      return false;
  }
}

/** Parameters and locals of the function whose value can change at run time (not `const`/`constexpr`). */
function variablesOf(fn: SyntaxNode | undefined): Set<string> {
  const out = new Set<string>();
  if (!fn) return out;
  const nameOf = (d: SyntaxNode | null): string | undefined => {
    while (d && d.type !== 'identifier') d = d.childForFieldName('declarator');
    return d?.text;
  };
  for (const p of fn.childForFieldName('declarator')?.descendantsOfType('parameter_declaration') ?? []) {
    const name = nameOf(p.childForFieldName('declarator'));
    if (name) out.add(name);
  }
  for (const decl of fn.descendantsOfType('declaration')) {
    const quals = decl.namedChildren.filter((c) => c.type === 'type_qualifier' || c.type === 'storage_class_specifier').map((c) => c.text);
    if (quals.includes('const') || quals.includes('constexpr')) continue;
    for (const d of decl.childrenForFieldName('declarator')) {
      const name = nameOf(d);
      if (name) out.add(name);
    }
  }
  return out;
}

const RELATIONAL = new Set(['<', '<=', '>', '>=']);
const isZeroOrOne = (n: SyntaxNode | undefined) => /^[01][uUlL]*$/.test(stripCasts(n)?.text ?? '');

/**
 * The run-time parts of a size: the variables and member reads (`hdr->len`) it is computed from,
 * as text. Undefined when a part is neither (a call, an index), which no comparison bounds here.
 */
function runtimeParts(node: SyntaxNode, locals: Set<string>): string[] | undefined {
  const n = stripCasts(node) ?? node;
  if (isConstant(n, locals)) return [];
  if (n.type === 'identifier' || n.type === 'field_expression') return [baseText(n)];
  if (n.type === 'binary_expression' || n.type === 'parenthesized_expression' || n.type === 'conditional_expression') {
    const parts = n.namedChildren.map((c) => runtimeParts(c, locals));
    return parts.every((p) => p !== undefined) ? parts.flat() : undefined;
  }
  return undefined;
}

/**
 * Is `part` compared with a compile-time limit before `at` in `fn` (`if (len > MAX) return;`,
 * `if (n < sizeof buf)`)? A comparison with 0 or 1 is a lower bound only (`n <= 0`), and one with
 * another variable (`i < n` in a loop) no limit at all.
 */
function comparedWithLimit(part: string, fn: SyntaxNode, at: SyntaxNode, locals: Set<string>): boolean {
  return fn.descendantsOfType('binary_expression').some((b) => {
    if (b.startIndex >= at.startIndex || !RELATIONAL.has(b.childForFieldName('operator')?.text ?? '')) return false;
    const left = b.childForFieldName('left');
    const right = b.childForFieldName('right');
    if (!left || !right) return false;
    for (const [mine, other] of [[left, right], [right, left]] as const) {
      if (baseText(mine) === part && isConstant(other, locals) && !isZeroOrOne(other)) return true;
    }
    return false;
  });
}

export function checkStackAlloc(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  for (const call of callsOf(ctx, ['alloca', '_alloca', '__builtin_alloca'])) {
    const size = callArgs(call)[0];
    const fn = enclosingFunction(call);
    const vars = variablesOf(fn);
    if (!size || isConstant(size, vars)) continue;
    // every run-time part checked against a fixed maximum first: the stack use is bounded
    const parts = runtimeParts(size, vars);
    if (fn && parts && parts.every((p) => comparedWithLimit(p, fn, call, vars))) continue;
    out.push(findingFor(HYGIENE_RULES.alloca, 'Bound the size before the call, or allocate on the heap with malloc() and check the result.', {
      node: call,
      pattern: call.childForFieldName('function')?.text ?? 'alloca',
      confidence: 0.6,
      description: `alloca(${size.text}) takes a run-time size; ${HYGIENE_RULES.alloca.help}`,
    }));
  }
  // Locals per function, computed once: files declare many fixed-size arrays in one function.
  const locals = new Map<number, Set<string>>();
  const variablesAt = (fn: SyntaxNode): Set<string> => {
    let vars = locals.get(fn.id);
    if (!vars) locals.set(fn.id, (vars = variablesOf(fn)));
    return vars;
  };
  for (const arr of ctx.arrays) {
    const size = arr.childForFieldName('size');
    // a literal size is the common case and is constant whatever the function declares
    if (!size || size.type === 'number_literal') continue;
    // Only local variables: parameters decay to pointers and members/globals cannot be VLAs.
    let owner = arr.parent;
    while (owner && (owner.type === 'array_declarator' || owner.type === 'init_declarator' || owner.type === 'pointer_declarator')) owner = owner.parent;
    const fn = owner?.type === 'declaration' ? enclosingFunction(arr) : undefined;
    if (!fn || inDisabledRegion(arr)) continue;
    if (isConstant(size, variablesAt(fn))) continue;
    out.push(findingFor(HYGIENE_RULES.vla, 'Check the size against a fixed maximum first, or allocate on the heap.', {
      node: arr,
      pattern: 'vla',
      confidence: 0.55,
      description: `Array ${arr.childForFieldName('declarator')?.text ?? ''}[${size.text}] is sized at run time; ${HYGIENE_RULES.vla.help}`,
    }));
  }
  return out;
}
