/** tree-sitter loading and AST helpers shared by jsec and jc2r (and the input commands' file outlines). */
export { baselineWasmOnly, getParser, getParserSync, initTreeSitter, languageForPath, languageSync, loadLanguage, parseSource, withSyntaxTree, type LanguageId, type SyntaxNode, type Tree } from './tree-sitter.js';
