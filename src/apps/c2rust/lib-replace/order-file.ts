import { existsSync, statSync } from 'node:fs';
import { readJsonl } from '../../../util/index.js';
import { artifactPath } from '../artifacts.js';
import type { OrderStep } from '../symbols.js';

/**
 * The translation order the transpile stages follow: lib-replace's pruned order when it ran
 * after the last scan (replaced functions' dominated callees left out), else the scan's. A
 * rescan makes the pruned order stale: then the scan's order is used and `stale` says so, so
 * a rescan never silently mixes with an older replacement.
 */
export function orderForTranspile(root: string): { path: string; steps: OrderStep[]; pruned: boolean; stale: boolean } {
  const pruned = artifactPath(root, 'translationOrderPruned');
  const scan = artifactPath(root, 'translationOrder');
  const stale = existsSync(pruned) && existsSync(scan) && statSync(pruned).mtimeMs < statSync(scan).mtimeMs;
  const path = existsSync(pruned) && !stale ? pruned : scan;
  return { path, steps: readJsonl<OrderStep>(path), pruned: path === pruned, stale };
}
