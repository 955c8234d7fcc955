/** A replacement of `[start, end)` (JS string indices of the original text) by `text`. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** Applies non-overlapping edits; throws on overlap, which would be a bug in the caller. */
export function applyEdits(source: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let pos = 0;
  for (const e of sorted) {
    if (e.start < pos) throw new Error(`overlapping edits at ${e.start}`);
    out += source.slice(pos, e.start) + e.text;
    pos = e.end;
  }
  return out + source.slice(pos);
}

/**
 * Maps an index of `applyEdits(source, edits)` back to the original text. An index inside
 * replaced text maps to the start of the replaced range.
 */
export function mapBack(edits: readonly TextEdit[], index: number): number {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  let shift = 0;
  for (const e of sorted) {
    const newStart = e.start + shift;
    if (index < newStart) break;
    if (index < newStart + e.text.length) return e.start;
    shift += e.text.length - (e.end - e.start);
  }
  return index - shift;
}

/** Converts a UTF-8 byte offset (what rustc reports) to a JS string index. */
export function byteToIndex(text: string, byteOffset: number): number {
  // Fast path: pure ASCII text has equal offsets.
  // eslint-disable-next-line no-control-regex
  if (!/[^\x00-\x7f]/.test(text)) return Math.min(byteOffset, text.length);
  const buf = Buffer.from(text, 'utf8');
  return buf.subarray(0, Math.min(byteOffset, buf.length)).toString('utf8').length;
}

/** Index of the first character of the line holding `index`. */
export function lineStart(text: string, index: number): number {
  return text.lastIndexOf('\n', index - 1) + 1;
}

/** The spaces and tabs that open the line holding `index`. */
export function indentAt(text: string, index: number): string {
  const start = lineStart(text, index);
  return /^[ \t]*/.exec(text.slice(start))?.[0] ?? '';
}
