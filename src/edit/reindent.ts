/**
 * The re-indentation fallback: SEARCH matches file lines whose trimmed text is equal and whose
 * indentation differs by a consistent mapping (same nesting, other base indent or tabs for
 * spaces). REPLACE is then re-indented through the same mapping.
 */
import { indentOf, indentWidth, isBlank, trimBoth } from './lines.js';

/** Indent of a SEARCH line -> indent of the file line it matched. */
export type IndentMap = Map<string, string>;

/**
 * The mapping when `search` and `window` (equal length) are the same code at another indentation,
 * else null. Blank lines must face blank lines; the mapping must be one-to-one and keep the order
 * of nesting, so a block cannot match code with a different structure.
 */
export function matchIndented(search: string[], window: string[]): IndentMap | null {
  const map: IndentMap = new Map();
  const back = new Map<string, string>();
  for (let i = 0; i < search.length; i++) {
    const s = search[i] as string;
    const f = window[i] as string;
    if (isBlank(s) || isBlank(f)) {
      if (isBlank(s) !== isBlank(f)) return null;
      continue;
    }
    if (trimBoth(s) !== trimBoth(f)) return null;
    const si = indentOf(s);
    const fi = indentOf(f);
    if ((map.get(si) ?? fi) !== fi || (back.get(fi) ?? si) !== si) return null;
    map.set(si, fi);
    back.set(fi, si);
  }
  const pairs = [...map.entries()].sort((a, b) => indentWidth(a[0]) - indentWidth(b[0]));
  for (let i = 1; i < pairs.length; i++) {
    if (indentWidth((pairs[i] as [string, string])[1]) <= indentWidth((pairs[i - 1] as [string, string])[1])) return null;
  }
  return map;
}

/** True when the mapping changes nothing (the match differed only in trailing whitespace). */
export function isIdentity(map: IndentMap): boolean {
  for (const [k, v] of map) if (k !== v) return false;
  return true;
}

/**
 * REPLACE lines re-indented through `map`; an indent not seen in SEARCH is derived from the
 * nesting unit (one level deeper in SEARCH = one level deeper in the file). Returns the 1-based
 * REPLACE line that cannot be mapped when no consistent indent exists.
 */
export function reindentLines(replace: string[], map: IndentMap): { lines: string[] } | { badLine: number } {
  const pairs = [...map.entries()].sort((a, b) => indentWidth(a[0]) - indentWidth(b[0]));
  const base = pairs[0];
  if (!base) return { lines: replace };
  const [baseS, baseF] = base;
  const unit = nestingUnit(pairs) ?? charUnit(baseS, baseF);
  const out: string[] = [];
  for (let i = 0; i < replace.length; i++) {
    const line = replace[i] as string;
    if (isBlank(line)) {
      out.push('');
      continue;
    }
    const ws = indentOf(line);
    const mapped = map.get(ws) ?? byUnit(ws, baseS, baseF, unit) ?? byPrefix(ws, baseS, baseF);
    if (mapped === null) return { badLine: i + 1 };
    out.push(mapped + line.slice(ws.length));
  }
  return { lines: out };
}

interface Unit {
  widthS: number;
  stringF: string;
}

/** The smallest nesting step of SEARCH and what it became in the file, if SEARCH has two levels. */
function nestingUnit(pairs: [string, string][]): Unit | null {
  let best: Unit | null = null;
  for (let i = 1; i < pairs.length; i++) {
    const [s0, f0] = pairs[i - 1] as [string, string];
    const [s1, f1] = pairs[i] as [string, string];
    const widthS = indentWidth(s1) - indentWidth(s0);
    if (!f1.startsWith(f0) || widthS <= 0) continue;
    if (!best || widthS < best.widthS) best = { widthS, stringF: f1.slice(f0.length) };
  }
  return best && best.stringF !== '' ? best : null;
}

/**
 * With one level only, tabs for spaces (or the reverse) still fix the unit: SEARCH indented 4
 * spaces where the file has one tab means 4 spaces = one tab.
 */
function charUnit(baseS: string, baseF: string): Unit | null {
  if (/^ +$/.test(baseS) && /^\t+$/.test(baseF) && baseS.length % baseF.length === 0) {
    return { widthS: baseS.length / baseF.length, stringF: '\t' };
  }
  if (/^\t+$/.test(baseS) && /^ +$/.test(baseF) && baseF.length % baseS.length === 0) {
    return { widthS: indentWidth('\t'), stringF: ' '.repeat(baseF.length / baseS.length) };
  }
  return null;
}

function byUnit(ws: string, baseS: string, baseF: string, unit: Unit | null): string | null {
  if (!unit) return null;
  const delta = indentWidth(ws) - indentWidth(baseS);
  if (delta % unit.widthS !== 0) return null;
  const k = delta / unit.widthS;
  if (k >= 0) return baseF + unit.stringF.repeat(k);
  const drop = unit.stringF.repeat(-k);
  return baseF.endsWith(drop) ? baseF.slice(0, baseF.length - drop.length) : null;
}

function byPrefix(ws: string, baseS: string, baseF: string): string | null {
  if (ws.startsWith(baseS)) return baseF + ws.slice(baseS.length);
  const drop = baseS.slice(ws.length);
  if (baseS.startsWith(ws) && baseF.endsWith(drop)) return baseF.slice(0, baseF.length - drop.length);
  return null;
}
