import { resolveUnderRoot, shownPath } from '../util/index.js';
import type { ToolContext, ToolError } from './tool.js';

export type ResolvedRead =
  | { ok: true; /** real path, symlinks followed */ abs: string; /** as shown to the model */ shown: string }
  | { ok: false; error: ToolError; missing?: boolean };

/**
 * Resolves a path the model names for reading. Every symlink is followed and the real
 * location must be inside the working root, or inside the run directory (where saved outputs
 * live); anything else is refused, so a link cannot smuggle `/etc/passwd` in. "Inside" is
 * util/paths.ts's, the rule edits use too.
 */
export function resolveForRead(ctx: Pick<ToolContext, 'root' | 'runDir'>, path: string): ResolvedRead {
  const at = resolveUnderRoot(ctx.root, path, [ctx.runDir]);
  const shown = shownPath(at.root, at.abs);
  if (at.present && at.real === undefined) {
    return { ok: false, error: { code: 'not_found', message: `${shown} is a symbolic link to a missing target` } };
  }
  const real = at.real ?? at.abs;
  if (!at.inside) {
    const via = real !== at.abs ? ` (through a symbolic link to ${real})` : '';
    return { ok: false, error: { code: 'outside_root', message: `${path} is outside the working root ${at.root}${via}; only files inside it can be read` } };
  }
  if (!at.present) return { ok: false, missing: true, error: { code: 'not_found', message: `${shown} does not exist` } };
  return { ok: true, abs: real, shown };
}
