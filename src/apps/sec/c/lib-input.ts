/**
 * Where outside data enters a program: line and block readers (stdin, files, sockets), character
 * readers, getline, scanf-family conversions, the environment, number parsing and random numbers.
 * Each marks what it fills as tainted with its origin, and checks the write it does itself.
 */
import type { N } from './ast.js';
import { report, text, type Frame, type Run } from './context.js';
import { checkDeref } from './access.js';
import { evalExpr, quietly } from './eval.js';
import { plainKey } from './arith.js';
import { checkWrite, scale } from './lib-copy.js';
import { markWritten, newObj, shift, writeElement } from './memory.js';
import { arrayCap, keyOf, staticType } from './names.js';
import type { State } from './state.js';
import { formatText, isTainted, objsOf, setString, strLen, taintOf, taintPatch } from './strings.js';
import { derefType, intRange, isFloat, type CType } from './types.js';
import { anyInt, int, MAYBE, NO, UNKNOWN, YES, type IntV, type Origin, type PtrV, type Val } from './values.js';
import type { LibResult } from './lib.js';

/** `stdin` (or fd 0) is standard input; any other stream or descriptor is a file or a socket. */
function streamOrigin(node: N | undefined, fr: Frame, fallback: Origin): Origin {
  if (!node) return fallback;
  const t = text(fr.file, node).trim();
  return t === 'stdin' || t === '0' || t === 'STDIN_FILENO' ? 'stdin' : fallback;
}

function tainted(lo: number, hi: number, origin: Origin, line: number, note: string): IntV {
  return { k: 'int', lo, hi, taint: true, origin, src: line, srcNote: note };
}

/** A variable filled through its address (`&n`) by a reader gets the input range of its type. */
export function fillRef(v: Val | undefined, st: State, origin: Origin | undefined, line: number, note: string, weak?: boolean, pointee?: CType, run?: Run): boolean {
  if (v?.k !== 'ref') return false;
  const cell = st.vars.get(v.key) ?? { v: UNKNOWN, init: NO, line };
  // a whole struct read in one go (`fread(&hdr, sizeof hdr, 1, f)`): every member is input
  if (run && origin && cell.type && fillMembers(v.key, cell.type, st, origin, line, note, weak, run, 0)) {
    st.vars.set(v.key, { ...cell, init: YES });
    return true;
  }
  // a member filled through its address (`&s.n`) also counts as an assignment to the struct
  const dot = v.key.lastIndexOf('.');
  if (dot > v.key.indexOf(':')) markWritten(v.key.slice(0, dot), st);
  // a struct member nothing assigned yet has no cell of its own: its type is the argument's pointee
  const t = cell.type ?? pointee;
  let nv: Val;
  if (t && t.ptr > 0) nv = { k: 'ptr', t: [], nul: MAYBE };
  else if (!origin) nv = anyInt();
  else if (isFloat(t)) nv = { ...tainted(-3.4e38, 3.4e38, origin, line, note), weak };
  else {
    const r = intRange(t) ?? [-(2 ** 31), 2 ** 31 - 1];
    nv = { ...tainted(r[0], r[1], origin, line, note), weak };
  }
  st.vars.set(v.key, { ...cell, v: nv, init: YES });
  return true;
}

/**
 * The members of struct variable `key` as read from input: scalars over their type's range, array
 * members as tainted bytes of any content, nested structs likewise. False when `type` is no struct
 * whose layout we know (a union's members overlap: left to the caller's whole-value fill).
 */
function fillMembers(key: string, type: CType, st: State, origin: Origin, line: number, note: string, weak: boolean | undefined, run: Run, depth: number): boolean {
  if (type.ptr > 0 || type.arr !== undefined || type.arrUnknown || depth > 2) return false;
  const info = run.group.structs.get(type.base);
  if (!info || info.union || info.fields.size === 0) return false;
  for (const [name, f] of info.fields) {
    const fkey = `${key}.${name}`;
    const fc = st.vars.get(fkey);
    if (f.type.arr !== undefined) {
      if (fc?.v.k === 'ptr') setString(fc.v, st, { slo: 0, shi: Infinity, taint: true, taintLine: line, origin, init: YES, weak: undefined, pathOk: undefined, validated: undefined }, 1);
      continue;
    }
    if (fillMembers(fkey, f.type, st, origin, line, note, weak, run, depth + 1)) continue;
    let nv: Val;
    if (f.type.ptr > 0) nv = { k: 'ptr', t: [], nul: MAYBE };
    else if (isFloat(f.type)) nv = { ...tainted(-3.4e38, 3.4e38, origin, line, note), weak };
    else {
      const r = intRange(f.type) ?? [-(2 ** 31), 2 ** 31 - 1];
      nv = { ...tainted(r[0], r[1], origin, line, note), weak };
    }
    st.vars.set(fkey, { ...(fc ?? { line }), v: nv, init: YES, type: f.type });
    st.dropRels(fkey);
  }
  return true;
}

const UNK: Val = UNKNOWN;

/**
 * A read's count of the form `CAP - used` (or `CAP - used - 1`): what it returns plus `used` is at
 * most CAP, so `used += n` stays within the buffer.
 */
export function roomLeft(count: N, st: State, fr: Frame, run: Run): { key: string; k: number } | undefined {
  let c = count;
  let extra = 0;
  while (c.t === 'parenthesized_expression' || c.t === 'cast_expression') c = c.c[c.c.length - 1] as N;
  if (c.t !== 'binary_expression' || c.op !== '-' || !c.c[0] || !c.c[1]) return undefined;
  let [l, r] = c.c as [N, N];
  // `CAP - used - 1` parses as `(CAP - used) - 1`
  const tail = quietly(run, () => evalExpr(r, st.peek(), fr, run));
  if (tail.k === 'int' && tail.lo === tail.hi && Number.isFinite(tail.lo) && l.t === 'binary_expression' && l.op === '-' && l.c[0] && l.c[1]) {
    extra = tail.lo;
    [l, r] = l.c as [N, N];
  }
  const key = plainKey(r, fr, run, st);
  const cap = quietly(run, () => evalExpr(l, st.peek(), fr, run));
  if (!key || cap.k !== 'int' || cap.lo !== cap.hi || !Number.isFinite(cap.lo) || cap.taint) return undefined;
  return { key, k: cap.lo - extra };
}

export function inputCall(name: string, n: N, args: N[], st: State, fr: Frame, run: Run): LibResult | undefined {
  const r = source(name, n, args, st, fr, run);
  if (r && name !== 'getenv' && !/^(ato|strto|wcsto|_?wtoi)/.test(name)) run.inputReads++;
  return r;
}

function source(name: string, n: N, args: N[], st: State, fr: Frame, run: Run): LibResult | undefined {
  const vals = (): Val[] => args.map((a) => evalExpr(a, st, fr, run));
  const wide = name.includes('getw') || name.includes('wchar') || name.startsWith('_getws');
  const elem = wide ? 4 : 1;
  switch (name) {
    case 'fgets':
    case 'fgetws':
    case 'fgets_unlocked': {
      const [d = UNK, len] = vals();
      if (args[2]) evalExpr(args[2], st, fr, run);
      const origin = streamOrigin(args[2], fr, 'file');
      const count = len?.k === 'int' ? len : anyInt();
      checkDeref(d, args[0] ?? n, st, fr, run);
      if (Number.isFinite(count.hi)) checkWrite(name, d, args[0], args[1], { lo: count.lo * elem, hi: count.hi * elem, taint: false }, elem, n, st, fr, run, []);
      setString(d, st, { slo: 0, shi: Math.max(0, count.hi - 1), taint: true, taintLine: n.line, origin, weak: undefined, pathOk: undefined, validated: undefined }, elem);
      return { v: d.k === 'ptr' ? { ...d, nul: MAYBE, nulSrc: undefined } : UNKNOWN };
    }
    case 'gets':
    case '_getws':
    case 'getws': {
      const [d = UNK] = vals();
      checkDeref(d, args[0] ?? n, st, fr, run);
      const fits = unboundedRead(name, d, args[0], n, st, fr, run, 'reads a line of any length', elem);
      setString(d, st, { slo: 0, shi: fits, taint: true, taintLine: n.line, origin: 'stdin', weak: undefined, pathOk: undefined, validated: undefined }, elem);
      return { v: d };
    }
    case 'recv':
    case 'recvfrom':
    case 'read':
    case 'pread':
    case '_read':
    case 'fread':
    case 'fread_unlocked': {
      const v = vals();
      const isFread = name.startsWith('fread');
      const [d, len] = isFread ? [v[0], scaleMul(v[1], v[2])] : [v[1], v[2]];
      const dNode = isFread ? args[0] : args[1];
      const origin: Origin = name.startsWith('recv') ? 'net' : streamOrigin(isFread ? args[3] : args[0], fr, 'file');
      const count = len?.k === 'int' ? len : anyInt();
      if (d) checkDeref(d, dNode ?? n, st, fr, run);
      // fread(buf + len, k, cap - len, f) with a constant item size k: the count is a length in items
      // measured like read's (`buf + off, size - off` ends at buf + size whatever off is)
      const itemSize = isFread && v[1]?.k === 'int' && v[1].lo === v[1].hi && v[1].lo >= 1 ? v[1].lo : undefined;
      if (Number.isFinite(count.hi) && d) checkWrite(name, d, dNode, isFread ? (itemSize !== undefined ? args[2] : undefined) : args[2], scale(count, 1), itemSize ?? 1, n, st, fr, run, []);
      // (`(char *)buf + got` where buf is `&hdr` is a reference to hdr too: arith keeps it one)
      if (!fillRef(d, st, origin, n.line, `read by ${name}`, undefined, undefined, run) && d) setString(d, st, { slo: 0, shi: Infinity, taint: true, taintLine: n.line, origin, weak: undefined, pathOk: undefined, validated: undefined }, 1);
      if (isFread) {
        const items = v[2]?.k === 'int' && Number.isFinite(v[2].hi) ? v[2].hi : 2 ** 31 - 1;
        const bytes = args[2] && v[1]?.k === 'int' && v[1].lo === 1 && v[1].hi === 1;
        const sumLe = bytes && args[2] ? roomLeft(args[2], st, fr, run) : undefined;
        // items of one byte: no more than the count asked for, like read's
        const le = bytes && args[2]?.t === 'identifier' ? keyOf(text(fr.file, args[2]), fr, run) : undefined;
        return { v: { ...tainted(0, items, origin, n.line, 'items read'), perItem: true, ...(le ? { le } : {}), ...(sumLe ? { sumLe } : {}) } };
      }
      const hi = Number.isFinite(count.hi) ? count.hi : 2 ** 31 - 1;
      // no more bytes than asked for: `n -= r` after it cannot go below zero
      const countNode = args[2];
      const le = countNode?.t === 'identifier' ? keyOf(text(fr.file, countNode), fr, run) : undefined;
      const sumLe = countNode ? roomLeft(countNode, st, fr, run) : undefined;
      return { v: { ...tainted(-1, hi, origin, n.line, 'bytes received'), perItem: true, ...(le ? { le } : {}), ...(sumLe ? { sumLe } : {}) } };
    }
    case 'getline':
    case 'getdelim':
    case '__getdelim':
      return getline(name, n, args, st, fr, run);
    case 'getchar':
    case 'fgetc':
    case 'getc':
    case 'getc_unlocked':
    case 'getchar_unlocked':
    case 'fgetc_unlocked':
    case '_getch':
    case '_getche':
    case 'getwchar':
    case 'fgetwc':
    case 'getwc': {
      vals();
      const origin = name.startsWith('getchar') || name.startsWith('_getch') || name === 'getwchar' ? 'stdin' : streamOrigin(args[0], fr, 'file');
      return { v: tainted(-1, wide ? 0x10ffff : 255, origin, n.line, 'character read') };
    }
    case 'getenv':
    case '_wgetenv':
    case 'secure_getenv': {
      vals();
      const o = newObj(run, st, {
        kind: 'unknown', elem: name === '_wgetenv' ? 4 : 1, slo: 0, shi: Infinity, taint: true, taintLine: n.line, origin: 'env', freed: NO, init: YES,
        escaped: true, line: n.line, name: 'the environment string', local: false,
      });
      return { v: { k: 'ptr', t: [{ o: o.id, lo: 0, hi: 0 }], nul: MAYBE, nulSrc: { line: n.line, note: `${name} can return NULL`, fromAlloc: true, lookup: true } } };
    }
    case 'scanf':
    case 'fscanf':
    case 'sscanf':
    case 'wscanf':
    case 'fwscanf':
    case 'swscanf':
    case '__isoc99_scanf':
    case '__isoc99_fscanf':
    case '__isoc99_sscanf':
      return scanfCall(name.replace('__isoc99_', ''), n, args, st, fr, run);
    case 'atoi':
    case 'atol':
    case 'atoll':
    case 'atof':
    case 'strtol':
    case 'strtoul':
    case 'strtoll':
    case 'strtoull':
    case 'strtod':
    case 'strtof':
    case 'strtold':
    case 'strtoimax':
    case 'strtoumax':
    case 'wcstol':
    case 'wcstoul':
    case 'wcstod':
    case '_wtoi':
    case 'wtoi':
    case 'stoi':
    case 'stol':
    case 'stoul':
    case 'stoll':
    case 'stoull':
    case 'stod': {
      const [s = UNK, end] = vals();
      checkDeref(s, args[0] ?? n, st, fr, run);
      if (end?.k === 'ref') {
        // the end pointer is set into the parsed string
        const cell = st.vars.get(end.key);
        const sl = strLen(s, st, 1);
        const at: Val = s.k === 'ptr' ? shift(s, int(0, sl.hi), 1) : { k: 'ptr', t: [], nul: NO };
        if (cell) st.vars.set(end.key, { ...cell, v: { ...(at as PtrV), nul: NO, nulSrc: undefined }, init: YES });
      }
      const src = isTainted(s, st);
      if (!src) return { v: anyInt() };
      const t = taintOf(src);
      return { v: { ...parsedRange(name, n.line), origin: t.origin, weak: t.weak } };
    }
    case 'getrandom':
    case 'getentropy':
    case 'arc4random_buf':
    case 'RAND_bytes':
    case 'RAND_priv_bytes': {
      // a buffer filled with random bytes: written like a read of that many bytes, its bytes any value
      const [d, len] = vals();
      const count = len?.k === 'int' ? len : anyInt();
      if (d) checkDeref(d, args[0] ?? n, st, fr, run);
      if (d && Number.isFinite(count.hi)) checkWrite(name, d, args[0], args[1], scale(count, 1), 1, n, st, fr, run, []);
      if (!fillRef(d, st, 'random', n.line, `filled by ${name}`) && d) setString(d, st, { slo: 0, shi: Infinity, taint: true, taintLine: n.line, origin: 'random', weak: undefined, pathOk: undefined, validated: undefined }, 1);
      if (name === 'getrandom') return { v: { ...tainted(-1, Number.isFinite(count.hi) ? count.hi : 2 ** 31 - 1, 'random', n.line, 'bytes filled'), perItem: true } };
      return { v: name === 'arc4random_buf' ? UNKNOWN : name.startsWith('RAND') ? int(-1, 1) : int(-1, 0) };
    }
    case 'rand':
    case 'random':
    case 'lrand48':
    case 'mrand48':
    case 'rand_r':
      vals();
      return { v: tainted(0, 2 ** 31 - 1, 'random', n.line, 'random value') };
    default:
      return undefined;
  }
}

function scaleMul(a: Val | undefined, b: Val | undefined): Val {
  if (a?.k !== 'int' || b?.k !== 'int') return anyInt();
  return { ...int(a.lo * b.lo, a.hi * b.hi), taint: a.taint || b.taint };
}

function parsedRange(name: string, line: number): IntV {
  const wide = /ll|64|imax|umax/.test(name) || name === 'atol' || name === 'strtol' || name === 'wcstol' || name === 'strtoul' || name === 'wcstoul' ? 2 ** 63 : 2 ** 31;
  if (/^(atof|strtod|strtof|strtold|wcstod)$/.test(name)) return int(-3.4e38, 3.4e38, true, line, 'number parsed from input');
  if (/ul|umax/.test(name)) return int(0, wide * 2 - 1, true, line, 'number parsed from input');
  return int(-wide, wide - 1, true, line, 'number parsed from input');
}

/** A read with no length limit (gets, scanf "%s"): an overflow whenever the input is longer than the buffer. */
/**
 * Reports a read of any length into `d`; returns the longest string (in elements) the buffer can
 * hold: the overflow is reported here, once, and past it the string is taken to fit its buffer
 * (what it would read beyond is the same flaw, not one of its own).
 */
function unboundedRead(name: string, d: Val, dNode: N | undefined, n: N, st: State, fr: Frame, run: Run, what: string, elem = 1): number {
  const cap = dNode ? arrayCap(dNode, fr, run) : undefined;
  const o = objsOf(d, st)[0];
  const size = o?.size ?? cap;
  const kind = o?.kind === 'heap' ? 'c.buffer.heap-overflow' : o?.kind === 'stack' ? 'c.buffer.stack-overflow' : 'c.buffer.overflow';
  report(fr, n, {
    rule: kind,
    pattern: name,
    description: `${name} ${what} into ${o?.name ?? `'${dNode ? text(fr.file, dNode) : 'the buffer'}'`}${size !== undefined ? ` of ${size} bytes` : ''}: any longer input overflows it.`,
    confidence: 0.85,
    trace: o ? [{ line: o.line, note: `${o.name}: ${size ?? '?'} bytes` }] : [],
    tier: 'suspect',
    obj: o,
  }, run);
  const whole = objsOf(d, st).every((x) => x.size !== undefined) && d.k === 'ptr' && d.t.length === 1 && d.t[0]?.lo === 0 && d.t[0]?.hi === 0;
  return whole && size !== undefined && size >= elem ? Math.floor(size / elem) - 1 : Infinity;
}

/** getline(&line, &cap, stream): *line becomes a heap buffer holding a line of any length. */
function getline(name: string, n: N, args: N[], st: State, fr: Frame, run: Run): LibResult {
  const v = args.map((a) => evalExpr(a, st, fr, run));
  const origin = streamOrigin(args[name === 'getline' ? 2 : 3], fr, 'file');
  const lineRef = v[0];
  const old = lineRef?.k === 'ref' ? st.vars.get(lineRef.key)?.v : undefined;
  const reuse = old?.k === 'ptr' ? old.t.find((t) => st.objs.get(t.o)?.kind === 'heap') : undefined;
  const patch = { size: undefined, slo: 0, shi: Infinity, init: YES, taint: true, taintLine: n.line, origin, weak: undefined, pathOk: undefined, validated: undefined } as const;
  let id: number;
  if (reuse) {
    // whether the buffer existed before (a loop's first pass had none), after the call it does
    st.updateObj(reuse.o, { ...patch, partial: undefined });
    id = reuse.o;
  } else {
    id = newObj(run, st, {
      kind: 'heap', elem: 1, freed: NO, escaped: false, line: n.line, name: `the line buffer from ${name}`, local: true,
      at: { file: fr.file.path, s: n.s, line: n.line }, ...patch,
    }).id;
  }
  const ptr: PtrV = { k: 'ptr', t: [{ o: id, lo: 0, hi: 0 }], nul: NO };
  if (lineRef?.k === 'ref') {
    const cell = st.vars.get(lineRef.key);
    if (cell) st.vars.set(lineRef.key, { ...cell, v: ptr, init: YES });
  } else if (lineRef?.k === 'ptr') writeElement(lineRef, int(0), 8, ptr, n, st, fr, run);
  if (v[1]?.k === 'ref') {
    const cell = st.vars.get(v[1].key);
    if (cell) st.vars.set(v[1].key, { ...cell, v: int(0, 2 ** 62), init: YES });
  }
  return { v: { ...tainted(-1, 2 ** 62, origin, n.line, 'line length'), lenOf: { o: id, off: 0, elem: 1 } } };
}

interface Conversion {
  conv: string;
  width?: number;
  suppress: boolean;
  size: string;
}

/** The conversions of a scanf format, in order. */
export function scanConversions(fmt: string): Conversion[] {
  const out: Conversion[] = [];
  const re = /%(\*)?(\d+)?(hh|h|ll|l|L|j|z|t|q)?(\[\^?\]?[^\]]*\]|[a-zA-Z%])/g;
  for (const m of fmt.matchAll(re)) {
    const conv = m[4] ?? '';
    if (conv === '%') continue;
    out.push({ conv: conv.startsWith('[') ? '[' : conv, width: m[2] ? Number(m[2]) : undefined, suppress: m[1] === '*', size: m[3] ?? '' });
  }
  return out;
}

function pointeeType(node: N, fr: Frame, run: Run): CType | undefined {
  const t = staticType(node, fr, run);
  return t ? derefType(t) : undefined;
}

/** scanf family: each conversion writes its argument; `%s` and `%[` without a width are unbounded. */
function scanfCall(name: string, n: N, args: N[], st: State, fr: Frame, run: Run): LibResult {
  const v = args.map((a) => evalExpr(a, st, fr, run));
  const fromString = name === 'sscanf' || name === 'swscanf';
  const fromStream = name === 'fscanf' || name === 'fwscanf';
  const first = fromString || fromStream ? 1 : 0;
  const fmt = formatText(v[first], st);
  const source = fromString ? isTainted(v[0] ?? UNK, st) : undefined;
  const origin: Origin | undefined = fromString ? (source ? taintOf(source).origin : undefined) : fromStream ? streamOrigin(args[0], fr, 'file') : 'stdin';
  const weak = source ? taintOf(source).weak : undefined;
  const elem = name.includes('w') ? 4 : 1;
  const conversions = fmt === undefined ? undefined : scanConversions(fmt);
  let argIndex = first + 1;
  const targets = conversions ?? v.slice(first + 1).map(() => ({ conv: '?', suppress: false, size: '' }) as Conversion);
  for (const c of targets) {
    if (c.suppress) continue;
    const i = argIndex++;
    const a = v[i];
    const node = args[i];
    if (!a || !node) break;
    if (c.conv === 'n') {
      fillRef(a, st, undefined, n.line, 'count');
      continue;
    }
    if (a.k === 'ref' && fillRef(a, st, origin, n.line, `read by ${name}`, weak, st.vars.get(a.key)?.type ? undefined : pointeeType(node, fr, run))) continue;
    if (c.conv === 's' || c.conv === '[' || c.conv === 'c' || (c.conv === '?' && a.k === 'ptr')) {
      checkDeref(a, node, st, fr, run);
      const text = c.conv !== 'c';
      let fits = Infinity;
      if (text && c.width === undefined && c.conv !== '?' && origin) fits = unboundedRead(name, a, node, n, st, fr, run, `with "%${c.conv === '[' ? '[...]' : 's'}" reads a word of any length`, elem);
      else if (c.width !== undefined || c.conv === 'c') {
        const w = (c.width ?? 1) + (text ? 1 : 0);
        checkWrite(name, a, node, undefined, { lo: w * elem, hi: w * elem, taint: false }, elem, n, st, fr, run, []);
      }
      if (!origin) setString(a, st, { slo: 0, shi: c.width ?? Infinity, taint: false }, elem);
      else setString(a, st, { slo: 0, shi: c.conv === 'c' ? Infinity : c.width ?? fits, ...taintPatch({ taint: true, origin, weak, line: n.line }) }, elem);
      continue;
    }
    if (a.k === 'ptr') {
      const t = staticType(node, fr, run);
      const pointee: CType | undefined = t ? derefType(t) : undefined;
      const r = isFloat(pointee) ? ([-3.4e38, 3.4e38] as [number, number]) : intRange(pointee) ?? [-(2 ** 31), 2 ** 31 - 1];
      const size = pointee && pointee.ptr === 0 ? ({ char: 1, short: 2, long: 8, double: 8, 'long long': 8 } as Record<string, number>)[pointee.base] ?? 4 : 4;
      writeElement(a, int(0), size, origin ? { ...tainted(r[0], r[1], origin, n.line, `read by ${name}`), weak } : anyInt(), n, st, fr, run);
    }
  }
  return { v: int(-1, Math.max(0, v.length - first - 1)) };
}
