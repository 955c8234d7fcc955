import { blocksNamed, type HandlerContext, type HandlerResult, type OutputHandler, type ParsedReply } from '../../../agent/index.js';
import type { Parsed } from './answers.js';

/** Invalid answers tolerated before the caller's fallback takes over (so three attempts in all). */
export const ANSWER_RETRIES = 2;

/** What a finished answer run hands back as its payload. */
export type AnswerPayload<T> = { kind: 'answer'; value: T; attempts: number } | { kind: 'invalid'; reason: string; attempts: number };

export interface AnswerHandlerOptions<T> {
  /** the tag, e.g. `REPORT` */
  tag: string;
  /** the format, written for the model */
  usage: string;
  parse: (body: string) => Parsed<T>;
  /** called on every refused answer, before a retry or the give-up */
  onInvalid?: (attempt: number, reason: string) => void;
  retries?: number;
}

/**
 * The final answer of a sec agent: a valid block ends `run()` with its value; an invalid one is
 * sent back with what was wrong, up to `retries` times, then the run ends with `invalid`.
 */
export function createAnswerHandler<T>(o: AnswerHandlerOptions<T>): OutputHandler {
  const retries = o.retries ?? ANSWER_RETRIES;
  let attempts = 0;
  return {
    name: o.tag,
    tags: [{ name: o.tag }],
    canHandle: (reply) => {
      const b = blocksNamed(reply, o.tag);
      return b.complete.length + b.unclosed.length > 0;
    },
    usage: () => o.usage,
    async handle(reply: ParsedReply, ctx: HandlerContext): Promise<HandlerResult> {
      attempts++;
      const { complete, unclosed } = blocksNamed(reply, o.tag);
      const block = complete[0] ?? unclosed[0];
      const parsed: Parsed<T> =
        complete.length + unclosed.length > 1
          ? { ok: false, reason: `the reply holds ${complete.length + unclosed.length} <${o.tag}> blocks; give exactly one` }
          : block
            ? o.parse(block.body)
            : { ok: false, reason: `no <${o.tag}> block was found` };
      if (parsed.ok) {
        ctx.record({ type: 'sec_answer', tag: o.tag, attempts });
        return { needReturn: true, prompt: `Your <${o.tag}> was accepted.`, payload: { kind: 'answer', value: parsed.value, attempts } satisfies AnswerPayload<T> };
      }
      ctx.record({ type: 'sec_answer_rejected', tag: o.tag, attempt: attempts, reason: parsed.reason });
      o.onInvalid?.(attempts, parsed.reason);
      if (attempts > retries) {
        return { needReturn: true, prompt: `Your <${o.tag}> was refused again.`, payload: { kind: 'invalid', reason: parsed.reason, attempts } satisfies AnswerPayload<T> };
      }
      return { needReturn: false, prompt: `Your <${o.tag}> was refused: ${parsed.reason}.\nWrite the whole block again, fixed.\n\n${o.usage}` };
    },
  };
}

/** Reads a run's payload back; anything else (a run that never answered) is `undefined`. */
export function answerOf<T>(payload: unknown): AnswerPayload<T> | undefined {
  if (payload === null || typeof payload !== 'object') return undefined;
  const kind = (payload as { kind?: unknown }).kind;
  return kind === 'answer' || kind === 'invalid' ? (payload as AnswerPayload<T>) : undefined;
}
