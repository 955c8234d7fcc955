/**
 * Typed edit requests and reports shared by the PATCH/REWRITE parser and the apply engine.
 * Grammar and matching rules: docs/edit.md.
 */

/** One `<DIFF>`: either a SEARCH/REPLACE pair or a SEARCH_START/SEARCH_END/REPLACE span. */
export type DiffSpec =
  | { kind: 'search'; search: string; replace: string; range?: LineRange }
  | { kind: 'span'; start: string; end: string; replace: string; range?: LineRange };

/** 1-based inclusive line range as written in `<RANGE>a-b</RANGE>`; checked against the file at apply time. */
export interface LineRange {
  start: number;
  end: number;
}

export interface PatchRequest {
  file: string;
  diffs: DiffSpec[];
}

export interface RewriteRequest {
  file: string;
  content: string;
}

/** How a diff found its place. Ordered from strictest to loosest; see docs/edit.md. */
export type MatchKind = 'exact' | 'newline-trimmed' | 'whitespace' | 'reindented' | 'range' | 'created';

export type DiffRefusalCode =
  | 'not_found'
  | 'ambiguous'
  | 'range_invalid'
  | 'start_not_found'
  | 'end_not_found'
  | 'overlap'
  | 'reindent_failed'
  | 'empty_search'
  | 'file_refused';

export type FileRefusalCode = 'outside_root' | 'binary' | 'encoding' | 'not_a_file' | 'not_found' | 'io';

export interface Refusal<C extends string> {
  code: C;
  message: string;
  /** 1-based lines of the competing candidates (ambiguous) or of look-alike lines (not_found). */
  candidates?: number[];
}

export type DiffResult =
  | { index: number; status: 'matched'; how: MatchKind; line: number; endLine: number }
  | { index: number; status: 'refused'; reason: Refusal<DiffRefusalCode> };

export interface PatchReport {
  /** The path as the request named it. */
  file: string;
  /** Absolute path on disk (symlinks resolved). */
  path: string;
  /** 'applied': every diff matched and the file was written (or would be, with dryRun). 'refused': file untouched. */
  outcome: 'applied' | 'refused';
  created: boolean;
  changed: boolean;
  diffs: DiffResult[];
  /** Set when the file itself was refused (outside root, binary, ...): no diff was tried. */
  error?: Refusal<FileRefusalCode>;
  /** Unified diff of the change (empty when refused or unchanged). */
  unified: string;
}

export interface RewriteReport {
  file: string;
  path: string;
  outcome: 'applied' | 'refused';
  created: boolean;
  changed: boolean;
  bytes: number;
  error?: Refusal<FileRefusalCode>;
  unified: string;
}
