import type { SyntaxNode } from '../../lang/index.js';
import type { Param } from './symbols.js';

/** Declarator wrappers that sit between a declaration's type and the declared name. */
const WRAPPERS = new Set(['pointer_declarator', 'parenthesized_declarator', 'attributed_declarator', 'reference_declarator', 'array_declarator', 'init_declarator']);
const NAME_TYPES = new Set(['identifier', 'field_identifier', 'qualified_identifier', 'destructor_name', 'operator_name', 'template_function', 'type_identifier']);

/** One space between tokens, `char *p` style pointers; most texts need no change and return as is. */
export function collapse(text: string): string {
  if (!/\s\s|[\t\n\r]|\*|\(\s|\s\)|^\s|\s$/.test(text)) return text;
  return text.replace(/\s+/g, ' ').replace(/\s*\*\s*/g, ' *').replace(/\* \*/g, '**').replace(/\(\s+/g, '(').replace(/\s+\)/g, ')').trim();
}

function inner(node: SyntaxNode): SyntaxNode | null {
  return node.childForFieldName('declarator') ?? node.namedChildren.find((c) => c !== null && (WRAPPERS.has(c.type) || c.type.endsWith('declarator') || NAME_TYPES.has(c.type))) ?? null;
}

/** The identifier a declarator declares (`*(*f)(int)` → `f`), or null for abstract declarators. */
export function declaredName(declarator: SyntaxNode | null): SyntaxNode | null {
  let node = declarator;
  for (let depth = 0; node && depth < 64; depth++) {
    if (NAME_TYPES.has(node.type)) return node;
    node = inner(node);
  }
  return null;
}

/**
 * The function_declarator that directly holds a function's name: for `int (*sig(int n))(int)` the
 * inner one, so its parameters are the function's own. Also counts the pointer levels on the way,
 * which belong to the return type.
 */
export function nameDeclarator(declarator: SyntaxNode | null): { fn: SyntaxNode; pointers: number; name: SyntaxNode | null } | null {
  let node = declarator;
  let pointers = 0;
  let found: SyntaxNode | null = null;
  let foundPointers = 0;
  for (let depth = 0; node && depth < 64; depth++) {
    if (node.type === 'function_declarator') {
      const wrapped = macroWrappedName(node);
      if (wrapped) return { fn: node, pointers, name: wrapped };
      found = node;
      foundPointers = pointers;
      const d = node.childForFieldName('declarator');
      if (d && NAME_TYPES.has(d.type)) return { fn: node, pointers, name: d };
    } else if (node.type === 'pointer_declarator') pointers++;
    else if (NAME_TYPES.has(node.type)) break;
    node = inner(node);
  }
  return found ? { fn: found, pointers: foundPointers, name: null } : null;
}

/**
 * `int BZ_API(BZ2_bzopen) (const char *path)`: a name wrapped in a function-like macro, which only
 * reaches the parser in raw-source mode. C has no function returning a function, so a declarator
 * `M(N)(params)` with a lone bare `N` can only be this.
 */
function macroWrappedName(fnDecl: SyntaxNode): SyntaxNode | null {
  const innerFn = fnDecl.childForFieldName('declarator');
  if (innerFn?.type !== 'function_declarator' || innerFn.childForFieldName('declarator')?.type !== 'identifier') return null;
  const params = innerFn.childForFieldName('parameters')?.namedChildren ?? [];
  const only = params[0];
  if (params.length !== 1 || only?.type !== 'parameter_declaration' || only.childForFieldName('declarator')) return null;
  const type = only.childForFieldName('type');
  return type && (type.type === 'type_identifier' || type.type === 'identifier') ? type : null;
}

/**
 * True when the declarator declares a function (`int *f(void)`, `int (*sig(int))(int)`), false for
 * a variable, including a pointer to a function (`int (*fp)(int)`).
 */
export function isFunctionDeclarator(declarator: SyntaxNode): boolean {
  let node: SyntaxNode | null = declarator;
  for (let depth = 0; node && depth < 64; depth++) {
    if (node.type === 'function_declarator') {
      if (macroWrappedName(node)) return true;
      const d = node.childForFieldName('declarator');
      if (d && NAME_TYPES.has(d.type)) return true;
    } else if (node.type === 'init_declarator' || NAME_TYPES.has(node.type)) return false;
    node = inner(node);
  }
  return false;
}

/** `text` without the name node, whitespace collapsed: the type a declarator gives its name. */
export function typeWithoutName(whole: SyntaxNode, name: SyntaxNode | null): string {
  if (!name) return collapse(whole.text);
  const t = whole.text;
  const a = name.startIndex - whole.startIndex;
  const b = name.endIndex - whole.startIndex;
  if (a < 0 || b > t.length) return collapse(t);
  return collapse(`${t.slice(0, a)} ${t.slice(b)}`);
}

/** Parameters of a function_declarator; K&R definitions take their types from `krDecls`. */
export function paramsOf(fnDecl: SyntaxNode, krDecls: SyntaxNode[] = []): Param[] {
  const list = fnDecl.childForFieldName('parameters');
  if (!list) return [];
  const out: Param[] = [];
  const krTypes = new Map<string, string>();
  for (const d of krDecls) {
    const type = d.childForFieldName('type');
    for (const decl of d.childrenForFieldName('declarator')) {
      if (!decl) continue;
      const name = declaredName(decl);
      if (name) krTypes.set(name.text, collapse(`${type?.text ?? 'int'} ${typeWithoutName(decl, name)}`));
    }
  }
  for (const p of list.namedChildren) {
    if (!p) continue;
    if (p.type === 'parameter_declaration' || p.type === 'optional_parameter_declaration') {
      const name = declaredName(p.childForFieldName('declarator'));
      const type = typeWithoutName(p, name);
      if (!name && type === 'void' && list.namedChildren.length === 1) return [];
      out.push({ name: name?.text ?? '', type });
    } else if (p.type === 'variadic_parameter' || p.text === '...') {
      out.push({ name: '...', type: '...' });
    } else if (p.type === 'identifier') {
      out.push({ name: p.text, type: krTypes.get(p.text) ?? 'int' });
    }
  }
  if (list.text.includes('...') && !out.some((p) => p.name === '...')) out.push({ name: '...', type: '...' });
  return out;
}

/** Storage class words and the inline flag from a definition's or declaration's specifiers. */
export function specifiers(node: SyntaxNode): { storage: string; inline: boolean } {
  let storage = '';
  let inline = false;
  for (const c of node.children) {
    if (!c || c.type !== 'storage_class_specifier') continue;
    const w = c.text;
    if (/inline/.test(w)) inline = true;
    else if (w === 'static' || w === 'extern') storage = w;
  }
  return { storage, inline };
}

/** The type qualifiers (`const`, `volatile`) written before a declaration's type. */
export function qualifiers(node: SyntaxNode): string {
  return node.children
    .filter((c) => c !== null && c.type === 'type_qualifier')
    .map((c) => (c as SyntaxNode).text)
    .join(' ');
}
