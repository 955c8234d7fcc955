import type { ChatMessage, ChatRequest, ChatResult, FinishReason, Usage } from '../platform.js';
import { CallFailure, runWithRetry, type RetryOptions } from '../retry.js';
import { addUsage, costOf, countMessageTokens, countTokens, type Price } from '../tokens.js';
import { failureToJarvisError, type FailureContext } from './failure.js';

/**
 * What the HTTP providers share: retries, continuation after a length stop or a broken stream,
 * early stop from `onDelta`, usage and cost. A provider supplies only `call`, one HTTP request.
 */

export interface ProviderCallParams {
  messages: ChatMessage[];
  signal: AbortSignal;
  stream: boolean;
  /** every piece of reply text, in order; a non-streaming call passes the whole text once */
  onText: (delta: string) => void;
  maxTokens?: number;
  temperature?: number;
}

export interface ProviderCallResult {
  finishReason: 'stop' | 'length';
  /** as reported by the provider; counted locally when absent */
  usage?: { inputTokens: number; outputTokens: number };
}

/** One HTTP request; throws a CallFailure (see failure.ts) when it fails. */
export type ProviderCall = (params: ProviderCallParams) => Promise<ProviderCallResult>;

export interface ChatLoopOptions {
  call: ProviderCall;
  stream: boolean;
  price?: Price;
  defaultMaxTokens?: number;
  defaultTemperature?: number;
  retry?: Partial<RetryOptions>;
  /** length-limit continuations before giving up with finishReason 'length' */
  maxContinuations: number;
  /** a stream that sends no text for this long is treated as broken (retried, continuing) */
  stallTimeoutMs?: number;
  warn: (message: string) => void;
  /** everything failureToJarvisError needs except the attempt count */
  failure: Omit<FailureContext, 'attempts'>;
}

export const DEFAULT_MAX_CONTINUATIONS = 4;

/** Our wording; sent after the partial reply so the model picks up mid-sentence. */
export const CONTINUE_INSTRUCTION =
  'Your previous reply was cut off. Continue it exactly where it stopped, starting with the next character: ' +
  'do not repeat any of it, do not add a preface or a comment about the interruption.';

export function continuationMessages(messages: ChatMessage[], partial: string): ChatMessage[] {
  if (partial === '') return messages;
  return [...messages, { role: 'assistant', content: partial }, { role: 'user', content: CONTINUE_INSTRUCTION }];
}

type AttemptOutcome = ProviderCallResult | 'early_stop';

export async function runChat(request: ChatRequest, o: ChatLoopOptions): Promise<ChatResult> {
  const started = Date.now();
  let text = '';
  let usage: Usage = { inputTokens: 0, outputTokens: 0, estimated: false };
  let attempts = 0;
  let earlyStop = false;
  let callbackError: { error: unknown } | undefined;
  let attemptController = new AbortController();
  let stalled = false;
  let watchdog: NodeJS.Timeout | undefined;
  const armWatchdog = (): void => {
    if (o.stallTimeoutMs === undefined) return;
    clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      stalled = true;
      attemptController.abort();
    }, o.stallTimeoutMs);
  };

  const onText = (delta: string): void => {
    if (earlyStop || delta === '') return;
    armWatchdog();
    text += delta;
    if (!request.onDelta) return;
    let verdict;
    try {
      verdict = request.onDelta(delta);
    } catch (error) {
      callbackError = { error };
      attemptController.abort();
      throw error;
    }
    if (verdict === 'stop') {
      earlyStop = true;
      attemptController.abort();
    }
  };

  const account = (messages: ChatMessage[], from: number, reported: ProviderCallResult['usage']): void => {
    const u: Usage = reported
      ? { ...reported, estimated: false }
      : { inputTokens: countMessageTokens(messages), outputTokens: countTokens(text.slice(from)), estimated: true };
    usage = addUsage(usage, u);
  };

  const attempt = async (): Promise<AttemptOutcome> => {
    attempts++;
    attemptController = new AbortController();
    stalled = false;
    armWatchdog();
    const signal = request.signal ? AbortSignal.any([request.signal, attemptController.signal]) : attemptController.signal;
    // After a broken stream the text so far has reached the caller already, so the retry
    // continues it rather than starting over.
    const messages = continuationMessages(request.messages, text);
    const from = text.length;
    let result: ProviderCallResult;
    try {
      result = await o.call({
        messages,
        signal,
        stream: o.stream,
        onText,
        maxTokens: request.maxTokens ?? o.defaultMaxTokens,
        temperature: request.temperature ?? o.defaultTemperature,
      });
    } catch (e) {
      clearTimeout(watchdog);
      if (callbackError) throw callbackError.error;
      if (text.length > from || earlyStop) account(messages, from, undefined);
      if (earlyStop) return 'early_stop';
      if (request.signal?.aborted) throw new CallFailure('aborted', 'aborted by the caller', { cause: e });
      if (stalled) throw new CallFailure('network', `no reply data for ${o.stallTimeoutMs} ms`, { cause: e });
      throw e;
    }
    clearTimeout(watchdog);
    // A provider may report usage even for a stream we cut; the count is still right then.
    account(messages, from, result.usage);
    return earlyStop ? 'early_stop' : result;
  };

  let finishReason: FinishReason;
  let continuations = 0;
  for (;;) {
    let outcome: AttemptOutcome;
    try {
      outcome = await runWithRetry(attempt, {
        signal: request.signal,
        policy: o.retry,
        onRetry: ({ error, attempt: n, delayMs }) =>
          o.warn(`${o.failure.platform}: ${shortReason(error)}; retrying in ${(delayMs / 1000).toFixed(1)} s (attempt ${n + 1})`),
      });
    } catch (e) {
      if (e instanceof CallFailure) throw failureToJarvisError(e, { ...o.failure, attempts });
      throw e;
    }
    if (outcome === 'early_stop') {
      finishReason = 'early_stop';
      break;
    }
    if (outcome.finishReason === 'length' && continuations < o.maxContinuations) {
      continuations++;
      continue;
    }
    finishReason = outcome.finishReason;
    break;
  }

  return {
    text,
    finishReason,
    usage,
    cost: costOf(usage, o.price),
    latencyMs: Date.now() - started,
    attempts,
    model: o.failure.model,
  };
}

function shortReason(f: CallFailure): string {
  if (f.kind === 'http' && f.status !== undefined) return `HTTP ${f.status}`;
  const first = f.message.split('\n')[0] ?? '';
  return first.length > 120 ? `${first.slice(0, 120)}…` : first;
}
