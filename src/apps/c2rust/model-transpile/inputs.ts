import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readJsonl } from '../../../util/index.js';
import { artifactPath, c2rustDir } from '../artifacts.js';
import type { OrderStep, SymbolRecord } from '../symbols.js';

/**
 * What the stage reads from `.jarvis/c2rust/`: the translation order (from `jc2r scan`, or the
 * one lib-replace rewrote), the deterministic translation's `symbol_map.jsonl`, and, when they
 * exist, `config.json` (extra prompt notes, disabled libraries) and
 * `library_replacements.jsonl`. Every reader is tolerant: a missing file means "none", and
 * the fields other stages write are read under the spellings they are likely to use.
 */

/** One line of symbol_map.jsonl: what the deterministic translator writes, plus what this stage adds. */
export interface SymbolMapRecord {
  kind: string;
  c_name: string;
  c_file: string;
  c_start_line: number;
  c_end_line: number;
  rust_name: string;
  rust_file: string;
  rust_start_line: number | null;
  rust_end_line: number | null;
  crate?: string;
  /** functions: the Rust signature as written (this stage fills it for every function it locates) */
  rust_signature?: string;
  /** functions: not an `unsafe fn` and no raw pointer in the signature */
  safe?: boolean;
  /** `model` once this stage converted the function, else `deterministic` */
  translated_by?: 'model' | 'deterministic';
  /** the C-ABI function kept for callers not converted yet (and C kept in C), while it exists */
  ffi_wrapper?: { rust_name: string; rust_file: string; rust_start_line: number; rust_end_line: number } | null;
  /** the crate commit that converted it */
  commit?: string;
}

/** One function to convert, in translation order. */
export interface OrderedFunction {
  name: string;
  file: string;
  startLine: number;
  endLine: number;
  calls: string[];
  /** what lib-replace decided for this function, when it did */
  libReplacement?: unknown;
  /** the order step (mutually recursive functions share one) */
  step: number;
}

export interface StageConfig {
  notes: string[];
  disabledLibraries: string[];
}

const strings = (v: unknown): string[] => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** `.jarvis/c2rust/config.json` (written by `jc2r config`); absent or unreadable means defaults. */
export function readStageConfig(root: string): StageConfig {
  const path = join(c2rustDir(root), 'config.json');
  if (!existsSync(path)) return { notes: [], disabledLibraries: [] };
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch {
    return { notes: [], disabledLibraries: [] };
  }
  const notes = [...strings(raw.extra_notes), ...strings(raw.additional_notes), ...strings(raw.prompt_notes), ...strings(raw.notes)];
  return { notes, disabledLibraries: [...strings(raw.disabled_libraries), ...strings(raw.disabledLibraries)] };
}

/** Library replacement decisions (`library_replacements.jsonl`), as records for the prompts. */
export function readLibraryReplacements(root: string): Record<string, unknown>[] {
  const path = artifactPath(root, 'libraryReplacements');
  try {
    return readJsonl<Record<string, unknown>>(path).filter((r) => typeof r === 'object' && r !== null);
  } catch {
    return [];
  }
}

/** A library replacement lib-replace applied to a function: what the writer implements it on. */
export interface AppliedReplacement {
  /** only the standard library (std, core, alloc) */
  std: boolean;
  libraries: string[];
  apis: string[];
  notes: string;
}

const STD_LIBS = new Set(['std', 'core', 'alloc']);

/**
 * The replacement applied to `name`: the pruned order's `lib_replacement`, else an applied line
 * of library_replacements.jsonl (one recorded but not applied, e.g. below the confidence or a
 * disabled library, is no replacement).
 */
export function appliedReplacement(name: string, fromOrder: unknown, records: readonly Record<string, unknown>[]): AppliedReplacement | undefined {
  const rec = fromOrder !== undefined && fromOrder !== null && typeof fromOrder === 'object' ? (fromOrder as Record<string, unknown>) : records.find((r) => replacementSubject(r) === name && r.applied !== false);
  if (!rec) return undefined;
  const libraries = strings(rec.libraries);
  const base = (l: string) => l.toLowerCase().split(/[@:/\s]/)[0] ?? l;
  const std = rec.kind === 'std' || (libraries.length > 0 && libraries.every((l) => STD_LIBS.has(base(l))));
  return { std, libraries, apis: strings(rec.apis), notes: typeof rec.notes === 'string' ? rec.notes : '' };
}

/** The function a replacement record is about. */
export function replacementSubject(r: Record<string, unknown>): string | undefined {
  for (const k of ['name', 'c_name', 'function', 'root', 'root_name', 'symbol']) if (typeof r[k] === 'string') return r[k] as string;
  return undefined;
}

/** The functions of `translation_order.jsonl`, callees first; undefined when there is no order yet. */
export function readOrder(root: string): OrderedFunction[] | undefined {
  const path = artifactPath(root, 'translationOrder');
  if (!existsSync(path)) return undefined;
  return orderFromSteps(readJsonl<OrderStep>(path));
}

export function orderFromSteps(steps: readonly OrderStep[]): OrderedFunction[] {
  const out: OrderedFunction[] = [];
  const seen = new Set<string>();
  for (const s of steps) {
    for (const it of s.items ?? []) {
      const rec = it as SymbolRecord & { lib_replacement?: unknown };
      if (rec.category !== undefined && rec.category !== 'function') continue;
      const key = `${rec.file}\0${rec.name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({
        name: rec.name,
        file: rec.file,
        startLine: rec.start_line,
        endLine: rec.end_line,
        calls: rec.calls ?? rec.ref ?? [],
        ...(rec.lib_replacement !== undefined && rec.lib_replacement !== null ? { libReplacement: rec.lib_replacement } : {}),
        step: s.step,
      });
    }
  }
  return out;
}

export function readSymbolMap(path: string): SymbolMapRecord[] {
  return readJsonl<SymbolMapRecord>(path).filter((r) => typeof r === 'object' && r !== null && typeof r.c_name === 'string');
}

/** The C text of a definition, with the comment block right above it. */
export function cSource(root: string, file: string, start: number, end: number): string {
  const path = resolve(root, file);
  if (!existsSync(path)) return '';
  const lines = readFileSync(path, 'utf8').split('\n');
  let first = start - 1;
  // Comment lines directly above (`//`, `/* … */`, ` * …`) explain the function: keep them.
  while (first > 0 && /^\s*(\/\/|\/\*|\*|.*\*\/\s*$)/.test(lines[first - 1] ?? '')) first--;
  return lines.slice(first, end).join('\n');
}

/** Program names with their C file, from `transpile_report.json` (`binaries`). */
export function reportBinaries(root: string): { name: string; c_file: string }[] {
  const path = artifactPath(root, 'transpileReport');
  if (!existsSync(path)) return [];
  try {
    const r = JSON.parse(readFileSync(path, 'utf8')) as { binaries?: { name: string; c_file: string }[] };
    return Array.isArray(r.binaries) ? r.binaries : [];
  } catch {
    return [];
  }
}
