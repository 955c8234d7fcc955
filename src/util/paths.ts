import { lstatSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { JarvisError } from './errors.js';

/**
 * The one definition of "inside the root" that reading tools and edits share: a path the
 * model names is resolved from the working root with every symbolic link followed, and only
 * the real location counts, so a link cannot lead a read or a write out of the project.
 */

/** True when `p` is `dir` itself or below it (both absolute). `..foo` is a name, not a way up. */
export function within(dir: string, p: string): boolean {
  const rel = relative(dir, p);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/** `abs` relative to `root` when it lies inside, else `abs` itself; the root shows as `.`. */
export function shownPath(root: string, abs: string): string {
  if (!within(root, abs)) return abs;
  return relative(root, abs) || '.';
}

/** The real path of the working root; a missing root is the harness's fault, not the model's. */
export function realRoot(root: string): string {
  try {
    return realpathSync(root);
  } catch (e) {
    throw new JarvisError('io', `working root ${root} does not exist`, { cause: e });
  }
}

/** How a model-given path resolves under a root. */
export interface RootPath {
  /** the real root */
  root: string;
  /** the path as named, made absolute from the root (links not followed) */
  abs: string;
  /**
   * the real location: every existing part resolved, the missing rest appended; undefined when
   * a symbolic link on the way points at nothing
   */
  real: string | undefined;
  /** whether something (a file, a directory, a dangling link) is there */
  present: boolean;
  /** the real location (or, for a dangling link, the path itself) is inside the root or one of `alsoInside` */
  inside: boolean;
}

/**
 * Resolves `path` (relative to `root`, or absolute) as the model means it. `alsoInside` names
 * further directories that count as inside (a run directory whose saved outputs may be read).
 */
export function resolveUnderRoot(root: string, path: string, alsoInside: readonly string[] = []): RootPath {
  const rootReal = realRoot(root);
  const abs = resolve(rootReal, path);
  const dirs = [rootReal, ...alsoInside.map(realOrSelf)];
  let present = true;
  try {
    lstatSync(abs);
  } catch {
    present = false;
  }
  let real: string | undefined;
  try {
    real = realPathOf(abs);
  } catch {
    real = undefined;
  }
  const where = real ?? abs;
  return { root: rootReal, abs, real, present, inside: dirs.some((d) => within(d, where)) };
}

/** realpath of a path that may not exist yet: the deepest existing ancestor resolved, the rest appended. Throws for a dangling link. */
export function realPathOf(abs: string): string {
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

function realOrSelf(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return resolve(dir);
  }
}
