import { coalesceText, COMPLETION_MARKER, createTagParser, type BlockEvent, type TagEvent, type TagParser, type TagSpec, type UnclosedEvent } from './tag-parser.js';

/**
 * A model reply read as it streams: the one parse of a reply. The run loop feeds every chunk
 * the platform hands to `onDelta` into `push`, which also decides the early stop (one action
 * per turn); `finish` then gives the parsed reply the handlers act on. Nothing parses the
 * reply a second time, unless the platform's final text is not what it streamed (a platform
 * that does not stream at all is read once, at `finish`).
 */

/** The marker forms that end a task: the documented one and the bare form models also write. */
export const COMPLETION_MARKERS: readonly string[] = [COMPLETION_MARKER, '!!!COMPLETE!!!'];

/** A reply as a person should read it: the completion marker is for the loop, not for them. */
export function withoutCompletionMarker(text: string): string {
  let t = text;
  for (const m of COMPLETION_MARKERS) t = t.split(m).join('');
  return t.trim();
}

export interface ParsedReply {
  /** the reply as the loop keeps it (cut after the first stopping block) */
  text: string;
  events: readonly TagEvent[];
  /** complete blocks, in order */
  blocks: readonly BlockEvent[];
  /** a block still open when the reply ended (at most one, always last) */
  unclosed: readonly UnclosedEvent[];
  /** the completion marker appeared outside any block */
  completed: boolean;
}

export interface ReplyReaderOptions {
  /** every tag the agent's actions use */
  tags: readonly TagSpec[];
  /** tags whose first complete block ends the stream; empty: read to the end */
  stopAfter?: ReadonlySet<string>;
}

export class ReplyReader {
  private readonly parser: TagParser;
  private readonly stopAfter: ReadonlySet<string>;
  private readonly events: TagEvent[] = [];
  private streamed = '';
  private cutAt: number | undefined;

  constructor(private readonly options: ReplyReaderOptions) {
    this.parser = createTagParser({ tags: options.tags, completionMarker: COMPLETION_MARKERS });
    this.stopAfter = options.stopAfter ?? new Set();
  }

  /** The text pushed so far (what an interrupted call had received). */
  get text(): string {
    return this.streamed;
  }

  /** Feeds one chunk; 'stop' once a stopping block is complete (and for every chunk after it). */
  push(chunk: string): 'stop' | undefined {
    return this.feed(chunk, true);
  }

  private feed(chunk: string, mayStop: boolean): 'stop' | undefined {
    if (this.cutAt !== undefined) return 'stop';
    this.streamed += chunk;
    for (const e of this.parser.push(chunk)) {
      this.events.push(e);
      if (mayStop && e.type === 'block' && this.stopAfter.has(e.name)) {
        // what the same chunk held after the block was generated past the action: dropped
        this.cutAt = e.end;
        return 'stop';
      }
    }
    return undefined;
  }

  /** The parsed reply, given the text the platform returned for the call. */
  finish(finalText: string): ParsedReply {
    if (this.cutAt === undefined && finalText !== this.streamed) {
      if (finalText.startsWith(this.streamed)) {
        // the platform returned more than it streamed (or did not stream): read the rest now.
        // It arrived whole, so nothing can stop it any more: two actions in it are refused.
        this.feed(finalText.slice(this.streamed.length), false);
      } else {
        // what streamed was not the reply: start over on what the platform says it was
        return parseReply(finalText, this.options);
      }
    }
    if (this.cutAt === undefined) this.events.push(...this.parser.end());
    const text = this.cutAt === undefined ? this.streamed : this.streamed.slice(0, this.cutAt);
    return toParsed(text, coalesceText(this.events));
  }
}

/** Reads a reply that arrived whole: every block in it counts, nothing is cut. */
export function parseReply(text: string, options: ReplyReaderOptions): ParsedReply {
  return new ReplyReader(options).finish(text);
}

function toParsed(text: string, events: TagEvent[]): ParsedReply {
  return {
    text,
    events,
    blocks: events.filter((e): e is BlockEvent => e.type === 'block'),
    unclosed: events.filter((e): e is UnclosedEvent => e.type === 'unclosed'),
    completed: events.some((e) => e.type === 'complete'),
  };
}

/** Blocks (complete or not) of one tag name, in reply order. */
export function blocksNamed(reply: ParsedReply, name: string): { complete: BlockEvent[]; unclosed: UnclosedEvent[] } {
  return {
    complete: reply.blocks.filter((b) => b.name === name),
    unclosed: reply.unclosed.filter((b) => b.name === name),
  };
}

/** Names of the action blocks in a reply, complete or cut, in order. */
export function actionNames(reply: ParsedReply): string[] {
  return [...reply.blocks, ...reply.unclosed].map((b) => b.name);
}
