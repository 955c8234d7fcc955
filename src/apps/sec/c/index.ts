/**
 * C/C++ analysis entry point for the scan: parses a group of files once each, runs the
 * data-flow engine over all of them together (so summaries cross files), and never throws
 * on bad input — a file that cannot be analysed yields no findings and counts a parse error.
 */
import type { SyntaxNode } from '../../../lang/tree-sitter.js';
import type { FileInput, RawFinding } from '../finding.js';
import { analyzeGroup } from './engine.js';
import type { ProjectIndex } from './project.js';

export interface CFileResult {
  file: string;
  findings: RawFinding[];
  parseErrors: number;
}

export interface AnalyzeOptions {
  /**
   * Called with each file's syntax tree before it is freed, so other checkers can share the one
   * parse per file (parsing is most of a scan's time). The node is only valid during the call;
   * an exception thrown there propagates out of analyzeCFiles. `picked` holds the nodes of the
   * types in `pick`, in document order, found by the walk that copies the tree (so the checker
   * need not walk the wasm tree again).
   */
  onTree?: (input: FileInput, root: SyntaxNode, picked?: SyntaxNode[]) => void;
  /** node types onTree receives in `picked` */
  pick?: ReadonlySet<string>;
  /**
   * The whole scan (c/project.ts): calls to functions and reads of globals defined in files
   * outside the group are followed into those files, and `#include "…"` brings in headers'
   * macros and types. Without it only the group's own files are seen.
   */
  project?: ProjectIndex;
}

export async function analyzeCFiles(inputs: FileInput[], options: AnalyzeOptions = {}): Promise<CFileResult[]> {
  return analyzeGroup(inputs, options.onTree, options.project, options.pick);
}

export { emptyIndex, indexSource, type ProjectIndex } from './project.js';

export { C_RULES } from './rules.js';
