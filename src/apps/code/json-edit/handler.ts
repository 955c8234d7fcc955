import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { blocksNamed, type HandlerContext, type HandlerResult, type OutputHandler } from '../../../agent/index.js';
import { applyJsonEdit } from './apply.js';
import { JsonEditError, parseJsonEdit } from './protocol.js';

/**
 * `<EDIT>{json}</EDIT>`: the JSON edit protocol as an agent action (`jca --edit-format json`).
 * Parse, dry run, then write. A refused edit is sent back with the validator's message once
 * ("fix and send it again"); a second refusal in a row drops it and tells the model to re-read
 * the file before trying anything else.
 */

export const JSON_EDIT = 'EDIT';
const FAILS_KEY = 'jca_json_edit_failures';

export const JSON_EDIT_USAGE = `EDIT changes one existing file by exact string replacement. Format (raw JSON, no Markdown):
<${JSON_EDIT}>
{"action": "edit", "file_path": "src/calc.c", "edits": [{"old_string": "return a - b;", "new_string": "return a + b;", "expected_replacements": 1}], "message": "why"}
</${JSON_EDIT}>
Rules: one file per EDIT; old_string is copied byte for byte from the file and occurs exactly expected_replacements times;
"edit" applies the edits in order, "multi_edit" checks every anchor against the original file and writes all or nothing.
Read the file (read_code) before editing it.`;

export function createJsonEditHandler(): OutputHandler {
  return {
    name: JSON_EDIT,
    tags: [{ name: JSON_EDIT }],
    canHandle: (reply) => {
      const b = blocksNamed(reply, JSON_EDIT);
      return b.complete.length + b.unclosed.length > 0;
    },
    usage: () => JSON_EDIT_USAGE,
    async handle(reply, ctx): Promise<HandlerResult> {
      const { complete, unclosed } = blocksNamed(reply, JSON_EDIT);
      const block = complete[0];
      if (!block) {
        return refuse(ctx, new JsonEditError('not_json', `the <${JSON_EDIT}> block has no closing </${JSON_EDIT}>`), unclosed[0]?.body ?? '');
      }
      if (complete.length > 1) {
        return refuse(ctx, new JsonEditError('two_files', `one <${JSON_EDIT}> block per turn (this reply has ${complete.length}); send the others after this one is applied`), block.body);
      }
      try {
        const req = parseJsonEdit(block.body);
        applyJsonEdit(ctx.root, req, { dryRun: true, allowOutsideRoot: ctx.allowOutsideRoot });
        const r = applyJsonEdit(ctx.root, req, { allowOutsideRoot: ctx.allowOutsideRoot });
        ctx.userData[FAILS_KEY] = 0;
        save(ctx, block.body, r.unified);
        ctx.record({ type: 'json_edit', file: r.file, action: req.action, edits: req.edits.length, outcome: r.written ? 'applied' : 'unchanged' });
        if (r.written) {
          const files = Array.isArray(ctx.userData.files) ? (ctx.userData.files as unknown[]) : [];
          if (!files.includes(r.path)) ctx.userData.files = [...files, r.path];
        }
        return { needReturn: false, prompt: r.written ? `✅ EDIT ${r.file}: ${req.edits.length} edit(s) applied.` : `EDIT ${r.file}: the edits leave the file unchanged; nothing was written.` };
      } catch (e) {
        if (!(e instanceof JsonEditError)) throw e;
        return refuse(ctx, e, block.body);
      }
    },
  };
}

function refuse(ctx: HandlerContext, e: JsonEditError, body: string): HandlerResult {
  const fails = (typeof ctx.userData[FAILS_KEY] === 'number' ? (ctx.userData[FAILS_KEY] as number) : 0) + 1;
  ctx.userData[FAILS_KEY] = fails;
  save(ctx, body, '');
  ctx.record({ type: 'json_edit', outcome: 'refused', code: e.code, message: e.message, attempt: fails });
  const next =
    fails === 1
      ? 'Fix only what the error names and send the corrected EDIT again.'
      : 'This edit was refused twice and is dropped. Read the file again with read_code, then send a new EDIT built from its current text.';
  if (fails > 1) ctx.userData[FAILS_KEY] = 0;
  return { needReturn: false, prompt: `❌ EDIT refused (${e.code}): ${e.message}. Nothing was written.\n${next}\n\n${JSON_EDIT_USAGE}` };
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
