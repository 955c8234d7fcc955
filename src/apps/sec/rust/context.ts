import type { SyntaxNode } from '../../../lang/index.js';
import type { Severity } from '../finding.js';

const TEST_ATTR = /^#\[\s*(cfg\s*\(\s*test\s*\)|(\w+::)*test\b|bench\b)/;

/** Test files (`tests/`, `benches/`) and items under `#[cfg(test)]`/`#[test]` are not shipped code. */
export function inTestContext(node: SyntaxNode, file: string): boolean {
  if (/(^|\/)(tests|benches)\//.test(file)) return true;
  for (let item: SyntaxNode | null = node; item; item = item.parent) {
    if (!item.type.endsWith('_item')) continue;
    // Attributes are the item's preceding siblings.
    for (let s = item.previousNamedSibling; s && (s.type === 'attribute_item' || s.type === 'line_comment' || s.type === 'block_comment'); s = s.previousNamedSibling) {
      if (s.type === 'attribute_item' && TEST_ATTR.test(s.text)) return true;
    }
  }
  return false;
}

const SAFETY = /\bSAFETY\b|#\s*Safety|安全/i;

/** Rows of comments that argue safety (`// SAFETY: …`, `/// # Safety`), for confidence adjustment. */
export function safetyCommentRows(root: SyntaxNode): Set<number> {
  const rows = new Set<number>();
  for (const c of root.descendantsOfType(['line_comment', 'block_comment'])) {
    if (!SAFETY.test(c.text)) continue;
    for (let r = c.startPosition.row; r <= c.endPosition.row; r++) rows.add(r);
  }
  return rows;
}

/** A SAFETY comment within three lines above the construct, on its line, or on the first line inside it. */
export function hasSafetyComment(node: SyntaxNode, rows: Set<number>): boolean {
  const r = node.startPosition.row;
  for (let i = r - 3; i <= r + 1; i++) if (rows.has(i)) return true;
  return false;
}

export function lowerSeverity(s: Severity): Severity {
  return s === 'high' ? 'medium' : 'low';
}
