import type { SyntaxNode, Tree } from '../../../lang/index.js';
import type { Candidate } from './batch-repair.js';
import { descendantsOfType, unsafeQualifier, visitItems } from './rust-syntax.js';
import { indentAt, lineStart, type TextEdit } from './text-edits.js';

const STATEMENT_LIKE = /(_statement|_declaration|_item|_comment)$/;
// Where a bare expression means the same as `{ expr }`, so the braces can go too.
const UNWRAP_PARENTS = new Set(['let_declaration', 'arguments', 'assignment_expression', 'compound_assignment_expr', 'return_expression', 'array_expression', 'tuple_expression']);

export interface UnsafeCandidate extends Candidate {
  kind: 'block' | 'fn';
  /** Start of the `unsafe` keyword. */
  keyword: number;
  node: SyntaxNode;
}

function blockCandidate(id: number, file: string, text: string, root: SyntaxNode, node: SyntaxNode): UnsafeCandidate | undefined {
  const kw = node.child(0);
  const block = node.namedChildren.find((c) => c?.type === 'block');
  if (!kw || kw.type !== 'unsafe' || !block) return undefined;
  const inner = block.namedChildren.filter((c): c is SyntaxNode => c !== null);
  const parent = node.parent;
  const noSemi = (n: SyntaxNode) => !n.children.some((c) => c?.type === ';');
  let soleExpr: SyntaxNode | undefined;
  if (inner.length === 1 && inner[0]) {
    const only = inner[0];
    if (!STATEMENT_LIKE.test(only.type)) soleExpr = only;
    // `unsafe { if .. {} else {} }`: a block-like expression parses as a statement without `;`.
    else if (only.type === 'expression_statement' && noSemi(only)) soleExpr = only.namedChild(0) ?? undefined;
  }
  // A block's tail expression: `unsafe { .. }` last in its block, directly or as a statement without `;`.
  const holder = parent?.type === 'expression_statement' && noSemi(parent) ? parent : node;
  const outer = holder.parent;
  const isTail = outer?.type === 'block' && outer.namedChildren[outer.namedChildren.length - 1]?.id === holder.id;
  let edits: TextEdit[];
  if (soleExpr && parent && ((UNWRAP_PARENTS.has(parent.type) && holder === node) || isTail)) {
    edits = [
      { start: kw.startIndex, end: soleExpr.startIndex, text: '' },
      { start: soleExpr.endIndex, end: node.endIndex, text: '' },
    ];
  } else if (isTail && inner.length > 0 && holder.startIndex === lineStart(text, holder.startIndex) + indentAt(text, holder.startIndex).length) {
    // Last in its block and alone on its line: the statements can join the enclosing block.
    edits = flattenTail(text, root, node, kw, block);
  } else {
    edits = [{ start: kw.startIndex, end: block.startIndex, text: '' }];
  }
  return { id, file, kind: 'block', keyword: kw.startIndex, node, region: { start: node.startIndex, end: node.endIndex }, edits };
}

/** `unsafe {\n    a;\n    b\n}` → `a;\nb` re-indented one level out; nothing after it can see the bindings. */
function flattenTail(text: string, root: SyntaxNode, node: SyntaxNode, kw: SyntaxNode, block: SyntaxNode): TextEdit[] {
  const body = block.children.filter((c): c is SyntaxNode => c !== null && c.type !== '{' && c.type !== '}');
  const first = body[0] as SyntaxNode;
  const last = body[body.length - 1] as SyntaxNode;
  const outerIndent = indentAt(text, kw.startIndex);
  const innerIndent = indentAt(text, first.startIndex);
  const edits: TextEdit[] = [{ start: kw.startIndex, end: first.startIndex, text: '' }];
  const shift = innerIndent.startsWith(outerIndent) ? innerIndent.length - outerIndent.length : 0;
  if (shift > 0) {
    for (let i = text.indexOf('\n', first.startIndex); i !== -1 && i < last.endIndex; i = text.indexOf('\n', i + 1)) {
      const ls = i + 1;
      if (/^[ \t]*$/.test(text.slice(ls, ls + shift)) && !insideLiteral(root, ls)) {
        const ws = /^[ \t]*/.exec(text.slice(ls, ls + shift))?.[0].length ?? 0;
        if (ws > 0) edits.push({ start: ls, end: ls + ws, text: '' });
      }
    }
  }
  edits.push({ start: last.endIndex, end: node.endIndex, text: '' });
  return edits;
}

// Standard macros whose arguments are plain expressions: `unsafe { }` there is an ordinary block.
const EXPR_MACROS = new Set([
  'assert', 'assert_eq', 'assert_ne', 'debug_assert', 'debug_assert_eq', 'debug_assert_ne',
  'print', 'println', 'eprint', 'eprintln', 'format', 'write', 'writeln', 'panic', 'vec', 'dbg',
]);

/** `unsafe { .. }` written as a whole argument of a standard macro (tree-sitter sees tokens there). */
function macroArgCandidates(file: string, root: SyntaxNode, firstId: number): UnsafeCandidate[] {
  const out: UnsafeCandidate[] = [];
  for (const mac of descendantsOfType(root, 'macro_invocation')) {
    const name = mac.childForFieldName('macro')?.text.split('::').pop() ?? '';
    const args = mac.namedChildren.find((c) => c?.type === 'token_tree');
    if (!EXPR_MACROS.has(name) || !args) continue;
    const toks = args.children.filter((c): c is SyntaxNode => c !== null);
    toks.forEach((kw, i) => {
      const tt = toks[i + 1];
      if (kw.type !== 'unsafe' || tt?.type !== 'token_tree' || tt.child(0)?.type !== '{') return;
      const before = toks[i - 1]?.type;
      const after = toks[i + 2]?.type;
      const inner = tt.children.filter((c): c is SyntaxNode => c !== null).slice(1, -1);
      // Unwrap only a whole argument holding one expression (no `;`, no `let`).
      const whole = (before === '(' || before === ',' || before === '[') && (after === ',' || after === ')' || after === ']');
      const simple = inner.length > 0 && !inner.some((t) => t.type === ';' || t.type === 'let');
      const edits: TextEdit[] =
        whole && simple
          ? [
              { start: kw.startIndex, end: (inner[0] as SyntaxNode).startIndex, text: '' },
              { start: (inner[inner.length - 1] as SyntaxNode).endIndex, end: tt.endIndex, text: '' },
            ]
          : [{ start: kw.startIndex, end: tt.startIndex, text: '' }];
      out.push({ id: firstId + out.length, file, kind: 'block', keyword: kw.startIndex, node: tt, region: { start: kw.startIndex, end: tt.endIndex }, edits });
    });
  }
  return out;
}

/** Every `unsafe { }` block and every `unsafe fn` qualifier that is ours to drop. */
export function findUnsafeCandidates(file: string, text: string, tree: Tree, firstId: number): UnsafeCandidate[] {
  const out: UnsafeCandidate[] = [];
  let id = firstId;
  for (const node of descendantsOfType(tree.rootNode, 'unsafe_block')) {
    const c = blockCandidate(id, file, text, tree.rootNode, node);
    if (c) {
      out.push(c);
      id++;
    }
  }
  for (const c of macroArgCandidates(file, tree.rootNode, id)) {
    out.push(c);
    id++;
  }
  visitItems(tree.rootNode, (node, ctx) => {
    if (node.type !== 'function_item' || ctx.inTrait) return;
    const kw = unsafeQualifier(node);
    if (!kw) return;
    const after = /^\s*/.exec(text.slice(kw.endIndex))?.[0].length ?? 0;
    out.push({
      id: id++,
      file,
      kind: 'fn',
      name: node.childForFieldName('name')?.text,
      keyword: kw.startIndex,
      node,
      region: { start: node.startIndex, end: node.endIndex },
      edits: [{ start: kw.startIndex, end: kw.endIndex + after, text: '' }],
    });
  });
  return out;
}

/** Lines (0-based rows) holding an `unsafe` keyword in code, for before/after figures. */
export function unsafeLines(tree: Tree): number {
  const rows = new Set<number>();
  for (const n of descendantsOfType(tree.rootNode, 'unsafe')) rows.add(n.startPosition.row);
  return rows.size;
}

/** Whether `index` falls inside a string literal or block comment that started before it. */
export function insideLiteral(root: SyntaxNode, index: number): boolean {
  for (let n: SyntaxNode | null = root.descendantForIndex(index); n; n = n.parent) {
    if ((n.type === 'string_literal' || n.type === 'raw_string_literal' || n.type === 'block_comment') && n.startIndex < index) return true;
  }
  return false;
}

