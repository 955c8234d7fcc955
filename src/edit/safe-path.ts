/**
 * Where an edit may write: the path a model names is resolved from the working root with every
 * symlink followed, and refused when the real location is outside the root (unless allowed).
 */
import { existsSync, lstatSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { JarvisError } from '../util/errors.js';
import type { FileRefusalCode, Refusal } from './types.js';

export type ResolvedPath = { ok: true; path: string; exists: boolean } | { ok: false; path: string; error: Refusal<FileRefusalCode> };

export function resolveEditPath(root: string, file: string, allowOutsideRoot = false): ResolvedPath {
  let rootReal: string;
  try {
    rootReal = realpathSync(root);
  } catch (e) {
    throw new JarvisError('io', `working root ${root} does not exist`, { cause: e });
  }
  const abs = resolve(rootReal, file);
  const fail = (code: FileRefusalCode, message: string, path = abs): ResolvedPath => ({ ok: false, path, error: { code, message } });
  if (file.trim() === '') return fail('not_found', 'no file path given');

  let real: string;
  try {
    real = realOf(abs);
  } catch {
    return fail('not_a_file', `${file} is a symbolic link to a missing target; edit the target path instead`);
  }
  const rel = relative(rootReal, real);
  const inside = rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  if (!inside && !allowOutsideRoot) {
    const via = real !== abs ? ` (it resolves to ${real} through a symbolic link)` : '';
    return fail('outside_root', `${file} is outside the working root ${rootReal}${via}; only files inside it can be edited`, real);
  }
  if (!existsSync(real)) return { ok: true, path: real, exists: false };
  if (!statSync(real).isFile()) return fail('not_a_file', `${file} is not a regular file`, real);
  return { ok: true, path: real, exists: true };
}

/** realpath of a path that may not exist yet: the deepest existing ancestor resolved, the rest appended. */
function realOf(abs: string): string {
  const rest: string[] = [];
  let cur = abs;
  for (;;) {
    let present = false;
    try {
      lstatSync(cur);
      present = true;
    } catch {
      // not there yet: climb
    }
    if (present) return rest.length ? join(realpathSync(cur), ...rest.reverse()) : realpathSync(cur);
    const up = dirname(cur);
    if (up === cur) return abs;
    rest.push(basename(cur));
    cur = up;
  }
}
