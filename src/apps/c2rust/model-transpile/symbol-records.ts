import { existsSync, copyFileSync } from 'node:fs';
import { writeFileAtomicSync } from '../../../util/index.js';
import { modulePath } from '../optimize/crate.js';
import { readSymbolMap, type SymbolMapRecord } from './inputs.js';
import { key, type Progress } from './progress.js';
import { findFunction } from './rust-items.js';

/**
 * `symbol_map.jsonl` is derived, never appended to: the deterministic translation's map (kept
 * once as `symbol_map.deterministic.jsonl`) with every function located again in the crate as
 * it is now (lines, signature, safe or not) and what this stage did to it. Rewriting it whole
 * after each function is what makes a resumed run leave no duplicate or stale record.
 */

export function baseMapPath(symbolMapPath: string): string {
  return symbolMapPath.replace(/\.jsonl$/, '.deterministic.jsonl');
}

/** The deterministic map, saved aside the first time the stage runs on a translation. */
export function deterministicMap(symbolMapPath: string, fresh: boolean): SymbolMapRecord[] {
  const base = baseMapPath(symbolMapPath);
  if (fresh || !existsSync(base)) copyFileSync(symbolMapPath, base);
  return readSymbolMap(base);
}

export const rustBareName = (rustName: string): string => rustName.split('::').pop() ?? rustName;

const isSafe = (signature: string) => !/\bunsafe\b/.test(signature) && !/\*(const|mut)\b/.test(signature);

export async function writeSymbolMap(path: string, crateDir: string, base: readonly SymbolMapRecord[], progress: Progress): Promise<SymbolMapRecord[]> {
  const outcomes = new Map(progress.outcomes.map((o) => [key(o.c_name, o.c_file), o]));
  const wrappers = new Map(progress.wrappers.map((w) => [key(w.c_name, w.c_file), w]));
  const out: SymbolMapRecord[] = [];
  for (const r of base) {
    if (r.kind !== 'function') {
      out.push(r);
      continue;
    }
    const o = outcomes.get(key(r.c_name, r.c_file));
    const converted = o?.status === 'converted';
    const rust_file = converted && o.rust_file ? o.rust_file : r.rust_file;
    const name = rustBareName(r.rust_name);
    const item = await findFunction(crateDir, rust_file, name);
    const w = wrappers.get(key(r.c_name, r.c_file));
    const wItem = w ? await findFunction(crateDir, w.file, w.name) : undefined;
    out.push({
      ...r,
      // moved to its planned module: the path callers use now
      ...(rust_file !== r.rust_file ? { rust_name: ['crate', ...modulePath(rust_file), name].join('::') } : {}),
      rust_file,
      rust_start_line: item?.startLine ?? r.rust_start_line,
      rust_end_line: item?.endLine ?? r.rust_end_line,
      ...(item?.signature ? { rust_signature: item.signature, safe: isSafe(item.signature) } : {}),
      translated_by: converted ? 'model' : 'deterministic',
      ffi_wrapper: w && wItem ? { rust_name: w.name, rust_file: w.file, rust_start_line: wItem.startLine, rust_end_line: wItem.endLine } : null,
      ...(converted && o.commit ? { commit: o.commit } : {}),
    });
  }
  writeFileAtomicSync(path, out.map((r) => JSON.stringify(r)).join('\n') + (out.length ? '\n' : ''));
  return out;
}
