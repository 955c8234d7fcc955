import { Query } from 'web-tree-sitter';
import { loadLanguage, type SyntaxNode } from '../../lang/index.js';
import { collapse, declaredName, isFunctionDeclarator } from './c-syntax.js';
import type { FnFact, Mapper } from './extract.js';
import type { SourceLanguage } from './symbols.js';

const BUILTIN_TYPES = new Set(['_Bool', 'bool', '_Complex', '__int128', '_Float128', '__float128']);

/**
 * Calls, declarations (for locals), types, and identifiers in the places a function is used as a
 * value (`cb = f`, `g(f)`, `&f`, `{ f }`, `return f`, `c ? f : g`). Capturing every identifier
 * would cost several times more for the same answers.
 */
const BODY_QUERY = `
(call_expression function: (_) @call)
(declaration) @decl
(type_identifier) @type
(argument_list (identifier) @id)
(assignment_expression right: (identifier) @id)
(init_declarator value: (identifier) @id)
(initializer_list (identifier) @id)
(initializer_pair value: (identifier) @id)
(return_statement (identifier) @id)
(pointer_expression argument: (identifier) @id)
(conditional_expression consequence: (identifier) @id)
(conditional_expression alternative: (identifier) @id)
(cast_expression value: (identifier) @id)
(parenthesized_expression (identifier) @id)
`;

const queries = new Map<SourceLanguage, Promise<Query>>();

export function bodyQuery(language: SourceLanguage): Promise<Query> {
  let q = queries.get(language);
  if (!q) {
    q = loadLanguage(language).then(
      (lang) => new Query(lang, BODY_QUERY),
    );
    queries.set(language, q);
  }
  return q;
}

/** Calls, value uses and type uses inside each definition, from one query over the whole tree. */
export function attachBodies(defs: { node: SyntaxNode; fact: FnFact; locals: Set<string> }[], captures: { name: string; node: SyntaxNode }[], m: Mapper, typeNames: Set<string>): void {
  const isType = (name: string) => typeNames.has(name) || m.exp.externalTypes.has(name) || BUILTIN_TYPES.has(name);
  let i = 0;
  for (const { node, fact, locals } of defs) {
    const start = node.startIndex;
    const end = node.endIndex;
    while (i < captures.length && (captures[i] as { node: SyntaxNode }).node.startIndex < start) i++;
    const callees = new Set<number>();
    const ids: SyntaxNode[] = [];
    const calls: { name: string; line: number; deref: boolean }[] = [];
    for (; i < captures.length; i++) {
      const c = captures[i] as { name: string; node: SyntaxNode };
      if (c.node.startIndex >= end) break;
      if (c.name === 'call') {
        const line = m.lineOf(c.node.startPosition.row);
        const target = calleeName(c.node);
        // `(T)(x)` parses like a call when tree-sitter cannot know T is a type.
        if (target?.parenthesized && isType(target.node.text)) {
          pushUnique(fact.typeRefs, target.node.text);
          continue;
        }
        if (target) {
          callees.add(target.node.startIndex);
          // `::gzopen(…)`, `ns::f(…)`: resolved by the last component, like every other name.
          const name = target.node.type === 'qualified_identifier' ? (target.node.text.replace(/\s+/g, '').split('::').pop() ?? '') : target.node.text;
          calls.push({ name, line, deref: target.deref });
        } else fact.unresolved.push({ expr: collapse(c.node.text).slice(0, 200), line });
      } else if (c.name === 'id') ids.push(c.node);
      else if (c.name === 'type') pushUnique(fact.typeRefs, c.node.text);
      else if (c.name === 'decl') {
        for (const d of c.node.childrenForFieldName('declarator')) {
          if (d && !isFunctionDeclarator(d)) {
            const n = declaredName(d);
            if (n) locals.add(n.text);
          }
        }
      }
    }
    for (const call of calls) {
      // A parameter or local holding a function pointer: the target is only known at run time.
      if (locals.has(call.name)) fact.unresolved.push({ expr: call.deref ? `(*${call.name})` : call.name, line: call.line });
      else fact.calls.push({ name: call.name, line: call.line });
    }
    for (const id of ids) {
      if (callees.has(id.startIndex)) continue;
      const t = id.text;
      if (t !== fact.name && !locals.has(t)) pushUnique(fact.valueRefs, t);
    }
  }
}

/** `f(…)`, `(f)(…)` and `(*f)(…)` name their callee; anything else is an indirect call. */
function calleeName(fn: SyntaxNode): { node: SyntaxNode; deref: boolean; parenthesized: boolean } | null {
  let node: SyntaxNode | null = fn;
  let deref = false;
  let parenthesized = false;
  for (let depth = 0; node && depth < 16; depth++) {
    if (node.type === 'identifier' || node.type === 'qualified_identifier') return { node, deref, parenthesized };
    if (node.type === 'parenthesized_expression') {
      parenthesized = true;
      node = node.namedChildren[0] ?? null;
    } else if (node.type === 'pointer_expression' && node.child(0)?.type === '*') {
      deref = true;
      node = node.childForFieldName('argument');
    } else return null;
  }
  return null;
}

function pushUnique(list: string[], v: string): void {
  if (!list.includes(v)) list.push(v);
}
