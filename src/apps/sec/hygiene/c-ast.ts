import type { SyntaxNode } from '../../../lang/tree-sitter.js';

/**
 * True when `node` sits in a branch the preprocessor always drops: the body of `#if 0`
 * (but not its `#else`), or the `#else` of `#if 1`. tree-sitter parses both branches as code.
 */
export function inDisabledRegion(node: SyntaxNode): boolean {
  let child: SyntaxNode = node;
  for (let p = node.parent; p; child = p, p = p.parent) {
    if (p.type !== 'preproc_if' && p.type !== 'preproc_elif') continue;
    const cond = p.childForFieldName('condition');
    const alt = p.childForFieldName('alternative');
    const inAlt = alt !== null && alt.startIndex <= child.startIndex && child.endIndex <= alt.endIndex;
    const value = constantCondition(cond);
    if (value === false && !inAlt) return true;
    if (value === true && inAlt) return true;
  }
  return false;
}

function constantCondition(cond: SyntaxNode | null): boolean | undefined {
  if (!cond) return undefined;
  if (cond.type === 'number_literal') return !/^0+[uUlL]*$/.test(cond.text);
  if (cond.type === 'identifier' && (cond.text === 'false' || cond.text === 'true')) return cond.text === 'true';
  return undefined;
}

/** Name of the called function for plain calls (`f(x)`), else undefined (`obj->fn(x)`, `(*fp)(x)`). */
export function calleeName(call: SyntaxNode): string | undefined {
  const fn = call.childForFieldName('function');
  if (!fn) return undefined;
  if (fn.type === 'identifier') return fn.text;
  // C++: `std::rand()`, `::tmpnam()`
  if (fn.type === 'qualified_identifier') {
    const name = fn.childForFieldName('name');
    const scope = fn.childForFieldName('scope');
    if (name?.type === 'identifier' && (!scope || scope.text === 'std')) return name.text;
  }
  return undefined;
}

export function callArgs(call: SyntaxNode): SyntaxNode[] {
  return call.childForFieldName('arguments')?.namedChildren.filter((n) => n.type !== 'comment') ?? [];
}

export function enclosingFunction(node: SyntaxNode): SyntaxNode | undefined {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'function_definition' || p.type === 'lambda_expression') return p;
  }
  return undefined;
}

export function isAncestor(ancestor: SyntaxNode, node: SyntaxNode): boolean {
  return ancestor.startIndex <= node.startIndex && node.endIndex <= ancestor.endIndex;
}

/** Strips `&`, parentheses and casts so `&(lock)` and `lock` compare equal. */
export function baseText(node: SyntaxNode | undefined): string {
  if (!node) return '';
  let n = node;
  for (;;) {
    if (n.type === 'pointer_expression' && n.childForFieldName('operator')?.text === '&') {
      const arg = n.childForFieldName('argument');
      if (!arg) break;
      n = arg;
    } else if (n.type === 'parenthesized_expression' && n.namedChildren[0]) {
      n = n.namedChildren[0];
    } else if (n.type === 'cast_expression' && n.childForFieldName('value')) {
      n = n.childForFieldName('value') as SyntaxNode;
    } else break;
  }
  return n.text.replace(/\s+/g, '');
}

/** The innermost identifier a value is stored into: `x = f()`, `T x = f()`, `s.f = f()`. */
export function assignedName(call: SyntaxNode): string | undefined {
  let n: SyntaxNode = call;
  while (n.parent && (n.parent.type === 'cast_expression' || n.parent.type === 'parenthesized_expression')) n = n.parent;
  const p = n.parent;
  if (!p) return undefined;
  if (p.type === 'assignment_expression' && p.childForFieldName('right')?.id === n.id) {
    return p.childForFieldName('left')?.text.replace(/\s+/g, '');
  }
  if (p.type === 'init_declarator' && p.childForFieldName('value')?.id === n.id) {
    let d = p.childForFieldName('declarator');
    while (d && d.type !== 'identifier') d = d.childForFieldName('declarator');
    return d?.text;
  }
  return undefined;
}

/** Is the value of `expr` thrown away (a bare expression statement, comma operand or `for` clause)? */
export function resultDiscarded(expr: SyntaxNode): boolean {
  const p = expr.parent;
  if (!p) return false;
  if (p.type === 'expression_statement') return true;
  if (p.type === 'comma_expression') return p.childForFieldName('left')?.id === expr.id || resultDiscarded(p);
  return false;
}

/** Every condition expression in `scope` (if/while/for/do/ternary, plus `&&`/`||` operands). */
export function conditionTexts(scope: SyntaxNode): string[] {
  const out: string[] = [];
  for (const n of scope.descendantsOfType(['if_statement', 'while_statement', 'do_statement', 'for_statement', 'conditional_expression', 'binary_expression', 'switch_statement'])) {
    if (n.type === 'binary_expression') {
      const op = n.childForFieldName('operator')?.text;
      if (op === '&&' || op === '||' || op === '==' || op === '!=') out.push(n.text);
      continue;
    }
    const c = n.childForFieldName('condition');
    if (c) out.push(c.text);
  }
  return out;
}

/** Does `text` mention identifier `name` as a whole word? */
export function mentions(text: string, name: string): boolean {
  const esc = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^A-Za-z0-9_])${esc}($|[^A-Za-z0-9_])`).test(text);
}

/** Integer value of a literal (octal, hex, decimal), else undefined. */
export function intLiteral(node: SyntaxNode | undefined): number | undefined {
  if (!node || node.type !== 'number_literal') return undefined;
  const t = node.text.replace(/[uUlL]+$/, '');
  if (/^0[xX][0-9a-fA-F]+$/.test(t)) return parseInt(t.slice(2), 16);
  if (/^0[0-7]+$/.test(t)) return parseInt(t.slice(1), 8);
  if (/^[0-9]+$/.test(t)) return parseInt(t, 10);
  return undefined;
}
