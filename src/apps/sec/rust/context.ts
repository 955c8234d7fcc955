import type { SyntaxNode } from '../../../lang/index.js';
import type { Severity } from '../finding.js';
import { isComment, leadingTrivia } from './syntax.js';

const TEST_ATTR = /^#\[\s*(cfg\s*\(\s*test\s*\)|(\w+::)*test\b|bench\b)/;

/**
 * Test files (`tests/`, `test/`, `benches/`), examples, build scripts (`build.rs`: a panic there is
 * how a build reports a bad environment) and items under `#[cfg(test)]`/`#[test]` are not shipped code.
 */
export function inTestContext(node: SyntaxNode, file: string): boolean {
  if (/(^|\/)(tests?|benches|examples)\/|(^|\/)build\.rs$/.test(file)) return true;
  for (let item: SyntaxNode | null = node; item; item = item.parent) {
    if (!item.type.endsWith('_item')) continue;
    // Attributes are the item's preceding siblings.
    for (let s = item.previousNamedSibling; s && (s.type === 'attribute_item' || isComment(s)); s = s.previousNamedSibling) {
      if (s.type === 'attribute_item' && TEST_ATTR.test(s.text)) return true;
    }
  }
  return false;
}

// `SAFETY` in capitals anywhere, a `# Safety` heading, `Safety:` opening a comment line, or 安全
const SAFETY_MARK = /\bSAFETY\b\s*:?|#\s*[Ss]afety\b|(?:^|\n)\s*(?:\/\/+!?|\/\*+|\*)\s*[Ss]afety\s*:|安全(?:性)?(?:说明|保证|前提)?\s*[:：]/;

/**
 * Whether a comment argues safety: it carries a SAFETY marker (`// SAFETY:`, `/// # Safety`,
 * `// 安全:`) followed by an argument of a few words, not an empty or placeholder one
 * (`// SAFETY: TODO`, `// SAFETY:`).
 */
export function argumentText(comment: string): string | undefined {
  const m = SAFETY_MARK.exec(comment);
  if (!m) return undefined;
  const rest = comment
    .slice(m.index + m[0].length)
    .replace(/\/\/+!?|\/\*+|\*+\/|^\s*\*+/gm, ' ')
    .trim();
  if (/^(todo|fixme|xxx|tbd|none|n\/a|unknown|unsafe)\b/i.test(rest)) return undefined;
  const words = rest.match(/[A-Za-z_][\w'-]*|\d+/g)?.length ?? 0;
  const cjk = rest.match(/[\u4e00-\u9fff]/g)?.length ?? 0;
  return words >= 3 || cjk >= 4 ? rest : undefined;
}

/** Contiguous comments directly before `n` (attributes may sit between), joined. */
function commentsBefore(n: SyntaxNode): string {
  return leadingTrivia(n).filter(isComment).map((c) => c.text).join('\n');
}

/**
 * The safety argument that belongs to `node`: comments directly above it or above any statement
 * or expression that contains it (up to its function), a comment at the end of such a line, or
 * a comment opening the unsafe block itself. A comment a few lines up that belongs to another
 * statement does not count, nor does the function's own documentation.
 */
export function safetyArgument(node: SyntaxNode): string | undefined {
  for (let n: SyntaxNode | null = node; n && (n.id === node.id || !n.type.endsWith('_item')); n = n.parent) {
    const above = argumentText(commentsBefore(n));
    if (above) return above;
    const next = n.nextNamedSibling;
    if (next && isComment(next) && next.startPosition.row === n.endPosition.row) {
      const trailing = argumentText(next.text);
      if (trailing) return trailing;
    }
    if (n.type.endsWith('_item')) break;
  }
  // a SAFETY comment above the statement that prepares the operation (`let p = v.as_ptr();`),
  // one or two statements up, when nothing unsafe comes in between
  let stmt: SyntaxNode | null = node;
  while (stmt?.parent && stmt.parent.type !== 'block') stmt = stmt.parent;
  let prev = stmt?.previousNamedSibling ?? null;
  for (let k = 0; prev && k < 2; prev = prev.previousNamedSibling) {
    if (isComment(prev)) continue;
    if (prev.type.endsWith('_item') || prev.descendantsOfType('unsafe_block').length > 0) break;
    const arg = argumentText(commentsBefore(prev));
    if (arg) return arg;
    k++;
  }
  const block = node.type === 'unsafe_block' ? node.namedChildren.find((c) => c.type === 'block') : undefined;
  const opening: string[] = [];
  for (const c of block?.namedChildren ?? []) {
    if (!isComment(c)) break;
    opening.push(c.text);
  }
  return argumentText(opening.join('\n'));
}

/** A `/// # Safety` section (or SAFETY comment) above an item that states its obligations. */
export function itemSafetyDoc(item: SyntaxNode): boolean {
  return argumentText(commentsBefore(item)) !== undefined;
}

export function lowerSeverity(s: Severity): Severity {
  return s === 'high' ? 'medium' : 'low';
}
