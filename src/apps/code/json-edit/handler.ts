import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { blocksNamed, hasBlocks, refusal, type ActionResult, type HandlerContext, type OutputHandler, type Prepared } from '../../../agent/index.js';
import { shownPath } from '../../../util/index.js';
import { applyJsonEdit } from './apply.js';
import { JsonEditError, parseJsonEdit, type JsonEditRequest } from './protocol.js';

/**
 * `<EDIT>{json}</EDIT>`: the JSON edit protocol as an agent action (`jca --edit-format json`).
 * Parse, dry run, then write. A refused edit is sent back with the validator's message once
 * ("fix and send it again"); a second refusal in a row drops it and tells the model to re-read
 * the file before trying anything else.
 */

export const JSON_EDIT = 'EDIT';

export const JSON_EDIT_USAGE = `EDIT changes one existing file by exact string replacement. Format (raw JSON, no Markdown):
<${JSON_EDIT}>
{"action": "edit", "file_path": "src/calc.c", "edits": [{"old_string": "return a - b;", "new_string": "return a + b;", "expected_replacements": 1}], "message": "why"}
</${JSON_EDIT}>
Rules: one file per EDIT; old_string is copied byte for byte from the file and occurs exactly expected_replacements times;
"edit" applies the edits in order, "multi_edit" checks every anchor against the original file and writes all or nothing.
Read the file (read_code) before editing it.`;

export function createJsonEditHandler(): OutputHandler {
  const tags = [{ name: JSON_EDIT }];
  // refusals in a row: the second drops the edit and asks for a fresh read
  let fails = 0;
  const refuse = (ctx: HandlerContext, e: JsonEditError, body: string): Prepared => {
    fails++;
    save(ctx, body, '');
    ctx.record({ type: 'json_edit', outcome: 'refused', code: e.code, message: e.message, attempt: fails });
    const next =
      fails === 1
        ? 'Fix only what the error names and send the corrected EDIT again.'
        : 'This edit was refused twice and is dropped. Read the file again with read_code, then send a new EDIT built from its current text.';
    if (fails > 1) fails = 0;
    return refusal(`❌ EDIT refused (${e.code}): ${e.message}. Nothing was written.\n${next}\n\n${JSON_EDIT_USAGE}`);
  };
  return {
    name: JSON_EDIT,
    tags,
    canHandle: (reply) => hasBlocks(reply, tags),
    usage: () => JSON_EDIT_USAGE,
    prepare(reply, ctx): Prepared {
      const { complete, unclosed } = blocksNamed(reply, JSON_EDIT);
      const block = complete[0];
      if (!block) {
        return refuse(ctx, new JsonEditError('not_json', `the <${JSON_EDIT}> block has no closing </${JSON_EDIT}>`), unclosed[0]?.body ?? '');
      }
      if (complete.length > 1) {
        return refuse(ctx, new JsonEditError('two_files', `one <${JSON_EDIT}> block per turn (this reply has ${complete.length}); send the others after this one is applied`), block.body);
      }
      let req: JsonEditRequest;
      try {
        req = parseJsonEdit(block.body);
        // every edit checks out against the file as it is now, or nothing is offered to run
        applyJsonEdit(ctx.root, req, { dryRun: true, allowOutsideRoot: ctx.allowOutsideRoot });
      } catch (e) {
        if (!(e instanceof JsonEditError)) throw e;
        return refuse(ctx, e, block.body);
      }
      const file = shownPath(ctx.root, resolve(ctx.root, req.file_path));
      return {
        invocation: {
          handler: JSON_EDIT,
          kind: 'edit',
          name: JSON_EDIT,
          args: req,
          reads: [file],
          writes: [file],
          description: `EDIT ${file} (${req.edits.length} edit${req.edits.length === 1 ? '' : 's'})`,
          async execute(x): Promise<ActionResult> {
            let r;
            try {
              r = applyJsonEdit(x.root, req, { allowOutsideRoot: x.allowOutsideRoot });
            } catch (e) {
              // the file changed between the check and now
              if (!(e instanceof JsonEditError)) throw e;
              const refused = refuse(x, e, block.body);
              return 'refused' in refused ? refused.refused : { forModel: e.message };
            }
            fails = 0;
            save(x, block.body, r.unified);
            x.record({ type: 'json_edit', file: r.file, action: req.action, edits: req.edits.length, outcome: r.written ? 'applied' : 'unchanged' });
            const forModel = r.written ? `✅ EDIT ${r.file}: ${req.edits.length} edit(s) applied.` : `EDIT ${r.file}: the edits leave the file unchanged; nothing was written.`;
            return { forModel, forUser: forModel, data: { written: r.written ? [r.path] : [] } };
          },
        },
      };
    },
  };
}

/** The payload and its diff under `<runDir>/patches/`, one pair per round. */
function save(ctx: HandlerContext, payload: string, unified: string): void {
  try {
    const dir = join(ctx.runDir, 'patches');
    mkdirSync(dir, { recursive: true });
    const base = join(dir, `round-${String(ctx.round).padStart(4, '0')}`);
    writeFileSync(`${base}.json`, payload.trim() + '\n');
    if (unified) writeFileSync(`${base}.diff`, unified.endsWith('\n') ? unified : `${unified}\n`);
  } catch {
    // the audit copy failing must not undo or fail the edit
  }
}
