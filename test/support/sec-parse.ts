import { withSyntaxTree } from '../../src/lang/tree-sitter.js';

/** Parses a snippet and hands its root to `fn`, freeing the wasm tree afterwards. */
export const withRoot = withSyntaxTree;
