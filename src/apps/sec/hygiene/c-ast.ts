import type { SyntaxNode } from '../../../lang/index.js';

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
  for (;;) {
    const up = n.parent;
    if (up && (up.type === 'cast_expression' || up.type === 'parenthesized_expression')) n = up;
    // C++ named casts: `static_cast<T *>(malloc(n))`
    else if (up?.type === 'argument_list' && up.namedChildCount === 1 && /_cast\s*</.test(up.parent?.childForFieldName('function')?.text ?? '')) n = up.parent as SyntaxNode;
    else break;
  }
  const p = n.parent;
  if (!p) return undefined;
  // C++ member initialiser: `Buffer() : data_(new int[n])`
  if (p.type === 'argument_list' && p.parent?.type === 'field_initializer' && p.namedChildCount === 1) {
    return p.parent.namedChildren.find((c) => c.type === 'field_identifier')?.text;
  }
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
export function conditionNodes(scope: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (const n of scope.descendantsOfType(['if_statement', 'while_statement', 'do_statement', 'for_statement', 'conditional_expression', 'binary_expression', 'switch_statement'])) {
    if (n.type === 'binary_expression') {
      const op = n.childForFieldName('operator')?.text;
      if (op === '&&' || op === '||' || op === '==' || op === '!=') out.push(n);
      continue;
    }
    const c = n.childForFieldName('condition');
    if (c) out.push(c);
  }
  return out;
}

export function conditionTexts(scope: SyntaxNode): string[] {
  return conditionNodes(scope).map((c) => c.text);
}

/**
 * Does `cond` test the value of variable `name` itself? A mention only as a call's argument
 * (`fread(&n, sizeof n, 1, fp) != 1`), under sizeof or behind `&` reads or fills the variable
 * without comparing what it holds, so it is no check of the value.
 */
export function testsValueOf(cond: SyntaxNode, name: string): boolean {
  const ids = cond.type === 'identifier' ? [cond] : cond.descendantsOfType('identifier');
  return ids.some((id) => {
    if (id.text !== name) return false;
    for (let p = id.parent; p && p.id !== cond.id; p = p.parent) {
      if (p.type === 'argument_list' || p.type === 'sizeof_expression') return false;
      if (p.type === 'pointer_expression' && p.childForFieldName('operator')?.text === '&') return false;
    }
    return true;
  });
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

/** `node` without the parentheses and casts around its value. */
export function stripCasts(node: SyntaxNode | undefined | null): SyntaxNode | undefined {
  let n = node ?? undefined;
  while (n) {
    if (n.type === 'parenthesized_expression' && n.namedChildren[0]) n = n.namedChildren[0];
    else if (n.type === 'cast_expression' && n.childForFieldName('value')) n = n.childForFieldName('value') ?? undefined;
    else break;
  }
  return n;
}

/** The characters of a string literal (adjacent literals joined, prefixes and quotes removed), else undefined. */
export function literalText(node: SyntaxNode | undefined | null): string | undefined {
  const n = stripCasts(node);
  if (!n) return undefined;
  if (n.type === 'concatenated_string') {
    const parts = n.namedChildren.map((c) => literalText(c));
    return parts.every((p) => p !== undefined) ? parts.join('') : undefined;
  }
  if (n.type !== 'string_literal') return undefined;
  return n.text.replace(/^(u8|u|U|L)?"/, '').replace(/"$/, '');
}

/** Name of the variable a declarator declares (`*p`, `a[4]`, `x = 1` → p, a, x). */
export function declaredName(declarator: SyntaxNode | null | undefined): string | undefined {
  let d = declarator ?? undefined;
  while (d && d.type !== 'identifier' && d.type !== 'field_identifier') d = d.childForFieldName('declarator') ?? undefined;
  return d?.text;
}

/**
 * Where `name` is declared, nearest first: in `fn` (locals and parameters), else at file scope
 * (a declaration or a `#define NAME value`). Returns the declarator and the initial value if any.
 */
export function findDeclaration(
  name: string,
  fn: SyntaxNode | undefined,
  root: SyntaxNode,
): { declarator: SyntaxNode; value?: SyntaxNode; scope: 'function' | 'file' } | undefined {
  const scan = (scope: SyntaxNode, top: boolean): { declarator: SyntaxNode; value?: SyntaxNode } | undefined => {
    const decls = top ? scope.namedChildren.filter((c) => c.type === 'declaration' || c.type === 'preproc_def') : scope.descendantsOfType(['declaration', 'parameter_declaration']);
    for (const decl of decls) {
      if (decl.type === 'preproc_def') {
        if (decl.childForFieldName('name')?.text === name) return { declarator: decl, value: decl.childForFieldName('value') ?? undefined };
        continue;
      }
      for (const d of decl.type === 'parameter_declaration' ? [decl.childForFieldName('declarator')] : decl.childrenForFieldName('declarator')) {
        if (!d || declaredName(d) !== name) continue;
        return { declarator: d, value: d.type === 'init_declarator' ? (d.childForFieldName('value') ?? undefined) : undefined };
      }
    }
    return undefined;
  };
  const local = fn ? scan(fn, false) : undefined;
  if (local) return { ...local, scope: 'function' };
  const global = scan(root, true);
  return global ? { ...global, scope: 'file' } : undefined;
}

/** Words of an identifier, lower case: `dbPassword` and `DB_PASSWORD` → ['db', 'password']. */
export function identifierWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/**
 * The class (or struct) a C++ member function belongs to: the one whose body defines it, or for
 * `T C::f(…) { … }` the class `C` defined in this file.
 */
export function enclosingClass(fn: SyntaxNode | undefined, root: SyntaxNode): SyntaxNode | undefined {
  if (!fn) return undefined;
  for (let p = fn.parent; p; p = p.parent) if (p.type === 'class_specifier' || p.type === 'struct_specifier') return p;
  let d = fn.childForFieldName('declarator');
  while (d && d.type !== 'function_declarator') d = d.childForFieldName('declarator');
  const name = d?.childForFieldName('declarator');
  if (name?.type !== 'qualified_identifier') return undefined;
  const owner = name.childForFieldName('scope')?.text.replace(/<.*$/, '');
  if (!owner) return undefined;
  return root.descendantsOfType(['class_specifier', 'struct_specifier']).find((c) => c.childForFieldName('name')?.text === owner && c.childForFieldName('body'));
}

/** The declarator of data member `name` of the class a member function `fn` belongs to (`char *p_;` → `*p_`). */
export function findMember(name: string, fn: SyntaxNode | undefined, root: SyntaxNode): SyntaxNode | undefined {
  const cls = enclosingClass(fn, root);
  for (const f of cls?.childForFieldName('body')?.namedChildren ?? []) {
    if (f.type !== 'field_declaration') continue;
    for (const d of f.childrenForFieldName('declarator')) if (d.type !== 'function_declarator' && declaredName(d) === name) return d;
  }
  return undefined;
}
