import type { SyntaxNode } from '../../../lang/index.js';
import type { RawFinding } from '../finding.js';
import { findingFor } from '../rule-meta.js';
import { enclosingFunction, findDeclaration, findMember, intLiteral, mentions, stripCasts } from './c-ast.js';
import { type HygieneContext } from './context.js';
import { HYGIENE_RULES } from './rules.js';

const SIZE_METHODS = new Set(['size', 'length']);

/** `v.size()`, `v->size()`, `s.length()`: the container's text, else undefined. */
function sizeOf(n: SyntaxNode | null | undefined): string | undefined {
  const e = stripCasts(n);
  if (e?.type !== 'call_expression' || (e.childForFieldName('arguments')?.namedChildCount ?? 1) !== 0) return undefined;
  const fn = e.childForFieldName('function');
  if (fn?.type !== 'field_expression' || !SIZE_METHODS.has(fn.childForFieldName('field')?.text ?? '')) return undefined;
  return fn.childForFieldName('argument')?.text.replace(/\s+/g, '');
}

/** The loop's bound: `i <= c.size()` / `i < c.size()` (either way round) → index, container, inclusive. */
function loopBound(cond: SyntaxNode | null): { index: string; container: string; inclusive: boolean } | undefined {
  const c = stripCasts(cond);
  if (c?.type !== 'binary_expression') return undefined;
  const op = c.childForFieldName('operator')?.text ?? '';
  const l = stripCasts(c.childForFieldName('left'));
  const r = stripCasts(c.childForFieldName('right'));
  if ((op === '<=' || op === '<') && l?.type === 'identifier') {
    const container = sizeOf(r);
    if (container) return { index: l.text, container, inclusive: op === '<=' };
  }
  if ((op === '>=' || op === '>') && r?.type === 'identifier') {
    const container = sizeOf(l);
    if (container) return { index: r.text, container, inclusive: op === '>=' };
  }
  return undefined;
}

/** How far past the index a subscript reads: `i` → 0, `i + 2` → 2; undefined for anything else. */
function offsetFrom(index: string, e: SyntaxNode | undefined): number | undefined {
  const n = stripCasts(e);
  if (!n) return undefined;
  if (n.type === 'identifier') return n.text === index ? 0 : undefined;
  if (n.type !== 'binary_expression' || n.childForFieldName('operator')?.text !== '+') return undefined;
  const l = stripCasts(n.childForFieldName('left'));
  const r = stripCasts(n.childForFieldName('right'));
  if (l?.type === 'identifier' && l.text === index) return intLiteral(r ?? undefined);
  if (r?.type === 'identifier' && r.text === index) return intLiteral(l ?? undefined);
  return undefined;
}

/**
 * A counted loop over a std:: container that indexes past its end: `for (i = 0; i <= v.size(); i++)
 * … v[i] …`, or `i < v.size()` with `v[i + 1]` and no test of `i + 1` in the body. `operator[]`
 * checks nothing (`at()` does); the last iteration reads or writes one element past the end.
 */
export function checkContainerLoops(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  if (!/\.(size|length)\s*\(\s*\)/.test(ctx.source())) return out;
  for (const loop of ctx.root.descendantsOfType('for_statement')) {
    const bound = loopBound(loop.childForFieldName('condition'));
    const body = loop.childForFieldName('body');
    if (!bound || !body) continue;
    for (const sub of body.descendantsOfType('subscript_expression')) {
      if (sub.childForFieldName('argument')?.text.replace(/\s+/g, '') !== bound.container) continue;
      const idx = sub.childForFieldName('indices')?.namedChildren[0] ?? sub.childForFieldName('index') ?? sub.namedChildren[1];
      const off = offsetFrom(bound.index, idx ?? undefined);
      if (off === undefined) continue;
      const past = bound.inclusive ? off + 1 : off;
      if (past <= 0) continue;
      // `if (i + 1 < v.size())` in the body guards the look-ahead
      if (off > 0 && guarded(body, bound.index, bound.container)) continue;
      const write = sub.parent?.type === 'assignment_expression' && sub.parent.childForFieldName('left')?.id === sub.id;
      // `s[s.size()]` of a std::string reads its terminator: defined
      if (!write && past === 1 && isString(bound.container, loop, ctx.root)) continue;
      out.push(findingFor(HYGIENE_RULES.containerIndexLoop, bound.inclusive ? `Loop while ${bound.index} < ${bound.container}.size()${off > 0 ? ` - ${off}` : ''}, or use .at() to have the bound checked.` : `Stop the loop at ${bound.container}.size() - ${off}, or test ${bound.index} + ${off} < ${bound.container}.size() before the access.`, {
        node: sub,
        pattern: `${bound.container}[${idx?.text ?? bound.index}]`,
        confidence: 0.75,
        severity: write ? 'high' : 'medium',
        description: `The loop runs ${bound.index} up to ${bound.container}.size()${bound.inclusive ? ' inclusive' : ' - 1'}, so ${sub.text.slice(0, 60)} ${write ? 'writes' : 'reads'} ${past === 1 ? 'one element' : `${past} elements`} past the end on the last iteration${past > 1 ? 's' : ''}; operator[] does not check.`,
        trace: [{ line: loop.startPosition.row + 1, note: `${bound.index} ${bound.inclusive ? '<=' : '<'} ${bound.container}.size()` }],
      }));
      break;
    }
  }
  return out;
}

function guarded(body: SyntaxNode, index: string, container: string): boolean {
  for (const n of body.descendantsOfType(['if_statement', 'conditional_expression', 'binary_expression'])) {
    const cond = n.type === 'binary_expression' ? n : n.childForFieldName('condition');
    const t = cond?.text ?? '';
    if (mentions(t, index) && /\b(size|length)\s*\(/.test(t) && t.includes(container)) {
      if (n.type !== 'binary_expression' || /^(<|<=|>|>=)$/.test(n.childForFieldName('operator')?.text ?? '')) return true;
    }
  }
  return false;
}

/** Is `name` declared as a std::string (a local, a parameter or a data member)? */
function isString(name: string, at: SyntaxNode, root: SyntaxNode): boolean {
  if (!/^\w+$/.test(name)) return false;
  const fn = enclosingFunction(at);
  const named = (d: SyntaxNode | null) => d !== null && (d.text === name || d.descendantsOfType(['identifier', 'field_identifier']).some((i) => i.text === name));
  let decl = fn?.descendantsOfType(['parameter_declaration', 'declaration']).find((p) => named(p.childForFieldName('declarator')));
  if (!decl) {
    const m = findMember(name, fn, root) ?? findDeclaration(name, fn, root)?.declarator;
    for (let p = m?.parent; p && !decl; p = p.parent) if (/declaration$/.test(p.type)) decl = p;
  }
  return /\b(w|u8|u16|u32)?string\b|string_view/.test(decl?.childForFieldName('type')?.text ?? '');
}

/** Calls that may reallocate a vector/deque/string's storage (or, for erase, free the element an iterator is at). */
const GROWS = new Set(['push_back', 'emplace_back', 'insert', 'emplace', 'resize', 'reserve', 'push_front', 'emplace_front', 'append', 'assign', 'shrink_to_fit']);
const REMOVES = new Set(['erase', 'clear', 'pop_back', 'pop_front']);

/** The container a loop walks: `for (auto it = c.begin(); …)` or `for (auto &x : c)` → `c`. */
function walked(loop: SyntaxNode): { container: string; iterator?: string } | undefined {
  if (loop.type === 'for_range_loop') {
    const right = stripCasts(loop.childForFieldName('right'));
    return right && /^(identifier|field_expression)$/.test(right.type) ? { container: right.text.replace(/\s+/g, '') } : undefined;
  }
  const init = loop.childForFieldName('initializer');
  const d = init?.type === 'declaration' ? init.childrenForFieldName('declarator')[0] : undefined;
  const value = d?.type === 'init_declarator' ? stripCasts(d.childForFieldName('value')) : undefined;
  if (value?.type !== 'call_expression') return undefined;
  const fn = value.childForFieldName('function');
  if (fn?.type !== 'field_expression' || !/^c?r?begin$/.test(fn.childForFieldName('field')?.text ?? '')) return undefined;
  const obj = fn.childForFieldName('argument');
  const it = d?.childForFieldName('declarator');
  return obj && it?.type === 'identifier' ? { container: obj.text.replace(/\s+/g, ''), iterator: it.text } : undefined;
}

/** The declared type's text of a plain container name, when the function or the file declares it. */
function containerType(name: string, at: SyntaxNode, root: SyntaxNode): string | undefined {
  if (!/^\w+$/.test(name)) return undefined;
  const fn = enclosingFunction(at);
  // (a reference parameter, `std::vector<T> &v`, has its name under a declarator without a field)
  const named = (d: SyntaxNode | null) => {
    const inner = d?.type === 'init_declarator' ? d.childForFieldName('declarator') : d;
    return inner !== null && inner !== undefined && (inner.text === name || inner.descendantsOfType(['identifier', 'field_identifier']).some((i) => i.text === name));
  };
  const local = fn?.descendantsOfType(['parameter_declaration', 'declaration']).find((p) => p.childrenForFieldName('declarator').some(named));
  if (local) return local.childForFieldName('type')?.text;
  const d = findDeclaration(name, fn, root)?.declarator ?? findMember(name, fn, root);
  for (let p = d?.parent; p; p = p.parent) if (/declaration$/.test(p.type)) return p.childForFieldName('type')?.text;
  return undefined;
}

/** The statement after `n`'s statement in its block leaves the loop (`v.push_back(x); break;`). */
function leavesRightAfter(call: SyntaxNode, loop: SyntaxNode): boolean {
  let stmt: SyntaxNode | null = call;
  while (stmt && stmt.id !== loop.id && stmt.parent && stmt.parent.type !== 'compound_statement') stmt = stmt.parent;
  // (the loop's own body without braces: what follows the loop is not inside it)
  if (!stmt || stmt.id === loop.id) return false;
  const next = stmt.nextNamedSibling;
  return next !== null && next !== undefined && /^(break_statement|return_statement|goto_statement)$/.test(next.type);
}

/**
 * A loop that walks a std::vector, deque or string with an iterator or a range-for while its body
 * grows or shrinks that container (`for (auto it = v.begin(); it != v.end(); ++it) … v.push_back(x)`):
 * a reallocation moves the elements, and the next `*it` / `++it` uses freed storage (CWE-416).
 * Quiet for node containers (list, map, set: inserting leaves iterators valid), for `it = v.erase(it)`,
 * and when the loop is left right after the change.
 */
export function checkIteratorInvalidation(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  if (!/\b(begin\s*\(|for\s*\([^;)]*:)/.test(ctx.source())) return out;
  for (const loop of ctx.root.descendantsOfType(['for_statement', 'for_range_loop'])) {
    const w = walked(loop);
    const body = loop.childForFieldName('body');
    if (!w || !body) continue;
    const type = containerType(w.container.replace(/^this->/, ''), loop, ctx.root) ?? '';
    // only the sequence containers whose storage moves; an unknown type is left alone
    if (!/\b(vector|deque|(w|u8|u16|u32)?string)\s*(<|\b)/.test(type) || /\b(list|map|set)\s*</.test(type)) continue;
    for (const call of body.descendantsOfType('call_expression')) {
      const fn = call.childForFieldName('function');
      if (fn?.type !== 'field_expression' || fn.childForFieldName('argument')?.text.replace(/\s+/g, '') !== w.container) continue;
      const method = fn.childForFieldName('field')?.text ?? '';
      if (!GROWS.has(method) && !REMOVES.has(method)) continue;
      // `it = v.erase(it)`: the loop goes on with the iterator erase handed back
      const parent = call.parent;
      if (w.iterator && parent?.type === 'assignment_expression' && parent.childForFieldName('left')?.text === w.iterator) continue;
      if (leavesRightAfter(call, loop)) continue;
      out.push(findingFor(HYGIENE_RULES.iteratorInvalidated, `Walk ${w.container} by index (for (size_t i = 0; i < ${w.container}.size(); ++i)), collect the changes and apply them after the loop, or continue with the iterator ${method === 'erase' ? 'erase returns' : 'the call returns'}.`, {
        node: call,
        pattern: `${w.container}.${method}`,
        confidence: 0.7,
        severity: 'high',
        description: `The loop walks ${w.container} with ${w.iterator ? `the iterator ${w.iterator}` : 'a range-for'} and ${call.text.slice(0, 60)} ${GROWS.has(method) ? 'may reallocate its storage' : 'removes elements'} inside it: the loop's iterator then points into freed or moved storage.`,
        trace: [{ line: loop.startPosition.row + 1, note: `the loop walks ${w.container}` }],
      }));
      break;
    }
  }
  return out;
}

/** `v[i]`, `v.at(i)`, `v.front()`, `v.back()`, `&v[i]`, `v.data()`: the container an element alias is taken from. */
function elementOf(value: SyntaxNode | undefined): string | undefined {
  let e = stripCasts(value);
  if (e?.type === 'pointer_expression' && e.childForFieldName('operator')?.text === '&') e = stripCasts(e.childForFieldName('argument'));
  if (e?.type === 'subscript_expression') return e.childForFieldName('argument')?.text.replace(/\s+/g, '');
  if (e?.type !== 'call_expression') return undefined;
  const fn = e.childForFieldName('function');
  if (fn?.type !== 'field_expression' || !/^(at|front|back|data)$/.test(fn.childForFieldName('field')?.text ?? '')) return undefined;
  return fn.childForFieldName('argument')?.text.replace(/\s+/g, '');
}

/**
 * A reference or pointer to an element of a std::vector, deque or string (`const T &r = v[i];`,
 * `T *p = &v.back();`), then a call that may reallocate that container (`v.push_back(x)`) in a
 * later statement of the same block, then a use of the alias: it reads or writes the storage the
 * reallocation freed (CWE-416). Quiet when the alias is not used after the call.
 */
export function checkElementAlias(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  if (!/\b(push_back|emplace_back|insert|emplace|resize|reserve|append|push_front|emplace_front)\s*\(/.test(ctx.source())) return out;
  for (const block of ctx.root.descendantsOfType('compound_statement')) {
    const stmts = block.namedChildren;
    stmts.forEach((decl, k) => {
      if (decl.type !== 'declaration') return;
      const d = decl.childrenForFieldName('declarator')[0];
      const inner = d?.type === 'init_declarator' ? d.childForFieldName('declarator') : undefined;
      if (!inner || !/^(reference_declarator|pointer_declarator)$/.test(inner.type)) return;
      const alias = inner.descendantsOfType('identifier')[0]?.text;
      const from = elementOf(d?.childForFieldName('value') ?? undefined);
      if (!alias || !from) return;
      const type = containerType(from.replace(/^this->/, ''), decl, ctx.root) ?? '';
      if (!/\b(vector|deque|(w|u8|u16|u32)?string)\s*(<|\b)/.test(type) || /\b(list|map|set)\s*</.test(type)) return;
      let grown: SyntaxNode | undefined;
      for (const s of stmts.slice(k + 1)) {
        if (!grown) {
          grown = s.descendantsOfType('call_expression').find((c) => {
            const fn = c.childForFieldName('function');
            return fn?.type === 'field_expression' && fn.childForFieldName('argument')?.text.replace(/\s+/g, '') === from && GROWS.has(fn.childForFieldName('field')?.text ?? '');
          });
          continue;
        }
        const use = s.descendantsOfType('identifier').find((i) => i.text === alias);
        if (!use) continue;
        out.push(findingFor(HYGIENE_RULES.iteratorInvalidated, `Copy the element before changing ${from} (T copy = ${from}[i];), or take the reference again after the change.`, {
          node: use,
          pattern: `${alias}@${from}`,
          confidence: 0.7,
          severity: 'high',
          description: `'${alias}' refers to an element of ${from}, and ${grown.text.slice(0, 60)} may reallocate ${from}'s storage before '${alias}' is used here: it then refers to freed memory.`,
          trace: [{ line: decl.startPosition.row + 1, note: `'${alias}' bound to an element of ${from}` }, { line: grown.startPosition.row + 1, note: `${from} may reallocate` }],
        }));
        return;
      }
    });
  }
  return out;
}
