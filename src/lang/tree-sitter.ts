import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Parser, Language, type Node as SyntaxNode, type Tree } from 'web-tree-sitter';

export type LanguageId = 'c' | 'cpp' | 'rust';

const require = createRequire(import.meta.url);

// The grammars ship their .wasm inside the npm packages, so nothing is compiled on install.
function wasmPath(lang: LanguageId): string {
  const pkg = `tree-sitter-${lang}`;
  return join(dirname(require.resolve(`${pkg}/package.json`)), `${pkg}.wasm`);
}

let initialised: Promise<void> | undefined;
const languages = new Map<LanguageId, Promise<Language>>();
const parsers = new Map<LanguageId, Parser>();

export async function loadLanguage(lang: LanguageId): Promise<Language> {
  initialised ??= Parser.init();
  await initialised;
  let loaded = languages.get(lang);
  if (!loaded) {
    loaded = Language.load(wasmPath(lang));
    languages.set(lang, loaded);
  }
  return loaded;
}

/** A parser for `lang`, reused across calls in this thread (parsers are not thread-safe, threads each load their own). */
export async function getParser(lang: LanguageId): Promise<Parser> {
  const existing = parsers.get(lang);
  if (existing) return existing;
  // Parser.init() must have finished before a Parser is constructed; loadLanguage awaits it.
  const language = await loadLanguage(lang);
  const parser = new Parser();
  parser.setLanguage(language);
  parsers.set(lang, parser);
  return parser;
}

/** Parses source text; the caller must `tree.delete()` when done, wasm memory is not garbage-collected. */
export async function parseSource(source: string, lang: LanguageId): Promise<Tree> {
  const parser = await getParser(lang);
  const tree = parser.parse(source);
  if (!tree) throw new Error(`tree-sitter returned no tree for a ${lang} source of ${source.length} characters`);
  return tree;
}

/** Parses source text and hands its root to `fn`, freeing the wasm tree afterwards (also when `fn` throws). */
export async function withSyntaxTree<T>(source: string, lang: LanguageId, fn: (root: SyntaxNode) => T): Promise<T> {
  // Loading the grammar first also initialises the wasm runtime before a Parser is constructed.
  await loadLanguage(lang);
  const tree = await parseSource(source, lang);
  try {
    return fn(tree.rootNode);
  } finally {
    tree.delete();
  }
}

export function languageForPath(path: string): LanguageId | undefined {
  const m = /\.([A-Za-z0-9+]+)$/.exec(path);
  const ext = m?.[1]?.toLowerCase();
  if (!ext) return undefined;
  if (ext === 'c' || ext === 'h') return 'c';
  if (['cc', 'cpp', 'cxx', 'c++', 'hpp', 'hh', 'hxx', 'h++', 'ipp', 'inl'].includes(ext)) return 'cpp';
  if (ext === 'rs') return 'rust';
  return undefined;
}

export type { Tree, Node as SyntaxNode } from 'web-tree-sitter';
