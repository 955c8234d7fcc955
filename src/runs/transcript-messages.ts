import type { RecordedMessage as ChatMessage } from './transcript.js';

/**
 * Request records store only what a conversation added since its previous request: a stateless
 * platform is sent the whole history every call, and storing it whole each time made a long
 * run's transcript grow with the square of its length. A delta request carries `conv` (the
 * conversation: one recorded platform wrapper), `messages_from: N` (the first N messages are
 * the previous request's of the same `conv`) and `messages` (the rest). A request without
 * `messages_from` holds all its messages, as every request of older transcripts does.
 */

export interface RequestMessages {
  conv?: number;
  messages_from?: number;
  messages: ChatMessage[];
}

/** Writer side: remembers the last request of one conversation and returns the delta. */
export class MessageDelta {
  private prev: readonly ChatMessage[] = [];

  constructor(private readonly conv: number) {}

  next(messages: readonly ChatMessage[]): RequestMessages {
    const prev = this.prev;
    let same = 0;
    const n = Math.min(prev.length, messages.length);
    while (same < n && sameMessage(prev[same] as ChatMessage, messages[same] as ChatMessage)) same++;
    // a copy: the caller may change its list (the agent rewrites the last message) after the call
    this.prev = messages.map((m) => ({ ...m }));
    const rest = messages.slice(same).map((m) => ({ ...m }));
    return same === 0 ? { conv: this.conv, messages: rest } : { conv: this.conv, messages_from: same, messages: rest };
  }
}

function sameMessage(a: ChatMessage, b: ChatMessage): boolean {
  return a === b || (a.role === b.role && a.content === b.content);
}

/**
 * Reader side: gives every request record its full `messages` again, in file order. Records of
 * older transcripts (no `messages_from`) pass through unchanged; a delta whose base is missing
 * (a damaged file) keeps what it has and is marked `messages_incomplete: true`.
 */
export function expandRequestMessages<T>(records: readonly T[]): T[] {
  const last = new Map<number, ChatMessage[]>();
  return records.map((rec) => {
    if (!rec || typeof rec !== 'object') return rec;
    const r = rec as { type?: unknown; conv?: unknown; messages_from?: unknown; messages?: unknown };
    if (r.type !== 'request' || !Array.isArray(r.messages)) return rec;
    const own = r.messages as ChatMessage[];
    const conv = typeof r.conv === 'number' ? r.conv : undefined;
    const from = typeof r.messages_from === 'number' ? r.messages_from : 0;
    const base = conv === undefined ? undefined : last.get(conv);
    let full = own;
    let incomplete = false;
    if (from > 0) {
      if (base && base.length >= from) full = [...base.slice(0, from), ...own];
      else incomplete = true;
    }
    if (conv !== undefined) last.set(conv, full);
    if (from === 0) return rec;
    const { messages_from: _from, ...rest } = rec as Record<string, unknown>;
    return { ...rest, messages: full, ...(incomplete ? { messages_incomplete: true } : {}) } as T;
  });
}
