import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FileState, RunOutcome, RunStatus } from './sandbox.js';

export type DifferenceKind = 'timeout' | 'stdout' | 'stderr' | 'file' | 'exit';

/** One way the Rust run differs from the C run. */
export interface Difference {
  kind: DifferenceKind;
  /** `stdout`, `stderr`, `exit`, or the written file's path relative to the working directory. */
  what: string;
  /** Where the bytes first differ (0-based offset; 1-based line and column). */
  offset?: number;
  line?: number;
  column?: number;
  /** The C side and the Rust side at that point: an excerpt, a status, or a file's state. */
  c: string;
  rust: string;
  message: string;
}

export interface Comparison {
  differences: Difference[];
  /** What was compared by shape rather than byte for byte, because the C output itself varies. */
  notes: string[];
}

const EXCERPT = 120;

/**
 * Compares the Rust run with the C run: timeouts, then stdout, stderr, written files and exit
 * status. When a second C run (`cAgain`) differs from the first, the C program is not
 * deterministic there (timings, pointers, time of day): lines that differ between the two C
 * runs are compared by shape (numbers stand for numbers, other differing words for words) and
 * every other line byte for byte, and a note says so. Nothing else is normalised.
 */
export function compareRuns(c: RunOutcome, rust: RunOutcome, cAgain?: RunOutcome): Comparison {
  const differences: Difference[] = [];
  const notes: string[] = [];
  if (c.status.timedOut || rust.status.timedOut) {
    const who = c.status.timedOut && rust.status.timedOut ? 'both sides' : c.status.timedOut ? 'the C program' : 'the Rust program';
    differences.push({ kind: 'timeout', what: 'exit', c: statusText(c.status), rust: statusText(rust.status), message: `${who} timed out` });
  }
  for (const stream of ['stdout', 'stderr'] as const) {
    const d = compareBytes(stream, c[stream], rust[stream], cAgain?.[stream], notes);
    if (d) differences.push({ kind: stream, ...d });
    if (c.truncated[stream] || rust.truncated[stream]) notes.push(`${stream} passed the capture limit: only its first 64 MiB were compared`);
  }
  differences.push(...compareFiles(c, rust, cAgain, notes));
  if (!sameStatus(c.status, rust.status) && !differences.some((d) => d.kind === 'timeout')) {
    differences.push({ kind: 'exit', what: 'exit', c: statusText(c.status), rust: statusText(rust.status), message: `exit status differs: C ${statusText(c.status)}, Rust ${statusText(rust.status)}` });
  }
  return { differences, notes };
}

export function statusText(s: RunStatus): string {
  if (s.timedOut) return 'timed out';
  if (s.signal) return `killed by ${s.signal}${s.code !== null ? ` (shell status ${s.code})` : ''}`;
  return `exit ${s.code}`;
}

function sameStatus(a: RunStatus, b: RunStatus): boolean {
  return a.code === b.code && a.signal === b.signal;
}

type Found = Omit<Difference, 'kind'>;

function compareBytes(what: string, c: Buffer, rust: Buffer, cAgain: Buffer | undefined, notes: string[]): Found | undefined {
  if (c.equals(rust)) return undefined;
  if (cAgain && !c.equals(cAgain)) return compareByShape(what, c, rust, cAgain, notes);
  return firstByteDifference(what, c, rust);
}

/** The first differing byte, its line and column, and the line around it on both sides. */
export function firstByteDifference(what: string, c: Buffer, rust: Buffer): Found {
  const n = Math.min(c.length, rust.length);
  let i = 0;
  while (i < n && c[i] === rust[i]) i++;
  // (lastIndexOf with a negative start counts from the end.)
  const lineStart = i === 0 ? 0 : c.lastIndexOf(10, i - 1) + 1;
  const line = countLines(c, i);
  const column = i - lineStart + 1;
  const side = (b: Buffer) => (i >= b.length ? `(ends after ${b.length} bytes)` : excerpt(b, lineStart, i));
  const message =
    i === c.length
      ? `${what}: Rust writes ${rust.length - c.length} more byte(s) after byte ${i} (line ${line})`
      : i === rust.length
        ? `${what}: Rust stops at byte ${i} (line ${line}); C writes ${c.length - rust.length} more`
        : `${what} differs at byte ${i} (line ${line}, column ${column})`;
  return { what, offset: i, line, column, c: side(c), rust: side(rust), message };
}

function countLines(b: Buffer, end: number): number {
  let line = 1;
  for (let k = b.indexOf(10); k >= 0 && k < end; k = b.indexOf(10, k + 1)) line++;
  return line;
}

/** The line holding `at`, from `lineStart`, cut to a window around `at`, non-printables escaped. */
function excerpt(b: Buffer, lineStart: number, at: number): string {
  let end = b.indexOf(10, at);
  if (end < 0) end = b.length;
  // The differing byte is the newline itself: show it.
  else if (end === at) end++;
  const from = Math.max(lineStart, at - EXCERPT / 2);
  const to = Math.min(end, from + EXCERPT);
  const text = JSON.stringify(b.subarray(from, to).toString('latin1')).slice(1, -1);
  return `${from > lineStart ? '…' : ''}${text}${to < end ? '…' : ''}`;
}

/**
 * Line by line: a line both C runs agree on must match exactly; a line they disagree on must
 * have the same tokens except where the C runs differ, and there a number for a number.
 */
function compareByShape(what: string, c: Buffer, rust: Buffer, cAgain: Buffer, notes: string[]): Found | undefined {
  const a = c.toString('latin1').split('\n');
  const b = cAgain.toString('latin1').split('\n');
  if (a.length !== b.length) {
    notes.push(`${what}: the C program wrote ${a.length} and ${b.length} lines in two runs; not compared`);
    return undefined;
  }
  const r = rust.toString('latin1').split('\n');
  let varying = 0;
  let offset = 0;
  for (let i = 0; i < a.length; i++) {
    const ok = a[i] === b[i] ? r[i] === a[i] : (varying++, shapeOf(a[i] as string, b[i] as string).test(r[i] ?? ''));
    if (!ok || r[i] === undefined) {
      const d = firstByteDifference(what, Buffer.from(a[i] as string, 'latin1'), Buffer.from(r[i] ?? '', 'latin1'));
      const varies = a[i] !== b[i] ? ' (beyond what varies between two C runs)' : '';
      return { ...d, offset: offset + (d.offset ?? 0), line: i + 1, rust: r[i] === undefined ? '(ends before this line)' : d.rust, message: `${what} differs on line ${i + 1}${varies}` };
    }
    offset += (r[i] as string).length + 1;
  }
  if (r.length > a.length) return firstByteDifference(what, c, rust);
  notes.push(`${what}: ${varying} line(s) differ between two C runs; compared by shape there`);
  return undefined;
}

const TOKEN = /0x[0-9a-fA-F]+|\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|[A-Za-z_]\w*|\s+|./g;

function shapeOf(a: string, b: string): RegExp {
  const ta = a.match(TOKEN) ?? [];
  const tb = b.match(TOKEN) ?? [];
  if (ta.length !== tb.length) return /^.*$/s;
  const num = /^(0x[0-9a-fA-F]+|\d+(\.\d+)?([eE][-+]?\d+)?)$/;
  const parts = ta.map((t, k) => {
    const u = tb[k] as string;
    if (t === u) return t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return num.test(t) && num.test(u) ? '(?:0x[0-9a-fA-F]+|[-+]?\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?)' : '\\S+?';
  });
  return new RegExp(`^${parts.join('')}$`, 's');
}

function compareFiles(c: RunOutcome, rust: RunOutcome, cAgain: RunOutcome | undefined, notes: string[]): Difference[] {
  const out: Difference[] = [];
  const paths = [...new Set([...c.written.keys(), ...rust.written.keys()])].sort();
  for (const p of paths) {
    const a = c.written.get(p);
    const b = rust.written.get(p);
    if (a !== undefined && b !== undefined && (a === null ? b === null : b !== null && a.hash === b.hash)) continue;
    if (a === undefined || b === undefined || a === null || b === null) {
      out.push({ kind: 'file', what: p, c: fileText(a), rust: fileText(b), message: `file ${p}: C ${fileText(a)}, Rust ${fileText(b)}` });
      continue;
    }
    const again = cAgain?.written.get(p);
    const againBytes = again && again.hash !== a.hash ? readFileSync(join(cAgain?.workDir as string, p)) : undefined;
    const d = compareBytes(`file ${p}`, readFileSync(join(c.workDir, p)), readFileSync(join(rust.workDir, p)), againBytes, notes);
    if (d) out.push({ kind: 'file', ...d, what: p });
  }
  return out;
}

function fileText(s: FileState | null | undefined): string {
  if (s === undefined) return 'did not write it';
  if (s === null) return 'deleted it';
  return `wrote ${s.size} byte(s)`;
}
