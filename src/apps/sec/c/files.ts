/**
 * One file made ready for the engine: parsed once, copied out of wasm, its #if branches chosen,
 * its macros, functions, globals and type definitions collected. Used for the group's own files
 * and for files of the scan loaded as context (headers they include, files defining what they call).
 */
import { getParserSync, initTreeSitter, type LanguageId, type SyntaxNode } from '../../../lang/tree-sitter.js';
import type { RawFinding } from '../finding.js';
import { convertTree, type N } from './ast.js';
import { collectStruct, constValue, fnMacroDefs, macroDefs, topLevel, type MacroDef } from './collect.js';
import type { FileCtx, FnDef, Group } from './context.js';
import { attachClasses, collectClasses } from './cpp-class.js';
import { blankClassMacros, cppCasts } from './cpp.js';
import { declType, specType, type CType } from './types.js';

/** An exception from the caller's onTree hook: it is theirs, so it leaves analyzeGroup unchanged. */
export class CallerError {
  constructor(readonly cause: unknown) {}
}

export type Parser = ReturnType<typeof getParserSync>;
export type ParserFor = (lang: 'c' | 'cpp') => Parser;

/** The parser of each language, its grammar compiled when a file of the group or of its context first needs it. */
export async function parsers(): Promise<ParserFor> {
  await initTreeSitter();
  return getParserSync;
}

function parse(parser: Parser, source: string, onTree?: (root: SyntaxNode, picked?: SyntaxNode[]) => void, pick?: ReadonlySet<string>): { root: N; errors: number } | undefined {
  const tree = parser.parse(source);
  if (!tree) return undefined;
  try {
    const converted = convertTree(tree, source, onTree ? pick : undefined);
    if (onTree) {
      try {
        onTree(tree.rootNode, converted.picked);
      } catch (e) {
        throw new CallerError(e);
      }
    }
    return converted;
  } finally {
    tree.delete();
  }
}

const TRIVIAL: Array<[RegExp, string]> = [
  [/^[A-Za-z_]\w*$/, 'identifier'],
  [/^(0[xX][0-9a-fA-F]+|\d+(\.\d*)?([eE][-+]?\d+)?)[uUlLfF]*$/, 'number_literal'],
  [/^L?"(?:[^"\\\n]|\\.)*"$/, 'string_literal'],
  [/^L?'(?:[^'\\\n]|\\.)+'$/, 'char_literal'],
];

/**
 * Macro bodies are parsed when first evaluated. A plain name, number or string needs no parse:
 * its node points into the #define itself; anything else is parsed alone and appended after the
 * file's text so offsets stay valid.
 */
function macroParser(file: FileCtx, defs: MacroDef[], parser: Parser): (name: string) => N | undefined {
  const byName = new Map(defs.map((d) => [d.name, d]));
  return (name) => {
    const def = byName.get(name);
    if (!def) return undefined;
    for (const [re, t] of TRIVIAL) if (re.test(def.body)) return { t, s: def.s, e: def.s + def.body.length, line: def.line, c: [] };
    return parseSnippet(file, parser, def.body, def.line, 'expression');
  };
}

/**
 * Parses `text` (a macro body or expansion) as an expression or a statement block, appended
 * after the file's text so node offsets stay valid; every node gets `line`.
 */
export function parseSnippet(file: FileCtx, parser: Parser, text: string, line: number, as: 'expression' | 'statements'): N | undefined {
  const synthetic = as === 'expression' ? `void __jsec_m(void) { (${text}); }` : `void __jsec_m(void) { ${text}; }`;
  const block = snippetBlock(parser, synthetic);
  if (!block) return undefined;
  const base = file.src.length + 1;
  file.src = `${file.src}\n${synthetic}`;
  if (as === 'statements') return shiftNode(block, base, line);
  const expr = block.c[0]?.c[0];
  if (!expr) return undefined;
  const inner = expr.t === 'parenthesized_expression' && expr.c[0] ? expr.c[0] : expr;
  return shiftNode(inner, base, line);
}

/**
 * The statement block of a parsed snippet (undefined when it does not parse cleanly), kept per
 * parser and text: every file of a scan expands the same macros of the same headers, and a parse
 * costs far more than the copy the caller makes of the block (shiftNode never changes it).
 */
const snippets = new WeakMap<Parser, Map<string, N | null>>();
const SNIPPET_CACHE = 4096;

function snippetBlock(parser: Parser, synthetic: string): N | undefined {
  let cache = snippets.get(parser);
  if (!cache) snippets.set(parser, (cache = new Map()));
  const known = cache.get(synthetic);
  if (known !== undefined) return known ?? undefined;
  const tree = parser.parse(synthetic);
  if (!tree) return undefined;
  let converted: N;
  try {
    converted = convertTree(tree, synthetic).root;
  } finally {
    tree.delete();
  }
  const found = converted.c[0]?.c.find((c) => c.t === 'compound_statement');
  const block = found && !hasError(found) ? found : null;
  if (cache.size >= SNIPPET_CACHE) cache.delete(cache.keys().next().value as string);
  cache.set(synthetic, block);
  return block ?? undefined;
}

function hasError(n: N): boolean {
  return n.t === 'ERROR' || n.c.some(hasError);
}

function shiftNode(n: N, base: number, line: number): N {
  return { ...n, s: n.s + base, e: n.e + base, line, c: n.c.map((c) => shiftNode(c, base, line)), parts: n.parts?.map((p) => (p ? shiftNode(p, base, line) : p)) };
}

export function functionOf(n: N, file: FileCtx): FnDef | undefined {
  const body = n.c.find((c) => c.t === 'compound_statement');
  if (!body) return undefined;
  const specs = n.c.filter((c) => !c.t.endsWith('declarator') && c !== body);
  const retBase = specType(specs, file.src);
  let d: N | undefined = n.c.find((c) => c.t.endsWith('declarator'));
  let ptr = 0;
  let ref = false;
  while (d && d.t !== 'function_declarator') {
    if (d.t === 'pointer_declarator') ptr++;
    // C++ `T &f()`: returns a reference
    if (d.t === 'reference_declarator') ref = true;
    d = d.c.find((c) => c.t.endsWith('declarator'));
  }
  if (!d) return undefined;
  const nameNode = d.c[0];
  const params = d.c.find((c) => c.t === 'parameter_list');
  if (!nameNode) return undefined;
  const name = file.src.slice(nameNode.s, nameNode.e).replace(/^.*::/, '');
  const ps: Array<{ name: string; type: CType }> = [];
  for (const p of params?.c ?? []) {
    if (p.t !== 'parameter_declaration') continue;
    const pspecs = p.c.filter((c) => !c.t.endsWith('declarator') && c.t !== 'identifier');
    const decl = p.c.find((c) => c.t.endsWith('declarator') || c.t === 'identifier');
    const info = decl ? declType(decl, specType(pspecs, file.src), file.src, () => undefined) : undefined;
    if (info?.name) {
      // array parameters are pointers
      const type = info.type.arr !== undefined || info.type.arrUnknown ? { ...info.type, arr: undefined, arrUnknown: undefined, ptr: info.type.ptr + 1 } : info.type;
      ps.push({ name: info.name, type });
    } else ps.push({ name: `#${ps.length}`, type: specType(pspecs, file.src) });
  }
  // (C++ keeps a bare `...` as an unnamed token)
  const variadic = (params?.c ?? []).some((c) => c.t === 'variadic_parameter') || (file.cpp && params !== undefined && /\.\.\.\s*\)$/.test(file.src.slice(params.s, params.e)));
  return { name, body, params: ps, retType: { ...retBase, ptr: retBase.ptr + ptr, ...(ref ? { ref } : {}) }, file, line: n.line, variadic, exported: false };
}

export function isStaticDecl(n: N): boolean {
  return n.c.some((c) => c.t === 'storage_class_specifier' && c.op === 'static');
}

export function collectGlobals(n: N, file: FileCtx, group: Group): void {
  const specs = n.c.filter((c) => !c.t.endsWith('declarator') && c.t !== 'identifier');
  if (specs.some((c) => c.t === 'storage_class_specifier' && c.op === 'extern')) return;
  const isConst = specs.some((c) => c.t === 'type_qualifier' && c.op === 'const');
  const base = specType(specs, file.src);
  for (const d of n.c) {
    if (!(d.t.endsWith('declarator') || d.t === 'identifier')) continue;
    const info = declType(d, base, file.src, (e) => constValue(file.src.slice(e.s, e.e), file));
    if (!info.name || info.fnPtr) continue;
    const isStatic = isStaticDecl(n);
    if (isStatic) file.staticVars.add(info.name);
    const key = isStatic ? `g:${file.path}:${info.name}` : `g:${info.name}`;
    group.globals.set(key, { key, type: info.type, init: info.init, file, isConst, line: d.line });
  }
}


/** What a loaded file contributes to a group: its context, functions, and the nodes that declare types and globals. */
export interface LoadedFile {
  file: FileCtx;
  fns: FnDef[];
  decls: N[];
  errors: number;
}

export interface LoadOptions {
  owned: boolean;
  findings: RawFinding[];
  onTree?: (root: SyntaxNode, picked?: SyntaxNode[]) => void;
  /** node types whose wasm nodes onTree receives (convertTree's `pick`) */
  pick?: ReadonlySet<string>;
  /** loads the file an `#include "name"` names (as context), for its macros, types and #defines */
  include?: (from: FileCtx, name: string) => FileCtx | undefined;
}

const PROFILE = !!process.env.JSEC_PROFILE;

export function loadFile(path: string, source: string, lang: LanguageId, parser: Parser, o: LoadOptions): LoadedFile | undefined {
  if (lang === 'cpp') source = blankClassMacros(source);
  const t0 = PROFILE ? performance.now() : 0;
  const parsed = parse(parser, source, o.onTree, o.pick);
  if (PROFILE) console.error(`PARSE ${path} ${source.length} ${o.owned ? 'own' : 'context'} ${(performance.now() - t0).toFixed(0)}ms`);
  if (!parsed) return undefined;
  if (lang === 'cpp') cppCasts(parsed.root, source);
  const file: FileCtx = {
    path, src: source, srcLen: source.length, root: parsed.root, macros: new Map(), parseMacro: () => undefined, macroNames: new Set(), defined: new Set(), fnMacros: new Set(), noreturn: new Set(), fns: new Map(), staticVars: new Set(), globalKeys: new Map(),
    findings: o.findings, seen: new Map(), owned: o.owned, includes: [], fnMacroDefs: new Map(), parser, cpp: lang === 'cpp',
  };
  const nodes = topLevel(parsed.root, file, [], (name) => {
    const inc = o.include?.(file, name);
    if (!inc) return;
    file.includes.push(inc);
    for (const d of inc.defined) file.defined.add(d);
  });
  const defs = macroDefs(nodes, file);
  file.macroNames = new Set(defs.map((d) => d.name));
  file.macroText = new Map(defs.map((d) => [d.name, d.body]));
  file.parseMacro = macroParser(file, defs, parser);
  for (const d of fnMacroDefs(nodes, file)) file.fnMacroDefs.set(d.name, d);
  file.noreturn = noreturnNames(source, file.includes);
  const fns: FnDef[] = [];
  const decls: N[] = [];
  // C++ classes: their member functions are functions of the file, found through their class
  const methods = file.cpp ? collectClasses(nodes, file, functionOf) : undefined;
  if (methods) fns.push(...methods.fns);
  for (const n of nodes) {
    if (methods?.nodes.has(n)) continue;
    if (n.t === 'function_definition') {
      const fn = functionOf(n, file);
      if (!fn) continue;
      // a call resolves to its own file's definition first: directories of example programs
      // define the same names (main, usage, helpers) once per program
      fn.exported = !isStaticDecl(n);
      fns.push(fn);
      const first = file.fns.get(fn.name);
      if (!first) file.fns.set(fn.name, fn);
      else if (file.cpp) {
        // C++ overloads: which one a call means depends on its arguments (call.ts)
        file.overloads ??= new Map();
        file.overloads.set(fn.name, [...(file.overloads.get(fn.name) ?? [first]), fn]);
      }
    } else if (n.t === 'declaration' || n.t === 'type_definition' || n.t === 'struct_specifier') decls.push(n);
  }
  return { file, fns, decls, errors: parsed.errors };
}

/** Registers a loaded file's types, globals and exported functions with the group (first definition wins). */
export function attach(loaded: LoadedFile, group: Group): void {
  const { file } = loaded;
  file.globalKeys = new Map();
  for (const n of loaded.decls) {
    if (n.t === 'declaration') {
      collectStruct(n, file, group);
      collectGlobals(n, file, group);
    } else collectStruct(n.t === 'struct_specifier' ? { ...n, c: [n] } : n, file, group);
  }
  attachClasses(file, group);
  for (const fn of loaded.fns) if (fn.exported && !fn.cls && !group.fns.has(fn.name)) group.fns.set(fn.name, fn);
}


const NORETURN_ATTR = String.raw`__attribute__\s*\(\(\s*_*noreturn_*\s*\)\)|\b_Noreturn\b|\[\[\s*(?:gnu::)?noreturn\s*\]\]|__declspec\s*\(\s*noreturn\s*\)`;

/**
 * Functions declared as never returning (`__attribute__((noreturn))`, `_Noreturn`, `[[noreturn]]`,
 * or a macro of the file that stands for one, as bzip2's `NORETURN`): a call to one ends the path,
 * even when its body is one the engine cannot follow to its `exit()`.
 */
function noreturnNames(source: string, includes: readonly FileCtx[]): Set<string> {
  const out = new Set<string>();
  for (const inc of includes) for (const name of inc.noreturn) out.add(name);
  // any branch's definition counts: `#ifdef __GNUC__` picks the attribute on the compilers that matter
  const attrMacros = [...source.matchAll(new RegExp(String.raw`^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)[ \t]+[^\n]*(?:${NORETURN_ATTR})`, 'gm'))].map((m) => m[1] as string);
  if (!new RegExp(NORETURN_ATTR).test(source) && attrMacros.length === 0) return out;
  const attr = `(?:${[NORETURN_ATTR, ...attrMacros.map((m) => String.raw`\b${m}\b`)].join('|')})`;
  // `void fail(const char *s) NORETURN;` — the attribute after the declarator
  for (const m of source.matchAll(new RegExp(String.raw`\b([A-Za-z_]\w*)\s*\([^;{}()]*(?:\([^;{}()]*\)[^;{}()]*)*\)\s*${attr}`, 'g'))) if (m[1]) out.add(m[1]);
  // `_Noreturn void fail(…)`, `NORETURN static void fail(…)` — before it
  for (const m of source.matchAll(new RegExp(String.raw`${attr}\s+(?:[A-Za-z_]\w*[\s*]+)*?([A-Za-z_]\w*)\s*\(`, 'g'))) if (m[1]) out.add(m[1]);
  return out;
}
