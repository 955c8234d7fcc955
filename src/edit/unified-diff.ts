import { createTwoFilesPatch } from 'diff';

const CONTEXT = 3;

/**
 * Unified diff (3 lines of context) of one file for previews and audit logs; '' when nothing
 * changed. A created file diffs against /dev/null as git shows it.
 */
export function unifiedDiff(path: string, before: string, after: string, opts: { created?: boolean } = {}): string {
  if (before === after) return '';
  const clean = path.replace(/\\/g, '/');
  const from = opts.created ? '/dev/null' : `a/${clean}`;
  // An edit touches a few lines of a possibly large file: diff only the span between the common
  // head and tail (plus context), then shift the hunk line numbers back. Same output, a fraction
  // of the time on big files.
  const span = changedSpan(before, after);
  const oldMid = before.slice(span.from, span.toBefore);
  const newMid = after.slice(span.from, span.toAfter);
  const skip = countLines(before, span.from);
  const patch = createTwoFilesPatch(from, `b/${clean}`, oldMid, newMid, undefined, undefined, { context: CONTEXT });
  // The library opens with a row of '=' (an svn habit); git and patch(1) output starts at '---'.
  return patch
    .replace(/^=+\n/, '')
    .replace(
      /^@@ -(\d+)(,\d+)? \+(\d+)(,\d+)? @@/gm,
      (_m, os: string, ol = '', ns: string, nl = '') => `@@ -${Number(os) + skip}${ol} +${Number(ns) + skip}${nl} @@`,
    );
}

/** Offsets of the differing lines plus CONTEXT lines each side, on line boundaries of both texts. */
function changedSpan(before: string, after: string): { from: number; toBefore: number; toAfter: number } {
  const max = Math.min(before.length, after.length);
  let p = 0;
  while (p < max && before.charCodeAt(p) === after.charCodeAt(p)) p++;
  let s = 0;
  while (s < max - p && before.charCodeAt(before.length - 1 - s) === after.charCodeAt(after.length - 1 - s)) s++;
  // lastIndexOf clamps a negative start to 0, so the first line needs its own case.
  const lineStart = (i: number): number => (i <= 0 ? 0 : before.lastIndexOf('\n', i - 1) + 1);
  let from = lineStart(p);
  for (let k = 0; k < CONTEXT && from > 0; k++) from = lineStart(from - 1);
  // The tail must start right after a line break that lies inside the common suffix.
  const nextLine = (i: number): number => {
    const nl = before.indexOf('\n', i);
    return nl === -1 ? before.length : nl + 1;
  };
  let to = s === 0 ? before.length : nextLine(before.length - s);
  for (let k = 0; k < CONTEXT && to < before.length; k++) to = nextLine(to);
  return { from, toBefore: to, toAfter: after.length - (before.length - to) };
}

function countLines(text: string, end: number): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
