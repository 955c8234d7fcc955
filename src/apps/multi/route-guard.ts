/**
 * Stops a team that no longer makes progress: a cap on routed messages, and a detector for
 * two agents handing the same content back and forth. Both are checked before a message is
 * delivered, so the stop costs no further model call.
 */

export interface Hop {
  /** 1-based position in the route */
  n: number;
  from: string;
  to: string;
  content: string;
  /** the hand-off summary that went with it ('' when off or failed) */
  summary: string;
}

export type StopReason = 'max_messages' | 'ping_pong';

export interface Stop {
  reason: StopReason;
  message: string;
}

/** Whitespace and case do not make a message new. */
function norm(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

function same(a: Hop | undefined, b: Hop | undefined): boolean {
  return !!a && !!b && a.from === b.from && a.to === b.to && norm(a.content) === norm(b.content);
}

export class RouteGuard {
  private limit: number;
  /** hops before this index were accepted by the user after a stop; the detector ignores them */
  private since = 0;

  constructor(readonly maxMessages: number) {
    this.limit = maxMessages;
  }

  /** `route` includes the message about to be delivered as its last hop. */
  check(route: readonly Hop[]): Stop | undefined {
    if (route.length > this.limit) {
      return {
        reason: 'max_messages',
        message: `the agents exchanged ${route.length - 1} message${route.length === 2 ? '' : 's'}, the limit (max_messages: ${this.maxMessages}); message ${route.length} was not delivered`,
      };
    }
    const recent = route.slice(this.since);
    const n = recent.length;
    // A→B x, B→A y, A→B x, B→A y: the exchange repeats itself exactly (x may equal y)
    if (n >= 4 && same(recent[n - 1], recent[n - 3]) && same(recent[n - 2], recent[n - 4])) {
      const last = recent[n - 1] as Hop;
      return {
        reason: 'ping_pong',
        message: `${last.from} and ${last.to} keep sending each other the same messages (hops ${last.n - 1}-${last.n} repeat hops ${last.n - 3}-${last.n - 2}); message ${last.n} was not delivered`,
      };
    }
    return undefined;
  }

  /** The user let the team go on: another `max_messages`, and the detector starts afresh. */
  extend(route: readonly Hop[]): void {
    this.limit = route.length - 1 + this.maxMessages;
    this.since = route.length - 1;
  }
}
