/**
 * One finding per flaw. The engine judges every access, so one mistake often shows up several
 * times: an over-read and an overflow of the same `memcpy`, the NULL and the unchecked-allocation
 * view of one dereference, each `strcat` into the same too-small buffer, every use of a variable
 * one branch left unassigned. A reviewer fixes the flaw once; the report keeps the most confident
 * finding and names the others in its trace.
 *
 * - Findings on one line are one operation: they merge whatever their rules.
 * - In one function, findings of one kind about the same thing merge: the same memory block
 *   (buffer and lifetime rules), the same pointer or variable (NULL, uninitialised), the same
 *   arithmetic rule. Leaks merge per allocation.
 */
import type { FlowStep, RawFinding } from '../finding.js';
import type { FileCtx } from './context.js';
import { ruleMeta, type RuleId } from './rules.js';

/** What a finding is about, recorded when it is reported (memory block, when there is one). */
export interface FindingSubject {
  obj?: string;
}

function kind(rule: string): string | undefined {
  // a copy sized by the whole struct into one member names its own mistake: kept as it is
  if (rule === 'c.buffer.field-overflow') return undefined;
  if (rule.startsWith('c.buffer.')) return 'buffer';
  if (rule === 'c.integer.overflow' || rule === 'c.integer.underflow') return rule;
  if (rule.startsWith('c.null.')) return 'null';
  if (rule === 'c.memory.leak') return 'leak';
  if (rule.startsWith('c.memory.')) return 'lifetime';
  if (rule === 'c.uninit.use') return 'uninit';
  if (rule === 'c.divide.by-zero') return 'divide';
  return undefined;
}

/** Line ranges of the file's functions, for "the same function". */
function functionRanges(file: FileCtx): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const fn of file.fns.values()) {
    if (fn.body.e > file.srcLen) continue;
    let end = fn.line;
    for (let i = fn.body.s; i < fn.body.e; i++) if (file.src.charCodeAt(i) === 10) end++;
    out.push([fn.line, end]);
  }
  return out;
}

/**
 * Between equally confident findings, the more specific flaw names the mistake better; of a read
 * and a write of one element (`a[i]++`) the write is the worse.
 */
const PRIORITY = ['c.memory.double-free', 'c.memory.use-after-free', 'c.null.deref', 'c.divide.by-zero', 'c.buffer.stack-overflow', 'c.buffer.heap-overflow', 'c.buffer.field-overflow', 'c.buffer.overflow', 'c.buffer.underwrite', 'c.buffer.', 'c.memory.', 'c.integer.', 'c.uninit.use', 'c.null.unchecked-alloc', 'c.memory.leak'];
const rank = (rule: string) => {
  const i = PRIORITY.findIndex((p) => rule === p || (p.endsWith('.') && rule.startsWith(p)));
  return i === -1 ? PRIORITY.length : i;
};

function better(a: RawFinding, b: RawFinding): boolean {
  if (a.confidence !== b.confidence) return a.confidence > b.confidence;
  if ((a.tier ?? 'proven') !== (b.tier ?? 'proven')) return (a.tier ?? 'proven') === 'proven';
  if (rank(a.rule) !== rank(b.rule)) return rank(a.rule) < rank(b.rule);
  return a.line < b.line;
}

/** The findings of one file with each flaw's duplicates folded into its most confident finding. */
export function mergeFindings(file: FileCtx, findings: readonly RawFinding[], subjects: ReadonlyArray<FindingSubject | undefined>): RawFinding[] {
  if (findings.length < 2) return [...findings];
  const ranges = functionRanges(file);
  const fnOf = (line: number): string => {
    let best: [number, number] | undefined;
    for (const r of ranges) if (line >= r[0] && line <= r[1] && (!best || r[0] >= best[0])) best = r;
    return best ? String(best[0]) : '-';
  };
  // union-find over finding indexes
  const parent = findings.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i] as number)));
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[rb] = ra;
  };
  const byKey = new Map<string, number>();
  const join = (key: string, i: number) => {
    const j = byKey.get(key);
    if (j === undefined) byKey.set(key, i);
    else union(j, i);
  };
  findings.forEach((f, i) => {
    const k = kind(f.rule);
    if (!k) return;
    const fn = fnOf(f.line);
    join(`line|${f.line}`, i);
    const about = subjects[i]?.obj ?? (k === 'null' || k === 'uninit' || k === 'lifetime' ? `text:${f.pattern}` : undefined);
    if (k === 'buffer' || k === 'lifetime' || k === 'leak') {
      if (about) join(`${fn}|${k}|${about}`, i);
    } else if (k === 'null' || k === 'uninit') {
      if (about) join(`${fn}|${k}|${about}`, i);
    } else join(`${fn}|${k}`, i);
  });
  const groups = new Map<number, number[]>();
  findings.forEach((_, i) => {
    const r = find(i);
    groups.set(r, [...(groups.get(r) ?? []), i]);
  });
  const out: RawFinding[] = [];
  for (const members of groups.values()) {
    let keep = members[0] as number;
    for (const i of members) if (better(findings[i] as RawFinding, findings[keep] as RawFinding)) keep = i;
    const kept = findings[keep] as RawFinding;
    if (members.length === 1) {
      out.push(kept);
      continue;
    }
    const also: FlowStep[] = members
      .filter((i) => i !== keep)
      .map((i) => findings[i] as RawFinding)
      .sort((a, b) => a.line - b.line)
      .map((f) => ({ line: f.line, note: `also ${ruleMeta(f.rule as RuleId).name.toLowerCase()} (${f.confidence})` }));
    out.push({ ...kept, trace: [...kept.trace, ...also] });
  }
  return out.sort((a, b) => a.line - b.line);
}
