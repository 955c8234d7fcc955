import { applyRewrite, EditBlockError, formatRewriteReport, parseRewriteBlock, REWRITE_USAGE } from '../../edit/index.js';
import type { TagSpec } from '../protocol/index.js';
import { describeError } from '../../util/errors.js';
import { blocksNamed, type HandlerResult, type OutputHandler } from './handler.js';
import { rememberFile, savePatch } from './patch.js';

/**
 * `<REWRITE file=…>`: replaces whole files, several blocks per reply, each written atomically.
 * A block cut off before `</REWRITE>` is refused: writing it would truncate the file.
 */

export const REWRITE = 'REWRITE';

export function createRewriteHandler(): OutputHandler {
  return {
    name: REWRITE,
    tags: [{ name: REWRITE, attributes: ['file'], closeAtLineStart: true }] satisfies TagSpec[],
    multiBlock: true,
    canHandle: (reply) => {
      const b = blocksNamed(reply, REWRITE);
      return b.complete.length + b.unclosed.length > 0;
    },
    usage: () => REWRITE_USAGE,
    async handle(reply, ctx): Promise<HandlerResult> {
      const { complete, unclosed } = blocksNamed(reply, REWRITE);
      const parts: string[] = [];
      let malformed = false;
      for (const block of complete) {
        let req;
        try {
          req = parseRewriteBlock(block);
        } catch (e) {
          malformed = true;
          parts.push(`❌ ${e instanceof EditBlockError ? e.message : `Invalid <REWRITE> block: ${describeError(e)}`} Nothing was written.`);
          continue;
        }
        const report = applyRewrite({ root: ctx.root, file: req.file, content: req.content, allowOutsideRoot: ctx.allowOutsideRoot });
        ctx.record({ type: 'rewrite', file: req.file, path: report.path, outcome: report.outcome, changed: report.changed, bytes: report.bytes });
        if (report.changed) {
          savePatch(ctx, report.unified);
          rememberFile(ctx, report.path);
        }
        parts.push(formatRewriteReport(report));
      }
      for (const block of unclosed) {
        malformed = true;
        const file = block.attributes.file ?? '(no file)';
        ctx.record({ type: 'rewrite', file, outcome: 'refused', error: 'unclosed' });
        parts.push(`❌ REWRITE ${file}: the block has no closing </REWRITE> at the start of a line, so the content may be cut off; nothing was written.`);
      }
      if (malformed) parts.push(REWRITE_USAGE);
      return { needReturn: false, prompt: parts.join('\n\n') };
    },
  };
}
