import { resolve } from 'node:path';
import { applyRewrite, EditBlockError, formatRewriteReport, parseRewriteBlock, REWRITE_USAGE, type RewriteRequest } from '../../edit/index.js';
import { describeError, shownPath } from '../../util/index.js';
import type { TagSpec } from '../protocol/index.js';
import { blocksNamed, hasBlocks, refusal, type ActionResult, type HandlerContext, type OutputHandler, type Prepared } from './handler.js';
import { editResult, savePatch } from './patch.js';

/**
 * `<REWRITE file=…>`: replaces whole files, several blocks per reply, each written atomically.
 * A block cut off before `</REWRITE>` is refused: writing it would truncate the file.
 */

export const REWRITE = 'REWRITE';

export function createRewriteHandler(): OutputHandler {
  const tags: TagSpec[] = [{ name: REWRITE, attributes: ['file'], closeAtLineStart: true }];
  return {
    name: REWRITE,
    tags,
    multiBlock: true,
    canHandle: (reply) => hasBlocks(reply, tags),
    usage: () => REWRITE_USAGE,
    prepare(reply, ctx): Prepared {
      const { complete, unclosed } = blocksNamed(reply, REWRITE);
      const requests: RewriteRequest[] = [];
      const refused: string[] = [];
      for (const block of complete) {
        try {
          requests.push(parseRewriteBlock(block));
        } catch (e) {
          refused.push(`❌ ${e instanceof EditBlockError ? e.message : `Invalid <REWRITE> block: ${describeError(e)}`} Nothing was written.`);
        }
      }
      for (const block of unclosed) {
        const file = block.attributes.file ?? '(no file)';
        ctx.record({ type: 'rewrite', file, outcome: 'refused', error: 'unclosed' });
        refused.push(`❌ REWRITE ${file}: the block has no closing </REWRITE> at the start of a line, so the content may be cut off; nothing was written.`);
      }
      if (requests.length === 0) return refusal([...refused, REWRITE_USAGE].join('\n\n'));
      const writes = [...new Set(requests.map((r) => shownPath(ctx.root, resolve(ctx.root, r.file))))];
      return {
        invocation: {
          handler: REWRITE,
          kind: 'edit',
          name: REWRITE,
          args: { files: requests.map((r) => ({ file: r.file, chars: r.content.length })) },
          reads: [],
          writes,
          description: `REWRITE ${writes.join(', ')}`,
          execute: async (x) => rewriteAll(requests, refused, x),
        },
      };
    },
  };
}

function rewriteAll(requests: readonly RewriteRequest[], refused: readonly string[], ctx: HandlerContext): ActionResult {
  const parts: string[] = [];
  const written: string[] = [];
  let failed = 0;
  for (const req of requests) {
    const report = applyRewrite({ root: ctx.root, file: req.file, content: req.content, allowOutsideRoot: ctx.allowOutsideRoot });
    ctx.record({ type: 'rewrite', file: req.file, path: report.path, outcome: report.outcome, changed: report.changed, bytes: report.bytes });
    if (report.changed) {
      savePatch(ctx, report.unified);
      written.push(report.path);
    }
    if (report.error) failed++;
    parts.push(formatRewriteReport(report));
  }
  parts.push(...refused);
  if (refused.length > 0) parts.push(REWRITE_USAGE);
  return editResult(parts.join('\n\n'), 'REWRITE', written, requests.length, failed);
}
