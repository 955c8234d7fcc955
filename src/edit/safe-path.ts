/**
 * Where an edit may write: the path a model names is resolved from the working root with every
 * symlink followed (util/paths.ts, the same rule reading tools use), and refused when the real
 * location is outside the root (unless allowed).
 */
import { existsSync, statSync } from 'node:fs';
import { resolveUnderRoot } from '../util/index.js';
import type { FileRefusalCode, Refusal } from './types.js';

export type ResolvedPath = { ok: true; path: string; exists: boolean } | { ok: false; path: string; error: Refusal<FileRefusalCode> };

export function resolveEditPath(root: string, file: string, allowOutsideRoot = false): ResolvedPath {
  const at = resolveUnderRoot(root, file);
  const fail = (code: FileRefusalCode, message: string, path = at.abs): ResolvedPath => ({ ok: false, path, error: { code, message } });
  if (file.trim() === '') return fail('not_found', 'no file path given');
  const real = at.real;
  if (real === undefined) return fail('not_a_file', `${file} is a symbolic link to a missing target; edit the target path instead`);
  if (!at.inside && !allowOutsideRoot) {
    const via = real !== at.abs ? ` (it resolves to ${real} through a symbolic link)` : '';
    return fail('outside_root', `${file} is outside the working root ${at.root}${via}; only files inside it can be edited`, real);
  }
  if (!existsSync(real)) return { ok: true, path: real, exists: false };
  if (!statSync(real).isFile()) return fail('not_a_file', `${file} is not a regular file`, real);
  return { ok: true, path: real, exists: true };
}
