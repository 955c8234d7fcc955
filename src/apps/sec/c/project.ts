/**
 * The whole scan seen from one group of files: which file defines each exported function and
 * global, and which files exist (for `#include "…"`). Built once per scan from the raw text (a
 * cheap line scan, not a parse) and handed to every worker, so calls into another directory are
 * followed and headers' macros and struct layouts are known wherever they are included.
 */
import { dirname, join, normalize, basename } from 'node:path';

export interface ProjectIndex {
  /** absolute path of the scanned root */
  root: string;
  /** C/C++ source and header files, relative to root, `/` separators */
  files: string[];
  /** exported (non-static) function name → files defining it */
  fns: Record<string, string[]>;
  /** exported global variable name → files defining it */
  globals: Record<string, string[]>;
  /** names some file assigns, increments or takes the address of (a global's initialiser is then not its value) */
  assigned: string[];
}

export function emptyIndex(root: string): ProjectIndex {
  return { root, files: [], fns: {}, globals: {}, assigned: [] };
}

/** operators that assign the name before them (`x = `, `x += `, `x++`) or after them (`++x`, `&x`) */
const ASSIGN_OP = /\+\+|--|(?:<<|>>|[-+*/%&|^])?=(?!=)|&/g;

const KEYWORDS = new Set(['if', 'for', 'while', 'switch', 'return', 'sizeof', 'do', 'else', 'case', 'typedef', 'struct', 'union', 'enum', 'defined']);

// a definition starts in column 0: `int main(int argc, char **argv) {`, `static void f(void)\n{`
const FUNCTION = /^([A-Za-z_][\w \t*]*?[ \t*]|)([A-Za-z_]\w*)[ \t]*\(([^;{}()]*(?:\([^()]*\)[^;{}()]*)*)\)\s*(?:const\s*)?\{/gm;
const GLOBAL = /^(?:const[ \t]+)?(?:(?:unsigned|signed|struct|union|enum|volatile)[ \t]+)*[A-Za-z_]\w*(?:[ \t]+const)?[ \t*]+([A-Za-z_]\w*)[ \t]*(?:\[[^\]\n]*\][ \t]*)*(?:=[^;]*)?;/gm;

/** Whether `src` defines a function (static or not), by the same line scan. */
export function definesFunction(src: string): boolean {
  FUNCTION.lastIndex = 0;
  for (const m of src.matchAll(FUNCTION)) if (!KEYWORDS.has(m[2] ?? '')) return true;
  return false;
}

function add(map: Record<string, string[]>, name: string, file: string): void {
  const list = map[name];
  if (!list) map[name] = [file];
  else if (!list.includes(file)) list.push(file);
}

/** Records what `src` (the text of `file`) defines for other files to use. */
export function indexSource(index: ProjectIndex, file: string, src: string): void {
  index.files.push(file);
  for (const m of src.matchAll(FUNCTION)) {
    const name = m[2] ?? '';
    const prefix = m[1] ?? '';
    if (KEYWORDS.has(name) || /\bstatic\b/.test(prefix)) continue;
    // GNU style puts `static int` on the line above the name
    if (!prefix) {
      const before = src.lastIndexOf('\n', (m.index ?? 0) - 2);
      if (/\bstatic\b/.test(src.slice(before + 1, m.index))) continue;
    }
    add(index.fns, name, file);
  }
  for (const m of src.matchAll(GLOBAL)) {
    const line = m[0];
    if (/^(static|extern|typedef|return|else|goto)\b/.test(line)) continue;
    const name = m[1] ?? '';
    if (KEYWORDS.has(name)) continue;
    add(index.globals, name, file);
    // the initialiser `= v` is not an assignment; finishIndex discounts it
    if (line.includes('=')) initialised.set(index, { ...(initialised.get(index) ?? {}), [name]: (initialised.get(index)?.[name] ?? 0) + 1 });
  }
}

const initialised = new WeakMap<ProjectIndex, Record<string, number>>();

/** After every file is indexed: which exported globals are assigned somewhere. */
export function finishIndex(index: ProjectIndex, sources: Iterable<string>): void {
  const names = new Set(Object.keys(index.globals));
  if (names.size === 0) return;
  const count = new Map<string, number>();
  for (const src of sources) {
    for (const m of src.matchAll(ASSIGN_OP)) {
      const op = m[0];
      const at = m.index ?? 0;
      const name = (op === '&' ? '' : nameBefore(src, at)) || (op === '++' || op === '--' || op === '&' ? nameAfter(src, at + op.length) : '');
      if (names.has(name)) count.set(name, (count.get(name) ?? 0) + 1);
    }
  }
  const inits = initialised.get(index) ?? {};
  index.assigned = [...count].filter(([name, n]) => n > (inits[name] ?? 0)).map(([name]) => name);
}

const isWord = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13;

/** The identifier ending just before `at` (spaces between allowed), or ''. */
function nameBefore(src: string, at: number): string {
  let e = at;
  while (e > 0 && isSpace(src.charCodeAt(e - 1))) e--;
  let s = e;
  while (s > 0 && isWord(src.charCodeAt(s - 1))) s--;
  if (s === e) return '';
  const first = src.charCodeAt(s);
  return first >= 48 && first <= 57 ? '' : src.slice(s, e);
}

/** The identifier starting at `at` (spaces before it allowed), or ''. */
function nameAfter(src: string, at: number): string {
  let s = at;
  while (s < src.length && isSpace(src.charCodeAt(s))) s++;
  let e = s;
  while (e < src.length && isWord(src.charCodeAt(e))) e++;
  if (s === e) return '';
  const first = src.charCodeAt(s);
  return first >= 48 && first <= 57 ? '' : src.slice(s, e);
}

/**
 * The file `#include "name"` in `from` means: beside `from` first, then any file of the scan
 * with that path ending (the `-I` directories are not known), the nearest one first.
 */
export function resolveInclude(index: ProjectIndex, from: string, name: string): string | undefined {
  const { files, byBase } = lookup(index);
  const beside = normalize(join(dirname(from), name)).split('\\').join('/');
  if (files.has(beside)) return beside;
  const tail = name.replace(/^(\.\.?\/)+/, '');
  const matches = (byBase.get(basename(name)) ?? []).filter((f) => f === tail || f.endsWith(`/${tail}`));
  return nearest(from, matches);
}

interface Lookup {
  files: ReadonlySet<string>;
  byBase: ReadonlyMap<string, string[]>;
}

const lookups = new WeakMap<ProjectIndex, Lookup>();

/** Sets over the index's files, built once per index. */
function lookup(index: ProjectIndex): Lookup {
  let l = lookups.get(index);
  if (!l) {
    const byBase = new Map<string, string[]>();
    for (const f of index.files) {
      const b = basename(f);
      const list = byBase.get(b);
      if (list) list.push(f);
      else byBase.set(b, [f]);
    }
    l = { files: new Set(index.files), byBase };
    lookups.set(index, l);
  }
  return l;
}

/** Of several files, the one sharing the longest directory prefix with `from`. */
export function nearest(from: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let score = -1;
  for (const c of candidates) {
    let i = 0;
    while (i < c.length && i < from.length && c[i] === from[i]) i++;
    if (i > score) {
      score = i;
      best = c;
    }
  }
  return best;
}
