import { loadLanguage, parseSource, type LanguageId, type SyntaxNode } from '../../src/lang/tree-sitter.js';

/** Parses a snippet and hands its root to `fn`, freeing the wasm tree afterwards. */
export async function withRoot<T>(source: string, lang: LanguageId, fn: (root: SyntaxNode) => T): Promise<T> {
  await loadLanguage(lang);
  const tree = await parseSource(source, lang);
  try {
    return fn(tree.rootNode);
  } finally {
    tree.delete();
  }
}
