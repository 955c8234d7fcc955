import type { Platform, PlatformContext } from '../platform.js';
import { CallFailure } from '../retry.js';
import { DEFAULT_MAX_CONTINUATIONS, runChat, type ProviderCall } from './chat-loop.js';
import type { HttpPlatformOptions, ResolvedKey } from './provider-config.js';

/**
 * The Platform every HTTP provider returns: only the request itself differs between vendors,
 * so how config maps onto the chat loop (stream default, retries, stall timeout, error context)
 * lives here once.
 */
export interface HttpPlatformParts {
  name: string;
  model: string;
  baseUrl: string;
  key: ResolvedKey;
  call: ProviderCall;
}

export function httpPlatform(ctx: PlatformContext, opts: HttpPlatformOptions, parts: HttpPlatformParts): Platform {
  const { config } = ctx;
  const { name, model, baseUrl, key, call } = parts;
  return {
    name,
    model,
    contextWindow: config.context_window,
    chat: (request) =>
      runChat(request, {
        call,
        stream: config.stream ?? true,
        price: config.price_per_mtok,
        defaultMaxTokens: config.max_tokens,
        defaultTemperature: config.temperature,
        retry: { ...(config.max_retries === undefined ? {} : { maxRetries: config.max_retries }), ...opts.retry },
        maxContinuations: opts.maxContinuations ?? DEFAULT_MAX_CONTINUATIONS,
        stallTimeoutMs: config.timeout_ms,
        warn: ctx.warn,
        failure: { platform: name, model, baseUrl, apiKeyEnv: key.env, apiKey: key.key },
      }),
  };
}

/** A stream that closes without a stop reason was cut off; the chat loop retries and continues it. */
export function streamEndedEarly(): CallFailure {
  return new CallFailure('network', 'the reply stream ended before the reply was complete');
}
