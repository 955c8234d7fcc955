import { readFileSync } from 'node:fs';

export interface CComment {
  startLine: number;
  endLine: number;
  text: string;
}

/** Every comment of a C file with its lines (strings and character constants skipped). */
export function scanComments(text: string): CComment[] {
  const out: CComment[] = [];
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') {
      line++;
      continue;
    }
    if (c === '"' || c === "'") {
      for (i++; i < text.length && text[i] !== c; i++) {
        if (text[i] === '\\') i++;
        if (text[i] === '\n') line++;
      }
      continue;
    }
    if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      out.push({ startLine: line, endLine: line, text: text.slice(i, stop) });
      i = stop - 1;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      const body = text.slice(i, stop);
      const start = line;
      line += (body.match(/\n/g) ?? []).length;
      out.push({ startLine: start, endLine: line, text: body });
      i = stop - 1;
    }
  }
  return out;
}

/** Comments of one file, handed out once each, in order. */
export class CommentCursor {
  private next = 0;
  constructor(private readonly comments: CComment[]) {}

  static forFile(path: string): CommentCursor {
    let text = '';
    try {
      text = readFileSync(path, 'latin1');
    } catch {
      // An unreadable file just has no comments to carry over.
    }
    return new CommentCursor(scanComments(text));
  }

  /** Comments that end before `line`, not yet taken, as Rust comment lines. */
  before(line: number): string[] {
    const out: string[] = [];
    while (this.next < this.comments.length && (this.comments[this.next] as CComment).endLine < line) {
      out.push(...toRust((this.comments[this.next] as CComment).text));
      this.next++;
    }
    return out;
  }

  mark(): number {
    return this.next;
  }

  reset(mark: number): void {
    this.next = mark;
  }

  /** Skips comments inside a construct already written (e.g. a struct's fields). */
  skipThrough(line: number): void {
    while (this.next < this.comments.length && (this.comments[this.next] as CComment).startLine <= line) this.next++;
  }
}

/** A C comment as Rust line comments (block comments that would nest or end early are rewritten). */
export function toRust(text: string): string[] {
  if (text.startsWith('//')) return [text.replace(/\s+$/, '')];
  const body = text.replace(/^\/\*+/, '').replace(/\*+\/$/, '');
  const lines = body.split('\n').map((l) => l.replace(/^\s*\*?\s?/, '').replace(/\s+$/, ''));
  while (lines.length > 0 && lines[0] === '') lines.shift();
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  if (lines.length === 0) return [];
  return lines.map((l) => (l === '' ? '//' : `// ${l}`));
}
