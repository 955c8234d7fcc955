/**
 * C string literals: their characters with escapes decoded (format strings are read from them)
 * and their length.
 */

const SIMPLE: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0', a: '\x07', b: '\b', f: '\f', v: '\v', '\\': '\\', "'": "'", '"': '"', '?': '?' };

/** The characters of a (possibly concatenated, possibly wide) C string literal. */
export function decodeLiteral(raw: string): string {
  let out = '';
  for (const m of raw.matchAll(/"((?:[^"\\]|\\.)*)"/g)) {
    out += (m[1] ?? '').replace(/\\(x[0-9a-fA-F]+|[0-7]{1,3}|.)/g, (_all, e: string) => {
      if (e[0] === 'x') return String.fromCharCode(parseInt(e.slice(1), 16) & 0xff);
      if (/^[0-7]/.test(e)) return String.fromCharCode(parseInt(e, 8) & 0xff);
      return SIMPLE[e] ?? e;
    });
  }
  return out;
}

/** Characters in a (possibly concatenated) C string literal, escapes counted once. */
export function literalLength(raw: string): number {
  return decodeLiteral(raw).length;
}
