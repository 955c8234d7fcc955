import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { applyPatch, EditBlockError, formatPatchReport, parsePatchBlock, PATCH_USAGE, type DiffSpec } from '../../edit/index.js';
import type { TagSpec } from '../protocol/index.js';
import { describeError } from '../../util/errors.js';
import { blocksNamed, type HandlerContext, type HandlerResult, type OutputHandler } from './handler.js';

/**
 * `<PATCH file=…>` (spec jarvis-core §7), adapted to the edit engine: several blocks per reply,
 * blocks naming the same file merged, each file all-or-nothing, a report per file. A malformed
 * block is refused with the usage help and nothing is written for it.
 */

export const PATCH = 'PATCH';

export function createPatchHandler(): OutputHandler {
  return {
    name: PATCH,
    tags: [{ name: PATCH, attributes: ['file'], closeAtLineStart: true }] satisfies TagSpec[],
    multiBlock: true,
    canHandle: (reply) => {
      const b = blocksNamed(reply, PATCH);
      return b.complete.length + b.unclosed.length > 0;
    },
    usage: () => PATCH_USAGE,
    async handle(reply, ctx): Promise<HandlerResult> {
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
      const reports: string[] = [];
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
          rememberFile(ctx, report.path);
        }
        reports.push(formatPatchReport(report, diffs));
      }
      const parts = [...reports];
      if (errors.length > 0) parts.push(...errors.map((m) => `❌ ${m} Nothing was written for this block.`), PATCH_USAGE);
      return { needReturn: false, prompt: parts.join('\n\n') };
    },
  };
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

/** `user_data.files`: every file an edit wrote this task (spec §7, REWRITE). */
export function rememberFile(ctx: HandlerContext, path: string): void {
  const files = Array.isArray(ctx.userData.files) ? (ctx.userData.files as unknown[]) : [];
  if (!files.includes(path)) ctx.userData.files = [...files, path];
}
