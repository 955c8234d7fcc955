/**
 * PATCH: every DIFF is located against the file as it was before the patch (what the model
 * read), overlaps are refused, and the file is written once, atomically, only when every DIFF
 * found its place. Any refusal leaves the file byte-identical.
 */
import { readFileSync } from 'node:fs';
import { writeFileAtomicSync, JarvisError, describeError } from '../util/index.js';
import { LineIndex } from './lines.js';
import { locateDiff, type Located } from './locate.js';
import { resolveEditPath } from './safe-path.js';
import { decodeText, encodeText, keepFinalNewline, normalizeNewlines, toLfView, toOriginalOffset, withEol, type DecodedText } from './text-codec.js';
import type { DiffRefusalCode, DiffResult, DiffSpec, FileRefusalCode, PatchReport, Refusal } from './types.js';
import { unifiedDiff } from './unified-diff.js';

export interface ApplyPatchOptions {
  /** Working root: relative paths resolve from it and writes outside it are refused. */
  root: string;
  file: string;
  diffs: DiffSpec[];
  /** Permit a path whose real location is outside `root`. */
  allowOutsideRoot?: boolean;
  /** Locate and report, but do not write. */
  dryRun?: boolean;
}

type Placed = Extract<Located, { ok: true }> & { index: number };

export function applyPatch(opts: ApplyPatchOptions): PatchReport {
  const { file } = opts;
  if (opts.diffs.length === 0) throw new JarvisError('internal', `applyPatch(${file}) called without any DIFF`);
  const diffs = opts.diffs.map(normalizeDiff);
  const where = resolveEditPath(opts.root, file, opts.allowOutsideRoot);
  if (!where.ok) return fileRefused(file, where.path, where.error, diffs.length);

  let decoded: DecodedText = { text: '', encoding: 'utf8', bom: false };
  if (where.exists) {
    const got = decodeText(readFileSync(where.path));
    if (!got.ok) return fileRefused(file, where.path, { code: got.code, message: `${file} ${got.message}` }, diffs.length);
    decoded = got.value;
  }
  const view = toLfView(decoded.text);
  const idx = new LineIndex(view.lf);

  const results: DiffResult[] = [];
  const placed: Placed[] = [];
  diffs.forEach((diff, index) => {
    const loc = locateOne(idx, diff, where.exists, file);
    if (loc.ok) {
      placed.push({ ...loc, index });
      results.push({ index, status: 'matched', how: loc.how, line: loc.line, endLine: loc.endLine });
    } else {
      results.push({ index, status: 'refused', reason: withOrderHint(loc.reason, diff, diffs.slice(0, index)) });
    }
  });
  for (const [later, earlier] of overlaps(placed)) {
    results[later.index] = {
      index: later.index,
      status: 'refused',
      reason: {
        code: 'overlap',
        message: `lines ${later.line}-${later.endLine} overlap DIFF ${earlier.index + 1} (lines ${earlier.line}-${earlier.endLine}); merge them into one DIFF`,
      },
    };
  }

  const base = { file, path: where.path, created: !where.exists, diffs: results, unified: '' };
  if (results.some((r) => r.status === 'refused')) return { ...base, outcome: 'refused', changed: false };

  let next = decoded.text;
  for (const p of [...placed].sort((a, b) => b.start - a.start)) {
    const os = toOriginalOffset(view, p.start);
    const oe = toOriginalOffset(view, p.end);
    next = next.slice(0, os) + withEol(p.replacement, view.eol) + next.slice(oe);
  }
  next = keepFinalNewline(decoded.text, next, view.eol);
  const changed = next !== decoded.text || !where.exists;
  if (changed && !opts.dryRun) {
    try {
      writeFileAtomicSync(where.path, encodeText(next, decoded.encoding, decoded.bom));
    } catch (e) {
      return fileRefused(file, where.path, { code: 'io', message: `cannot write ${file}: ${describeError(e)}` }, diffs.length);
    }
  }
  return { ...base, outcome: 'applied', changed, unified: unifiedDiff(file, view.lf, toLfView(next).lf, { created: !where.exists }) };
}

/** Models may send CRLF; matching happens on LF text (the file's own endings are restored on write). */
function normalizeDiff(d: DiffSpec): DiffSpec {
  return d.kind === 'search'
    ? { ...d, search: normalizeNewlines(d.search), replace: normalizeNewlines(d.replace) }
    : { ...d, start: normalizeNewlines(d.start), end: normalizeNewlines(d.end), replace: normalizeNewlines(d.replace) };
}

function locateOne(idx: LineIndex, diff: DiffSpec, exists: boolean, file: string): Located {
  const emptyFile = idx.text === '';
  if (diff.kind === 'search' && diff.search === '' && emptyFile) {
    return { ok: true, start: 0, end: 0, replacement: diff.replace, how: 'created', line: 1, endLine: 1 };
  }
  if (!exists) {
    return {
      ok: false,
      reason: { code: 'not_found', message: `${file} does not exist; create it with one DIFF whose SEARCH is empty, or with REWRITE` },
    };
  }
  return locateDiff(idx, diff);
}

/** Pairs [later, earlier] of placed diffs whose regions overlap (two insertions at one point count). */
function overlaps(placed: Placed[]): [Placed, Placed][] {
  const sorted = [...placed].sort((a, b) => a.start - b.start || a.index - b.index);
  const out: [Placed, Placed][] = [];
  let prev: Placed | undefined;
  for (const cur of sorted) {
    if (prev && (cur.start < prev.end || cur.start === prev.start)) {
      out.push(cur.index > prev.index ? [cur, prev] : [prev, cur]);
      if (cur.end <= prev.end) continue;
    }
    prev = cur;
  }
  return out;
}

/** A SEARCH that exists only in an earlier DIFF's REPLACE means the model chained its diffs. */
function withOrderHint(reason: Refusal<DiffRefusalCode>, diff: DiffSpec, earlier: DiffSpec[]): Refusal<DiffRefusalCode> {
  if (reason.code !== 'not_found' || diff.kind !== 'search' || diff.search === '') return reason;
  const k = earlier.findIndex((d) => d.replace.includes(diff.search));
  if (k === -1) return reason;
  return {
    ...reason,
    message: `${reason.message}. Its SEARCH text is in the REPLACE of DIFF ${k + 1}, but every DIFF matches the file as it was before this PATCH: merge the two DIFFs`,
  };
}

function fileRefused(file: string, path: string, error: Refusal<FileRefusalCode>, count: number): PatchReport {
  const diffs: DiffResult[] = Array.from({ length: count }, (_, index) => ({
    index,
    status: 'refused',
    reason: { code: 'file_refused', message: error.message },
  }));
  return { file, path, outcome: 'refused', created: false, changed: false, diffs, error, unified: '' };
}
