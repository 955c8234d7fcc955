/**
 * REWRITE: replaces a whole file in one atomic write. An existing file keeps its encoding, BOM
 * and line-ending style; a new one is UTF-8 with LF, and the directories it needs are created
 * (and removed again if the write fails).
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeFileAtomicSync, describeError } from '../util/index.js';
import { resolveEditPath } from './safe-path.js';
import { decodeText, encodeText, normalizeNewlines, toLfView, withEol, type DecodedText } from './text-codec.js';
import type { FileRefusalCode, Refusal, RewriteReport } from './types.js';
import { unifiedDiff } from './unified-diff.js';

export interface ApplyRewriteOptions {
  root: string;
  file: string;
  content: string;
  allowOutsideRoot?: boolean;
  dryRun?: boolean;
}

export function applyRewrite(opts: ApplyRewriteOptions): RewriteReport {
  const { file } = opts;
  const where = resolveEditPath(opts.root, file, opts.allowOutsideRoot);
  if (!where.ok) return refused(file, where.path, where.error);

  let before: DecodedText = { text: '', encoding: 'utf8', bom: false };
  let eol: '\n' | '\r\n' = '\n';
  if (where.exists) {
    const got = decodeText(readFileSync(where.path));
    if (!got.ok) return refused(file, where.path, { code: got.code, message: `${file} ${got.message}; REWRITE will not replace it` });
    before = got.value;
    eol = toLfView(before.text).eol;
  }
  const next = withEol(normalizeNewlines(opts.content), eol);
  const bytes = encodeText(next, before.encoding, before.bom);
  const changed = next !== before.text || !where.exists;
  if (changed && !opts.dryRun) {
    let madeDir: string | undefined;
    try {
      madeDir = mkdirSync(dirname(where.path), { recursive: true });
      writeFileAtomicSync(where.path, bytes);
    } catch (e) {
      if (madeDir) rmSync(madeDir, { recursive: true, force: true });
      return refused(file, where.path, { code: 'io', message: `cannot write ${file}: ${describeError(e)}` });
    }
  }
  return {
    file,
    path: where.path,
    outcome: 'applied',
    created: !where.exists,
    changed,
    bytes: bytes.length,
    unified: unifiedDiff(file, toLfView(before.text).lf, normalizeNewlines(opts.content), { created: !where.exists }),
  };
}

function refused(file: string, path: string, error: Refusal<FileRefusalCode>): RewriteReport {
  return { file, path, outcome: 'refused', created: false, changed: false, bytes: 0, error, unified: '' };
}
