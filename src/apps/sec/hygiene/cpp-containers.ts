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
