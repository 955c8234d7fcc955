/**
 * Models of the C library, dispatched by name: allocation and free (lib-memory), copies
 * (lib-copy), inputs (lib-input), the printf family (lib-format), commands and paths (lib-os),
 * plus string lengths, math and functions that never return.
 */
import type { N } from './ast.js';
import { text, type Frame, type Run } from './context.js';
import { checkDeref } from './access.js';
import { evalExpr } from './eval.js';
import { newObj } from './memory.js';
import { keyOf } from './names.js';
import { plainKey } from './arith.js';
import { copyCall } from './lib-copy.js';
import { FORMAT_ARG, formatCall } from './lib-format.js';
import { inputCall } from './lib-input.js';
import { assertCall } from './lib-assert.js';
import { libAlloc, libFree } from './lib-memory.js';
import { isSqlCall, sqlCall } from './lib-sql.js';
import { commandCall, isCommand, isPathSink, markPathChecked, pathCall, realpathCall } from './lib-os.js';
import type { State } from './state.js';
import { checkTerminated, strLen } from './strings.js';
import { anyInt, int, MAX_OBJECT, MAYBE, NO, UNKNOWN, YES, type IntV, type Val } from './values.js';

export { checkTerminated } from './strings.js';

const NORETURN = new Set(['exit', 'abort', '_exit', '_Exit', 'longjmp', 'siglongjmp', '__assert_fail', 'quick_exit', 'pthread_exit', 'err', 'errx', 'verr', 'verrx']);

/** functions whose pointer arguments are read and must not be NULL or freed */
const READS_ARGS = new Set([
  'strcmp', 'strncmp', 'wcscmp', 'strcasecmp', 'strncasecmp', 'strchr', 'strrchr', 'wcschr', 'strstr', 'wcsstr', 'puts', 'fputs', 'fputws',
  'fclose', 'fwrite', 'fflush', 'fseek', 'ftell', 'rewind', 'feof', 'ferror', 'fileno', 'strspn', 'strcspn', 'strpbrk', 'memchr', 'memcmp',
  'toupper', 'tolower',
]);

const MATH: Record<string, (v: number) => number> = {
  sqrt: Math.sqrt, sqrtf: Math.sqrt, sqrtl: Math.sqrt, imaxabs: Math.abs, abs: Math.abs, labs: Math.abs, llabs: Math.abs, fabs: Math.abs, fabsf: Math.abs, floor: Math.floor, ceil: Math.ceil,
};

export interface LibResult {
  v: Val;
}

export function callLibrary(name: string, n: N, args: N[], st: State, fr: Frame, run: Run): LibResult | undefined {
  const r = model(name, n, args, st, fr, run);
  if (r) assignOutParams(args, st, fr, run);
  return r;
}

/**
 * `f(&x)` to a library function gives it x to fill (`strtol(s, &end, 10)`, `time(&t)`,
 * `pthread_create(&tid, …)`): whatever the model did not set is assigned, value unknown.
 */
function assignOutParams(args: N[], st: State, fr: Frame, run: Run): void {
  for (const a of args) {
    if (a.t !== 'pointer_expression' || a.op !== '&' || a.c[0]?.t !== 'identifier') continue;
    const key = keyOf(text(fr.file, a.c[0]), fr, run);
    const cell = key ? st.vars.get(key) : undefined;
    if (!key || !cell || cell.init === YES || (cell.type && (cell.type.arr !== undefined || cell.type.arrUnknown))) continue;
    st.vars.set(key, { ...cell, v: cell.type && cell.type.ptr > 0 ? { k: 'ptr', t: [], nul: MAYBE } : UNKNOWN, init: YES });
  }
}

/**
 * `raise(SIGFPE)` in an error helper: a signal whose default action ends the process (a program
 * that installs a handler for it and carries on is rare enough to read the call as the end).
 */
const FATAL_SIGNALS = new Set(['SIGABRT', 'SIGKILL', 'SIGFPE', 'SIGILL', 'SIGSEGV', 'SIGBUS', 'SIGTERM', 'SIGQUIT']);

function fatalRaise(name: string, args: N[], fr: Frame): boolean {
  return name === 'raise' && args.length === 1 && args[0] !== undefined && FATAL_SIGNALS.has(text(fr.file, args[0]).trim());
}

function model(name: string, n: N, args: N[], st: State, fr: Frame, run: Run): LibResult | undefined {
  if (name === 'assert') return assertCall(n, args, st, fr, run);
  const alloc = libAlloc(name, n, args, st, fr, run);
  if (alloc) return alloc;
  if (name === 'free' || name === 'cfree') return libFree(n, args, st, fr, run);
  const fmtIndex = FORMAT_ARG[name];
  if (NORETURN.has(name) || fatalRaise(name, args, fr)) {
    // err(1, msg) formats before it exits
    if (fmtIndex !== undefined) formatCall(name, fmtIndex, n, args, st, fr, run);
    else args.forEach((a) => evalExpr(a, st, fr, run));
    st.dead = true;
    return { v: UNKNOWN };
  }
  if (fmtIndex !== undefined) return formatCall(name, fmtIndex, n, args, st, fr, run);
  if (isCommand(name)) return commandCall(name, n, args, st, fr, run);
  if (isSqlCall(name)) return sqlCall(name, n, args, st, fr, run);
  if (name === 'realpath' || name === 'canonicalize_file_name') return realpathCall(n, args, st, fr, run);
  const copied = copyCall(name, n, args, st, fr, run) ?? inputCall(name, n, args, st, fr, run);
  if (copied) return copied;
  if (isPathSink(name)) pathCall(name, n, args, st, fr, run);
  const vals = (): Val[] => args.map((a) => evalExpr(a, st, fr, run));
  switch (name) {
    case 'strtok':
    case 'strtok_r':
      return { v: tokenCall(name, args[0] ?? n, n, vals(), st, fr, run) };
    case 'strlen':
    case 'wcslen':
    case 'strnlen': {
      const [s = UNKNOWN, max] = vals();
      const elem = name === 'wcslen' ? 4 : 1;
      checkDeref(s, args[0] ?? n, st, fr, run);
      checkTerminated(s, n, st, fr, run, name);
      const sl = strLen(s, st, elem);
      const cap = name === 'strnlen' && max?.k === 'int' ? max.hi : Infinity;
      const link = s.k === 'ptr' && s.t.length === 1 && s.t[0] && s.t[0].lo === s.t[0].hi ? { o: s.t[0].o, off: s.t[0].lo, elem } : undefined;
      // no object is larger than the address space: `strlen(s) * 2 + 1` cannot wrap
      const v: IntV = { k: 'int', lo: Math.min(sl.lo, cap), hi: Math.min(sl.hi, cap, sl.taint ? MAX_OBJECT : Infinity), taint: sl.taint, src: sl.line ?? n.line, srcNote: 'string length' };
      if (sl.taint) {
        v.weak = sl.weak;
        v.origin = sl.origin;
      }
      // a pointer into the middle of a string (known only as a range): the test bounds the pointer's string
      const lenKey = !link && args[0] && s.k === 'ptr' ? plainKey(args[0], fr, run) : undefined;
      if (!Number.isFinite(v.hi) && !sl.taint) return { v: { ...anyInt(), lo: 0, lenOf: link, ...(lenKey ? { lenKey } : {}) } };
      return { v: link ? { ...v, lenOf: link } : lenKey ? { ...v, lenKey } : v };
    }
    case 'fopen':
    case 'fdopen':
    case 'tmpfile':
    case 'freopen':
    case 'fopen64':
    case 'popen': {
      vals();
      const o = newObj(run, st, {
        kind: 'unknown', elem: 1, slo: 0, shi: Infinity, taint: false, freed: NO, init: YES, escaped: true, line: n.line, name: 'the FILE', local: false,
      });
      return { v: { k: 'ptr', t: [{ o: o.id, lo: 0, hi: 0 }], nul: MAYBE, nulSrc: { line: n.line, note: `${name} can return NULL`, fromAlloc: true, lookup: true } } };
    }
    case 'getpwnam':
    case 'getpwuid':
    case 'getgrnam':
    case 'getgrgid':
    case 'getspnam':
    case 'getlogin':
    case 'ttyname':
    case 'gethostbyname':
    case 'gethostbyname2':
    case 'gethostbyaddr':
    case 'getservbyname':
    case 'getservbyport':
    case 'getprotobyname':
    case 'getprotobynumber':
    case 'getnetbyname':
    case 'localtime':
    case 'gmtime':
    case 'ctime':
    case 'asctime': {
      // a record from a system database (or a static buffer) — or NULL: an unknown user, group or
      // host is an everyday outcome, like a missing variable for getenv; a time that does not fit
      // struct tm is a rare one, like an allocation failing
      vals();
      const time = /time$/.test(name);
      const o = newObj(run, st, {
        kind: 'unknown', elem: 1, slo: 0, shi: Infinity, taint: false, freed: NO, init: YES, escaped: true, line: n.line, name: `the result of ${name}`, local: false,
      });
      return { v: { k: 'ptr', t: [{ o: o.id, lo: 0, hi: 0 }], nul: MAYBE, nulSrc: { line: n.line, note: `${name} can return NULL`, fromAlloc: true, lookup: !time } } };
    }
    case 'ntohl':
    case 'htonl':
    case 'ntohs':
    case 'htons':
    case 'be32toh':
    case 'le32toh':
    case 'be16toh':
    case 'le16toh':
    case 'be64toh':
    case 'le64toh':
    case 'bswap_16':
    case 'bswap_32':
    case 'bswap_64': {
      // a byte swap keeps where the value came from, over the full range of its width
      const [x] = vals();
      const bits = /16|s$/.test(name) ? 16 : /64/.test(name) ? 64 : 32;
      if (x?.k !== 'int' || !x.taint) return { v: anyInt() };
      return { v: { k: 'int', lo: 0, hi: 2 ** bits - 1, taint: true, weak: x.weak, origin: x.origin, src: x.src, srcNote: x.srcNote } };
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
        return { v: { k: 'int', lo, hi: Math.max(Math.abs(x.lo), Math.abs(x.hi)), taint: x.taint, src: x.src, srcNote: x.srcNote, weak: x.weak, origin: x.origin } };
      }
      return { v: anyInt() };
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
    markPathChecked(name, v, st);
    if (name === 'strspn' || name === 'strcspn') return { v: spanLength(v[0], n, st) };
    return { v: name === 'strchr' || name === 'strrchr' || name === 'strstr' || name === 'strpbrk' || name === 'memchr' ? found(name, v, st, n.line) : anyInt() };
  }
  return undefined;
}

/** where strtok goes on when it is called with NULL: the strings it was last handed */
const TOKEN_KEY = '#strtok';

/**
 * strtok(s, delim), strtok_r(s, delim, &save): a token is a piece of the string it was handed (or,
 * with NULL, of the string it was handed before), so it carries that text's taint; NULL when no
 * token is left. It writes terminators into the string: the string may end earlier than before.
 */
function tokenCall(name: string, textArg: N, n: N, v: readonly Val[], st: State, fr: Frame, run: Run): Val {
  const [s, delim] = v;
  if (delim) checkTerminated(delim, n, st, fr, run, name);
  let base: Val | undefined = s;
  // no token left is NULL: a result the caller must test, like a lookup
  const nulSrc = { line: n.line, note: `${name} returns NULL when no token is left`, fromAlloc: true, lookup: true, search: true };
  if (s?.k === 'ptr' && s.nul !== YES && s.t.length > 0) {
    checkDeref(s, textArg, st, fr, run);
    checkTerminated(s, n, st, fr, run, name);
    st.vars.set(TOKEN_KEY, { v: { ...s, nul: NO, nulSrc: undefined }, init: YES, line: n.line });
  } else base = st.vars.get(TOKEN_KEY)?.v;
  if (base?.k !== 'ptr' || base.t.length === 0) return { k: 'ptr', t: [], nul: MAYBE, nulSrc };
  const t = base.t.map((x) => {
    const o = st.objs.get(x.o);
    if (o && o.kind !== 'literal' && Number.isFinite(o.slo)) st.updateObj(o.id, { slo: Math.min(o.slo, x.lo) });
    const end = !o || o.unterm ? Infinity : Number.isFinite(o.shi) ? o.shi : o.size !== undefined ? o.size - o.elem : Infinity;
    return { o: x.o, lo: x.lo, hi: Math.max(x.lo, end) };
  });
  return { k: 'ptr', t, nul: MAYBE, nulSrc };
}

/**
 * strspn/strcspn: a count of characters of the string, so at most its length. (Not marked as
 * input: the string's own taint already follows what is copied with it.)
 */
function spanLength(s: Val | undefined, n: N, st: State): IntV {
  const sl = strLen(s ?? UNKNOWN, st, 1);
  return { k: 'int', lo: 0, hi: sl.hi, taint: false, src: sl.line ?? n.line, srcNote: 'span length' };
}

/**
 * strchr/strstr: a pointer into the searched string, or NULL. What it finds is a character of the
 * string, so before its terminator (strchr of a character that may be 0: at most on it); memchr
 * stays within the bytes it was given.
 */
function found(name: string, v: readonly Val[], st: State, line: number): Val {
  const [s, what, count] = v;
  const nonZero = name === 'strstr' || name === 'strpbrk' || (what?.k === 'int' && (what.nz === true || what.lo > 0 || what.hi < 0));
  // strchr(s, 0) finds the terminator; otherwise a search of text comes back empty-handed
  // whenever the text lacks what is sought: a NULL the caller must test (a lookup, as getenv)
  const always = (name === 'strchr' || name === 'strrchr') && what?.k === 'int' && what.lo === 0 && what.hi === 0;
  const nulSrc = always ? undefined : { line, note: `${name} returns NULL when the text does not contain what it looks for`, fromAlloc: true, lookup: true, search: true };
  // (text the analysis does not hold, a token strtok_r cut from a caller's block: the same NULL)
  if (s?.k !== 'ptr') return { k: 'ptr', t: [], nul: MAYBE, ...(nulSrc && s !== undefined ? { nulSrc } : {}) };
  return {
    k: 'ptr',
    nul: always ? NO : MAYBE,
    nulSrc,
    t: s.t.map((t) => {
      if (name === 'memchr') return { o: t.o, lo: t.lo, hi: count?.k === 'int' && count.lo >= 1 ? t.hi + count.hi - 1 : Infinity };
      const o = st.objs.get(t.o);
      const nul = !o || o.unterm ? undefined : Number.isFinite(o.shi) ? o.shi : o.size !== undefined ? o.size - o.elem : undefined;
      return { o: t.o, lo: t.lo, hi: nul === undefined ? Infinity : Math.max(t.lo, nul - (nonZero ? o?.elem ?? 1 : 0)) };
    }),
  };
}
