/**
 * Finds where one DIFF applies in the file's LF text. Rules (docs/edit.md): byte-exact first;
 * only when that finds nothing, whole-line fallbacks from strict to loose (newline-trimmed,
 * trailing whitespace, re-indented). Any stage with more than one candidate refuses as
 * ambiguous, since a looser stage can only find more.
 */
import type { DiffRefusalCode, DiffSpec, LineRange, MatchKind, Refusal } from './types.js';
import { type LineIndex, isBlank, trimBoth, trimEnd } from './lines.js';
import { isIdentity, matchIndented, reindentLines } from './reindent.js';

export type Located =
  | { ok: true; start: number; end: number; replacement: string; how: MatchKind; line: number; endLine: number }
  | { ok: false; reason: Refusal<DiffRefusalCode> };

interface Scope {
  from: number;
  to: number;
  firstLine: number;
  lastLine: number;
  label: string;
}

const MAX_LISTED = 10;

/** Locates `diff` (its texts already LF-normalised) in `text`. */
export function locateDiff(idx: LineIndex, diff: DiffSpec): Located {
  const scope = scopeOf(idx, diff.range);
  if ('code' in scope) return { ok: false, reason: scope };
  return diff.kind === 'search' ? locateSearch(idx, scope, diff.search, diff.replace) : locateSpan(idx, scope, diff);
}

function refuse(code: DiffRefusalCode, message: string, candidates?: number[]): Located {
  return { ok: false, reason: candidates ? { code, message, candidates } : { code, message } };
}

function scopeOf(idx: LineIndex, range: LineRange | undefined): Scope | Refusal<DiffRefusalCode> {
  const n = idx.count;
  if (!range) return { from: 0, to: idx.text.length, firstLine: 0, lastLine: n - 1, label: '' };
  const { start, end } = range;
  const why =
    start < 1 ? 'lines start at 1'
    : start > end ? 'the start is after the end'
    : start > n ? `the file has only ${n} line${n === 1 ? '' : 's'}`
    : '';
  if (why) return { code: 'range_invalid', message: `RANGE ${start}-${end} is invalid: ${why}` };
  const last = Math.min(end, n);
  return { from: idx.startOf(start - 1), to: idx.startOf(last), firstLine: start - 1, lastLine: last - 1, label: ` within lines ${start}-${last}` };
}

function occurrences(text: string, needle: string, from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = text.indexOf(needle, from); i !== -1 && i + needle.length <= to; i = text.indexOf(needle, i + 1)) out.push(i);
  return out;
}

function lineNumbers(idx: LineIndex, offsets: number[]): number[] {
  return offsets.slice(0, MAX_LISTED).map((o) => idx.lineAt(o) + 1);
}

function ambiguous(idx: LineIndex, what: string, scope: Scope, lines: number[]): Located {
  const shown = lines.slice(0, MAX_LISTED);
  return refuse(
    'ambiguous',
    `${what} matches ${lines.length} places${scope.label} (lines ${shown.join(', ')}${lines.length > shown.length ? ', …' : ''}); ` +
      'add surrounding lines to make it unique, or add a RANGE',
    shown,
  );
}

function matched(idx: LineIndex, start: number, end: number, replacement: string, how: MatchKind): Located {
  return { ok: true, start, end, replacement, how, line: idx.lineAt(start) + 1, endLine: idx.lineAt(Math.max(start, end - 1)) + 1 };
}

function locateSearch(idx: LineIndex, scope: Scope, search: string, replace: string): Located {
  if (search === '') {
    return refuse('empty_search', 'SEARCH is empty; an empty SEARCH only creates a file that does not exist yet (or is empty)');
  }
  const hits = occurrences(idx.text, search, scope.from, scope.to);
  if (hits.length > 1) return ambiguous(idx, 'SEARCH', scope, lineNumbers(idx, hits));
  if (hits.length === 1) {
    const at = hits[0] as number;
    const lineStart = idx.startOf(idx.lineAt(at));
    if (search.includes('\n') && at > lineStart && isBlank(idx.text.slice(lineStart, at))) {
      // Whole lines found after a line's indentation: REPLACE's other lines need it too.
      const lines = locateLines(idx, scope, search, replace);
      if (lines?.ok && lines.line === idx.lineAt(at) + 1) return lines;
    }
    // A SEARCH ending in a line break replaces whole lines: keep the break if REPLACE forgot it.
    const rep = search.endsWith('\n') && replace !== '' && !replace.endsWith('\n') ? `${replace}\n` : replace;
    return matched(idx, at, at + search.length, rep, 'exact');
  }
  return locateLines(idx, scope, search, replace) ?? notFound(idx, scope, search);
}

type LineMode = 'newline-trimmed' | 'whitespace' | 'reindented';

/** The whole-line fallbacks; null when none finds a place. */
function locateLines(idx: LineIndex, scope: Scope, search: string, replace: string): Located | null {
  // Line breaks around the text are layout; the lines in between are what must match.
  const unwrap = (t: string): string => t.replace(/^\n+/, '').replace(/\n+$/, '');
  const s = unwrap(search);
  const r = unwrap(replace);
  if (s === '') return null;
  const sl = s.split('\n');
  const rl = r === '' ? [] : r.split('\n');
  const file: string[] = [];
  for (let i = scope.firstLine; i <= scope.lastLine; i++) file.push(idx.line(i));
  for (const mode of ['newline-trimmed', 'whitespace', 'reindented'] as const) {
    const found = windows(file, scope.firstLine, sl, mode);
    if (found.length > 1) return ambiguous(idx, `SEARCH (ignoring ${ignoring(mode)})`, scope, found.map((f) => f.line + 1));
    const hit = found[0];
    if (!hit) continue;
    let lines = rl;
    if (mode === 'reindented' && hit.map) {
      const re = reindentLines(rl, hit.map);
      if ('badLine' in re) {
        return refuse(
          'reindent_failed',
          `SEARCH matches line ${hit.line + 1} only with other indentation, and REPLACE line ${re.badLine} cannot be ` +
            'indented consistently; copy SEARCH and REPLACE with the exact indentation of the file',
        );
      }
      lines = re.lines;
    }
    const how: MatchKind = mode === 'reindented' && hit.map && isIdentity(hit.map) ? 'whitespace' : mode;
    return replaceLines(idx, hit.line, hit.line + sl.length - 1, lines, how);
  }
  return null;
}

function ignoring(mode: LineMode): string {
  return mode === 'newline-trimmed' ? 'wrapping newlines' : mode === 'whitespace' ? 'trailing whitespace' : 'indentation';
}

interface Window {
  line: number;
  map?: ReturnType<typeof matchIndented>;
}

const KEYS: Record<LineMode, (line: string) => string> = {
  'newline-trimmed': (l) => l,
  whitespace: trimEnd,
  reindented: trimBoth,
};

/** Windows of file lines equal to the SEARCH lines under `mode`; `file` is the scope's lines. */
function windows(file: string[], firstLine: number, sl: string[], mode: LineMode): Window[] {
  const key = KEYS[mode];
  const want = sl.map(key);
  const have = file.map(key);
  const out: Window[] = [];
  for (let i = 0; i + want.length <= have.length; i++) {
    let j = 0;
    while (j < want.length && have[i + j] === want[j]) j++;
    if (j < want.length) continue;
    if (mode !== 'reindented') {
      out.push({ line: firstLine + i });
      continue;
    }
    const map = matchIndented(sl, file.slice(i, i + sl.length));
    if (map) out.push({ line: firstLine + i, map });
  }
  return out;
}

/** Replaces 0-based lines a..b (with b's line break) by `lines`; no lines deletes them. */
function replaceLines(idx: LineIndex, a: number, b: number, lines: string[], how: MatchKind): Located {
  const start = idx.startOf(a);
  const end = idx.startOf(b + 1);
  const hadBreak = end > start && idx.text.charCodeAt(end - 1) === 10;
  const body = lines.join('\n');
  const replacement = lines.length === 0 ? '' : hadBreak ? `${body}\n` : body;
  return { ok: true, start, end, replacement, how, line: a + 1, endLine: b + 1 };
}

function notFound(idx: LineIndex, scope: Scope, search: string): Located {
  const first = search.split('\n').find((l) => !isBlank(l))?.trim() ?? '';
  const near: number[] = [];
  for (let i = scope.firstLine; i <= scope.lastLine && first !== '' && near.length < 5; i++) {
    if (idx.line(i).includes(first)) near.push(i + 1);
  }
  const tip = near.length
    ? `; its first line appears at line${near.length > 1 ? 's' : ''} ${near.join(', ')}, so a later line differs — copy SEARCH exactly from the file`
    : '; re-read the file and copy SEARCH exactly';
  return refuse('not_found', `SEARCH not found${scope.label}${tip}`, near.length ? near : undefined);
}

/** SEARCH_START/SEARCH_END: unique start marker, first end marker after it, widened to whole lines. */
function locateSpan(idx: LineIndex, scope: Scope, diff: Extract<DiffSpec, { kind: 'span' }>): Located {
  const start = findMarker(idx.text, diff.start, scope.from, scope.to);
  if (start.hits.length === 0) {
    return refuse('start_not_found', `SEARCH_START not found${scope.label}; copy a line of the file exactly`);
  }
  if (start.hits.length > 1) return ambiguous(idx, 'SEARCH_START', scope, lineNumbers(idx, start.hits));
  const startAt = start.hits[0] as number;
  const after = startAt + start.length;
  const end = findMarker(idx.text, diff.end, after, scope.to, true);
  const endAt = end.hits[0];
  if (endAt === undefined) {
    return refuse('end_not_found', `SEARCH_END not found after SEARCH_START (line ${idx.lineAt(startAt) + 1})${scope.label}`);
  }
  const a = idx.lineAt(startAt);
  const b = idx.lineAt(endAt + end.length - 1);
  const s = idx.startOf(a);
  const e = idx.startOf(b + 1);
  const hadBreak = idx.text.charCodeAt(e - 1) === 10;
  const rep = hadBreak && diff.replace !== '' && !diff.replace.endsWith('\n') ? `${diff.replace}\n` : diff.replace;
  return matched(idx, s, e, rep, 'range');
}

/** Exact marker hits, else hits of the marker without surrounding whitespace (it only picks lines). */
function findMarker(text: string, marker: string, from: number, to: number, firstOnly = false): { hits: number[]; length: number } {
  const bare = marker.replace(/^[ \t\n]+|[ \t\n]+$/g, '');
  for (const m of marker === bare ? [marker] : [marker, bare]) {
    if (m === '') continue;
    const hits = occurrences(text, m, from, to);
    if (hits.length) return { hits: firstOnly ? hits.slice(0, 1) : hits, length: m.length };
  }
  return { hits: [], length: 0 };
}
