import { appendFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { applyPatch, EditBlockError, formatPatchReport, parsePatchBlock, PATCH_USAGE, type DiffSpec } from '../../edit/index.js';
import { describeError, shownPath } from '../../util/index.js';
import type { TagSpec } from '../protocol/index.js';
import { blocksNamed, hasBlocks, refusal, type ActionResult, type HandlerContext, type OutputHandler, type Prepared } from './handler.js';

/**
 * `<PATCH file=…>` (docs/edit.md), adapted to the edit engine: several blocks per reply,
 * blocks naming the same file merged, each file all-or-nothing, a report per file. A malformed
 * block is refused with the usage help and nothing is written for it.
 */

export const PATCH = 'PATCH';

export function createPatchHandler(): OutputHandler {
  const tags: TagSpec[] = [{ name: PATCH, attributes: ['file'], closeAtLineStart: true }];
  return {
    name: PATCH,
    tags,
    multiBlock: true,
    canHandle: (reply) => hasBlocks(reply, tags),
    usage: () => PATCH_USAGE,
    prepare(reply, ctx): Prepared {
      const { complete, unclosed } = blocksNamed(reply, PATCH);
      const errors: string[] = [];
      // file → diffs, in first-seen order
      const byFile = new Map<string, DiffSpec[]>();
      for (const block of [...complete, ...unclosed]) {
        try {
          const req = parsePatchBlock(block);
          byFile.set(req.file, [...(byFile.get(req.file) ?? []), ...req.diffs]);
        } catch (e) {
          errors.push(e instanceof EditBlockError ? e.message : `Invalid <PATCH> block: ${describeError(e)}`);
        }
      }
      const refused = errors.map((m) => `❌ ${m} Nothing was written for this block.`);
      if (byFile.size === 0) return refusal([...refused, PATCH_USAGE].join('\n\n'));
      const files = [...byFile.keys()];
      const writes = files.map((f) => shownPath(ctx.root, resolve(ctx.root, f)));
      return {
        invocation: {
          handler: PATCH,
          kind: 'edit',
          name: PATCH,
          args: { files: Object.fromEntries(byFile) },
          reads: writes,
          writes,
          description: `PATCH ${writes.join(', ')}`,
          execute: async (x) => applyAll(byFile, refused, x),
        },
      };
    },
  };
}

function applyAll(byFile: ReadonlyMap<string, DiffSpec[]>, refused: readonly string[], ctx: HandlerContext): ActionResult {
  const reports: string[] = [];
  const written: string[] = [];
  let failed = 0;
  for (const [file, diffs] of byFile) {
    const report = applyPatch({ root: ctx.root, file, diffs, allowOutsideRoot: ctx.allowOutsideRoot });
    ctx.record({
      type: 'patch',
      file,
      path: report.path,
      outcome: report.outcome,
      changed: report.changed,
      diffs: report.diffs.map((d) => (d.status === 'matched' ? { status: d.status, how: d.how, line: d.line } : { status: d.status, code: d.reason.code })),
      ...(report.error ? { error: report.error.code } : {}),
    });
    if (report.changed) {
      savePatch(ctx, report.unified);
      written.push(report.path);
    }
    if (report.error) failed++;
    reports.push(formatPatchReport(report, diffs));
  }
  const parts = [...reports];
  if (refused.length > 0) parts.push(...refused, PATCH_USAGE);
  return editResult(parts.join('\n\n'), 'PATCH', written, byFile.size, failed);
}

/** The result of an edit action: `data.written` lists the files it changed (real paths). */
export function editResult(forModel: string, what: string, written: string[], files: number, failed: number): ActionResult {
  const forUser = `${what}: ${written.length} of ${files} file${files === 1 ? '' : 's'} changed${failed > 0 ? `, ${failed} refused` : ''}`;
  return { forModel, forUser, data: { written } };
}

/** Keeps what each turn changed under `<runDir>/patches/` for review and replay. */
export function savePatch(ctx: HandlerContext, unified: string): void {
  if (!unified) return;
  try {
    const dir = join(ctx.runDir, 'patches');
    mkdirSync(dir, { recursive: true });
    appendFileSync(join(dir, `round-${String(ctx.round).padStart(4, '0')}.diff`), unified.endsWith('\n') ? unified : `${unified}\n`);
  } catch {
    // the edit itself succeeded; a missing copy of its diff must not turn it into a failure
  }
}
