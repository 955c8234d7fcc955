/**
 * What a test on a character says about where the character is. A string ends at its first NUL,
 * so a byte tested and found not to be NUL lies before the terminator: `while (isspace(*s)) s++`,
 * `if (*p == '%' && isxdigit(p[1]) && isxdigit(p[2]))`, `c = *p; if (c == '\0') break;` all keep
 * the pointer (or the index) inside the string, whatever the string holds. A test says this when
 * it cannot have the outcome it had if the byte were 0: `isspace(0)` is false, `0 == ','` is false,
 * `0 != '\n'` is true (so `*p != '\n'` says nothing: that loop can run past the end).
 */
import type { N } from './ast.js';
import { text, type Frame, type Run } from './context.js';
import { evalExpr, quietly } from './eval.js';
import { lvalKey, staticType } from './names.js';
import type { State } from './state.js';
import { elemSize } from './types.js';
import { NO, type IntV, type Target, type Val } from './values.js';

/** `<ctype.h>` tests and what they give for the byte 0 (`iscntrl(0)` holds, the others do not). */
const CTYPE_AT_ZERO: Record<string, number> = {
  isspace: 0, isdigit: 0, isalpha: 0, isalnum: 0, isxdigit: 0, isupper: 0, islower: 0, ispunct: 0, isprint: 0, isgraph: 0, isblank: 0,
  iscntrl: 1, isascii: 1, iswspace: 0, iswdigit: 0, iswalpha: 0, iswalnum: 0, iswxdigit: 0, iswupper: 0, iswlower: 0, iswpunct: 0, iswprint: 0, iswgraph: 0,
};
/** calls that give back their argument's zero-ness */
const SAME_AT_ZERO = /^(tolower|toupper|towlower|towupper|_tolower|_toupper)$/;

function strip(n: N): N {
  let c = n;
  while ((c.t === 'parenthesized_expression' || c.t === 'cast_expression') && c.c.length > 0) c = c.c[c.c.length - 1] as N;
  return c;
}

/** A read of one character: `*p`, `*p++`, `p[k]`, `s[i]`, or a variable holding one (`c` after `c = *p`). */
function isLoad(n: N, st: State, fr: Frame, run: Run): boolean {
  if (n.t === 'pointer_expression' && n.op === '*') return true;
  if (n.t === 'subscript_expression') return true;
  if (n.t === 'assignment_expression' && n.op === '=' && n.c[1]) return isLoad(strip(n.c[1]), st, fr, run);
  if (n.t === 'identifier' && st.rels.size > 0) {
    const key = lvalKey(n, fr, run);
    return key !== undefined && loadRel(key, st) !== undefined;
  }
  return false;
}

/** The `ld|c|p|k` fact of variable `c`: it holds the character at `p + k`. */
function loadRel(key: string, st: State): { key: string; k: number } | undefined {
  const prefix = `ld|${key}|`;
  for (const r of st.rels) {
    if (!r.startsWith(prefix)) continue;
    const [, , p, k] = r.split('|');
    if (p !== undefined && k !== undefined) return { key: p, k: Number(k) };
  }
  return undefined;
}

/**
 * The value of a test with its one character read taken as 0, when the test's own text decides
 * it (comparisons with constants, ctype calls, `!`); `loads` collects the reads it met.
 */
function atZero(n: N, loads: N[], st: State, fr: Frame, run: Run): number | undefined {
  const c = strip(n);
  if (isLoad(c, st, fr, run)) {
    loads.push(c);
    return 0;
  }
  switch (c.t) {
    case 'char_literal':
    case 'number_literal': {
      const v = quietly(run, () => evalExpr(c, st.peek(), fr, run));
      return v.k === 'int' && v.lo === v.hi && Number.isFinite(v.lo) ? v.lo : undefined;
    }
    case 'identifier': {
      // a named constant (`#define SEP ','`), never a variable
      if (lvalKey(c, fr, run)) return undefined;
      const v = quietly(run, () => evalExpr(c, st.peek(), fr, run));
      return v.k === 'int' && v.lo === v.hi && Number.isFinite(v.lo) ? v.lo : undefined;
    }
    case 'unary_expression': {
      const a = c.c[0] ? atZero(c.c[0], loads, st, fr, run) : undefined;
      if (a === undefined) return undefined;
      return c.op === '!' ? Number(!a) : c.op === '-' ? -a : c.op === '~' ? ~a : c.op === '+' ? a : undefined;
    }
    case 'binary_expression': {
      const [l, r] = c.c;
      if (!l || !r) return undefined;
      const a = atZero(l, loads, st, fr, run);
      const b = atZero(r, loads, st, fr, run);
      if (a === undefined || b === undefined) return undefined;
      switch (c.op) {
        case '==': return Number(a === b);
        case '!=': return Number(a !== b);
        case '<': return Number(a < b);
        case '<=': return Number(a <= b);
        case '>': return Number(a > b);
        case '>=': return Number(a >= b);
        case '&': return a & b;
        case '|': return a | b;
        case '^': return a ^ b;
        case '-': return a - b;
        case '+': return a + b;
        case '&&': return Number(Boolean(a) && Boolean(b));
        case '||': return Number(Boolean(a) || Boolean(b));
        default: return undefined;
      }
    }
    case 'call_expression': {
      const name = c.c[0] ? text(fr.file, c.c[0]) : '';
      const args = c.c[1]?.c ?? [];
      if (name in CTYPE_AT_ZERO && args.length === 1 && args[0]) return atZero(args[0], loads, st, fr, run) === 0 ? CTYPE_AT_ZERO[name] : undefined;
      if (SAME_AT_ZERO.test(name) && args.length === 1 && args[0]) return atZero(args[0], loads, st, fr, run);
      // strchr(set, 0) finds the set's own terminator: it is true for the byte 0
      if (/^(strchr|wcschr)$/.test(name) && args.length === 2 && args[0] && args[1] && /string_literal/.test(strip(args[0]).t)) {
        return atZero(args[1], loads, st, fr, run) === 0 ? 1 : undefined;
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/** Where a read character sits: a pointer variable plus k elements, or a string indexed by a variable. */
type At = { ptr: string; k: number; es: number } | { base: N; idx: string; k: number; es: number };

function locate(load: N, st: State, fr: Frame, run: Run): At | undefined {
  if (load.t === 'assignment_expression' && load.c[1]) return locate(strip(load.c[1]), st, fr, run);
  if (load.t === 'identifier') {
    const key = lvalKey(load, fr, run);
    const r = key ? loadRel(key, st) : undefined;
    if (!r) return undefined;
    const t = st.vars.get(r.key)?.type;
    return { ptr: r.key, k: r.k, es: (t && elemSize(t, run.group.structs)) || 1 };
  }
  if (load.t === 'pointer_expression' && load.c[0]) {
    const p = strip(load.c[0]);
    const es = elemSize(staticType(p, fr, run), run.group.structs) || 1;
    if (p.t === 'identifier') return ptrAt(p, 0, es, fr, run);
    if (p.t === 'update_expression' && p.c[0]?.t === 'identifier') {
      // `*p++` read the element before the one p now points to; `*++p` the one it points to
      const post = /[+-]$/.test(fr.file.src.slice(p.s, p.e).trimEnd());
      const step = p.op === '--' ? -1 : 1;
      return ptrAt(p.c[0], post ? -step : 0, es, fr, run);
    }
    if (p.t === 'binary_expression' && (p.op === '+' || p.op === '-') && p.c[0]?.t === 'identifier' && p.c[1]) {
      const k = constOf(p.c[1], st, fr, run);
      return k === undefined ? undefined : ptrAt(p.c[0], p.op === '+' ? k : -k, es, fr, run);
    }
    return undefined;
  }
  if (load.t === 'subscript_expression' && load.c[0] && load.c[1]) {
    const base = strip(load.c[0]);
    const es = elemSize(staticType(load, fr, run), run.group.structs) || 1;
    const index = strip(load.c[1]);
    const k = constOf(index, st, fr, run);
    if (k !== undefined) return base.t === 'identifier' ? ptrAt(base, k, es, fr, run) : undefined;
    let idx: N | undefined = index;
    let off = 0;
    if (index.t === 'binary_expression' && (index.op === '+' || index.op === '-') && index.c[1]) {
      const c = constOf(index.c[1], st, fr, run);
      if (c === undefined) return undefined;
      off = index.op === '+' ? c : -c;
      idx = index.c[0] ? strip(index.c[0]) : undefined;
    }
    const key = idx?.t === 'identifier' ? lvalKey(idx, fr, run) : undefined;
    return key ? { base: load.c[0], idx: key, k: off, es } : undefined;
  }
  return undefined;
}

function ptrAt(p: N, k: number, es: number, fr: Frame, run: Run): At | undefined {
  const key = lvalKey(p, fr, run);
  return key ? { ptr: key, k, es } : undefined;
}

function constOf(n: N, st: State, fr: Frame, run: Run): number | undefined {
  const v = quietly(run, () => evalExpr(n, st.peek(), fr, run));
  return v.k === 'int' && v.lo === v.hi && Number.isFinite(v.lo) ? v.lo : undefined;
}

/** Offset (bytes) of the first NUL in `o` at the latest: its string length, else its last element. */
function lastNul(st: State, id: number): number | undefined {
  const o = st.objs.get(id);
  // characters copied with no terminator after them: reading on is the flaw itself
  if (!o || o.unterm) return undefined;
  if (Number.isFinite(o.shi)) return o.shi;
  return o.size !== undefined ? o.size - o.elem : undefined;
}

/**
 * After the test `cond` came out `holds`, the character it read (if the outcome rules out 0) is
 * before its string's terminator: the pointer, or the index, is narrowed to match.
 */
export function notTerminator(cond: N, holds: boolean, st: State, fr: Frame, run: Run): void {
  if (st.dead) return;
  const loads: N[] = [];
  const v = atZero(cond, loads, st, fr, run);
  if (v === undefined || loads.length !== 1 || Boolean(v) === holds) return;
  const at = locate(loads[0] as N, st, fr, run);
  if (!at) return;
  if ('ptr' in at) {
    const cell = st.vars.get(at.ptr);
    longerString(cell?.v, at.k * at.es, at.es, st);
    // an array variable is its own address: only pointers move
    if (cell?.v.k !== 'ptr' || cell.v.t.length === 0 || cell.type?.arr !== undefined || cell.type?.arrUnknown) return;
    const pv = cell.v;
    const t: Target[] = [];
    for (const x of pv.t) {
      const nul = lastNul(st, x.o);
      if (nul === undefined) {
        t.push(x);
        continue;
      }
      const max = nul - at.es - at.k * at.es;
      if (x.lo > max) continue;
      t.push(x.hi > max ? { ...x, hi: max } : x);
    }
    if (t.length === 0) {
      // no string it may point into has a non-NUL character there: this path does not happen
      if (pv.nul === NO) st.dead = true;
      return;
    }
    if (t.length !== pv.t.length || t.some((x, i) => x !== pv.t[i])) st.vars.set(at.ptr, { ...cell, v: { ...pv, t, grow: undefined } });
    return;
  }
  const cell = st.vars.get(at.idx);
  if (cell?.v.k !== 'int') return;
  const p = quietly(run, () => evalExpr(at.base, st.peek(), fr, run));
  if (p.k !== 'ptr' || p.t.length === 0) return;
  let end = -Infinity;
  for (const x of p.t) {
    const nul = lastNul(st, x.o);
    if (nul === undefined) return;
    end = Math.max(end, Math.floor((nul - x.lo) / at.es) - 1 - at.k);
  }
  if (cell.v.hi <= end) return;
  if (cell.v.lo > end) {
    st.dead = true;
    return;
  }
  const nv: IntV = { ...cell.v, hi: end };
  st.vars.set(at.idx, { ...cell, v: nv });
}

/**
 * `if (!*s) return;`: the character at the first place the string may end is not its terminator,
 * so the string is at least one longer (`strlen(s) - 1` no longer wraps).
 */
function longerString(p: Val | undefined, at: number, es: number, st: State): void {
  if (p?.k !== 'ptr' || p.t.length !== 1) return;
  const x = p.t[0] as Target;
  const o = st.objs.get(x.o);
  if (!o || x.lo !== x.hi || o.elem !== es || x.lo + at !== o.slo * o.elem || o.slo >= o.shi) return;
  st.updateObj(o.id, { slo: o.slo + 1 });
}

/** For a character read `*p`, `*p++`, `p[k]`: the pointer variable and offset it was read at, relative to where p points now. */
export function loadSite(load: N, v: Val, st: State, fr: Frame, run: Run): Val {
  if (v.k !== 'int' || (v.lo < -128 && Number.isFinite(v.lo)) || v.hi > 0xffff) return v;
  const at = locate(load, st, fr, run);
  if (!at || !('ptr' in at)) return v;
  const cell = st.vars.get(at.ptr);
  if (cell?.v.k !== 'ptr' || cell.type?.arr !== undefined || cell.type?.arrUnknown) return v;
  return { ...v, from: { key: at.ptr, k: at.k } };
}

/**
 * A loop test that stops at a string's terminator: one of its `&&` terms is false for the byte 0
 * read at the pointer itself (`isspace(*s)`, `*p != '\0' && *p != ','`, `s[i] >= '0'`). The
 * pointer (or index) never passes the terminator then.
 */
export function scanTest(cond: N | undefined, st: State, fr: Frame, run: Run): { key: string; post: boolean; base?: N } | undefined {
  const terms: N[] = [];
  const walk = (c: N) => {
    const s = strip(c);
    if (s.t === 'binary_expression' && s.op === '&&' && s.c[0] && s.c[1]) {
      walk(s.c[0]);
      walk(s.c[1]);
    } else terms.push(s);
  };
  if (!cond) return undefined;
  walk(cond);
  for (const term of terms) {
    const loads: N[] = [];
    const v = atZero(term, loads, st, fr, run);
    if (v !== 0 || loads.length !== 1) continue;
    const at = locate(loads[0] as N, st, fr, run);
    if (!at) continue;
    if ('ptr' in at) {
      if (at.k === 0) return { key: at.ptr, post: false };
      if (at.k === -1) return { key: at.ptr, post: true };
      continue;
    }
    if (at.k === 0) return { key: at.idx, post: false, base: at.base };
  }
  return undefined;
}

/**
 * `s + strlen(s)`: the address of the string's terminator, wherever s points into it (an interval
 * sum of the two would reach twice the buffer).
 */
export function endOfString(n: N, st: State, fr: Frame, run: Run): Val | undefined {
  const [l, r] = n.c;
  if (n.op !== '+' || !l || !r) return undefined;
  for (const [p, len] of [[l, r], [r, l]] as const) {
    const call = strip(len);
    if (call.t !== 'call_expression' || !call.c[0] || !/^(strlen|wcslen)$/.test(text(fr.file, call.c[0]))) continue;
    const arg = call.c[1]?.c[0];
    if (!arg || call.c[1]?.c.length !== 1 || text(fr.file, arg).replace(/\s+/g, '') !== text(fr.file, p).replace(/\s+/g, '')) continue;
    const pv = evalExpr(p, st, fr, run);
    evalExpr(len, st, fr, run);
    if (pv.k !== 'ptr' || pv.t.length === 0) return pv;
    const t: Target[] = [];
    for (const x of pv.t) {
      const o = st.objs.get(x.o);
      const es = o?.elem ?? 1;
      if (!o || o.unterm || !Number.isFinite(o.shi) || o.shi % es !== 0) return { ...pv, t: pv.t.map((y) => ({ ...y, hi: Infinity })) };
      t.push({ o: x.o, lo: Math.max(x.lo, o.slo), hi: Math.max(x.lo, o.shi) });
    }
    return { k: 'ptr', t, nul: pv.nul, vid: pv.vid };
  }
  return undefined;
}
