import type { SyntaxNode } from '../../../lang/index.js';
import { modulePath } from './crate.js';
import { attributes, itemHeadStart, leadingTrivia, parseRust, visibility, visitItems } from './rust-syntax.js';
import { indentAt } from './text-edits.js';

/** Bodies shorter than this (in tokens) are too small to call duplicates (`{ self.len }`). */
const MIN_TOKENS = 12;

/** Attributes that do not change what a forwarding body means. */
const NEUTRAL_ATTR = /^#\[\s*(doc\b|no_mangle\b|inline\b|must_use\b|allow\s*\(|warn\s*\(|deny\s*\(|expect\s*\()/;

/** A free function or method as the duplicates pass sees it; plain data, so trees can be freed. */
export interface FnInfo {
  file: string;
  /** `crate::mod::Type::name`. */
  path: string;
  name: string;
  /** Normalised signature and body: equal keys mean "does the same thing". */
  key: string;
  /** File plus inline-module path: two functions in one module resolve names alike. */
  module: string;
  /** Where a tag line goes and its indentation. */
  headStart: number;
  indent: string;
  tagged: boolean;
  /** The body block `{ … }` in the text. */
  body: { start: number; end: number };
  code: string;
  /** Parameter names, in order, when every parameter is a plain `name: Type`. */
  params: string[];
  /** `unsafe`, `const`, `extern "C"` … as written. */
  qualifiers: string;
  /** `pub`, `pub(crate)` … or '' for private. */
  vis: string;
  /** Why this function may not take part in a merge; undefined when it may. */
  blocker?: string;
}

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

function mergeBlocker(fn: SyntaxNode, implType: string | undefined, file: string): string | undefined {
  if (implType) return 'in an impl block';
  if (fn.childForFieldName('type_parameters')) return 'generic';
  if (fn.namedChildren.some((c) => c?.type === 'where_clause')) return 'has a where clause';
  if (/\basync\b/.test(fn.namedChildren.find((c) => c?.type === 'function_modifiers')?.text ?? '')) return 'async';
  const odd = attributes(fn).find((a) => !NEUTRAL_ATTR.test(a));
  if (odd) return `attribute ${odd}`;
  for (const p of fn.childForFieldName('parameters')?.namedChildren ?? []) {
    if (!p || p.type === 'attribute_item') continue;
    if (p.type !== 'parameter' || p.childForFieldName('pattern')?.type !== 'identifier') return 'a parameter is not a plain `name: Type`';
  }
  // `crate::` from a binary target names another crate than the library's.
  if (file === 'src/main.rs' || file.startsWith('src/bin/') || !file.startsWith('src/')) return 'not in the library crate';
  return undefined;
}

/** Every function outside traits and other function bodies, in file order. */
export async function indexFunctions(texts: ReadonlyMap<string, string>): Promise<FnInfo[]> {
  const out: FnInfo[] = [];
  for (const [file, text] of texts) {
    const tree = await parseRust(text);
    try {
      visitItems(tree.rootNode, (node, ctx) => {
        if (node.type !== 'function_item' || ctx.inTrait || ctx.inFn) return;
        const key = normalisedKey(node, ctx.implType);
        const name = node.childForFieldName('name')?.text;
        const body = node.childForFieldName('body');
        if (!key || !name || !body) return;
        const head = itemHeadStart(node);
        const params = (node.childForFieldName('parameters')?.namedChildren ?? [])
          .filter((p): p is SyntaxNode => p?.type === 'parameter')
          .map((p) => p.childForFieldName('pattern')?.text ?? '');
        const blocker = mergeBlocker(node, ctx.implType, file);
        out.push({
          file,
          path: ['crate', ...modulePath(file), ...ctx.modPath, ...(ctx.implType ? [ctx.implType.replace(/<.*$/, '')] : []), name].join('::'),
          name,
          key,
          module: [file, ...ctx.modPath].join('::'),
          headStart: head,
          indent: indentAt(text, head),
          tagged: leadingTrivia(node).some((n) => n.text.includes('Duplicate of')),
          body: { start: body.startIndex, end: body.endIndex },
          code: node.text,
          params,
          qualifiers: (node.namedChildren.find((c) => c?.type === 'function_modifiers')?.text ?? '').replace(/\s+/g, ' '),
          vis: (visibility(node)?.text ?? '').replace(/\s+/g, ''),
          ...(blocker ? { blocker } : {}),
        });
      });
    } finally {
      tree.delete();
    }
  }
  return out;
}

/** Each function whose key repeats an earlier one, with that first function. */
export function duplicatePairs(fns: readonly FnInfo[]): { kept: FnInfo; dup: FnInfo }[] {
  const first = new Map<string, FnInfo>();
  const pairs: { kept: FnInfo; dup: FnInfo }[] = [];
  for (const f of fns) {
    const kept = first.get(f.key);
    if (kept) pairs.push({ kept, dup: f });
    else first.set(f.key, f);
  }
  return pairs;
}
