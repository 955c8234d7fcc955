/**
 * Memory-access checks: NULL and freed pointers, and byte ranges against object bounds. A bound
 * is reported only when the offending value is reachable: a constant, a loop range, or the
 * range of an input. Unknown values (infinite bounds) never produce a finding.
 */
import type { FlowStep } from '../finding.js';
import type { N } from './ast.js';
import { report, text, type Frame, type Run } from './context.js';
import type { RuleId } from './rules.js';
import type { State } from './state.js';
import { MAYBE, YES, type IntV, type Obj, type Val } from './values.js';

/** Dereference of `p` (the pointer expression `node`): NULL and use-after-free. */
export function checkDeref(p: Val, node: N, st: State, fr: Frame, run: Run): void {
  if (p.k !== 'ptr') return;
  const name = text(fr.file, node);
  if (p.nul === YES && p.t.length === 0) {
    report(fr, node, {
      rule: 'c.null.deref',
      pattern: name,
      description: `'${name}' is NULL here and is dereferenced.`,
      confidence: 0.85,
      trace: p.nulSrc ? [{ line: p.nulSrc.line, note: p.nulSrc.note }] : [],
    }, run);
    return;
  }
  if (p.nul !== 0 && p.nulSrc?.fromAlloc) {
    report(fr, node, {
      rule: 'c.null.unchecked-alloc',
      pattern: name,
      description: `'${name}' may be NULL (${p.nulSrc.note}) and is used without a check.`,
      confidence: 0.7,
      trace: [{ line: p.nulSrc.line, note: p.nulSrc.note }],
    }, run);
  }
  checkFreed(p, node, st, fr, run);
}

export function checkFreed(p: Val, node: N, st: State, fr: Frame, run: Run): void {
  if (p.k !== 'ptr') return;
  for (const t of p.t) {
    const o = st.objs.get(t.o);
    // freed on one path only is too often a loop or an error path the join blurred: stay quiet
    if (!o || o.freed !== YES) continue;
    const name = text(fr.file, node);
    report(fr, node, {
      rule: 'c.memory.use-after-free',
      pattern: name,
      description: `'${name}' points to ${o.name}, which was freed${o.freed === MAYBE ? ' on some path' : ''}.`,
      confidence: o.freed === YES ? 0.85 : 0.6,
      trace: [
        { line: o.line, note: `${o.name} allocated` },
        ...(o.freeLine !== undefined ? [{ line: o.freeLine, note: 'freed here' }] : []),
      ],
    }, run);
    return;
  }
}

/** Access of one element `p[idx]` of `size` bytes. */
export function checkIndex(p: Val, idx: IntV, size: number, write: boolean, node: N, st: State, fr: Frame, run: Run): void {
  if (p.k !== 'ptr') return;
  const trace: FlowStep[] = idx.src !== undefined && idx.taint ? [{ line: idx.src, note: idx.srcNote ?? 'index from input' }] : [];
  checkRange(p, idx.lo * size, idx.hi * size, size, size, write, node, st, fr, run, {
    what: `index ${fmtRange(idx.lo, idx.hi)}`,
    taint: idx.taint,
    trace,
  });
}

export interface RangeInfo {
  /** what is accessed, for the message: "memcpy of 100 bytes" */
  what: string;
  taint: boolean;
  trace: FlowStep[];
}

/**
 * Accesses bytes [off, off + len) relative to `p` (off and len as intervals). Reports the first
 * violation per target: underflow of the start, then overflow of the end.
 */
export function checkRange(
  p: Val,
  offLo: number,
  offHi: number,
  lenLo: number,
  lenHi: number,
  write: boolean,
  node: N,
  st: State,
  fr: Frame,
  run: Run,
  info: RangeInfo,
): void {
  if (p.k !== 'ptr') return;
  for (const t of p.t) {
    const o = st.objs.get(t.o);
    if (!o || o.freed === YES) continue;
    const startLo = t.lo + offLo;
    const endHi = t.hi + offHi + lenHi;
    // a pointer walked forward and stepped back (`p[-1]`) is usually fine: report a start before the
    // buffer only when the pointer itself is below its base, the whole access is, or an input decides
    const pointerBelow = t.hi < 0;
    if (startLo < 0 && Number.isFinite(startLo) && lenHi > 0 && (pointerBelow || t.hi + offHi < 0 || info.taint)) {
      const definite = t.hi + offHi < 0;
      emit(write ? 'c.buffer.underwrite' : 'c.buffer.underread', o, node, fr, run, info,
        `${info.what} starts ${-startLo} bytes before the start of ${o.name}`, definite);
      return;
    }
    if (o.size !== undefined && endHi > o.size && Number.isFinite(endHi)) {
      const definite = t.lo + offLo + lenLo > o.size;
      const rule: RuleId = !write ? 'c.buffer.overread' : o.kind === 'heap' ? 'c.buffer.heap-overflow' : 'c.buffer.stack-overflow';
      emit(rule, o, node, fr, run, info, `${info.what} reaches byte ${endHi} of ${o.name}, which has ${o.size}`, definite);
      return;
    }
  }
}

function emit(rule: RuleId, o: Obj, node: N, fr: Frame, run: Run, info: RangeInfo, detail: string, definite: boolean): void {
  report(fr, node, {
    rule,
    pattern: info.what.split(' ')[0] ?? 'access',
    description: `${detail[0]?.toUpperCase() ?? ''}${detail.slice(1)}.`,
    confidence: definite ? 0.9 : info.taint ? 0.75 : 0.7,
    trace: [{ line: o.line, note: `${o.name}: ${o.size ?? '?'} bytes` }, ...info.trace],
  }, run);
}

export function fmtRange(lo: number, hi: number): string {
  const f = (x: number) => (Number.isFinite(x) ? String(x) : x > 0 ? '+inf' : '-inf');
  return lo === hi ? f(lo) : `${f(lo)}..${f(hi)}`;
}
