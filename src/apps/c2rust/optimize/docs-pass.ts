import { resolve } from 'node:path';
import type { SyntaxNode } from '../../../lang/index.js';
import { writeFileAtomicSync } from '../../../util/index.js';
import { modulePath } from './crate.js';
import type { PassInput, PassResult } from './pass.js';
import { hasInnerDoc, isOuterDoc, itemHeadStart, leadingTrivia, parseRust, visibility, visitItems } from './rust-syntax.js';
import type { SymbolDocs } from './symbol-map.js';
import { applyEdits, indentAt, type TextEdit } from './text-edits.js';

const flat = (s: string) => s.replace(/\s+/g, ' ').trim();
const code = (s: string) => `\`${flat(s).replace(/`/g, "'")}\``;

/** One safe line of rustdoc: no code fences or indented blocks that would become doc-tests. */
export function docLine(text: string): string {
  const one = flat(text).replace(/```+/g, "'").replace(/^#+\s*/, '');
  const cut = one.length > 200 ? `${one.slice(0, 197)}...` : one;
  return /[.!?]$/.test(cut) ? cut : `${cut}.`;
}

function list(names: string[], max = 6): string {
  const shown = names.slice(0, max).map(code);
  const more = names.length > max ? ` and ${names.length - max} more` : '';
  return shown.join(', ') + more;
}

/** A description built from the item's own signature when nothing better is known. */
export function describeItem(node: SyntaxNode, implType?: string): string {
  const named = (type: string, field = 'name') =>
    node.descendantsOfType(type).flatMap((n) => (n?.childForFieldName(field) ? [n.childForFieldName(field)?.text ?? ''] : []));
  switch (node.type) {
    case 'function_item': {
      const params = (node.childForFieldName('parameters')?.namedChildren ?? []).filter((p): p is SyntaxNode => p?.type === 'parameter');
      const takes = params.length > 0 ? `Takes ${params.map((p) => code(p.text)).join(', ')}` : 'Takes no arguments';
      const ret = node.childForFieldName('return_type');
      const self = node.childForFieldName('parameters')?.namedChildren.some((p) => p?.type === 'self_parameter');
      const on = implType ? (self ? ` Method of ${code(implType)}.` : ` Associated function of ${code(implType)}.`) : '';
      return `${takes}${ret ? ` and returns ${code(ret.text)}` : ''}.${on}`;
    }
    case 'struct_item':
    case 'union_item': {
      const fields = named('field_declaration');
      const what = node.type === 'struct_item' ? 'Struct' : 'Union';
      if (fields.length > 0) return `${what} with fields ${list(fields)}.`;
      const tuple = node.namedChildren.find((c) => c?.type === 'ordered_field_declaration_list');
      return tuple ? `Tuple struct of ${code(tuple.text)}.` : `Unit struct.`;
    }
    case 'enum_item':
      return `Enum with variants ${list(named('enum_variant'))}.`;
    case 'trait_item':
      return `Trait with ${list([...named('function_signature_item'), ...named('function_item')]) || 'no methods'}.`;
    case 'const_item':
      return `Constant of type ${code(node.childForFieldName('type')?.text ?? '?')}.`;
    case 'static_item':
      return `${node.namedChildren.some((c) => c?.type === 'mutable_specifier') ? 'Mutable static' : 'Static'} of type ${code(node.childForFieldName('type')?.text ?? '?')}.`;
    case 'type_item':
      return `Alias for ${code(node.childForFieldName('type')?.text ?? '?')}.`;
    case 'mod_item':
      return `Module ${code(node.childForFieldName('name')?.text ?? '')}.`;
    default:
      return `${code(node.childForFieldName('name')?.text ?? node.type)}.`;
  }
}

/** Adds `//!` to modules and `///` to `pub` items that have no docs, from the C original when known. */
export function docsPassFactory(symbols: SymbolDocs) {
  return async function runDocsPass(input: PassInput): Promise<PassResult> {
    const texts = new Map<string, string>();
    let added = 0;
    let fromC = 0;
    for (const [file, text] of input.texts) {
      const tree = await parseRust(text);
      const edits: TextEdit[] = [];
      const pubNames: string[] = [];
      try {
        visitItems(tree.rootNode, (node, ctx) => {
          if (ctx.inTrait || ctx.inFn || !visibility(node)?.text.startsWith('pub')) return;
          const name = node.childForFieldName('name')?.text;
          if (!name) return;
          if (ctx.modPath.length === 0 && !ctx.implType) pubNames.push(name);
          // Docs that open with a `# Safety` section or a duplicate tag still lack a summary.
          const docs = leadingTrivia(node).filter(isOuterDoc).reverse();
          if (docs[0] && !/^\/\/\/\s*(# Safety|Duplicate of)/.test(docs[0].text)) return;
          // `pub mod x;` is documented by the `//!` of its own file.
          if (node.type === 'mod_item' && !node.childForFieldName('body')) return;
          const link = symbols.link(name, file);
          const comment = link ? symbols.comment(link) : undefined;
          if (comment) fromC++;
          const head = itemHeadStart(node);
          const line = docLine(comment ?? describeItem(node, ctx.implType));
          const indent = indentAt(text, head);
          // A blank doc line keeps the summary its own paragraph above existing sections.
          const gap = docs[0] ? `///\n${indent}` : '';
          edits.push({ start: head, end: head, text: `/// ${line}\n${indent}${gap}` });
          added++;
        });
        if (!hasInnerDoc(tree.rootNode)) {
          const mod = ['crate', ...modulePath(file)].join('::');
          const cFile = symbols.cFileOf(file);
          const items = pubNames.length > 0 ? `: ${list(pubNames)}` : '';
          const line = cFile ? `Rust port of ${code(cFile)}${items}` : `Module ${code(mod)}${items}`;
          // First among edits at index 0: an inner doc must precede every outer one.
          edits.unshift({ start: 0, end: 0, text: `//! ${docLine(line)}\n` });
          added++;
        }
      } finally {
        tree.delete();
      }
      if (edits.length === 0) continue;
      const next = applyEdits(text, edits);
      texts.set(file, next);
      if (!input.dryRun) writeFileAtomicSync(resolve(input.crateDir, file), next);
    }
    return { texts: input.dryRun ? new Map() : texts, counts: { docs_added: added, docs_from_c: fromC }, notes: [] };
  };
}
