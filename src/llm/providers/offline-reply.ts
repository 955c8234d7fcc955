import { JarvisError } from '../../util/index.js';
import type { ChatRequest, ChatResult, FinishReason, Usage } from '../platform.js';
import { costOf, countMessageTokens, countTokens, type Price } from '../tokens.js';

/**
 * Serving a reply that is already known (scripted, replay) the way a live model would: in a
 * few pieces through `onDelta`, so the caller's early-stop path and abort handling run as
 * they do against a real stream.
 */

/** Line by line, long lines in 80-character pieces: a complete action block can end mid-reply. */
export function replyPieces(text: string): string[] {
  const pieces: string[] = [];
  for (const line of text.match(/[^\n]*\n|[^\n]+/g) ?? []) {
    for (let i = 0; i < line.length; i += 80) pieces.push(line.slice(i, i + 80));
  }
  return pieces;
}

function abortedError(platform: string): JarvisError {
  return new JarvisError('llm_aborted', `${platform}: the model call was aborted`);
}

export interface OfflineReply {
  platform: string;
  model: string;
  text: string;
  finishReason: FinishReason;
  /** when known (replay); counted with the tokenizer otherwise */
  usage?: Usage;
  price?: Price;
}

export async function serveOfflineReply(request: ChatRequest, r: OfflineReply): Promise<ChatResult> {
  const started = Date.now();
  if (request.signal?.aborted) throw abortedError(r.platform);
  let text = '';
  let finishReason = r.finishReason;
  for (const piece of replyPieces(r.text)) {
    // A macrotask between pieces so an abort or a timer can land mid-reply, as over a socket.
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (request.signal?.aborted) throw abortedError(r.platform);
    text += piece;
    if (request.onDelta?.(piece) === 'stop') {
      finishReason = 'early_stop';
      break;
    }
  }
  const usage: Usage =
    r.usage && finishReason !== 'early_stop'
      ? r.usage
      : { inputTokens: countMessageTokens(request.messages), outputTokens: countTokens(text), estimated: true };
  return {
    text,
    finishReason,
    usage,
    cost: costOf(usage, r.price),
    latencyMs: Date.now() - started,
    attempts: 1,
    model: r.model,
  };
}
