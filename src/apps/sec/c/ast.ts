/**
 * A plain-object copy of the tree-sitter tree. Crossing into wasm costs about a microsecond per
 * node, and the engine revisits function bodies once per call context, so we copy each tree once
 * with a cursor and free it right away. Punctuation and comments are dropped; operators and
 * keywords that change meaning are kept in `op`.
 */
import { fastCursor, type FastCursor, type SyntaxNode, type Tree } from '../../../lang/tree-sitter.js';

export interface N {
  /** tree-sitter node type */
  t: string;
  /** start and end offsets in the file's source string */
  s: number;
  e: number;
  /** 1-based line of the start */
  line: number;
  /** named children in order (comments removed) */
  c: N[];
  /** the operator or keyword of operator-like nodes (`+`, `->`, `&&`, `case`, `default`, `static`) */
  op?: string;
  /** for_statement only: init, condition, update (undefined when absent) */
  parts?: Array<N | undefined>;
}

// Their insides (string_content, escape_sequence, `#include` paths) never matter to the engine.
// Names and literals have no children worth a wasm call to look for.
const LEAF = new Set([
  'string_literal', 'char_literal', 'number_literal', 'primitive_type', 'preproc_include', 'system_lib_string', 'preproc_call',
  'raw_string_literal', 'identifier', 'field_identifier', 'type_identifier', 'statement_identifier', 'true', 'false', 'null',
  'namespace_identifier', 'preproc_arg',
]);
/** wrappers C++ adds around what C has directly */
const TRANSPARENT = new Set(['subscript_argument_list', 'condition_clause']);
const PUNCT = new Set([';', ',', '(', ')', '{', '}', '[', ']']);
const KEEP_OP = new Set([
  'binary_expression',
  'unary_expression',
  'update_expression',
  'assignment_expression',
  'pointer_expression',
  'field_expression',
  'case_statement',
  'sizeof_expression',
  'preproc_ifdef',
  'storage_class_specifier',
  'type_qualifier',
  'delete_expression',
]);

function lineStarts(source: string): number[] {
  const starts = [0];
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

export function lineOf(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

export interface Converted {
  root: N;
  errors: number;
  /** the wasm nodes of the types asked for in `pick`, in document order (as descendantsOfType gives them) */
  picked?: SyntaxNode[];
}

/** Copies `tree` into plain objects; the caller still owns (and deletes) the tree. */
interface TypeInfo {
  name: string;
  named: boolean;
}

type Lang = Tree['language'];
const typeTables = new WeakMap<Lang, TypeInfo[]>();

/** Node type names and named-ness by symbol id, so the walk asks wasm for one number per node. */
function typeTable(lang: Lang): TypeInfo[] {
  let table = typeTables.get(lang);
  if (!table) {
    table = [];
    for (let id = 0; id < lang.nodeTypeCount; id++) table.push({ name: lang.nodeTypeForId(id) ?? '', named: lang.nodeTypeIsNamed(id) });
    typeTables.set(lang, table);
  }
  return table;
}

const NO_CHILDREN: N[] = [];

/**
 * Copies `tree` into plain objects; the caller still owns (and deletes) the tree. Nodes whose type
 * is in `pick` are also returned as wasm nodes (the hygiene rules' index), found by the same walk.
 */
export function convertTree(tree: Tree, source: string, pick?: ReadonlySet<string>): Converted {
  const starts = lineStarts(source);
  const types = typeTable(tree.language);
  const picked: SyntaxNode[] | undefined = pick ? [] : undefined;
  const cursor = fastCursor(tree);
  let converted: Converted;
  try {
    converted = walk(cursor, types, starts, tree, picked, pick);
  } finally {
    cursor.delete();
  }
  if (converted.errors === 0 && tree.rootNode.hasError) converted.errors = 1;
  return converted;
}

function walk(cursor: FastCursor, types: TypeInfo[], starts: number[], tree: Tree, picked: SyntaxNode[] | undefined, pick: ReadonlySet<string> | undefined): Converted {
  let errors = 0;
  let line = 1;
  const rootId = cursor.typeId();
  const root: N = { t: (types[rootId] ?? unknownType(tree, rootId)).name, s: cursor.startIndex(), e: cursor.endIndex(), line: 1, c: [] };
  const stack: N[] = [root];
  // Iterative walk (generated code nests deeply): stack[d - 1] is the parent of the cursor at depth d.
  let d = 1;
  let more = cursor.gotoFirstChild();
  while (more) {
    const parent = stack[d - 1] as N;
    const id = cursor.typeId();
    const info = types[id] ?? unknownType(tree, id);
    const type = info.name;
    if (pick?.has(type) && info.named) picked?.push(cursor.currentNode());
    let node: N | undefined;
    if (info.named && TRANSPARENT.has(type) && cursor.gotoFirstChild()) {
      // its children belong to the parent: `a[i]` in C++ reads like `a[i]` in C
      stack[d] = parent;
      d++;
      continue;
    }
    if (info.named) {
      if (type !== 'comment') {
        const s = cursor.startIndex();
        // pre-order visits starts in increasing order: the line only ever moves forward
        while (line < starts.length && (starts[line] as number) <= s) line++;
        node = { t: type, s, e: cursor.endIndex(), line, c: NO_CHILDREN };
        if (type === 'ERROR') errors++;
        if (parent.t === 'for_statement') forPart(parent, node);
        else if (parent.c === NO_CHILDREN) parent.c = [node];
        else parent.c.push(node);
      }
    } else if (parent.t === 'for_statement' && type === ';') forSemi(parent);
    else if (!PUNCT.has(type) && KEEP_OP.has(parent.t) && parent.op === undefined) parent.op = type;
    if (node && !LEAF.has(type) && cursor.gotoFirstChild()) {
      stack[d] = node;
      d++;
      continue;
    }
    while (!cursor.gotoNextSibling()) {
      cursor.gotoParent();
      d--;
      if (d <= 0) {
        more = false;
        break;
      }
    }
  }
  return picked ? { root, errors, picked } : { root, errors };
}

/** A symbol past the table's end (ERROR's id is 65535), named as TreeCursor.nodeType names it. */
function unknownType(tree: Tree, id: number): TypeInfo {
  return { name: tree.language.types[id] || 'ERROR', named: tree.language.nodeTypeIsNamed(id) };
}

// for_statement children arrive as: [init] ; [cond] ; [update] body — we place them by counting `;`.
function forSemi(parent: N): void {
  parent.parts ??= [undefined, undefined, undefined];
  (parent as N & { semi?: number }).semi = ((parent as N & { semi?: number }).semi ?? 0) + 1;
}

function forPart(parent: N, node: N): void {
  parent.parts ??= [undefined, undefined, undefined];
  const semi = (parent as N & { semi?: number }).semi ?? 0;
  if (node.t === 'declaration' && semi === 0) {
    // a declaration initialiser carries its own `;`
    parent.parts[0] = node;
    (parent as N & { semi?: number }).semi = 1;
    return;
  }
  if (semi < 3 && parent.c.length === 0 && !isStatement(node) && !(semi === 2 && parent.parts[2])) {
    parent.parts[semi] = node;
    return;
  }
  if (parent.c === NO_CHILDREN) parent.c = [node];
  else parent.c.push(node);
}

function isStatement(n: N): boolean {
  return n.t.endsWith('_statement') || n.t === 'declaration';
}
