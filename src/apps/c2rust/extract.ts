import { parseSource, type SyntaxNode } from '../../lang/index.js';
import { collapse, declaredName, isFunctionDeclarator, nameDeclarator, paramsOf, qualifiers, specifiers, typeWithoutName } from './c-syntax.js';
import { attachBodies, bodyQuery } from './extract-bodies.js';
import { offerRuns, type HeaderReuse } from './header-reuse.js';
import type { Expansion } from './expansion.js';
import { extractTypes } from './extract-types.js';
import type { Field, Param, SourceLanguage, UnresolvedCall } from './symbols.js';

/** What one translation unit defines and uses, before calls are resolved across units. */
export interface Located {
  name: string;
  qualifiedName: string;
  file: string;
  startLine: number;
  endLine: number;
  language: SourceLanguage;
}

export interface FnFact extends Located {
  signature: string;
  returnType: string;
  params: Param[];
  storage: string;
  inline: boolean;
  /** Direct calls by name, in source order (a name can repeat). */
  calls: { name: string; line: number }[];
  unresolved: UnresolvedCall[];
  /** Identifiers used as values: the ones naming functions are function-pointer uses. */
  valueRefs: string[];
  typeRefs: string[];
}

export interface DeclFact extends Located {
  signature: string;
  returnType: string;
  params: Param[];
  storage: string;
}

export interface VarFact extends Located {
  type: string;
  storage: string;
}

export interface TypeFact extends Located {
  kind: 'struct' | 'union' | 'enum' | 'typedef';
  signature: string;
  fields: Field[];
  underlying?: string;
  typeRefs: string[];
}

export interface TuFacts {
  functions: FnFact[];
  decls: DeclFact[];
  vars: VarFact[];
  types: TypeFact[];
  /** ERROR and MISSING nodes per project file. */
  parseErrors: Map<string, number>;
  /** Identifiers in the damaged text per file: an undefined macro among them explains the damage. */
  errorWords: Map<string, Set<string>>;
}

export interface Mapper {
  exp: Expansion;
  language: SourceLanguage;
  fileOf(node: SyntaxNode): string | undefined;
  lineOf(row: number): number;
  endLineOf(node: SyntaxNode): number;
}

/** Declarations and types already extracted from a header region, reused by later units. */
export type RegionCache = Map<string, Pick<TuFacts, 'decls' | 'vars' | 'types'>>;

/**
 * Facts of one unit. With a `cache` shared across the units of a scan, a header's declarations
 * and types are extracted once and reused wherever the same region is included again.
 */
export async function extractFacts(exp: Expansion, language: SourceLanguage, cache?: RegionCache, reuse?: HeaderReuse): Promise<TuFacts> {
  const query = await bodyQuery(language);
  const tree = await parseSource(exp.text, language);
  try {
    const m: Mapper = {
      exp,
      language,
      fileOf: (node) => {
        const f = exp.lineFile[node.startPosition.row] ?? -1;
        return f >= 0 ? exp.files[f] : undefined;
      },
      lineOf: (row) => exp.lineNo[row] ?? 0,
      endLineOf(node) {
        const s = node.startPosition.row;
        const e = node.endPosition.row;
        return exp.lineFile[e] === exp.lineFile[s] ? Math.max(this.lineOf(e), this.lineOf(s)) : this.lineOf(s);
      },
    };
    const facts: TuFacts = { functions: [], decls: [], vars: [], types: [], parseErrors: new Map(), errorWords: new Map() };
    const defs: { node: SyntaxNode; fact: FnFact; locals: Set<string> }[] = [];
    const visit = (node: SyntaxNode, prefix: string) => {
      switch (node.type) {
        case 'function_definition': {
          if (!m.fileOf(node)) return;
          const d = functionDef(node, prefix, m);
          if (d === 'misparsed') {
            // Prototypes read as a definition: counted as damage, and their text hints at the cause.
            const file = m.fileOf(node) as string;
            facts.parseErrors.set(file, (facts.parseErrors.get(file) ?? 0) + 1);
            noteWords(facts.errorWords, file, node.text.slice(0, (node.childForFieldName('body')?.startIndex ?? node.endIndex) - node.startIndex));
            return;
          }
          if (d) {
            facts.functions.push(d.fact);
            defs.push({ node, ...d });
          }
          facts.types.push(...extractTypes(node, m, prefix));
          return;
        }
        case 'declaration':
        case 'type_definition':
        case 'field_declaration': {
          const file = m.fileOf(node);
          if (!file) return;
          const key = `${file}:${m.lineOf(node.startPosition.row)}:${node.endIndex - node.startIndex}:${prefix}`;
          let region = cache?.get(key);
          if (!region) {
            region = { decls: [], vars: [], types: [] };
            if (node.type === 'declaration') declaration(node, prefix, m, region);
            region.types.push(...extractTypes(node, m, prefix));
            cache?.set(key, region);
          }
          facts.decls.push(...region.decls);
          facts.vars.push(...region.vars);
          facts.types.push(...region.types);
          return;
        }
        case 'linkage_specification':
        case 'template_declaration':
        case 'declaration_list':
        case 'ERROR':
          for (const c of node.namedChildren) if (c) visit(c, prefix);
          return;
        case 'namespace_definition': {
          const name = node.childForFieldName('name')?.text;
          const body = node.childForFieldName('body');
          if (body) for (const c of body.namedChildren) if (c) visit(c, name ? `${prefix}${name}::` : prefix);
          return;
        }
        default:
          if (/^(struct|class|union|enum)_specifier$/.test(node.type) && m.fileOf(node)) {
            facts.types.push(...extractTypes(node, m, prefix));
            const name = node.childForFieldName('name')?.text;
            const body = node.childForFieldName('body');
            if (name && body && language === 'cpp') for (const c of body.namedChildren) if (c) visit(c, `${prefix}${name}::`);
          }
      }
    };
    const spans: { start: number; end: number; bad: boolean }[] = [];
    for (const c of tree.rootNode.namedChildren) {
      if (!c) continue;
      spans.push({ start: c.startPosition.row, end: c.endPosition.row, bad: c.type === 'ERROR' || c.hasError });
      visit(c, '');
    }
    for (const key of exp.reused) {
      const r = reuse?.get(key);
      if (!r) continue;
      facts.functions.push(...r.functions);
      facts.decls.push(...r.decls);
      facts.vars.push(...r.vars);
      facts.types.push(...r.types);
    }
    if (reuse) offerRuns(exp, spans, facts, reuse);
    const typeNames = new Set(facts.types.filter((t) => t.kind === 'typedef' || language === 'cpp').map((t) => t.name));
    attachBodies(defs, query.captures(tree.rootNode), m, typeNames);
    if (tree.rootNode.hasError) countErrors(tree.rootNode, m, facts);
    return facts;
  } finally {
    tree.delete();
  }
}

function functionDef(node: SyntaxNode, prefix: string, m: Mapper): { fact: FnFact; locals: Set<string> } | 'misparsed' | null {
  const body = node.childForFieldName('body');
  const nd = nameDeclarator(node.childForFieldName('declarator'));
  const file = m.fileOf(node);
  if (!body || !nd || !file) return null;
  const nameNode = nd.name ?? nd.fn.childForFieldName('declarator');
  if (!nameNode) return null;
  const written = nameNode.text.replace(/\s+/g, '');
  const name = written.split('::').pop() ?? written;
  const krDecls = node.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type === 'declaration');
  if (!onlyParameterDeclarations(node, nd.fn, body)) return 'misparsed';
  const params = paramsOf(nd.fn, krDecls);
  const { storage, inline } = specifiers(node);
  const type = node.childForFieldName('type');
  const returnType = collapse(`${qualifiers(node)} ${type?.text ?? 'int'} ${'*'.repeat(nd.pointers)}`);
  const signature = collapse(node.text.slice(0, body.startIndex - node.startIndex));
  const fact: FnFact = {
    name,
    qualifiedName: `${prefix}${written}`,
    file,
    startLine: m.lineOf(node.startPosition.row),
    endLine: m.endLineOf(node),
    language: m.language,
    signature,
    returnType,
    params,
    storage,
    inline,
    calls: [],
    unresolved: [],
    valueRefs: [],
    typeRefs: [],
  };
  return { fact, locals: new Set(params.map((p) => p.name).filter((n) => n && n !== '...')) };
}

/**
 * Between a definition's declarator and its body C allows only K&R parameter declarations, and
 * only for an identifier list (`int f(a, b) int a; char *b; {`). When a macro is undefined
 * (`void f(int) NORETURN;`), tree-sitter reads the prototypes and typedefs that follow as such
 * declarations up to the next `{`, e.g. a struct body: that is no function, and its "body" no code.
 */
function onlyParameterDeclarations(node: SyntaxNode, fn: SyntaxNode, body: SyntaxNode): boolean {
  const declarator = node.childForFieldName('declarator');
  const between = node.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment' && c.startIndex >= (declarator?.endIndex ?? 0) && c.endIndex <= body.startIndex);
  if (between.length === 0) return true;
  const list = fn.childForFieldName('parameters')?.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment') ?? [];
  if (!list.every((p) => p.type === 'identifier')) return false;
  const names = new Set(list.map((p) => p.text));
  return between.every(
    (d) =>
      d.type === 'declaration' &&
      !d.hasError &&
      d.childrenForFieldName('declarator').every((x) => {
        const name = x ? declaredName(x) : null;
        return x !== null && name !== null && names.has(name.text) && !isFunctionDeclarator(x);
      }),
  );
}

function declaration(node: SyntaxNode, prefix: string, m: Mapper, facts: Pick<TuFacts, 'decls' | 'vars'>): void {
  const file = m.fileOf(node) as string;
  const { storage } = specifiers(node);
  const type = node.childForFieldName('type');
  const typeText = collapse(`${qualifiers(node)} ${type?.text ?? 'int'}`);
  for (const d of node.childrenForFieldName('declarator')) {
    if (!d) continue;
    const nameNode = (isFunctionDeclarator(d) ? nameDeclarator(d)?.name : null) ?? declaredName(d);
    if (!nameNode) continue;
    const written = nameNode.text.replace(/\s+/g, '');
    const base: Located = {
      name: written.split('::').pop() ?? written,
      qualifiedName: `${prefix}${written}`,
      file,
      startLine: m.lineOf(node.startPosition.row),
      endLine: m.endLineOf(node),
      language: m.language,
    };
    if (isFunctionDeclarator(d)) {
      const nd = nameDeclarator(d);
      facts.decls.push({
        ...base,
        signature: collapse(`${storage} ${typeText} ${d.text}`),
        returnType: collapse(`${typeText} ${'*'.repeat(nd?.pointers ?? 0)}`),
        params: nd ? paramsOf(nd.fn) : [],
        storage,
      });
    } else {
      const decl = d.type === 'init_declarator' ? (d.childForFieldName('declarator') ?? d) : d;
      facts.vars.push({ ...base, type: collapse(`${typeText} ${typeWithoutName(decl, declaredName(decl))}`), storage });
    }
  }
}

function countErrors(node: SyntaxNode, m: Mapper, facts: TuFacts): void {
  if (node.type === 'ERROR' || node.isMissing) {
    const file = m.fileOf(node);
    if (file) {
      facts.parseErrors.set(file, (facts.parseErrors.get(file) ?? 0) + 1);
      noteWords(facts.errorWords, file, (node.type === 'ERROR' ? node : (node.parent ?? node)).text);
    }
    if (node.type !== 'ERROR') return;
  }
  for (const c of node.children) if (c && (c.hasError || c.isMissing)) countErrors(c, m, facts);
}

const MAX_ERROR_WORDS = 200;

function noteWords(out: Map<string, Set<string>>, file: string, text: string): void {
  let set = out.get(file);
  if (!set) out.set(file, (set = new Set()));
  for (const w of text.slice(0, 400).match(/[A-Za-z_]\w*/g) ?? []) {
    if (set.size >= MAX_ERROR_WORDS) return;
    set.add(w);
  }
}
