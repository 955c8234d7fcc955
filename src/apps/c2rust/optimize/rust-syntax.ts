import { loadLanguage, parseSource, type SyntaxNode, type Tree } from '../../../lang/index.js';

/** Parses Rust source; the caller must `tree.delete()`. */
export async function parseRust(text: string): Promise<Tree> {
  // Load the grammar first: the shared parser cache constructs a Parser before awaiting init.
  await loadLanguage('rust');
  return parseSource(text, 'rust');
}

export const ITEM_KINDS = new Set([
  'function_item',
  'struct_item',
  'enum_item',
  'union_item',
  'type_item',
  'const_item',
  'static_item',
  'trait_item',
  'mod_item',
]);

/** Where an item sits: inline modules, the impl or trait around it. */
export interface ItemContext {
  modPath: string[];
  /** Self type of the enclosing `impl`, if any. */
  implType?: string;
  /** Inside `impl Trait for T` or a `trait` body: visibility and signatures are fixed by the trait. */
  inTrait: boolean;
  /** Inside a function body (nested items are invisible outside it). */
  inFn: boolean;
}

/** Visits every item (see ITEM_KINDS) with its context, including items nested in impls, mods and fns. */
export function visitItems(root: SyntaxNode, visit: (node: SyntaxNode, ctx: ItemContext) => void): void {
  const rec = (node: SyntaxNode, ctx: ItemContext) => {
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (ITEM_KINDS.has(child.type)) {
        visit(child, ctx);
        if (child.type === 'mod_item') {
          const body = child.childForFieldName('body');
          const name = child.childForFieldName('name')?.text ?? '';
          if (body) rec(body, { ...ctx, modPath: [...ctx.modPath, name] });
        } else if (child.type === 'function_item') {
          const body = child.childForFieldName('body');
          if (body) rec(body, { ...ctx, inFn: true });
        } else if (child.type === 'trait_item') {
          const body = child.childForFieldName('body');
          if (body) rec(body, { ...ctx, inTrait: true });
        }
      } else if (child.type === 'impl_item') {
        const body = child.childForFieldName('body');
        const implType = child.childForFieldName('type')?.text;
        const isTraitImpl = child.childForFieldName('trait') !== null;
        if (body) rec(body, { ...ctx, implType, inTrait: isTraitImpl });
      } else if (child.type !== 'macro_definition' && child.type !== 'token_tree') {
        // Blocks, statements and expressions can hold items (fn-local items).
        rec(child, ctx);
      }
    }
  };
  rec(root, { modPath: [], inTrait: false, inFn: false });
}

/** Every node of `type` under `root`, in source order. */
export function descendantsOfType(root: SyntaxNode, type: string): SyntaxNode[] {
  return root.descendantsOfType(type).filter((n): n is SyntaxNode => n !== null);
}

export function itemName(node: SyntaxNode): string | undefined {
  return node.childForFieldName('name')?.text;
}

export function visibility(node: SyntaxNode): SyntaxNode | undefined {
  return node.namedChildren.find((c) => c?.type === 'visibility_modifier') ?? undefined;
}

/** The `unsafe` keyword of a function's qualifiers, if it has one. */
export function unsafeQualifier(fn: SyntaxNode): SyntaxNode | undefined {
  const mods = fn.namedChildren.find((c) => c?.type === 'function_modifiers');
  return mods?.children.find((c) => c?.type === 'unsafe') ?? undefined;
}

/** Attributes and comments directly above an item (nearest first), stopping at code or a blank line. */
export function leadingTrivia(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  let prev = node.previousSibling;
  let boundary = node.startPosition.row;
  while (prev && (prev.type === 'attribute_item' || prev.type === 'line_comment' || prev.type === 'block_comment')) {
    // Line comments include their newline, so they end at column 0 of the next row.
    const lastRow = prev.endPosition.column === 0 ? prev.endPosition.row - 1 : prev.endPosition.row;
    if (boundary - lastRow > 1) break; // a blank line: the comment is not about this item
    out.push(prev);
    boundary = prev.startPosition.row;
    prev = prev.previousSibling;
  }
  return out;
}

export function isOuterDoc(node: SyntaxNode): boolean {
  if (node.type === 'line_comment' || node.type === 'block_comment') {
    return node.children.some((c) => c?.type === 'outer_doc_comment_marker');
  }
  return node.type === 'attribute_item' && /^#\[\s*doc\b/.test(node.text);
}

export function hasInnerDoc(root: SyntaxNode): boolean {
  for (const c of root.children) {
    if (!c) continue;
    if ((c.type === 'line_comment' || c.type === 'block_comment') && c.children.some((m) => m?.type === 'inner_doc_comment_marker')) return true;
    if (c.type === 'inner_attribute_item' && /^#!\[\s*doc\b/.test(c.text)) return true;
  }
  return false;
}

/** Attribute texts of an item, e.g. `#[no_mangle]`. */
export function attributes(node: SyntaxNode): string[] {
  return leadingTrivia(node)
    .filter((n) => n.type === 'attribute_item')
    .map((n) => n.text);
}

/** Start of the first attribute or doc comment of an item: where text placed "above the item" goes. */
export function itemHeadStart(node: SyntaxNode): number {
  const trivia = leadingTrivia(node);
  const first = trivia[trivia.length - 1];
  return first ? first.startIndex : node.startIndex;
}

/** Identifier-like tokens of a text (used for conservative "is this name mentioned" checks). */
export function identifiers(text: string): Set<string> {
  return new Set(text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []);
}
