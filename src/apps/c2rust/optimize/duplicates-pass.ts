import { resolve } from 'node:path';
import type { SyntaxNode } from '../../../lang/tree-sitter.js';
import { writeFileAtomicSync } from '../../../util/files.js';
import { modulePath } from './crate.js';
import type { PassInput, PassResult } from './pass.js';
import { itemHeadStart, leadingTrivia, parseRust, visitItems } from './rust-syntax.js';
import { applyEdits, indentAt, type TextEdit } from './text-edits.js';

/** Bodies shorter than this (in tokens) are too small to call duplicates (`{ self.len }`). */
const MIN_TOKENS = 12;

function leaves(node: SyntaxNode, out: SyntaxNode[]): void {
  if (node.type === 'line_comment' || node.type === 'block_comment') return;
  if (node.childCount === 0) {
    out.push(node);
    return;
  }
  for (const c of node.children) if (c) leaves(c, out);
}

/**
 * A key equal for functions that do the same thing: parameter types and return type, and
 * the body's tokens with comments and layout dropped and parameter names replaced by position.
 */
export function normalisedKey(fn: SyntaxNode, implType: string | undefined): string | undefined {
  const body = fn.childForFieldName('body');
  const params = fn.childForFieldName('parameters');
  if (!body || !params) return undefined;
  const rename = new Map<string, string>();
  const types: string[] = [];
  let hasSelf = false;
  for (const p of params.namedChildren) {
    if (!p) continue;
    if (p.type === 'self_parameter') {
      hasSelf = true;
      types.push(p.text.replace(/\s+/g, ''));
      continue;
    }
    const pattern = p.childForFieldName('pattern');
    if (pattern?.type === 'identifier') rename.set(pattern.text, `$${rename.size}`);
    types.push((p.childForFieldName('type')?.text ?? '').replace(/\s+/g, ' '));
  }
  const toks: SyntaxNode[] = [];
  leaves(body, toks);
  if (toks.length < MIN_TOKENS) return undefined;
  const bodyKey = toks.map((t) => (t.type === 'identifier' ? (rename.get(t.text) ?? t.text) : t.text)).join(' ');
  // Methods on different types touch different fields even when the text matches.
  const self = hasSelf ? (implType ?? '') : '';
  return `${self}(${types.join(',')})->${fn.childForFieldName('return_type')?.text ?? '()'}{${bodyKey}}`;
}

/** Tags each function whose normalised body repeats an earlier one with `/// Duplicate of path`. */
export async function runDuplicatesPass(input: PassInput): Promise<PassResult> {
  const first = new Map<string, string>();
  const tags = new Map<string, TextEdit[]>();
  const notes: string[] = [];
  let tagged = 0;
  for (const [file, text] of input.texts) {
    const tree = await parseRust(text);
    try {
      visitItems(tree.rootNode, (node, ctx) => {
        if (node.type !== 'function_item' || ctx.inTrait || ctx.inFn) return;
        const key = normalisedKey(node, ctx.implType);
        const name = node.childForFieldName('name')?.text;
        if (!key || !name) return;
        const path = ['crate', ...modulePath(file), ...ctx.modPath, ...(ctx.implType ? [ctx.implType.replace(/<.*$/, '')] : []), name].join('::');
        const original = first.get(key);
        if (!original) {
          first.set(key, path);
          return;
        }
        if (leadingTrivia(node).some((n) => n.text.includes('Duplicate of'))) return;
        // First among the item's docs and attributes, so rustdoc shows it as the summary.
        const head = itemHeadStart(node);
        tags.set(file, [...(tags.get(file) ?? []), { start: head, end: head, text: `/// Duplicate of ${original}\n${indentAt(text, head)}` }]);
        notes.push(`${path} duplicates ${original}`);
        tagged++;
      });
    } finally {
      tree.delete();
    }
  }
  const texts = new Map<string, string>();
  for (const [file, edits] of tags) {
    const next = applyEdits(input.texts.get(file) ?? '', edits);
    texts.set(file, next);
    if (!input.dryRun) writeFileAtomicSync(resolve(input.crateDir, file), next);
  }
  return { texts: input.dryRun ? new Map() : texts, counts: { duplicates_tagged: tagged }, notes };
}
