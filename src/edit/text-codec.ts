/**
 * Turns file bytes into the text the matcher works on and back, so that an edit changes only
 * what it replaces: encoding, byte-order mark, line-ending style and final newline survive.
 */

export type TextEncoding = 'utf8' | 'utf16le' | 'utf16be';

export interface DecodedText {
  /** Content with the BOM removed, line endings as in the file. */
  text: string;
  encoding: TextEncoding;
  bom: boolean;
}

export type DecodeResult = { ok: true; value: DecodedText } | { ok: false; code: 'binary' | 'encoding'; message: string };

// Same sniff window as git's binary detection.
const SNIFF_BYTES = 8000;
const utf8Strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function decodeText(buf: Buffer): DecodeResult {
  if (buf.length >= 2 && buf[0] === 0xff && buf[1] === 0xfe) {
    return { ok: true, value: { text: buf.subarray(2).toString('utf16le'), encoding: 'utf16le', bom: true } };
  }
  if (buf.length >= 2 && buf[0] === 0xfe && buf[1] === 0xff) {
    const swapped = Buffer.from(buf.subarray(2));
    swapped.swap16();
    return { ok: true, value: { text: swapped.toString('utf16le'), encoding: 'utf16be', bom: true } };
  }
  const bom = buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf;
  const body = bom ? buf.subarray(3) : buf;
  if (body.subarray(0, SNIFF_BYTES).includes(0)) {
    return { ok: false, code: 'binary', message: 'looks like a binary file (NUL bytes); text edits are refused' };
  }
  try {
    return { ok: true, value: { text: utf8Strict.decode(body), encoding: 'utf8', bom } };
  } catch {
    return {
      ok: false,
      code: 'encoding',
      message: 'is not valid UTF-8 (nor UTF-16 with a BOM); edits are refused so the file is not corrupted',
    };
  }
}

export function encodeText(text: string, enc: TextEncoding, bom: boolean): Buffer {
  if (enc === 'utf8') {
    const body = Buffer.from(text, 'utf8');
    return bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
  }
  const le = Buffer.from(text, 'utf16le');
  if (enc === 'utf16be') le.swap16();
  const mark = enc === 'utf16le' ? [0xff, 0xfe] : [0xfe, 0xff];
  return Buffer.concat([Buffer.from(mark), le]);
}

/**
 * The file's text with every CRLF turned into LF, plus what is needed to map offsets in that
 * view back to the original and to write new text in the file's own style.
 */
export interface LfView {
  lf: string;
  /** Sorted offsets (in `lf`) of the LF characters that were CRLF in the file. */
  crlfAt: number[];
  /** Line ending new lines get: the file's majority style (LF when it has no line breaks). */
  eol: '\n' | '\r\n';
}

export function toLfView(text: string): LfView {
  const crlfAt: number[] = [];
  let lf = '';
  let last = 0;
  let lfOnly = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) !== 10) continue;
    if (i > 0 && text.charCodeAt(i - 1) === 13) {
      lf += text.slice(last, i - 1);
      crlfAt.push(lf.length);
      lf += '\n';
      last = i + 1;
    } else {
      lfOnly++;
    }
  }
  lf += text.slice(last);
  return { lf, crlfAt, eol: crlfAt.length > lfOnly ? '\r\n' : '\n' };
}

/** Offset in the original text of offset `i` in the LF view. */
export function toOriginalOffset(view: LfView, i: number): number {
  // Count CRLFs whose LF sits before i: each added one '\r' before it in the original.
  let lo = 0;
  let hi = view.crlfAt.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((view.crlfAt[mid] as number) < i) lo = mid + 1;
    else hi = mid;
  }
  return i + lo;
}

export function normalizeNewlines(s: string): string {
  return s.replace(/\r\n/g, '\n');
}

export function withEol(s: string, eol: '\n' | '\r\n'): string {
  return eol === '\n' ? s : s.replace(/\n/g, '\r\n');
}

/** Keeps the original's final-newline state (docs/edit.md: models add or drop it by accident). */
export function keepFinalNewline(original: string, next: string, eol: '\n' | '\r\n'): string {
  if (original === '' || next === '') return next;
  const had = original.endsWith('\n');
  const has = next.endsWith('\n');
  if (had && !has) return next + eol;
  if (!had && has) return next.endsWith('\r\n') ? next.slice(0, -2) : next.slice(0, -1);
  return next;
}
