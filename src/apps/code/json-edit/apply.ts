import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { resolveEditPath, unifiedDiff } from '../../../edit/index.js';
import { writeFileAtomicSync } from '../../../util/index.js';
import { countOccurrences, JsonEditError, type JsonEditRequest } from './protocol.js';

/**
 * Checks a parsed request against the file (the dry run) and, unless `dryRun`, writes the
 * result atomically. Nothing is written unless every edit checks out.
 */

export interface JsonEditResult {
  path: string;
  /** relative to the root */
  file: string;
  before: string;
  after: string;
  unified: string;
  written: boolean;
}

export function applyJsonEdit(root: string, req: JsonEditRequest, o: { dryRun?: boolean; allowOutsideRoot?: boolean } = {}): JsonEditResult {
  const resolved = resolveEditPath(root, req.file_path, o.allowOutsideRoot ?? false);
  if (!resolved.ok) {
    throw new JsonEditError(resolved.error.code === 'outside_root' ? 'outside_root' : 'file_not_found', resolved.error.message);
  }
  if (!resolved.exists) throw new JsonEditError('file_not_found', `${req.file_path} does not exist; the JSON edit changes existing files (create new ones with REWRITE)`);
  const before = readFileSync(resolved.path, 'utf8');
  const after = req.action === 'multi_edit' ? applyAll(before, req) : applyInOrder(before, req);
  const file = relative(root, resolved.path);
  const unified = unifiedDiff(file, before, after);
  const written = !o.dryRun && after !== before;
  if (written) writeFileAtomicSync(resolved.path, after);
  return { path: resolved.path, file, before, after, unified, written };
}

function check(text: string, req: JsonEditRequest, i: number, against: string): void {
  const e = req.edits[i] as JsonEditRequest['edits'][number];
  const n = countOccurrences(text, e.old_string);
  if (n === 0) {
    throw new JsonEditError('anchor_not_found', `edits[${i}].old_string was not found in ${req.file_path}${against}; copy it byte for byte from the file (whitespace and line breaks included)`, i);
  }
  if (n !== e.expected_replacements) {
    throw new JsonEditError('count_mismatch', `edits[${i}].old_string occurs ${n} times in ${req.file_path}${against}, but expected_replacements is ${e.expected_replacements}; make old_string longer so it is unique, or set the count`, i);
  }
}

function applyInOrder(text: string, req: JsonEditRequest): string {
  let cur = text;
  req.edits.forEach((e, i) => {
    check(cur, req, i, i > 0 ? ' (after the edits before it)' : '');
    cur = cur.split(e.old_string).join(e.new_string);
  });
  return cur;
}

/** multi_edit: every anchor is found in the original text and no two overlap; then all apply at once. */
function applyAll(text: string, req: JsonEditRequest): string {
  const spans: { from: number; to: number; edit: number }[] = [];
  req.edits.forEach((e, i) => {
    check(text, req, i, '');
    for (let p = text.indexOf(e.old_string); p !== -1; p = text.indexOf(e.old_string, p + e.old_string.length)) {
      spans.push({ from: p, to: p + e.old_string.length, edit: i });
    }
  });
  spans.sort((a, b) => a.from - b.from);
  for (let k = 1; k < spans.length; k++) {
    const a = spans[k - 1] as (typeof spans)[number];
    const b = spans[k] as (typeof spans)[number];
    if (b.from < a.to) throw new JsonEditError('overlap', `edits[${a.edit}] and edits[${b.edit}] overlap in ${req.file_path}; merge them into one edit`, b.edit);
  }
  let out = '';
  let pos = 0;
  for (const s of spans) {
    out += text.slice(pos, s.from) + (req.edits[s.edit] as JsonEditRequest['edits'][number]).new_string;
    pos = s.to;
  }
  return out + text.slice(pos);
}
