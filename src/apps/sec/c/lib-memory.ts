/**
 * Allocation and free: heap objects with their byte size, possible NULL results, double free,
 * free of non-heap memory.
 */
import type { N } from './ast.js';
import { report, text, type Frame, type Run } from './context.js';
import { evalExpr, quietly } from './eval.js';
import { newObj } from './memory.js';
import type { LibResult } from './lib.js';
import type { State } from './state.js';
import { MAYBE, NO, YES, originText, type Obj, type PtrV, type Val } from './values.js';

const ALLOC = new Set(['malloc', 'calloc', 'realloc', 'alloca', 'strdup', 'wcsdup', 'strndup', '_strdup', '_wcsdup', 'reallocarray', 'valloc', 'aligned_alloc']);

function exactSize(v: Val | undefined): number | undefined {
  return v?.k === 'int' && v.lo === v.hi && Number.isFinite(v.lo) && v.lo >= 0 ? v.lo : undefined;
}

/** which arguments of an allocator are its size or element count */
const SIZE_ARGS: Record<string, number[]> = {
  malloc: [0], alloca: [0], valloc: [0], calloc: [0, 1], realloc: [1], reallocarray: [1, 2], aligned_alloc: [1],
};

/** an upper end this high is what no check left behind: an input's (or its type's) whole range */
const UNCHECKED = 2 ** 31 - 1;

/**
 * CWE-770/789: the size or count of an allocation is a number from outside the program (a header
 * field, a count typed in) whose upper end nothing capped. Lengths of text already read (a
 * line, a string: the memory is spent before the copy) are not numbers from outside, nor are a library
 * caller's parameters (its callers decide) or values a test against another variable bounded.
 */
export function checkUnboundedSize(what: string, n: N, sizes: ReadonlyArray<readonly [N | undefined, Val | undefined]>, fr: Frame, run: Run): void {
  for (const [arg, v] of sizes) {
    if (!arg || v?.k !== 'int' || !v.taint || v.weak || v.rel || v.le || v.sumLe || v.lenOf || v.lenKey) continue;
    // a number on the command line or in the environment is the user's own choice
    if (v.origin !== 'stdin' && v.origin !== 'file' && v.origin !== 'net') continue;
    // the length of text already read (a line, a string, a span of it): the memory is spent already
    if (v.srcNote && /length|distance/.test(v.srcNote)) continue;
    // a count of what was read (bytes, items, lines): as much as the input already held, no more
    if (v.perItem) continue;
    if (!(v.hi >= UNCHECKED) || !Number.isFinite(v.hi)) continue;
    report(fr, n, {
      rule: 'c.memory.unbounded-alloc',
      pattern: what,
      description: `The size of this ${what} ('${text(fr.file, arg)}') comes from ${originText(v.origin)} and nothing limits it (up to ${v.hi}): input can make the program reserve any amount of memory.`,
      confidence: 0.6,
      tier: 'suspect',
      trace: v.src !== undefined ? [{ line: v.src, note: v.srcNote ?? `value from ${originText(v.origin)}` }] : [],
    }, run);
    return;
  }
}

export function libAlloc(name: string, n: N, args: N[], st: State, fr: Frame, run: Run): LibResult | undefined {
  if (!ALLOC.has(name)) return undefined;
  const vals = args.map((a) => evalExpr(a, st, fr, run));
  let size: number | undefined;
  let slo = 0;
  let shi = Infinity;
  let init = NO;
  let elem = 1;
  let taint = false;
  switch (name) {
    case 'calloc':
    case 'reallocarray': {
      const a = exactSize(vals[name === 'calloc' ? 0 : 1]);
      const b = exactSize(vals[name === 'calloc' ? 1 : 2]);
      size = a !== undefined && b !== undefined ? a * b : undefined;
      if (name === 'calloc') {
        init = YES;
        shi = 0;
      }
      break;
    }
    case 'realloc':
      size = exactSize(vals[1]);
      init = MAYBE;
      break;
    case 'aligned_alloc':
      size = exactSize(vals[1]);
      break;
    case 'strdup':
    case '_strdup':
    case 'strndup':
    case 'wcsdup':
    case '_wcsdup': {
      const src = vals[0];
      const o = src?.k === 'ptr' && src.t.length === 1 ? st.objs.get(src.t[0]?.o ?? -1) : undefined;
      elem = name.includes('wcs') ? 4 : 1;
      if (o && o.slo === o.shi && src?.k === 'ptr' && src.t[0]?.lo === 0) {
        size = o.slo + elem;
        slo = o.slo;
        shi = o.shi;
      }
      taint = Boolean(o?.taint);
      init = YES;
      break;
    }
    default:
      size = exactSize(vals[0]);
  }
  const sizeArgs = SIZE_ARGS[name];
  if (sizeArgs) checkUnboundedSize(name, n, sizeArgs.map((i) => [args[i], vals[i]] as const), fr, run);
  const stack = name === 'alloca';
  const obj: Obj = newObj(run, st, {
    kind: stack ? 'stack' : 'heap', size, elem, slo, shi, taint, freed: NO, init, escaped: false, line: n.line,
    name: `the ${size ?? '?'}-byte block from ${name}`, local: true, at: { file: fr.file.path, s: n.s, line: n.line },
    ...(sizeArgs?.some((i) => { const v = vals[i]; return v?.k === 'int' && v.taint && v.data; }) ? { dataSized: true } : {}),
  });
  if (name === 'realloc' && vals[0]?.k === 'ptr') {
    // the old block is either moved (freed) or kept when realloc fails; which one is decided by
    // the result, so a NULL test of the result settles it (see cond.ts)
    const from: number[] = [];
    for (const t of vals[0].t) {
      const old = st.objs.get(t.o);
      if (old?.kind !== 'heap') continue;
      if (old.freed === NO) {
        st.updateObj(t.o, { freed: MAYBE, freeLine: n.line, escaped: true, freedByRealloc: true });
        from.push(t.o);
      } else st.updateObj(t.o, { freed: MAYBE, freeLine: n.line, escaped: true });
    }
    if (from.length > 0) st.updateObj(obj.id, { reallocFrom: from });
  }
  return {
    v: {
      k: 'ptr', t: [{ o: obj.id, lo: 0, hi: 0 }],
      nul: stack ? NO : MAYBE,
      nulSrc: stack ? undefined : { line: n.line, note: `${name} can return NULL`, fromAlloc: true },
    },
  };
}

/**
 * The targets are one block and the blocks realloc moved it from (a buffer grown in a loop):
 * whichever of them is live, free() frees it, so afterwards every one of them is gone.
 */
function reallocChain(p: PtrV, st: State): boolean {
  if (p.t.length < 2) return false;
  const ids = new Set(p.t.map((t) => t.o));
  let linked = false;
  for (const t of p.t) {
    const o = st.objs.get(t.o);
    if (!o) return false;
    if (o.reallocFrom?.some((id) => ids.has(id))) linked = true;
    else if (!(o.freedByRealloc && o.freed === MAYBE)) return false;
  }
  return linked;
}

/**
 * `free(a[i])` with i known only as a range (a loop over the array): it frees one of the blocks
 * the array's elements in that range hold, which one is not known, so each of them may be freed
 * from now on (not a leak when the function ends; not yet evidence for a double free either).
 */
function freeSomeElement(arg: N, n: N, st: State, fr: Frame, run: Run): void {
  let e = arg;
  while ((e.t === 'parenthesized_expression' || e.t === 'cast_expression') && e.c.length > 0) e = e.c[e.c.length - 1] as N;
  const [base, index] = e.t === 'subscript_expression' ? e.c : [];
  if (!base || !index) return;
  const [b, i] = quietly(run, () => [evalExpr(base, st, fr, run), evalExpr(index, st, fr, run)]);
  if (b?.k !== 'ptr' || i?.k !== 'int' || i.lo === i.hi) return;
  for (const t of b.t) {
    const o = st.objs.get(t.o);
    const lo = t.lo + i.lo * 8;
    const hi = t.hi + i.hi * 8;
    for (const [off, v] of o?.slots ?? []) {
      if (off < lo || off > hi || v.k !== 'ptr') continue;
      for (const x of v.t) if (st.objs.get(x.o)?.freed === NO) st.updateObj(x.o, { freed: MAYBE, freeLine: n.line });
    }
  }
}

export function libFree(n: N, args: N[], st: State, fr: Frame, run: Run): LibResult {
  const arg = args[0];
  const p = arg ? evalExpr(arg, st, fr, run) : undefined;
  if (arg && p?.k === 'ref') {
    // free(&x): the address of a variable is never heap memory
    report(fr, n, {
      rule: 'c.memory.free-non-heap',
      pattern: 'free',
      description: `'${text(fr.file, arg)}' is the address of the variable '${p.key.slice(p.key.lastIndexOf(':') + 1).replace(/^this[#~]\d+\./, '')}', which is not heap memory.`,
      confidence: 0.85,
    }, run);
    return { v: { k: 'unk' } };
  }
  if (arg && p?.k !== 'ptr') freeSomeElement(arg, n, st, fr, run);
  if (!arg || p?.k !== 'ptr') return { v: { k: 'unk' } };
  const name = text(fr.file, arg);
  const chain = reallocChain(p, st);
  // a pointer that may be one of several blocks: freeing it twice (through any copy) is a double free
  if (p.vid !== undefined && !chain) {
    if (st.rels.has(`freed|${p.vid}`))
      report(fr, n, { rule: 'c.memory.double-free', pattern: 'free', description: `'${name}' is a copy of a pointer that was already freed on this path.`, confidence: 0.85, obj: st.objs.get(p.t[0]?.o ?? -1) }, run);
    st.addRel(`freed|${p.vid}`);
  }
  // a pointer that may be one of several blocks, only some of them freed, is a join of paths (the
  // node a list walk freed last time round and the one it reached now): freed on one path only
  const someLive = p.t.length > 1 && p.t.some((t) => st.objs.get(t.o)?.freed !== YES);
  for (const t of p.t) {
    const o = st.objs.get(t.o);
    if (!o) continue;
    if (o.freed === YES || o.freed === MAYBE) {
      // Freed on some paths only (MAYBE) is not reported: in real code that is an error path the
      // join blurred (a realloc that failed or not, a loader that frees and then returns NULL,
      // which its callers reject) — the same policy as for use after free in access.ts.
      if (o.freed === YES && !someLive)
        report(fr, n, {
          rule: 'c.memory.double-free',
          pattern: 'free',
          description: `'${name}' points to ${o.name}, which was already freed.`,
          confidence: 0.85,
          trace: [
            { line: o.line, note: `${o.name} allocated` },
            ...(o.freeLine !== undefined ? [{ line: o.freeLine, note: 'first free' }] : []),
          ],
          obj: o,
        }, run);
    } else if (o.kind === 'stack' || o.kind === 'literal' || o.kind === 'global') {
      report(fr, n, {
        rule: 'c.memory.free-non-heap',
        pattern: 'free',
        description: `'${name}' points to ${o.name}, which is not heap memory.`,
        confidence: 0.85,
        trace: [{ line: o.line, note: `${o.name} declared` }],
        obj: o,
      }, run);
    }
    // freeing one of several blocks the pointer may hold, where this one may already have been
    // moved by realloc: the paths are the realloc-failed ones as far as we can tell, so it stays a
    // realloc-decided "maybe" rather than evidence for a later double free
    const stillRealloc = !chain && p.t.length !== 1 && o.freed === MAYBE && o.freedByRealloc === true;
    st.updateObj(t.o, { freed: p.t.length === 1 || chain ? YES : MAYBE, freeLine: n.line, freedByRealloc: stillRealloc || undefined });
  }
  return { v: { k: 'unk' } };
}
