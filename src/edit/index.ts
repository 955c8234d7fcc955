/** Structured edit engine: PATCH/REWRITE grammar, matching, atomic apply, unified diff. */
export { parsePatchBlock, parseRewriteBlock, EditBlockError, type TagBlock } from './parse-block.js';
export { applyPatch, type ApplyPatchOptions } from './apply-patch.js';
export { applyRewrite, type ApplyRewriteOptions } from './apply-rewrite.js';
export { unifiedDiff } from './unified-diff.js';
export { formatPatchReport, formatRewriteReport } from './format-report.js';
export { resolveEditPath, type ResolvedPath } from './safe-path.js';
export { PATCH_USAGE, REWRITE_USAGE } from './usage.js';
export type {
  DiffSpec,
  LineRange,
  PatchRequest,
  RewriteRequest,
  MatchKind,
  DiffRefusalCode,
  FileRefusalCode,
  Refusal,
  DiffResult,
  PatchReport,
  RewriteReport,
} from './types.js';
