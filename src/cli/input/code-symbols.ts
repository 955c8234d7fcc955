import { languageForPath, loadLanguage, parseSource, type LanguageId, type SyntaxNode } from '../../lang/index.js';

/** A top-level definition of a C, C++ or Rust file, for the file-context outline. */
export interface CodeSymbol {
  kind: string;
  name: string;
  /** 1-based */
  line: number;
}

const MAX_SYMBOLS = 60;

// Definitions worth naming, by grammar node type; containers are walked into.
const KINDS: Record<LanguageId, Record<string, string>> = {
  c: { function_definition: 'fn', struct_specifier: 'struct', union_specifier: 'union', enum_specifier: 'enum', type_definition: 'typedef' },
  cpp: {
    function_definition: 'fn',
    struct_specifier: 'struct',
    union_specifier: 'union',
    enum_specifier: 'enum',
    type_definition: 'typedef',
    class_specifier: 'class',
    namespace_definition: 'namespace',
  },
  rust: {
    function_item: 'fn',
    struct_item: 'struct',
    enum_item: 'enum',
    union_item: 'union',
    trait_item: 'trait',
    impl_item: 'impl',
    mod_item: 'mod',
    type_item: 'type',
    const_item: 'const',
    static_item: 'static',
    macro_definition: 'macro',
  },
};

const CONTAINERS = new Set(['declaration_list', 'field_declaration_list', 'namespace_definition', 'impl_item', 'mod_item', 'trait_item', 'class_specifier', 'template_declaration', 'linkage_specification']);

/** The name a definition node declares, digging through C declarators (`*f(int)` → `f`). */
function nameOf(node: SyntaxNode): string | undefined {
  if (node.type === 'impl_item') {
    const trait = node.childForFieldName('trait')?.text;
    const type = node.childForFieldName('type')?.text;
    return trait && type ? `${trait} for ${type}` : type;
  }
  const direct = node.childForFieldName('name');
  if (direct) return direct.text;
  let d: SyntaxNode | null = node.childForFieldName('declarator');
  while (d) {
    if (['identifier', 'field_identifier', 'type_identifier', 'qualified_identifier', 'operator_name', 'destructor_name'].includes(d.type)) return d.text;
    d = d.childForFieldName('declarator');
  }
  return undefined;
}

function collect(node: SyntaxNode, kinds: Record<string, string>, out: CodeSymbol[]): void {
  for (const child of node.namedChildren) {
    if (!child || out.length >= MAX_SYMBOLS) return;
    const kind = kinds[child.type];
    if (kind) {
      const name = nameOf(child);
      // an anonymous `struct {…} x;` inside a typedef is named by the typedef, listed already
      if (name) out.push({ kind, name, line: child.startPosition.row + 1 });
    }
    if (CONTAINERS.has(child.type)) collect(child, kinds, out);
    else {
      const body = child.childForFieldName('body');
      if (body && CONTAINERS.has(body.type)) collect(body, kinds, out);
    }
  }
}

/** Top-level (and nested in namespaces, impls, modules) definitions; undefined for other languages. */
export async function codeSymbols(path: string, source: string): Promise<CodeSymbol[] | undefined> {
  const lang = languageForPath(path);
  if (!lang) return undefined;
  // getParser constructs a Parser before awaiting the runtime init; load first so that never races
  await loadLanguage(lang);
  const tree = await parseSource(source, lang);
  try {
    const out: CodeSymbol[] = [];
    collect(tree.rootNode, KINDS[lang], out);
    return out;
  } finally {
    tree.delete();
  }
}
