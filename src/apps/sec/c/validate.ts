/**
 * Validators: functions of the program that accept a string only when every character is in a
 * narrow class (`isalnum`/`isdigit`/`islower`… plus a few listed punctuation characters, or
 * `strspn(s, "abc…") == strlen(s)`) and reject it otherwise (`return 0`/`-1`/`false`). A string
 * that went through one holds no quote, slash, shell or format character, so it is no longer
 * dangerous in a path, a command, a query or a format, though it still came from outside (its
 * length is still the input's).
 */
import type { N } from './ast.js';
import type { FnDef } from './context.js';
import type { State } from './state.js';
import type { Val } from './values.js';
import { formatText } from './strings.js';

/** character classes with no punctuation at all */
const NARROW_CLASS = new Set(['isalnum', 'isalpha', 'isdigit', 'islower', 'isupper', 'isxdigit', 'isblank', 'iswalnum', 'iswalpha', 'iswdigit', 'iswlower', 'iswupper', 'iswxdigit']);
/** characters that make a string escape a directory, a quote or a command when allowed */
const DANGEROUS = new Set(['/', '\\', '\'', '"', '`', ';', '|', '&', '$', '%', '<', '>', '\n', '(', ')', '*', '?', '[', ']', '{', '}', '~', '!', '#']);

/** What a validator guarantees: every character in a narrow class, or only no '/' (or no '..') in the name */
export type Check = 'class' | 'path';

/** A validated parameter; `extras`: the parameter holding the further characters it lets through (`strchr(allowed, c)`) */
export interface Validated { i: number; kind: Check; extras?: number }

const cache = new WeakMap<FnDef, Validated[]>();

/**
 * `strchr(set, c)` in a test: the set of further characters let through, as a literal's characters
 * or as the name of the parameter holding them.
 */
function searchedSets(cond: N, fn: FnDef): Array<{ chars?: string; param?: string }> {
  const out: Array<{ chars?: string; param?: string }> = [];
  walk(cond, (x) => {
    if (x.t !== 'call_expression' || x.c[0]?.t !== 'identifier' || !/^(strchr|memchr|wcschr)$/.test(src(fn, x.c[0]))) return;
    const set = x.c[1]?.c[0];
    if (set?.t === 'string_literal') out.push({ chars: src(fn, set).slice(1, -1).replace(/\\(.)/g, '$1') });
    else if (set?.t === 'identifier') out.push({ param: src(fn, set) });
  });
  return out;
}

function walk(n: N, visit: (n: N) => boolean | void): void {
  if (visit(n) === false) return;
  for (const c of n.c) walk(c, visit);
}

function src(fn: FnDef, n: N): string {
  return fn.file.src.slice(n.s, n.e);
}

/** The characters a char literal stands for ('a', '\n', '\\'). */
function charOf(lit: string): string | undefined {
  const m = /^'(\\?.)'$/s.exec(lit);
  if (!m?.[1]) return undefined;
  const s = m[1];
  if (!s.startsWith('\\')) return s;
  return ({ '\\n': '\n', '\\t': '\t', '\\\\': '\\', "\\'": "'", '\\"': '"', '\\0': '\0' } as Record<string, string>)[s] ?? s.slice(1);
}

/** Does this statement (an `if` body) reject: return a constant 0, -1, false or NULL? */
function rejects(n: N | undefined, fn: FnDef): boolean {
  if (!n) return false;
  let found = false;
  walk(n, (x) => {
    if (x.t === 'return_statement') {
      const v = x.c[0] ? src(fn, x.c[0]).replace(/[()\s]/g, '') : '';
      if (/^(0|-1|-?[A-Z_]*E[A-Z]+|false|NULL|nullptr)$/.test(v)) found = true;
    }
  });
  return found;
}

/** The characters an `if` condition lets through besides the class: `c != '-'` in an `&&` chain. */
function allowedExtras(cond: N, fn: FnDef): string[] {
  const out: string[] = [];
  walk(cond, (x) => {
    if (x.t === 'binary_expression' && (x.op === '!=' || x.op === '==')) {
      for (const side of x.c) if (side.t === 'char_literal') {
        const c = charOf(src(fn, side));
        if (c !== undefined) out.push(c);
      }
    }
  });
  return out;
}

function mentionsClass(cond: N, fn: FnDef): boolean {
  let yes = false;
  walk(cond, (x) => {
    if (x.t === 'call_expression' && x.c[0]?.t === 'identifier' && NARROW_CLASS.has(src(fn, x.c[0]))) yes = true;
  });
  return yes || charRanges(cond, fn).length > 0;
}

/** The lowest (or highest) character a comparison with a char literal lets through: `c >= 'a'`, `'z' >= c`. */
function rangeEnd(x: N, fn: FnDef): { lo?: number; hi?: number } | undefined {
  if (x.t !== 'binary_expression' || !x.op || !['<', '<=', '>', '>='].includes(x.op)) return undefined;
  const [l, r] = x.c;
  if (!l || !r) return undefined;
  const litLeft = l.t === 'char_literal';
  const lit = litLeft ? l : r.t === 'char_literal' ? r : undefined;
  const ch = lit ? charOf(src(fn, lit)) : undefined;
  if (ch === undefined || ch.length !== 1) return undefined;
  const code = ch.charCodeAt(0);
  // with the literal on the left the comparison reads the other way round
  const op = litLeft ? ({ '<': '>', '<=': '>=', '>': '<', '>=': '<=' } as Record<string, string>)[x.op] : x.op;
  return op === '>=' ? { lo: code } : op === '>' ? { lo: code + 1 } : op === '<=' ? { hi: code } : { hi: code - 1 };
}

/**
 * Character ranges an `if` condition tests (`c >= 'a' && c <= 'z'`, `'0' <= c && c <= '9'`), as
 * code ranges. A range holding a quote, a slash or a shell character is `wide`: no narrow class.
 */
function charRanges(cond: N, fn: FnDef): Array<{ lo: number; hi: number; wide: boolean }> {
  const out: Array<{ lo: number; hi: number; wide: boolean }> = [];
  walk(cond, (x) => {
    if (x.t !== 'binary_expression' || x.op !== '&&' || x.c.length !== 2) return;
    const a = rangeEnd(x.c[0] as N, fn);
    const b = rangeEnd(x.c[1] as N, fn);
    if (!a || !b) return;
    const lo = a.lo ?? b.lo;
    const hi = a.hi ?? b.hi;
    if (lo === undefined || hi === undefined) return;
    let wide = false;
    for (let c = lo; c <= hi && !wide; c++) if (DANGEROUS.has(String.fromCharCode(c))) wide = true;
    out.push({ lo, hi, wide });
    return false;
  });
  return out;
}

/** `strspn(s, "abc…") != strlen(s)` with a literal set of harmless characters. */
function spanCheck(n: N, fn: FnDef, param: string): boolean {
  let ok = false;
  walk(n, (x) => {
    if (x.t !== 'call_expression' || x.c[0]?.t !== 'identifier' || src(fn, x.c[0]) !== 'strspn') return;
    const [s, set] = x.c[1]?.c ?? [];
    if (!s || !set || set.t !== 'string_literal' || src(fn, s).replace(/[()\s]/g, '') !== param) return;
    const chars = src(fn, set).slice(1, -1).replace(/\\(.)/g, '$1');
    if (chars.length > 0 && ![...chars].some((c) => DANGEROUS.has(c))) ok = true;
  });
  return ok;
}

/**
 * Indexes of the string parameters `fn` validates character by character (empty when none).
 * A parameter counts when a loop in the function tests characters with a narrow class and returns
 * a rejection when the test fails, and the test lets through no dangerous character.
 */
export function validatedParams(fn: FnDef): Validated[] {
  const known = cache.get(fn);
  if (known) return known;
  const out: Validated[] = [];
  const strings = fn.params.map((p, i) => ({ p, i })).filter(({ p }) => p.type.ptr === 1 && /char/.test(p.type.base));
  // a predicate returning `!name.empty() && name.find('/') == npos && name.find("..") == npos`
  const predicates: Validated[] = [];
  fn.params.forEach((p, i) => {
    const text = (p.type.ptr === 1 && /char/.test(p.type.base)) || (p.type.ptr === 0 && /^(?:(?:::)?std::)?w?string$/.test(p.type.base));
    if (text && predicateRejects(fn, p.name)) predicates.push({ i, kind: 'path' });
  });
  if (strings.length > 0) {
    let loopCheck = false;
    let unsafe = false;
    let slash = false;
    let dots = false;
    let extrasParam: string | undefined;
    walk(fn.body, (x) => {
      if (x.t !== 'for_statement' && x.t !== 'while_statement' && x.t !== 'do_statement') return;
      walk(x, (y) => {
        if (y.t !== 'if_statement') return;
        const [cond, cons] = y.c;
        if (!cond || !rejects(cons, fn)) return;
        // `if (*p == '/' || (p[0] == '.' && p[1] == '.')) return -1;`
        const tested = rejectedChars(cond, fn);
        if (tested.includes('/')) slash = true;
        if (tested.filter((c) => c === '.').length >= 2) dots = true;
        if (!mentionsClass(cond, fn)) return;
        const sets = searchedSets(cond, fn);
        const setChars = sets.flatMap((x) => [...(x.chars ?? '')]);
        for (const x of sets) if (x.param) extrasParam = x.param;
        if ([...allowedExtras(cond, fn), ...setChars].some((c) => DANGEROUS.has(c)) || charRanges(cond, fn).some((r) => r.wide)) unsafe = true;
        else loopCheck = true;
      });
      return false;
    });
    // the further characters come from a parameter: the validated string is the other one
    const extras = extrasParam === undefined ? -1 : fn.params.findIndex((p) => p.name === extrasParam);
    const checked = strings.filter(({ i }) => i !== extras);
    for (const { p, i } of strings) {
      const text = src(fn, fn.body);
      if (i === extras) continue;
      if (!new RegExp(`\\b${p.name}\\b`).test(text) || checked.length !== 1) {
        if (spanCheck(fn.body, fn, p.name)) out.push({ i, kind: 'class' });
        continue;
      }
      if (loopCheck && !unsafe) out.push({ i, kind: 'class', ...(extras >= 0 ? { extras } : {}) });
      else if (spanCheck(fn.body, fn, p.name)) out.push({ i, kind: 'class' });
      else if (slash || dots) out.push({ i, kind: 'path' });
    }
  }
  for (const x of predicates) if (!out.some((o) => o.i === x.i)) out.push(x);
  cache.set(fn, out);
  return out;
}

/**
 * Does every `return` of `fn` that can say yes require that `name` holds no '/' (or no ".."):
 * `return … && name.find('/') == std::string::npos && …;`, `… && strchr(name, '/') == NULL`?
 */
function predicateRejects(fn: FnDef, name: string): boolean {
  const rets: N[] = [];
  walk(fn.body, (x) => {
    if (x.t === 'return_statement') rets.push(x);
  });
  const yes = rets.filter((r) => !/^(0|false)$/.test(r.c[0] ? src(fn, r.c[0]).replace(/[()\s]/g, '') : ''));
  if (yes.length === 0) return false;
  return yes.every((r) => {
    const e = r.c[0];
    if (!e) return false;
    // the conjuncts of `a && b && c`
    const parts: N[] = [];
    const split = (x: N) => {
      if (x.t === 'parenthesized_expression' && x.c.length === 1 && x.c[0]) split(x.c[0]);
      else if (x.t === 'binary_expression' && x.op === '&&') x.c.forEach(split);
      else parts.push(x);
    };
    split(e);
    return parts.some((x) => {
      if (x.t !== 'binary_expression' || x.op !== '==') return false;
      const call = x.c.find((c) => c.t === 'call_expression');
      const other = x.c.find((c) => c !== call);
      if (!call || !other || !/^(NULL|nullptr|0|(?:std::)?w?string::npos)$/.test(src(fn, other).replace(/\s+/g, ''))) return false;
      const callee = call.c[0];
      const args = call.c[1]?.c ?? [];
      let subject: string | undefined;
      let needle: N | undefined;
      if (callee?.t === 'field_expression' && callee.c[1] && /^(find|rfind|find_first_of)$/.test(src(fn, callee.c[1]))) {
        subject = callee.c[0] ? src(fn, callee.c[0]) : undefined;
        needle = args[0];
      } else if (callee?.t === 'identifier' && /^(strchr|strrchr|strstr|strpbrk)$/.test(src(fn, callee))) {
        subject = args[0] ? src(fn, args[0]) : undefined;
        needle = args[1];
      }
      if (subject?.replace(/\s+/g, '') !== name || !needle) return false;
      const lit = src(fn, needle);
      return needle.t === 'char_literal' ? charOf(lit) === '/' : needle.t === 'string_literal' && (lit.includes('/') || lit.includes('..'));
    });
  });
}

/** Characters an `if` condition tests for equality (`c == '/'`): what the check rejects when the body rejects. */
function rejectedChars(cond: N, fn: FnDef): string[] {
  const out: string[] = [];
  walk(cond, (x) => {
    if (x.t === 'binary_expression' && x.op === '==') {
      for (const side of x.c) if (side.t === 'char_literal') {
        const c = charOf(src(fn, side));
        if (c !== undefined) out.push(c);
      }
    }
  });
  return out;
}

/**
 * A call of a validator: the outside text it is given is checked character by character (on the
 * paths where it passed; where it failed the caller rejects it), so it is safe as a name, in a
 * command or a query.
 */
export function markValidated(fn: FnDef, vals: readonly Val[], st: State): void {
  for (const { i, kind, extras } of validatedParams(fn)) {
    const given = vals[i];
    // a std::string passed by reference: the string the caller's variable holds
    const v = given?.k === 'ref' ? st.vars.get(given.key)?.v : given;
    if (v?.k !== 'ptr') continue;
    // `safe(name, "-_.")`: only as narrow as the further characters this call lets through
    if (extras !== undefined) {
      const chars = formatText(vals[extras], st);
      if (chars === undefined || [...chars].some((c) => DANGEROUS.has(c))) continue;
    }
    for (const t of v.t) {
      const o = st.objs.get(t.o);
      if (o?.taint) st.updateObj(o.id, kind === 'class' ? { validated: true, pathOk: true } : { pathOk: true });
    }
  }
}
