import type { TagSpec } from '../protocol/index.js';
import { blocksNamed, hasBlocks, refusal, type OutputHandler, type ParsedReply, type Prepared } from './handler.js';

/**
 * An agent whose job ends in one structured answer (a verdict, a cluster list, a SAFETY line):
 * the answer is a `<TAG>` block whose body the caller's `parse` checks. A valid block ends
 * `run()` with its value as the payload; an invalid one is sent back with what was wrong, up to
 * `retries` times, then the run ends with `invalid`. Read the payload back with `answerOf`.
 */

/** Invalid answers tolerated before the caller's fallback takes over (so three attempts in all). */
export const ANSWER_RETRIES = 2;

/** What the caller's parser says of a block body. */
export type ParsedAnswer<T> = { ok: true; value: T } | { ok: false; reason: string };

/** What a finished answer run hands back as its payload. */
export type AnswerPayload<T> = { kind: 'answer'; value: T; attempts: number } | { kind: 'invalid'; reason: string; attempts: number };

export interface AnswerActionOptions<T> {
  /** the tag, e.g. `REPORT` */
  tag: string;
  /** the format, written for the model */
  usage: string;
  parse: (body: string) => ParsedAnswer<T>;
  /** called on every refused answer, before a retry or the give-up */
  onInvalid?: (attempt: number, reason: string) => void;
  retries?: number;
  /** names the transcript records `<record>` and `<record>_rejected` (default `answer`) */
  record?: string;
}

export function createAnswerAction<T>(o: AnswerActionOptions<T>): OutputHandler {
  const retries = o.retries ?? ANSWER_RETRIES;
  const recordType = o.record ?? 'answer';
  const tags: TagSpec[] = [{ name: o.tag }];
  let attempts = 0;
  return {
    name: o.tag,
    tags,
    canHandle: (reply) => hasBlocks(reply, tags),
    usage: () => o.usage,
    prepare(reply: ParsedReply, ctx): Prepared {
      attempts++;
      const { complete, unclosed } = blocksNamed(reply, o.tag);
      const block = complete[0] ?? unclosed[0];
      const parsed: ParsedAnswer<T> =
        complete.length + unclosed.length > 1
          ? { ok: false, reason: `the reply holds ${complete.length + unclosed.length} <${o.tag}> blocks; give exactly one` }
          : block
            ? o.parse(block.body)
            : { ok: false, reason: `no <${o.tag}> block was found` };
      if (parsed.ok) {
        const payload: AnswerPayload<T> = { kind: 'answer', value: parsed.value, attempts };
        const n = attempts;
        return {
          invocation: {
            handler: o.tag,
            kind: 'answer',
            name: o.tag,
            args: parsed.value,
            reads: [],
            writes: [],
            description: `the <${o.tag}> answer`,
            async execute(x) {
              x.record({ type: recordType, tag: o.tag, attempts: n });
              return { forModel: `Your <${o.tag}> was accepted.`, forUser: `<${o.tag}> accepted`, end: { payload } };
            },
          },
        };
      }
      ctx.record({ type: `${recordType}_rejected`, tag: o.tag, attempt: attempts, reason: parsed.reason });
      o.onInvalid?.(attempts, parsed.reason);
      if (attempts > retries) {
        const payload: AnswerPayload<T> = { kind: 'invalid', reason: parsed.reason, attempts };
        return refusal(`Your <${o.tag}> was refused again.`, { end: { payload } });
      }
      return refusal(`Your <${o.tag}> was refused: ${parsed.reason}.\nWrite the whole block again, fixed.\n\n${o.usage}`);
    },
  };
}

/** Reads a run's payload back; anything else (a run that never answered) is `undefined`. */
export function answerOf<T>(payload: unknown): AnswerPayload<T> | undefined {
  if (payload === null || typeof payload !== 'object') return undefined;
  const kind = (payload as { kind?: unknown }).kind;
  return kind === 'answer' || kind === 'invalid' ? (payload as AnswerPayload<T>) : undefined;
}
