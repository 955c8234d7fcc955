/**
 * Models of the C library: allocation and free, string and memory copies (with their bounds),
 * input sources (taint), format and command sinks, and functions that never return.
 */
import type { N } from './ast.js';
import { report, text, type Frame, type Run } from './context.js';
import { checkDeref, checkFreed, checkRange, fmtRange } from './access.js';
import { evalExpr } from './eval.js';
import { escape, newObj } from './memory.js';
import { staticType } from './names.js';
import { libAlloc, libFree } from './lib-memory.js';
import type { State } from './state.js';
import { elemSize, intRange } from './types.js';
import { anyInt, int, MAYBE, NO, UNKNOWN, YES, type IntV, type Obj, type PtrV, type Val } from './values.js';

const NORETURN = new Set(['exit', 'abort', '_exit', '_Exit', 'longjmp', 'siglongjmp', '__assert_fail', 'quick_exit', 'pthread_exit']);

/** printf-like functions: index of the format argument */
const FORMAT_ARG: Record<string, number> = {
  printf: 0, vprintf: 0, wprintf: 0, vwprintf: 0,
  fprintf: 1, vfprintf: 1, fwprintf: 1, vfwprintf: 1, sprintf: 1, vsprintf: 1, dprintf: 1, syslog: 1, vsyslog: 1,
  snprintf: 2, vsnprintf: 2, swprintf: 2, vswprintf: 2, _snprintf: 2, _vsnprintf: 2, _snwprintf: 2, _vsnwprintf: 2,
  err: 1, warn: 0, errx: 1, warnx: 0,
};

const COMMANDS = new Set([
  'system', 'popen', '_popen', '_wsystem', '_wpopen', 'execl', 'execlp', 'execle', 'execv', 'execvp', 'execve', 'execvpe',
  '_execl', '_execlp', '_execv', '_execvp', '_wexecl', '_wexeclp', '_wexecv', '_wexecvp', '_spawnl', '_spawnlp', '_spawnv', '_spawnvp',
  '_wspawnl', '_wspawnlp', '_wspawnv', '_wspawnvp',
]);

/** functions whose pointer arguments are read and must not be NULL or freed */
const READS_ARGS = new Set([
  'strlen', 'wcslen', 'strcmp', 'strncmp', 'wcscmp', 'strchr', 'strrchr', 'wcschr', 'strstr', 'wcsstr', 'puts', 'fputs', 'fputws',
  'fclose', 'fwrite', 'fread', 'fflush', 'fseek', 'ftell', 'rewind', 'feof', 'ferror', 'fileno', 'strspn', 'strcspn', 'strpbrk',
  'toupper', 'tolower', 'atoi', 'atol', 'atoll', 'atof', 'strtol', 'strtoul', 'strtoll', 'strtoull', 'strtod', 'wcstol', 'wcstoul',
]);

const MATH: Record<string, (v: number) => number> = {
  sqrt: Math.sqrt, sqrtf: Math.sqrt, sqrtl: Math.sqrt, imaxabs: Math.abs, abs: Math.abs, labs: Math.abs, llabs: Math.abs, fabs: Math.abs, fabsf: Math.abs, floor: Math.floor, ceil: Math.ceil,
};

export interface LibResult {
  v: Val;
}

function objsOf(v: Val, st: State): Obj[] {
  if (v.k !== 'ptr') return [];
  return v.t.map((t) => st.objs.get(t.o)).filter((o): o is Obj => o !== undefined);
}

function isTainted(v: Val, st: State): Obj | undefined {
  return objsOf(v, st).find((o) => o.taint);
}

/** string length (elements) of what `v` points at: the interval over its targets, from their offsets */
function strLen(v: Val, st: State, elem: number): { lo: number; hi: number; taint: boolean } {
  if (v.k !== 'ptr' || v.t.length === 0) return { lo: 0, hi: Infinity, taint: false };
  let lo = Infinity;
  let hi = -Infinity;
  let taint = false;
  for (const t of v.t) {
    const o = st.objs.get(t.o);
    // a narrow string read through a wide pointer (or the reverse) has no length in these units
    if (!o || (Number.isFinite(o.slo) && o.slo % elem !== 0) || (Number.isFinite(o.shi) && o.shi % elem !== 0)) return { lo: 0, hi: Infinity, taint: false };
    lo = Math.min(lo, Math.max(0, (o.slo - t.hi) / elem));
    hi = Math.max(hi, (o.shi - t.lo) / elem);
    taint ||= o.taint;
  }
  return { lo, hi: Math.max(hi, lo), taint };
}

/** Sets the string state of what `v` points at; `patch.slo/shi` are in elements of `elem` bytes. */
function setString(v: Val, st: State, patch: Partial<Obj>, elem: number): void {
  if (v.k !== 'ptr') return;
  const exact = v.t.length === 1;
  for (const t of v.t) {
    const o = st.objs.get(t.o);
    if (!o || o.kind === 'literal') continue;
    const p: Partial<Obj> = { ...patch, init: YES, slots: undefined };
    if (patch.shi !== undefined) p.unterm = patch.shi === Infinity && patch.unterm === true && o.init === NO;
    const base = t.lo === t.hi ? t.lo : undefined;
    if (patch.slo !== undefined && patch.shi !== undefined) {
      if (base === undefined || !exact) {
        p.slo = Math.min(o.slo, patch.slo * elem);
        p.shi = Infinity;
      } else {
        p.slo = base + patch.slo * elem;
        p.shi = base + patch.shi * elem;
      }
    }
    if (patch.taint === false) p.taint = o.taint && !exact;
    st.updateObj(t.o, p);
  }
}

function taintInt(name: string, line: number): IntV {
  const wide = /ll|64/.test(name) ? 2 ** 63 : name === 'atol' || name === 'strtol' || name === 'wcstol' ? 2 ** 63 : 2 ** 31;
  if (/^(atof|strtod|strtof|wcstod)$/.test(name)) return int(-3.4e38, 3.4e38, true, line, 'number parsed from input');
  if (/ul/.test(name)) return int(0, wide * 2 - 1, true, line, 'number parsed from input');
  return int(-wide, wide - 1, true, line, 'number parsed from input');
}

export function callLibrary(name: string, n: N, args: N[], st: State, fr: Frame, run: Run): LibResult | undefined {
  const alloc = libAlloc(name, n, args, st, fr, run);
  if (alloc) return alloc;
  if (name === 'free' || name === 'cfree') return libFree(n, args, st, fr, run);
  if (NORETURN.has(name)) {
    args.forEach((a) => evalExpr(a, st, fr, run));
    st.dead = true;
    return { v: UNKNOWN };
  }
  const fmtIndex = FORMAT_ARG[name];
  if (fmtIndex !== undefined) return formatCall(name, fmtIndex, n, args, st, fr, run);
  if (COMMANDS.has(name)) return commandCall(name, n, args, st, fr, run);
  const vals = (): Val[] => args.map((a) => evalExpr(a, st, fr, run));
  const wide = name.startsWith('wcs') || name.startsWith('wmem') || name.startsWith('fgetw');
  const elem = wide ? 4 : 1;
  switch (name) {
    case 'memcpy':
    case 'memmove':
    case 'wmemcpy':
    case 'wmemmove':
    case 'memcpy_s':
    case 'bcopy': {
      const v = vals();
      const [d, s, len] = name === 'bcopy' ? [v[1], v[0], v[2]] : name === 'memcpy_s' ? [v[0], v[2], v[3]] : [v[0], v[1], v[2]];
      const bytes = scale(len, elem);
      copy(name, d ?? UNKNOWN, s ?? UNKNOWN, bytes, n, args, st, fr, run);
      const sl = strLen(s ?? UNKNOWN, st, elem);
      const src = isTainted(s ?? UNKNOWN, st);
      if (sl.hi * elem < bytes.lo) setString(d ?? UNKNOWN, st, { slo: sl.lo, shi: sl.hi, taint: Boolean(src) }, elem);
      else setString(d ?? UNKNOWN, st, { slo: Math.floor(bytes.lo / elem), shi: Infinity, taint: Boolean(src), unterm: sl.lo * elem >= bytes.hi }, elem);
      return { v: d ?? UNKNOWN };
    }
    case 'memset':
    case 'wmemset':
    case 'bzero': {
      const v = vals();
      const d = v[0] ?? UNKNOWN;
      const len = name === 'bzero' ? v[1] : v[2];
      const bytes = scale(len, elem);
      checkDeref(d, args[0] ?? n, st, fr, run);
      checkRange(d, 0, 0, bytes.lo, bytes.hi, true, n, st, fr, run, { what: `${name} of ${fmtRange(bytes.lo, bytes.hi)} bytes`, taint: bytes.taint, trace: [] });
      const c = name === 'bzero' ? int(0) : v[1];
      const zero = c?.k === 'int' && c.lo === 0 && c.hi === 0;
      if (zero) setString(d, st, { slo: 0, shi: 0, taint: false }, elem);
      else setString(d, st, { slo: Math.floor(bytes.lo / elem), shi: Infinity, taint: false }, elem);
      return { v: d };
    }
    case 'strcpy':
    case 'wcscpy':
    case 'stpcpy':
    case 'strcat':
    case 'wcscat': {
      const [d = UNKNOWN, s = UNKNOWN] = vals();
      checkDeref(d, args[0] ?? n, st, fr, run);
      checkDeref(s, args[1] ?? n, st, fr, run);
      const sl = strLen(s, st, elem);
      const cat = name.endsWith('cat');
      const dl = cat ? strLen(d, st, elem) : { lo: 0, hi: 0, taint: false };
      readString(s, sl, n, st, fr, run, name, elem);
      if (Number.isFinite(sl.hi) && Number.isFinite(dl.hi))
        checkRange(d, dl.lo * elem, dl.hi * elem, (sl.lo + 1) * elem, (sl.hi + 1) * elem, true, n, st, fr, run, {
          what: `${name} of a ${fmtRange(sl.lo, sl.hi)}-character string`, taint: sl.taint, trace: sourceTrace(s, st),
        });
      const srcTaint = isTainted(s, st);
      setString(d, st, { slo: dl.lo + sl.lo, shi: dl.hi + sl.hi, ...(srcTaint ? { taint: true, taintLine: srcTaint.taintLine } : cat ? {} : { taint: false }) }, elem);
      return { v: d };
    }
    case 'strncpy':
    case 'wcsncpy':
    case 'strncat':
    case 'wcsncat':
    case 'strlcpy':
    case 'strlcat': {
      const [d = UNKNOWN, s = UNKNOWN, len] = vals();
      checkDeref(d, args[0] ?? n, st, fr, run);
      const count = len?.k === 'int' ? len : anyInt();
      const sl = strLen(s, st, elem);
      const cat = name.endsWith('cat');
      const dl = cat ? strLen(d, st, elem) : { lo: 0, hi: 0, taint: false };
      const copied = { lo: Math.min(count.lo, sl.lo), hi: Math.min(count.hi, sl.hi) };
      // strncpy always writes n; strncat writes min(n, len) plus a terminator
      const wLo = name.includes('ncpy') ? count.lo : name.startsWith('strl') ? Math.min(count.lo, sl.lo + 1) : copied.lo + 1;
      const wHi = name.includes('ncpy') ? count.hi : name.startsWith('strl') ? Math.min(count.hi, sl.hi + 1) : copied.hi + 1;
      if (Number.isFinite(wHi) && Number.isFinite(dl.hi))
        checkRange(d, dl.lo * elem, dl.hi * elem, wLo * elem, wHi * elem, true, n, st, fr, run, {
          what: `${name} of ${fmtRange(wLo, wHi)} characters`, taint: count.taint, trace: sourceTrace(s, st),
        });
      if (Number.isFinite(copied.hi)) readString(s, { lo: copied.lo - 1, hi: copied.hi - 1, taint: sl.taint }, n, st, fr, run, name, elem);
      const srcTaint = isTainted(s, st);
      const terminated = cat || copied.hi < count.lo;
      setString(d, st, {
        slo: dl.lo + copied.lo,
        shi: terminated ? dl.hi + copied.hi : Infinity,
        unterm: !terminated && sl.lo >= count.hi,
        ...(srcTaint ? { taint: true, taintLine: srcTaint.taintLine } : cat ? {} : { taint: false }),
      }, elem);
      return { v: d };
    }
    case 'snprintf':
    case 'swprintf':
      return undefined;
    case 'strlen':
    case 'wcslen': {
      const [s = UNKNOWN] = vals();
      checkDeref(s, args[0] ?? n, st, fr, run);
      checkTerminated(s, n, st, fr, run, name);
      const sl = strLen(s, st, elem);
      if (!Number.isFinite(sl.hi)) return { v: sl.taint ? { k: 'int', lo: 0, hi: Infinity, taint: false } : anyInt() };
      return { v: int(sl.lo, sl.hi, false, n.line, 'string length') };
    }
    case 'fgets':
    case 'fgetws': {
      const [d = UNKNOWN, len] = vals();
      if (args[2]) evalExpr(args[2], st, fr, run);
      const count = len?.k === 'int' ? len : anyInt();
      checkDeref(d, args[0] ?? n, st, fr, run);
      if (Number.isFinite(count.hi))
        checkRange(d, 0, 0, count.lo * elem, count.hi * elem, true, n, st, fr, run, { what: `${name} of up to ${fmtRange(count.lo, count.hi)} characters`, taint: false, trace: [] });
      setString(d, st, { slo: 0, shi: Math.max(0, count.hi - 1), taint: true, taintLine: n.line }, elem);
      return { v: d.k === 'ptr' ? { ...d, nul: MAYBE, nulSrc: undefined } : UNKNOWN };
    }
    case 'gets': {
      const [d = UNKNOWN] = vals();
      setString(d, st, { slo: 0, shi: Infinity, taint: true, taintLine: n.line }, elem);
      return { v: d };
    }
    case 'recv':
    case 'recvfrom':
    case 'read':
    case 'fread': {
      const v = vals();
      const [d, len] = name === 'fread' ? [v[0], scaleMul(v[1], v[2])] : [v[1], v[2]];
      const count = len?.k === 'int' ? len : anyInt();
      if (Number.isFinite(count.hi) && d)
        checkRange(d, 0, 0, count.lo, count.hi, true, n, st, fr, run, { what: `${name} of up to ${fmtRange(count.lo, count.hi)} bytes`, taint: false, trace: [] });
      if (d) setString(d, st, { slo: 0, shi: Infinity, taint: true, taintLine: n.line }, elem);
      const hi = Number.isFinite(count.hi) ? count.hi : 2 ** 31 - 1;
      return { v: int(-1, hi, true, n.line, 'bytes received') };
    }
    case 'getenv':
    case '_wgetenv':
    case 'secure_getenv': {
      vals();
      const o = newObj(run, st, {
        kind: 'unknown', elem: name === '_wgetenv' ? 4 : 1, slo: 0, shi: Infinity, taint: true, taintLine: n.line, freed: NO, init: YES,
        escaped: true, line: n.line, name: 'the environment string', local: false,
      });
      return { v: { k: 'ptr', t: [{ o: o.id, lo: 0, hi: 0 }], nul: MAYBE, nulSrc: { line: n.line, note: `${name} can return NULL`, fromAlloc: true } } };
    }
    case 'fopen':
    case 'fdopen':
    case 'tmpfile':
    case 'freopen': {
      vals();
      const o = newObj(run, st, {
        kind: 'unknown', elem: 1, slo: 0, shi: Infinity, taint: false, freed: NO, init: YES, escaped: true, line: n.line, name: 'the FILE', local: false,
      });
      return { v: { k: 'ptr', t: [{ o: o.id, lo: 0, hi: 0 }], nul: MAYBE, nulSrc: { line: n.line, note: `${name} can return NULL`, fromAlloc: true } } };
    }
    case 'sqrt':
    case 'sqrtf':
    case 'sqrtl':
    case 'imaxabs':
    case 'abs':
    case 'labs':
    case 'llabs':
    case 'fabs':
    case 'fabsf':
    case 'floor':
    case 'ceil': {
      const [x] = vals();
      if (x?.k !== 'int') return { v: anyInt() };
      const f = MATH[name] as (v: number) => number;
      if (x.lo === x.hi) return { v: int(f(x.lo)) };
      if (name.includes('abs')) {
        const lo = x.lo >= 0 ? x.lo : x.hi <= 0 ? -x.hi : 0;
        return { v: { k: 'int', lo, hi: Math.max(Math.abs(x.lo), Math.abs(x.hi)), taint: x.taint, src: x.src, srcNote: x.srcNote } };
      }
      return { v: anyInt() };
    }
    case 'rand':
    case 'random':
    case 'lrand48':
      vals();
      return { v: int(0, 2 ** 31 - 1, true, n.line, 'random value') };
    case 'scanf':
    case 'fscanf':
    case 'sscanf':
    case 'wscanf':
    case 'fwscanf':
    case 'swscanf': {
      const v = vals();
      const first = name.startsWith('s') || name.startsWith('f') ? 2 : 1;
      v.slice(first).forEach((a) => {
        if (a.k === 'ref') {
          const cell = st.vars.get(a.key);
          const r = intRange(cell?.type) ?? [-(2 ** 31), 2 ** 31 - 1];
          if (cell) st.vars.set(a.key, { ...cell, v: int(r[0], r[1], true, n.line, `read by ${name}`), init: YES });
        } else setString(a, st, { slo: 0, shi: Infinity, taint: true, taintLine: n.line }, elem);
      });
      return { v: int(-1, v.length, false) };
    }
    case 'atoi':
    case 'atol':
    case 'atoll':
    case 'atof':
    case 'strtol':
    case 'strtoul':
    case 'strtoll':
    case 'strtoull':
    case 'strtod':
    case 'wcstol':
    case 'wcstoul':
    case '_wtoi':
    case 'wtoi': {
      const [s = UNKNOWN] = vals();
      checkDeref(s, args[0] ?? n, st, fr, run);
      return { v: isTainted(s, st) ? taintInt(name, n.line) : anyInt() };
    }
    default:
      break;
  }
  if (READS_ARGS.has(name)) {
    const v = vals();
    v.forEach((a, i) => {
      if (a.k === 'ptr') checkDeref(a, args[i] ?? n, st, fr, run);
    });
    if (/^(puts|fputs|fputws|strcmp|strncmp|wcscmp|strchr|strrchr|wcschr|strstr|wcsstr)$/.test(name)) checkTerminated(v[0] ?? UNKNOWN, n, st, fr, run, name);
    return { v: anyInt() };
  }
  return undefined;
}

function scale(v: Val | undefined, elem: number): { lo: number; hi: number; taint: boolean } {
  if (v?.k !== 'int') return { lo: 0, hi: Infinity, taint: false };
  return { lo: v.lo * elem, hi: v.hi * elem, taint: v.taint };
}

function scaleMul(a: Val | undefined, b: Val | undefined): Val {
  if (a?.k !== 'int' || b?.k !== 'int') return anyInt();
  return int(a.lo * b.lo, a.hi * b.hi);
}

function sourceTrace(s: Val, st: State) {
  const o = objsOf(s, st)[0];
  return o ? [{ line: o.line, note: `source ${o.name}` }] : [];
}

/** reads len+1 elements of a string: under-read before its start, over-read past an unterminated end */
/** A string read of a buffer known to lack a terminator (CWE-170 leading to an over-read). */
export function checkTerminated(s: Val, n: N, st: State, fr: Frame, run: Run, name: string): void {
  const o = objsOf(s, st).find((x) => x.unterm && x.freed === NO);
  if (!o) return;
  report(fr, n, {
    rule: 'c.buffer.overread',
    pattern: name,
    description: `${name} reads ${o.name} as a string, but no terminator was written after its characters.`,
    confidence: 0.65,
    trace: [{ line: o.line, note: `${o.name} declared without a terminator` }],
  }, run);
}

function readString(s: Val, sl: { lo: number; hi: number; taint: boolean }, n: N, st: State, fr: Frame, run: Run, name: string, elem: number): void {
  checkTerminated(s, n, st, fr, run, name);
  if (s.k !== 'ptr' || !Number.isFinite(sl.hi)) return;
  checkFreed(s, n, st, fr, run);
  checkRange(s, 0, 0, (sl.lo + 1) * elem, (sl.hi + 1) * elem, false, n, st, fr, run, { what: `${name} reading ${fmtRange(sl.lo + 1, sl.hi + 1)} characters`, taint: sl.taint, trace: [] });
}

function copy(name: string, d: Val, s: Val, bytes: { lo: number; hi: number; taint: boolean }, n: N, args: N[], st: State, fr: Frame, run: Run): void {
  checkDeref(d, args[0] ?? n, st, fr, run);
  checkDeref(s, args[1] ?? n, st, fr, run);
  if (!Number.isFinite(bytes.hi)) return;
  const what = `${name} of ${fmtRange(bytes.lo, bytes.hi)} bytes`;
  checkRange(d, 0, 0, bytes.lo, bytes.hi, true, n, st, fr, run, { what, taint: bytes.taint, trace: sourceTrace(s, st) });
  checkRange(s, 0, 0, bytes.lo, bytes.hi, false, n, st, fr, run, { what, taint: bytes.taint, trace: [] });
  fieldOverflow(name, args, bytes, n, st, fr, run);
}

/** memcpy(s.member, …, sizeof(s)): the length covers the struct, the destination is one member */
function fieldOverflow(name: string, args: N[], bytes: { lo: number; hi: number }, n: N, _st: State, fr: Frame, run: Run): void {
  const dst = args[0];
  if (dst?.t !== 'field_expression' || !dst.c[0] || !dst.c[1]) return;
  const ft = staticType(dst, fr, run);
  if (!ft || ft.arr === undefined) return;
  const fieldSize = (elemSize(ft, run.group.structs) ?? 1) * ft.arr;
  if (bytes.lo <= fieldSize) return;
  report(fr, n, {
    rule: 'c.buffer.field-overflow',
    pattern: name,
    description: `${name} writes ${bytes.lo} bytes into member '${text(fr.file, dst)}' of ${fieldSize} bytes.`,
    confidence: 0.85,
  }, run);
}

function formatCall(name: string, idx: number, n: N, args: N[], st: State, fr: Frame, run: Run): LibResult {
  const vals = args.map((a) => evalExpr(a, st, fr, run));
  const fmt = vals[idx];
  const fmtNode = args[idx];
  if (fmt && fmtNode) {
    const src = isTainted(fmt, st) ?? (fmt.k === 'unk' && fmt.taint ? undefined : undefined);
    if (src) {
      report(fr, n, {
        rule: 'c.format.tainted',
        pattern: name,
        description: `The format string of ${name} is '${text(fr.file, fmtNode)}', which holds data from outside the program.`,
        confidence: 0.85,
        trace: src.taintLine !== undefined ? [{ line: src.taintLine, note: 'external data read here' }] : [],
      }, run);
    }
    checkFreed(fmt, fmtNode, st, fr, run);
  }
  // the destination of sprintf-like calls
  if (name === 'snprintf' || name === '_snprintf' || name === 'swprintf' || name === 'vsnprintf' || name === '_snwprintf') {
    const d = vals[0] ?? UNKNOWN;
    const len = vals[1];
    const elem = name.includes('w') ? 4 : 1;
    if (len?.k === 'int' && Number.isFinite(len.hi)) {
      checkDeref(d, args[0] ?? n, st, fr, run);
      const out = strLenOfFormat(args, idx, vals, st, fr);
      const wHi = Math.min(len.hi, out + 1);
      checkRange(d, 0, 0, wHi * elem, wHi * elem, true, n, st, fr, run, { what: `${name} of up to ${len.hi} characters`, taint: len.taint, trace: sourceTrace(vals[idx + 1] ?? UNKNOWN, st) });
    }
    setString(d, st, { slo: 0, shi: Infinity, taint: vals.slice(idx).some((v) => Boolean(isTainted(v, st))) }, elem);
  }
  return { v: anyInt() };
}

/** upper bound of the characters a `"%s"`-style call prints, Infinity when unknown */
function strLenOfFormat(args: N[], idx: number, vals: Val[], st: State, fr: Frame): number {
  const fmtNode = args[idx];
  if (!fmtNode || (fmtNode.t !== 'string_literal' && fmtNode.t !== 'concatenated_string')) return Infinity;
  const f = text(fr.file, fmtNode).replace(/^[LuU]?"/, '').replace(/"$/, '');
  if (f === '%s' || f === '%ls') {
    const v = vals[idx + 1];
    return v ? strLen(v, st, f === '%ls' ? 4 : 1).hi : Infinity;
  }
  return Infinity;
}

function commandCall(name: string, n: N, args: N[], st: State, fr: Frame, run: Run): LibResult {
  const vals = args.map((a) => evalExpr(a, st, fr, run));
  vals.forEach((v, i) => {
    const src = isTainted(v, st);
    if (!src) return;
    report(fr, n, {
      rule: 'c.command.tainted',
      pattern: name,
      description: `${name} runs a command built from '${text(fr.file, args[i] ?? n)}', which holds data from outside the program.`,
      confidence: 0.8,
      trace: src.taintLine !== undefined ? [{ line: src.taintLine, note: 'external data read here' }] : [],
    }, run);
  });
  vals.forEach((v) => escape(v, st));
  return { v: name.includes('popen') ? ({ k: 'ptr', t: [], nul: MAYBE } as PtrV) : anyInt() };
}
