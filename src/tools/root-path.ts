import { existsSync, lstatSync, realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { JarvisError } from '../util/errors.js';
import type { ToolContext, ToolError } from './tool.js';
import { displayPath } from './truncate.js';

export type ResolvedRead =
  | { ok: true; /** real path, symlinks followed */ abs: string; /** as shown to the model */ shown: string }
  | { ok: false; error: ToolError; missing?: boolean };

/**
 * Resolves a path the model names for reading. Every symlink is followed and the real
 * location must be inside the working root, or inside the run directory (where saved outputs
 * live); anything else is refused, so a link cannot smuggle `/etc/passwd` in.
 */
export function resolveForRead(ctx: Pick<ToolContext, 'root' | 'runDir'>, path: string): ResolvedRead {
  const root = realRoot(ctx.root);
  const abs = resolve(root, path);
  const shown = displayPath(root, abs);
  const runDir = existsSync(ctx.runDir) ? realpathSync(ctx.runDir) : resolve(ctx.runDir);
  const outside = (real: string) => {
    const via = real !== abs ? ` (through a symbolic link to ${real})` : '';
    const message = `${path} is outside the working root ${root}${via}; only files inside it can be read`;
    return { ok: false as const, error: { code: 'outside_root' as const, message } };
  };
  try {
    lstatSync(abs);
  } catch {
    if (!within(root, abs) && !within(runDir, abs)) return outside(abs);
    return { ok: false, missing: true, error: { code: 'not_found', message: `${shown} does not exist` } };
  }
  let real: string;
  try {
    real = realpathSync(abs);
  } catch {
    return { ok: false, error: { code: 'not_found', message: `${shown} is a symbolic link to a missing target` } };
  }
  if (!within(root, real) && !within(runDir, real)) return outside(real);
  return { ok: true, abs: real, shown };
}

/** The real path of the working root; a missing root is the harness's fault, not the model's. */
export function realRoot(root: string): string {
  try {
    return realpathSync(root);
  } catch (e) {
    throw new JarvisError('io', `working root ${root} does not exist`, { cause: e });
  }
}

/** True when `p` is `dir` itself or below it. */
export function within(dir: string, p: string): boolean {
  const rel = relative(dir, p);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}
