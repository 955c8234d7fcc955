/**
 * printf family: the format argument (a format from outside the program, or one the scan cannot
 * see, is a finding), `%s` arguments (read as strings: freed, unterminated), and for the
 * sprintf family the output length, computed from the format and the arguments' bounds and
 * checked against the destination.
 */
import type { N } from './ast.js';
import { report, text, type Frame, type Run } from './context.js';
import { checkDeref, checkFreed, checkRange, fmtRange } from './access.js';
import { evalExpr } from './eval.js';
import { relativeEnd } from './lib-copy.js';
import { arrayCap } from './names.js';
import type { State } from './state.js';
import { checkTerminated, formatText, isDangerous, isTainted, joinTaint, NO_TAINT, objsOf, setString, sourceTrace, strLen, taintOf, taintPatch, taintText, taintTrace, type Taint } from './strings.js';
import { anyInt, int, NO, UNKNOWN, YES, type PtrV, type Val } from './values.js';
import { newObj } from './memory.js';
import type { LibResult } from './lib.js';

/** printf-like functions: index of the format argument */
export const FORMAT_ARG: Record<string, number> = {
  printf: 0, vprintf: 0, wprintf: 0, vwprintf: 0,
  fprintf: 1, vfprintf: 1, fwprintf: 1, vfwprintf: 1, sprintf: 1, vsprintf: 1, dprintf: 1, vdprintf: 1, syslog: 1, vsyslog: 1, asprintf: 1, vasprintf: 1,
  snprintf: 2, vsnprintf: 2, swprintf: 2, vswprintf: 2, _snprintf: 2, _vsnprintf: 2, _snwprintf: 2, _vsnwprintf: 2,
  err: 1, verr: 1, warn: 0, vwarn: 0, errx: 1, verrx: 1, warnx: 0, vwarnx: 0,
};

/** writes into a buffer with no size: the output must fit */
const UNBOUNDED = new Set(['sprintf', 'vsprintf']);
/** writes at most `size` characters (the second argument) */
const BOUNDED = new Set(['snprintf', 'vsnprintf', 'swprintf', 'vswprintf', '_snprintf', '_vsnprintf', '_snwprintf', '_vsnwprintf']);

interface OutLen extends Taint {
  lo: number;
  hi: number;
  /** a `%s` whose string length nothing bounds and no input decides */
  unknownStr: boolean;
  /** input text follows a `/` the format or a fixed argument wrote: a name meant to stay under a directory */
  confined: boolean;
  /** every tainted `%s` argument was canonicalised or checked as a path */
  pathOk: boolean;
}

const digits = (x: number) => String(Math.trunc(Math.abs(x))).length;

/** Characters of one integer conversion for values in [lo, hi]. */
function intWidth(lo: number, hi: number, conv: string, size: string): [number, number] {
  const bits = /ll|l|j|z|t|q/.test(size) ? 64 : size === 'h' ? 16 : size === 'hh' ? 8 : 32;
  if (conv === 'd' || conv === 'i') {
    const min = Number.isFinite(lo) && Number.isFinite(hi) ? (lo <= 0 && hi >= 0 ? 1 : Math.min(digits(lo), digits(hi)) + (hi < 0 ? 1 : 0)) : 1;
    const boundLo = Number.isFinite(lo) ? lo : -(2 ** (bits - 1));
    const boundHi = Number.isFinite(hi) ? hi : 2 ** (bits - 1) - 1;
    return [min, Math.max(digits(boundLo) + (boundLo < 0 ? 1 : 0), digits(boundHi))];
  }
  const base = conv === 'x' || conv === 'X' ? 16 : conv === 'o' ? 8 : 10;
  const maxU = lo < 0 || !Number.isFinite(hi) ? 2 ** bits - 1 : hi;
  const width = (x: number) => Math.max(1, Math.ceil(Math.log(x + 1) / Math.log(base)));
  const minU = lo >= 0 && Number.isFinite(lo) ? lo : 0;
  return [width(minU), width(maxU)];
}

/** where a path names the user's own choice, not an attacker's */
const USER_CHOSEN = new Set(['argv', 'env', 'file', 'caller']);

/** Output length of a printf format with these argument values (excluding the terminator). */
export function formatLength(fmt: string, args: Val[], st: State): OutLen {
  let lo = 0;
  let hi = 0;
  let taint: Taint = NO_TAINT;
  let unknownStr = false;
  let confined = false;
  let pathOk = true;
  let slashBefore = false;
  let i = 0;
  const re = /%([-+ #0']*)(\*|\d+)?(?:\.(\*|\d+)?)?(hh|h|ll|l|L|j|z|t|q)?([a-zA-Z%])/g;
  let last = 0;
  for (const m of fmt.matchAll(re)) {
    const lit = fmt.slice(last, m.index);
    lo += lit.length;
    hi += lit.length;
    if (lit.includes('/')) slashBefore = true;
    last = (m.index ?? 0) + m[0].length;
    const conv = m[5] ?? '';
    if (conv === '%') {
      lo++;
      hi++;
      continue;
    }
    let width = 0;
    if (m[2] === '*') {
      const w = args[i++];
      width = w?.k === 'int' && w.lo === w.hi ? w.lo : 0;
    } else if (m[2]) width = Number(m[2]);
    let prec: number | undefined;
    if (m[3] === '*') {
      const p = args[i++];
      prec = p?.k === 'int' && Number.isFinite(p.hi) ? Math.max(0, p.hi) : undefined;
    } else if (m[3] !== undefined) prec = Number(m[3]);
    else if (m[0].includes('.')) prec = 0;
    const a = args[i++];
    let cLo = 0;
    let cHi = 0;
    switch (conv) {
      case 'd': case 'i': case 'u': case 'x': case 'X': case 'o': {
        const v = a?.k === 'int' ? a : undefined;
        [cLo, cHi] = intWidth(v?.lo ?? -Infinity, v?.hi ?? Infinity, conv, m[4] ?? '');
        if (prec !== undefined) {
          cLo = Math.max(cLo, prec);
          cHi = Math.max(cHi, prec);
        }
        if (/[+ ]/.test(m[1] ?? '') && conv !== 'u') cHi++;
        break;
      }
      case 'c':
        cLo = cHi = 1;
        break;
      case 's': case 'S': {
        const wide = conv === 'S' || (m[4] ?? '') === 'l';
        const sl = a ? strLen(a, st, wide ? 4 : 1) : { lo: 0, hi: Infinity, taint: false };
        cLo = prec !== undefined ? Math.min(sl.lo, prec) : sl.lo;
        cHi = prec !== undefined ? Math.min(sl.hi, prec) : sl.hi;
        const src = a ? isTainted(a, st) : undefined;
        if (src) {
          const placed = slashBefore || src.confined;
          // the name that may escape leads (its origin is the one a path finding names)
          taint = placed && !src.pathOk ? joinTaint(taintOf(src), taint) : joinTaint(taint, taintOf(src));
          if (!src.pathOk) {
            // what follows a fixed directory must not climb out of it; a directory the user named
            // (command line, environment, a list file, the caller) in front is where the file is
            // meant to go, no escape: it leaves a checked name after it checked
            if (placed) confined = true;
            if (placed || !USER_CHOSEN.has(src.origin ?? '')) pathOk = false;
          }
          // a canonical directory (realpath of the user's choice): what follows is meant to stay below it
          if (src.pathOk && !src.validated) slashBefore = true;
        } else if (!Number.isFinite(cHi)) unknownStr = true;
        else if (a && objsOf(a, st).some((o) => o.kind === 'literal' && o.lit?.includes('/'))) slashBefore = true;
        break;
      }
      case 'p':
        cLo = 3;
        cHi = 18;
        break;
      case 'n':
        break;
      default: {
        // floating point: a known value has a known size; an input can be as large as 1e308
        const v = a?.k === 'int' ? a : undefined;
        const p = prec ?? 6;
        const mag = v && Number.isFinite(v.lo) && Number.isFinite(v.hi) ? Math.max(Math.abs(v.lo), Math.abs(v.hi)) : v?.taint ? 1e308 : 1e15;
        cLo = 1 + (p > 0 ? p + 1 : 0);
        cHi = conv === 'f' || conv === 'F' ? digits(mag) + 1 + (p > 0 ? p + 1 : 0) : 8 + p;
        if (v?.taint) taint = joinTaint(taint, { taint: true, weak: v.weak, origin: v.origin, line: v.src });
      }
    }
    lo += Math.max(cLo, width);
    hi += Math.max(cHi, width);
  }
  const tail = fmt.length - last;
  return { ...taint, lo: lo + tail, hi: hi + tail, unknownStr, confined, pathOk: pathOk && taint.taint };
}

/** a call that translates a literal (`_("…")`, `gettext("…")`): a format from the program itself */
function translated(n: N | undefined, fr: Frame): boolean {
  if (n?.t !== 'call_expression') return false;
  return (n.c[1]?.c ?? []).some((a) => a.t === 'string_literal' || a.t === 'concatenated_string') || /^(_|N_|gettext|dgettext|ngettext|dcgettext)$/.test(text(fr.file, n.c[0] ?? n));
}

export function formatCall(name: string, idx: number, n: N, args: N[], st: State, fr: Frame, run: Run): LibResult {
  const vals = args.map((a) => evalExpr(a, st, fr, run));
  const fmt = vals[idx];
  const fmtNode = args[idx];
  const isV = name.startsWith('v') || name.startsWith('_v');
  // a v*printf call passes its caller's arguments: the values of the frame's `...`
  const rest = isV ? fr.varargs ?? [] : vals.slice(idx + 1);
  const fmtStr = formatText(fmt, st);
  if (fmt && fmtNode) {
    checkFormat(name, fmt, fmtNode, fmtStr, isV, n, st, fr, run, args.length === idx + 1);
    checkFreed(fmt, fmtNode, st, fr, run);
  }
  if (fmtStr !== undefined) checkStringArgs(fmtStr, rest, isV ? [] : args.slice(idx + 1), n, st, fr, run, name);
  if (name === 'asprintf' || name === 'vasprintf') return allocPrintf(vals[0], fmtStr, rest, n, st, run);
  if (!UNBOUNDED.has(name) && !BOUNDED.has(name)) return { v: anyInt() };
  const d = vals[0] ?? UNKNOWN;
  const elem = name.includes('w') ? 4 : 1;
  const out = fmtStr !== undefined ? formatLength(fmtStr, rest, st) : undefined;
  if (UNBOUNDED.has(name)) {
    checkDeref(d, args[0] ?? n, st, fr, run);
    if (out) {
      const what = `${name} of ${fmtRange(out.lo + 1, out.hi + 1)} characters`;
      checkRange(d, 0, 0, (out.lo + 1) * elem, (out.hi + 1) * elem, true, n, st, fr, run, {
        what, taint: out.taint, weak: out.weak, trace: taintTrace(out), cap: args[0] ? arrayCap(args[0], fr, run) : undefined, unknownSource: out.unknownStr,
      });
    } else if (fmt && fmtNode && fmt.k === 'ptr' && !translated(fmtNode, fr)) {
      // a format the program does not spell out (a logging wrapper's `fmt`): the output has no
      // known bound, so a fixed buffer is a suspect; a caller that decides the format decides it
      const fl = strLen(fmt, st, elem);
      checkRange(d, 0, 0, elem, Infinity, true, n, st, fr, run, {
        what: `${name} with a format of unknown output length`, taint: fl.taint, weak: fl.weak, trace: sourceTrace(fmt, st),
        cap: args[0] ? arrayCap(args[0], fr, run) : undefined, unknownSource: true,
      });
    }
  } else {
    const size = vals[1];
    // snprintf(NULL, 0, …) measures the output: nothing is written
    const measure = size?.k === 'int' && size.lo === 0 && size.hi === 0;
    if (!measure && size?.k === 'int' && Number.isFinite(size.hi)) {
      checkDeref(d, args[0] ?? n, st, fr, run);
      const rel = relativeEnd(args[0], args[1], st, fr, run);
      const wHi = Math.min(size.hi, (out?.hi ?? Infinity) + 1);
      const info = { what: `${name} of up to ${size.hi} characters`, taint: size.taint, weak: size.weak, trace: sourceTrace(rest[0] ?? UNKNOWN, st), cap: args[0] ? arrayCap(args[0], fr, run) : undefined };
      if (rel) checkRange(rel.base, 0, 0, rel.len.lo * elem, rel.len.hi * elem, true, n, st, fr, run, info);
      else checkRange(d, 0, 0, wHi * elem, wHi * elem, true, n, st, fr, run, info);
    }
    if (measure) return { v: out ? int(out.lo, out.hi) : anyInt() };
  }
  const cap = BOUNDED.has(name) && vals[1]?.k === 'int' && Number.isFinite(vals[1].hi) ? Math.max(0, vals[1].hi - 1) : Infinity;
  const t: Taint = out ?? taintOfArgs(rest, st);
  setString(d, st, {
    slo: Math.min(out?.lo ?? 0, cap), shi: Math.min(out?.hi ?? Infinity, cap), ...taintPatch(t, out?.pathOk), ...(out?.confined && t.taint ? { confined: true } : {}),
  }, elem);
  return { v: out ? int(Math.min(out.lo, out.hi), out.hi) : anyInt() };
}

/**
 * asprintf(&p, fmt, …): p points to a new block holding the formatted text, with its length and
 * the taint of what went in (the caller frees it; not tracked as a leak).
 */
function allocPrintf(dst: Val | undefined, fmtStr: string | undefined, rest: Val[], n: N, st: State, run: Run): LibResult {
  const out = fmtStr !== undefined ? formatLength(fmtStr, rest, st) : undefined;
  const o = newObj(run, st, { kind: 'heap', elem: 1, slo: 0, shi: Infinity, taint: false, freed: NO, init: YES, escaped: true, line: n.line, name: 'the string from asprintf', local: false });
  const p: PtrV = { k: 'ptr', t: [{ o: o.id, lo: 0, hi: 0 }], nul: NO };
  const t: Taint = out ?? taintOfArgs(rest, st);
  setString(p, st, { slo: out?.lo ?? 0, shi: out?.hi ?? Infinity, ...taintPatch(t, out?.pathOk), ...(out?.confined && t.taint ? { confined: true } : {}) }, 1);
  if (dst?.k === 'ref') {
    const cell = st.vars.get(dst.key);
    st.vars.set(dst.key, { ...(cell ?? { line: n.line }), v: p, init: YES });
  }
  return { v: out ? int(Math.min(out.lo, out.hi), out.hi) : anyInt() };
}

function taintOfArgs(vals: Val[], st: State): Taint {
  let t: Taint = NO_TAINT;
  for (const v of vals) t = joinTaint(t, taintOf(isTainted(v, st)));
  return t;
}

/** The format itself: from outside the program (proven), from an exported function's caller, or unknown. */
function checkFormat(name: string, fmt: Val, fmtNode: N, fmtStr: string | undefined, isV: boolean, n: N, st: State, fr: Frame, run: Run, alone = false): void {
  // outside text that passed a validator holds no '%'
  if (isTainted(fmt, st) && !isDangerous(fmt, st)) return;
  const src = isDangerous(fmt, st);
  // a wrapper that forwards its own format (`log(const char *fmt, ...)`) is judged at its callers
  const param = fmtNode.t === 'identifier' && fr.fn.params.some((p) => p.name === text(fr.file, fmtNode));
  const wrapper = param && (isV || fr.fn.variadic);
  // ... unless the chain of wrappers was entered from a function that is none, with text an
  // exported function's caller controls: that call is the flaw, reported where it is
  const site = wrapper && src?.weak && fr.fmtSite?.file === fr.file.path ? fr.fmtSite : undefined;
  if (src && site) {
    const t = taintOf(src);
    report(fr, { ...n, line: site.line, s: site.s }, {
      rule: 'c.format.tainted',
      pattern: name,
      description: `The format given here reaches ${name} in ${fr.fn.name} (as '${text(fr.file, fmtNode)}') and holds ${taintText(t)}.`,
      confidence: 0.6,
      trace: taintTrace(t),
      tier: 'suspect',
      obj: src,
    }, run);
    return;
  }
  if (src && !(wrapper && src.weak)) {
    const t = taintOf(src);
    report(fr, n, {
      rule: 'c.format.tainted',
      pattern: name,
      description: `The format string of ${name} is '${text(fr.file, fmtNode)}', which holds ${taintText(t)}.`,
      confidence: t.weak ? 0.6 : 0.85,
      trace: taintTrace(t),
      tier: t.weak ? 'suspect' : 'proven',
      obj: src,
    }, run);
    return;
  }
  if (fmtStr !== undefined || fmtNode.t === 'string_literal' || fmtNode.t === 'concatenated_string' || translated(fmtNode, fr)) return;
  if (wrapper || src) return;
  // a buffer holding a string the program wrote itself (copied from a literal) is not in doubt
  if (objsOf(fmt, st).some((o) => o.kind === 'literal') || (fmt.k === 'ptr' && fmt.t.length > 0 && Number.isFinite(strLen(fmt, st, 1).hi))) return;
  report(fr, n, {
    rule: 'c.format.tainted',
    pattern: name,
    description: `The format string of ${name} is '${text(fr.file, fmtNode)}', which is not a literal${alone ? ' and has no arguments to format (a message printed as a format)' : ''}; check that no outside data can reach it.`,
    // a text printed as the format with nothing to format is the classic flaw (gcc -Wformat-security);
    // a format variable with arguments is usually one the program chose
    confidence: alone && !isV ? 0.5 : 0.35,
    tier: 'suspect',
  }, run);
}

/** `%s` arguments are read as strings: a freed or unterminated one is a finding. */
function checkStringArgs(fmt: string, vals: Val[], nodes: N[], n: N, st: State, fr: Frame, run: Run, name: string): void {
  let i = 0;
  for (const m of fmt.matchAll(/%[-+ #0']*(\*|\d+)?(?:\.(\*|\d+)?)?(hh|h|ll|l|L|j|z|t|q)?([a-zA-Z%])/g)) {
    if (m[4] === '%') continue;
    if (m[1] === '*') i++;
    if (m[2] === '*') i++;
    const v = vals[i];
    const node = nodes[i] ?? n;
    i++;
    if (!v || (m[4] !== 's' && m[4] !== 'S')) continue;
    // `printf("%s", getenv("X"))` unchecked: a NULL for %s is undefined behaviour (glibc prints
    // "(null)", other C libraries crash); below the level of a dereference the program makes itself
    if (v.k === 'ptr' && v.nul !== NO && v.nulSrc?.lookup && !v.nulSrc.search)
      report(fr, node, {
        rule: 'c.null.unchecked-alloc',
        pattern: `${name} %${m[4]}`,
        description: `'${text(fr.file, node)}' may be NULL (${v.nulSrc.note}) and is passed to ${name}'s %${m[4]} without a check: undefined behaviour (glibc prints "(null)", other C libraries crash).`,
        confidence: 0.45,
        trace: [{ line: v.nulSrc.line, note: v.nulSrc.note }],
      }, run);
    checkFreed(v, node, st, fr, run);
    if (m[0].includes('.')) continue;
    checkTerminated(v, n, st, fr, run, name);
  }
}
