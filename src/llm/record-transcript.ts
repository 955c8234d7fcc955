import { MessageDelta, type TranscriptError, type TranscriptReply, type TranscriptRequest, type TranscriptWriter } from '../runs/index.js';
import { describeError, isJarvisError } from '../util/index.js';
import type { ChatRequest, ChatResult, Platform } from './platform.js';

/**
 * The one place model calls reach a transcript: a platform wrapper that writes `request`,
 * `reply` and `error` records through the run's writer (src/runs/, docs/transcripts.md).
 */

type RequestRecord = Omit<TranscriptRequest, 'ts' | 'run_id'> & {
  conv?: number;
  messages_from?: number;
  max_tokens?: number;
  temperature?: number;
};
type ReplyRecord = Omit<TranscriptReply, 'ts' | 'run_id'>;
type ErrorRecord = Omit<TranscriptError, 'ts' | 'run_id'> & { hint?: string };

export interface RecordTranscriptOptions {
  /** written as `agent` on every record of this platform, so a team's records are attributed */
  agent?: string;
}

/**
 * Wraps a platform so every call writes `request` before it starts and `reply` or `error`
 * when it ends. Streaming, early stop and aborts pass through unchanged. A request stores only
 * the messages added since this wrapper's previous request (transcript-messages.ts).
 */
export function recordTranscript(platform: Platform, writer: TranscriptWriter, options: RecordTranscriptOptions = {}): Platform {
  const delta = new MessageDelta(writer.nextConversation());
  return {
    name: platform.name,
    model: platform.model,
    contextWindow: platform.contextWindow,
    async chat(request: ChatRequest): Promise<ChatResult> {
      const call = writer.nextCall();
      const base = { call, ...(options.agent ? { agent: options.agent } : {}), platform: platform.name, model: platform.model };
      const req: RequestRecord = { type: 'request', ...base, ...delta.next(request.messages) };
      if (request.maxTokens !== undefined) req.max_tokens = request.maxTokens;
      if (request.temperature !== undefined) req.temperature = request.temperature;
      writer.write(req);
      const t0 = Date.now();
      let result: ChatResult;
      try {
        result = await platform.chat(request);
      } catch (e) {
        const err: ErrorRecord = {
          type: 'error',
          ...base,
          code: isJarvisError(e) ? e.code : e instanceof Error ? e.name : 'unknown',
          message: describeError(e),
          latency_ms: Date.now() - t0,
        };
        if (isJarvisError(e) && e.hint) err.hint = e.hint;
        writer.write(err);
        throw e;
      }
      const reply: ReplyRecord = {
        type: 'reply',
        ...base,
        model: result.model || platform.model,
        text: result.text,
        finish_reason: result.finishReason,
        usage: result.usage,
        cost: result.cost,
        latency_ms: result.latencyMs,
        attempts: result.attempts,
      };
      writer.write(reply);
      return result;
    },
  };
}
