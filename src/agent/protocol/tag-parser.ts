import { buildOpenTagTable, matchMarker, matchOpenTag, type MatchResult, type OpenTagTable } from './tag-open.js';

/**
 * Incremental parser for the model-facing action tags (`<TOOL_CALL>`, `<PATCH file=…>`, …) and
 * the completion marker. Feed it the reply as it streams; it returns text as soon as the text
 * cannot be the start of a tag, and each action block once its closing tag has arrived. Work
 * per chunk is proportional to the chunk (plus a bounded hold-back), never to the reply so far.
 * Grammar and decisions: docs/tag-parser.md.
 */

export interface TagSpec {
  name: string;
  /** attribute names the tag takes (e.g. `file`); an opening tag with any other attribute is text */
  attributes?: readonly string[];
  /** the closing tag counts only at the start of a line (PATCH, REWRITE: bodies hold code) */
  closeAtLineStart?: boolean;
}

export const COMPLETION_MARKER = '<!!!COMPLETE!!!>';

/** The action tags of the agent protocol (docs/tag-parser.md). */
export const ACTION_TAGS: readonly TagSpec[] = [
  { name: 'TOOL_CALL' },
  { name: 'PATCH', attributes: ['file'], closeAtLineStart: true },
  { name: 'REWRITE', attributes: ['file'], closeAtLineStart: true },
  { name: 'SEND_MESSAGE' },
];

export interface TagParserOptions {
  tags: readonly TagSpec[];
  /** marker(s) that end the task; default `<!!!COMPLETE!!!>`; `false` or `[]` for none */
  completionMarker?: string | readonly string[] | false;
  /** an opening tag longer than this (attributes included) is text; default 1024 */
  maxOpenTagLength?: number;
}

export interface TextEvent {
  type: 'text';
  text: string;
}

export interface BlockEvent {
  type: 'block';
  name: string;
  attributes: Record<string, string>;
  /** exactly what lies between the opening and closing tags */
  body: string;
  /** the block as written, tags included */
  raw: string;
  /** offsets in the whole reply (UTF-16 code units), `end` exclusive */
  start: number;
  end: number;
}

export interface CompleteEvent {
  type: 'complete';
  marker: string;
  start: number;
  end: number;
}

/** A block still open when the reply ended. `body` omits a half-written closing tag. */
export interface UnclosedEvent {
  type: 'unclosed';
  name: string;
  attributes: Record<string, string>;
  body: string;
  raw: string;
  start: number;
}

export type TagEvent = TextEvent | BlockEvent | CompleteEvent | UnclosedEvent;

export interface TagParser {
  push(chunk: string): TagEvent[];
  /** flushes held-back text and reports a block left open; the parser is done afterwards */
  end(): TagEvent[];
}

interface OpenBlock {
  name: string;
  attributes: Record<string, string>;
  openRaw: string;
  start: number;
  close: string;
  closeAtLineStart: boolean;
  parts: string[];
  bodyLen: number;
  /** the last `close.length` characters of the body, where a closing tag split by chunks can start */
  tail: string;
}

export function createTagParser(options: TagParserOptions): TagParser {
  return new StreamingTagParser(options);
}

/** Parses a whole reply at once: the same events a stream of it yields, text coalesced. */
export function parseTags(text: string, options: TagParserOptions): TagEvent[] {
  const p = createTagParser(options);
  return coalesceText([...p.push(text), ...p.end()]);
}

/**
 * Merges adjacent text events. Text arrives in pieces that depend on chunking; after this,
 * the events of a reply are the same whichever way it was cut.
 */
export function coalesceText(events: readonly TagEvent[]): TagEvent[] {
  const out: TagEvent[] = [];
  for (const e of events) {
    const last = out[out.length - 1];
    if (e.type === 'text' && last?.type === 'text') out[out.length - 1] = { type: 'text', text: last.text + e.text };
    else if (e.type !== 'text' || e.text !== '') out.push(e);
  }
  return out;
}

/** Exported for tests that count how often replies are parsed; use createTagParser. */
export class StreamingTagParser implements TagParser {
  private readonly table: OpenTagTable;
  private readonly closeAtLineStart: Map<string, boolean>;
  private readonly markers: string[];
  private readonly triggers: RegExp;
  private readonly maxOpen: number;
  /** text-state buffer: held-back text that may start a tag, then the new chunk */
  private held = '';
  /** offset of `held[0]` in the whole reply */
  private base = 0;
  private block: OpenBlock | undefined;
  private events: TagEvent[] = [];
  private text = '';
  private ended = false;

  constructor(options: TagParserOptions) {
    this.table = buildOpenTagTable(options.tags);
    this.closeAtLineStart = new Map(options.tags.map((t) => [t.name, t.closeAtLineStart ?? false]));
    const m = options.completionMarker ?? COMPLETION_MARKER;
    this.markers = (m === false ? [] : typeof m === 'string' ? [m] : [...m]).filter((x) => x.length > 0);
    this.markers.sort((a, b) => b.length - a.length);
    const firsts = new Set(['<', ...this.markers.map((x) => x[0] as string)]);
    this.triggers = new RegExp(`[${[...firsts].map((c) => c.replace(/[\\\]^-]/g, '\\$&')).join('')}]`, 'g');
    this.maxOpen = options.maxOpenTagLength ?? 1024;
  }

  push(chunk: string): TagEvent[] {
    if (this.ended) throw new Error('tag parser: push() after end()');
    let input: string | undefined = chunk;
    while (input !== undefined) input = this.block ? this.feedBlock(input) : this.feedText(input, false);
    return this.drain();
  }

  end(): TagEvent[] {
    if (this.ended) return [];
    this.ended = true;
    // what was held back as a possible tag start is now judged on what there is
    let rest: string | undefined = this.block ? undefined : '';
    while (rest !== undefined) rest = this.block ? this.feedBlock(rest) : this.feedText(rest, true);
    const b = this.block;
    if (b) {
      const full = b.parts.join('');
      this.flushText();
      this.events.push({
        type: 'unclosed',
        name: b.name,
        attributes: b.attributes,
        body: stripPartialClose(full, b.close, b.closeAtLineStart),
        raw: b.openRaw + full,
        start: b.start,
      });
      this.block = undefined;
    }
    return this.drain();
  }

  private drain(): TagEvent[] {
    this.flushText();
    const out = this.events;
    this.events = [];
    return out;
  }

  private flushText(): void {
    if (this.text) this.events.push({ type: 'text', text: this.text });
    this.text = '';
  }

  private emit(e: TagEvent): void {
    this.flushText();
    this.events.push(e);
  }

  /** Scans text for tag starts; returns what follows an opening tag, to be fed to the block. */
  private feedText(chunk: string, final: boolean): string | undefined {
    const buf = this.held + chunk;
    let textStart = 0;
    let from = 0;
    for (;;) {
      this.triggers.lastIndex = from;
      const hit = this.triggers.exec(buf);
      if (!hit) break;
      const p = hit.index;
      const r = this.matchAt(buf, p, final);
      if (r.kind === 'no') {
        from = p + 1;
        continue;
      }
      this.text += buf.slice(textStart, p);
      if (r.kind === 'more') {
        this.held = buf.slice(p);
        this.base += p;
        return undefined;
      }
      if (r.kind === 'marker') {
        this.emit({ type: 'complete', marker: r.marker, start: this.base + p, end: this.base + r.end });
        textStart = from = r.end;
        continue;
      }
      if (r.kind !== 'tag') throw new Error('unreachable');
      const openRaw = buf.slice(p, r.end);
      if (r.selfClosing) {
        const at = this.base + p;
        this.emit({ type: 'block', name: r.name, attributes: r.attributes, body: '', raw: openRaw, start: at, end: at + openRaw.length });
        textStart = from = r.end;
        continue;
      }
      this.block = {
        name: r.name,
        attributes: r.attributes,
        openRaw,
        start: this.base + p,
        close: `</${r.name}>`,
        closeAtLineStart: this.closeAtLineStart.get(r.name) ?? false,
        parts: [],
        bodyLen: 0,
        tail: '',
      };
      this.held = '';
      this.base += r.end;
      return buf.slice(r.end);
    }
    this.text += buf.slice(textStart);
    this.base += buf.length;
    this.held = '';
    return undefined;
  }

  private matchAt(buf: string, p: number, final: boolean): MatchResult {
    const m = this.markers.length > 0 ? matchMarker(buf, p, this.markers, final) : { kind: 'no' as const };
    if (m.kind === 'marker' || buf[p] !== '<') return m;
    const t = matchOpenTag(buf, p, this.table, this.maxOpen, final);
    return m.kind === 'more' && t.kind !== 'more' ? m : t;
  }

  /** Looks for the closing tag in the carried tail plus the new chunk; returns what follows it. */
  private feedBlock(chunk: string): string | undefined {
    const b = this.block as OpenBlock;
    const window = b.tail + chunk;
    // a closing tag wholly inside the tail was already judged when it arrived
    let from = Math.max(0, b.tail.length - b.close.length + 1);
    for (;;) {
      const idx = window.indexOf(b.close, from);
      if (idx < 0) break;
      const bodyPos = b.bodyLen - b.tail.length + idx;
      if (!b.closeAtLineStart || bodyPos === 0 || window[idx - 1] === '\n') {
        const body = (b.parts.join('') + chunk).slice(0, bodyPos);
        const end = b.start + b.openRaw.length + bodyPos + b.close.length;
        this.block = undefined;
        this.emit({ type: 'block', name: b.name, attributes: b.attributes, body, raw: b.openRaw + body + b.close, start: b.start, end });
        this.base = end;
        return window.slice(idx + b.close.length);
      }
      from = idx + 1;
    }
    b.parts.push(chunk);
    b.bodyLen += chunk.length;
    b.tail = window.length > b.close.length ? window.slice(window.length - b.close.length) : window;
    return undefined;
  }
}

/** Drops a closing tag cut off mid-way (`…\n</PATC`) from the end of an unclosed body. */
function stripPartialClose(body: string, close: string, atLineStart: boolean): string {
  for (let k = Math.min(close.length - 1, body.length); k >= 2; k--) {
    if (!body.endsWith(close.slice(0, k))) continue;
    const before = body.length - k;
    if (!atLineStart || before === 0 || body[before - 1] === '\n') return body.slice(0, before);
  }
  return body;
}
