/** Line bookkeeping over LF text: 1-based line numbers for reports, offsets for splicing. */
export class LineIndex {
  /** Offset where each line starts; a final "\n" does not open another line. */
  readonly starts: number[];

  constructor(readonly text: string) {
    this.starts = text === '' ? [] : [0];
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
      if (i + 1 < text.length) this.starts.push(i + 1);
    }
  }

  get count(): number {
    return this.starts.length;
  }

  /** 0-based line holding offset `off` (a line's own "\n" belongs to it). */
  lineAt(off: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] as number) <= off) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Start offset of 0-based line `i`; the text length past the last line. */
  startOf(i: number): number {
    return i < this.starts.length ? (this.starts[i] as number) : this.text.length;
  }

  /** Line `i` without its "\n". */
  line(i: number): string {
    const s = this.startOf(i);
    let e = this.startOf(i + 1);
    if (e > s && this.text.charCodeAt(e - 1) === 10) e--;
    return this.text.slice(s, e);
  }
}

/** Leading whitespace of a line. */
export function indentOf(line: string): string {
  return /^[ \t]*/.exec(line)?.[0] ?? '';
}

/** Display width of an indent; a tab counts 4, enough to order the levels of one side. */
export function indentWidth(ws: string): number {
  let w = 0;
  for (const ch of ws) w += ch === '\t' ? 4 : 1;
  return w;
}

/** Only spaces and tabs count as indentation or trailing blanks; other Unicode spaces are content. */
export function isBlank(line: string): boolean {
  return /^[ \t]*$/.test(line);
}

export function trimEnd(line: string): string {
  return line.replace(/[ \t]+$/, '');
}

export function trimBoth(line: string): string {
  return trimEnd(line).replace(/^[ \t]+/, '');
}
