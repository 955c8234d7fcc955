import type { SyntaxNode } from '../../../lang/index.js';
import type { RawFinding } from '../finding.js';
import { findingFor } from '../rule-meta.js';
import { callArgs, enclosingFunction, inDisabledRegion } from './c-ast.js';
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

export function checkStackAlloc(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  for (const call of callsOf(ctx, ['alloca', '_alloca', '__builtin_alloca'])) {
    const size = callArgs(call)[0];
    if (!size || isConstant(size, variablesOf(enclosingFunction(call)))) continue;
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
