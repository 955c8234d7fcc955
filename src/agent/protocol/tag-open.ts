/**
 * Recognisers for what can start at a `<` (or a marker's first character) in model output:
 * an opening tag of a registered name, or a completion marker. Each answers from the text
 * it is given and says `more` only when that text ends before the answer is known, so the
 * streaming parser reaches the same decision however the reply was cut into chunks.
 */

export interface OpenTagSpec {
  name: string;
  /** attribute names the tag takes; an opening tag naming any other attribute is plain text */
  attributes?: readonly string[];
}

export type MatchResult =
  | { kind: 'no' }
  | { kind: 'more' }
  | { kind: 'tag'; end: number; name: string; attributes: Record<string, string>; selfClosing: boolean }
  | { kind: 'marker'; end: number; marker: string };

const NO: MatchResult = { kind: 'no' };
const MORE: MatchResult = { kind: 'more' };

const isNameChar = (c: string): boolean => /[A-Za-z0-9_.:-]/.test(c);
const isKeyStart = (c: string): boolean => /[A-Za-z_]/.test(c);
const isKeyChar = (c: string): boolean => /[A-Za-z0-9_-]/.test(c);
const isBlank = (c: string): boolean => c === ' ' || c === '\t';

export interface OpenTagTable {
  specs: Map<string, OpenTagSpec>;
  /** every prefix of every registered name, '' included */
  prefixes: Set<string>;
}

export function buildOpenTagTable(tags: readonly OpenTagSpec[]): OpenTagTable {
  const specs = new Map<string, OpenTagSpec>();
  const prefixes = new Set<string>();
  for (const t of tags) {
    if (!/^[A-Za-z_][A-Za-z0-9_.:-]*$/.test(t.name)) throw new Error(`invalid tag name ${JSON.stringify(t.name)}`);
    specs.set(t.name, t);
    for (let i = 0; i <= t.name.length; i++) prefixes.add(t.name.slice(0, i));
  }
  return { specs, prefixes };
}

/**
 * Cursor over `text[p … p+maxLen)`: running off the end of the text means `more` unless the
 * text is final; running past `maxLen` means this is no tag, whatever follows.
 */
class Cursor {
  constructor(
    readonly text: string,
    readonly p: number,
    readonly maxLen: number,
    readonly final: boolean,
  ) {}
  /** the answer when index `i` is not available */
  out(i: number): MatchResult | undefined {
    if (i >= this.p + this.maxLen) return NO;
    if (i >= this.text.length) return this.final ? NO : MORE;
    return undefined;
  }
}

/** Is `text` at `p` (a `<`) the opening tag of a registered name? */
export function matchOpenTag(text: string, p: number, table: OpenTagTable, maxLen: number, final: boolean): MatchResult {
  const cur = new Cursor(text, p, maxLen, final);
  let i = p + 1;
  while (i < text.length && i < p + maxLen && isNameChar(text[i] as string)) i++;
  const name = text.slice(p + 1, i);
  const stop = cur.out(i);
  if (stop) return stop === MORE && table.prefixes.has(name) ? MORE : NO;
  const spec = table.specs.get(name);
  if (!spec) return NO;
  const allowed = new Set(spec.attributes ?? []);
  const attributes: Record<string, string> = {};
  const c = text[i] as string;
  if (c !== '>' && c !== '/' && !isBlank(c)) return NO;
  for (;;) {
    while (i < text.length && isBlank(text[i] as string)) i++;
    const s = cur.out(i);
    if (s) return s;
    const ch = text[i] as string;
    if (ch === '>') return { kind: 'tag', end: i + 1, name, attributes, selfClosing: false };
    if (ch === '/') {
      const s2 = cur.out(i + 1);
      if (s2) return s2;
      return text[i + 1] === '>' ? { kind: 'tag', end: i + 2, name, attributes, selfClosing: true } : NO;
    }
    const attr = readAttribute(cur, i, allowed);
    if (attr.kind !== 'ok') return attr.kind === 'more' ? MORE : NO;
    attributes[attr.key] = attr.value;
    i = attr.end;
  }
}

type AttrResult = { kind: 'ok'; key: string; value: string; end: number } | { kind: 'no' } | { kind: 'more' };

function fail(r: MatchResult): AttrResult {
  return r.kind === 'more' ? { kind: 'more' } : { kind: 'no' };
}

/** `key=value` with the value in double, single or no quotes, starting at `i`. */
function readAttribute(cur: Cursor, start: number, allowed: ReadonlySet<string>): AttrResult {
  const { text } = cur;
  let i = start;
  if (!isKeyStart(text[i] as string)) return { kind: 'no' };
  while (i < text.length && isKeyChar(text[i] as string)) i++;
  let s = cur.out(i);
  if (s) return fail(s);
  const key = text.slice(start, i);
  if (!allowed.has(key)) return { kind: 'no' };
  while (i < text.length && isBlank(text[i] as string)) i++;
  if ((s = cur.out(i))) return fail(s);
  if (text[i] !== '=') return { kind: 'no' };
  i++;
  while (i < text.length && isBlank(text[i] as string)) i++;
  if ((s = cur.out(i))) return fail(s);
  const q = text[i] as string;
  if (q === '"' || q === "'") {
    for (let j = i + 1; ; j++) {
      if ((s = cur.out(j))) return fail(s);
      const c = text[j] as string;
      if (c === '\n' || c === '\r') return { kind: 'no' };
      if (c !== q) continue;
      if ((s = cur.out(j + 1))) return fail(s);
      const after = text[j + 1] as string;
      if (after !== '>' && after !== '/' && !isBlank(after)) return { kind: 'no' };
      return { kind: 'ok', key, value: text.slice(i + 1, j), end: j + 1 };
    }
  }
  return readBareValue(cur, key, i, allowed);
}

/**
 * An unquoted value runs to the `>`, across spaces, so `<PATCH file=my file.c>` names
 * "my file.c"; it stops before a space followed by another accepted `key=` or by `/>`.
 */
function readBareValue(cur: Cursor, key: string, start: number, allowed: ReadonlySet<string>): AttrResult {
  const { text } = cur;
  let s: MatchResult | undefined;
  for (let j = start; ; j++) {
    if ((s = cur.out(j))) return fail(s);
    const c = text[j] as string;
    if (c === '\n' || c === '\r' || c === '<' || c === '"' || c === "'") return { kind: 'no' };
    if (c === '>') return j > start ? { kind: 'ok', key, value: text.slice(start, j), end: j } : { kind: 'no' };
    if (!isBlank(c)) continue;
    if (j === start) return { kind: 'no' };
    let k = j;
    while (k < text.length && isBlank(text[k] as string)) k++;
    if ((s = cur.out(k))) return fail(s);
    const next = text[k] as string;
    let ends = next === '>';
    if (next === '/') {
      if ((s = cur.out(k + 1))) return fail(s);
      ends = text[k + 1] === '>';
    } else if (isKeyStart(next)) {
      let e = k;
      while (e < text.length && isKeyChar(text[e] as string)) e++;
      while (e < text.length && isBlank(text[e] as string)) e++;
      if ((s = cur.out(e))) return fail(s);
      ends = text[e] === '=' && allowed.has(text.slice(k, e).trim());
    }
    if (ends) return { kind: 'ok', key, value: text.slice(start, j), end: j };
    j = k - 1;
  }
}

/**
 * Is one of `markers` at `p`? While any marker could still match, the answer is `more`, so a
 * short marker never wins over a longer one that a later chunk would have completed.
 */
export function matchMarker(text: string, p: number, markers: readonly string[], final: boolean): MatchResult {
  let found: MatchResult = NO;
  for (const m of markers) {
    if (text.length - p >= m.length) {
      if (found.kind === 'no' && text.startsWith(m, p)) found = { kind: 'marker', end: p + m.length, marker: m };
    } else if (!final && m.startsWith(text.slice(p))) {
      return MORE;
    }
  }
  return found;
}
