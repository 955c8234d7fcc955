import type { SyntaxNode } from '../../../lang/index.js';

/** The smallest node covering exactly `[start, end)` (or the nearest one around it). */
export function nodeAt(root: SyntaxNode, start: number, end: number): SyntaxNode {
  let n: SyntaxNode | null = root.descendantForIndex(start, Math.max(start, end - 1));
  while (n && n.parent && (n.startIndex > start || n.endIndex < end)) n = n.parent;
  return n ?? root;
}

const short = (s: string) => {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > 60 ? `${one.slice(0, 57)}...` : one;
};

/**
 * What an unsafe operation relies on, from the node rustc's E0133 span covers: the kind of
 * operation is read from the syntax tree, not from the compiler's English message.
 */
export function safetyReason(root: SyntaxNode, start: number, end: number): string {
  let n = nodeAt(root, start, end);
  // `(*p).field`: the span covers the parentheses.
  while (n.type === 'parenthesized_expression' && n.namedChild(0)) n = n.namedChild(0) as SyntaxNode;
  switch (n.type) {
    case 'unary_expression': {
      if (n.child(0)?.type === '*') {
        const operand = n.namedChild(0)?.text ?? n.text.slice(1);
        return `\`${short(operand)}\` is non-null, aligned and points to a live, initialised value valid for this access`;
      }
      break;
    }
    case 'call_expression': {
      const fn = n.childForFieldName('function');
      const name = fn?.type === 'field_expression' ? (fn.childForFieldName('field')?.text ?? fn.text) : (fn?.text ?? n.text);
      return `the arguments satisfy the documented preconditions of unsafe fn \`${short(name)}\``;
    }
    case 'identifier':
    case 'scoped_identifier':
      return `no other access to the mutable or foreign static \`${short(n.text)}\` can happen at the same time`;
    case 'field_expression':
      return `\`${short(n.text)}\` reads the union field that was last written`;
    case 'macro_invocation':
      return `the unsafe operation the \`${short(n.childForFieldName('macro')?.text ?? n.text)}!\` macro expands to meets its preconditions`;
    default:
      break;
  }
  // Inside macro arguments tree-sitter has only tokens: read the operation from the source text.
  const text = root.text.slice(start, end).trim();
  const call = /^([A-Za-z_][\w:]*(?:\.[A-Za-z_]\w*)*)\s*(?:::<[^>]*>)?\s*\(/.exec(text);
  if (text.startsWith('*')) return `\`${short(text.slice(1))}\` is non-null, aligned and points to a live, initialised value valid for this access`;
  if (call?.[1]) return `the arguments satisfy the documented preconditions of unsafe fn \`${short(call[1].split('.').pop() ?? call[1])}\``;
  if (/^[A-Z_][A-Z0-9_]*$/.test(text)) return `no other access to the mutable or foreign static \`${text}\` can happen at the same time`;
  return `\`${short(text || n.text)}\` meets the preconditions of its unsafe operation`;
}
