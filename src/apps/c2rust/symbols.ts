import { readJsonl, JarvisError } from '../../util/index.js';

/**
 * One line of symbols.jsonl / symbols_raw.jsonl. The schema is documented in docs/c2rust.md;
 * later stages (lib-replace, plan, transpile) read it, so fields are only ever added.
 */
export type SymbolCategory = 'function' | 'type' | 'variable';
export type SourceLanguage = 'c' | 'cpp';

export interface Param {
  name: string;
  type: string;
}

export interface Field {
  name: string;
  type: string;
}

export interface UnresolvedCall {
  /** The callee expression as written after preprocessing, e.g. `s->alloc` or `(*fp)`. */
  expr: string;
  line: number;
}

export interface SymbolRecord {
  id: number;
  category: SymbolCategory;
  name: string;
  qualified_name: string;
  /** Relative to the scanned root, `/`-separated. */
  file: string;
  start_line: number;
  end_line: number;
  signature: string;
  return_type: string;
  params: Param[];
  /** Names of the functions (callees first, then functions used as values) and types this symbol uses. */
  ref: string[];
  /** Ids of the project symbols among `ref`, in the same order. */
  ref_ids: number[];
  language: SourceLanguage;
  /** function: a definition (`true`) or only a declaration in a header (`false`, symbols_raw.jsonl only). */
  defined?: boolean;
  /** function/variable: `static`, `extern`, or '' for plain external linkage. */
  storage?: string;
  inline?: boolean;
  /** function: every direct callee, project or library, by name, in first-call order. */
  calls?: string[];
  /** function: calls through function pointers, member pointers and other non-name expressions. */
  unresolved_calls?: UnresolvedCall[];
  /** type: struct | union | enum | typedef. */
  kind?: 'struct' | 'union' | 'enum' | 'typedef';
  fields?: Field[];
  /** typedef: the aliased type. */
  underlying?: string;
}

export interface OrderStep {
  step: number;
  ids: number[];
  items: SymbolRecord[];
}

/** Reads a symbols file, telling the user to run the scan when it is missing. */
export function loadSymbols(path: string): SymbolRecord[] {
  const records = readJsonl<SymbolRecord>(path);
  if (records.length === 0) {
    throw new JarvisError('not_found', `no symbols in ${path}`, { hint: 'run `jc2r scan` first' });
  }
  return records;
}
