import Anthropic, { APIConnectionError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import type { ChatMessage, Platform, PlatformContext } from '../platform.js';
import type { ProviderCall } from './chat-loop.js';
import { toCallFailure } from './failure.js';
import { httpPlatform, streamEndedEarly } from './http-platform.js';
import { requireModel, resolveApiKey, type HttpPlatformOptions } from './provider-config.js';

/** Anthropic Messages API through the official SDK, with its retries off. */

export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';
/** The Messages API requires max_tokens; used when the config sets none. */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;

const SDK_ERRORS = { APIError, APIUserAbortError, APIConnectionError };

export interface AnthropicPayload {
  system?: string;
  messages: { role: 'user' | 'assistant'; content: string }[];
}

/**
 * Our role-tagged list in the shape the Messages API accepts: system messages go to `system`,
 * consecutive same-role messages merge (the API requires alternation), empty ones are dropped
 * (it rejects empty text), and a conversation must open with a user turn.
 */
export function toAnthropicPayload(messages: readonly ChatMessage[]): AnthropicPayload {
  const system: string[] = [];
  const out: AnthropicPayload['messages'] = [];
  for (const m of messages) {
    if (m.content.trim() === '') continue;
    if (m.role === 'system') {
      system.push(m.content);
      continue;
    }
    const last = out[out.length - 1];
    if (last && last.role === m.role) last.content = `${last.content}\n\n${m.content}`;
    else out.push({ role: m.role, content: m.content });
  }
  if (out[0]?.role !== 'user') out.unshift({ role: 'user', content: 'Continue.' });
  return system.length > 0 ? { system: system.join('\n\n'), messages: out } : { messages: out };
}

export function createAnthropicPlatform(ctx: PlatformContext, opts: HttpPlatformOptions = {}): Platform {
  const { config } = ctx;
  const model = requireModel(ctx);
  // The SDK appends /v1/messages itself; a base_url copied from docs often ends in /v1 already.
  const baseUrl = (config.base_url ?? ANTHROPIC_DEFAULT_BASE_URL).replace(/\/v1\/?$/, '');
  const key = resolveApiKey(ctx, 'ANTHROPIC_API_KEY');
  const client = new Anthropic({
    apiKey: key.key,
    baseURL: baseUrl,
    maxRetries: 0,
    timeout: config.timeout_ms,
    defaultHeaders: config.headers,
    openTelemetry: false,
  });

  const call: ProviderCall = async (p) => {
    const body = {
      model,
      max_tokens: p.maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
      ...toAnthropicPayload(p.messages),
      ...(p.temperature === undefined ? {} : { temperature: p.temperature }),
    };
    try {
      if (!p.stream) {
        const res = await client.messages.create({ ...body, stream: false }, { signal: p.signal });
        for (const block of res.content) if (block.type === 'text') p.onText(block.text);
        return {
          finishReason: res.stop_reason === 'max_tokens' ? 'length' : 'stop',
          usage: { inputTokens: res.usage.input_tokens, outputTokens: res.usage.output_tokens },
        };
      }
      const stream = await client.messages.create({ ...body, stream: true }, { signal: p.signal });
      let stop: string | null | undefined;
      let inputTokens: number | undefined;
      let outputTokens: number | undefined;
      for await (const ev of stream) {
        if (ev.type === 'message_start') {
          inputTokens = ev.message.usage.input_tokens;
          outputTokens = ev.message.usage.output_tokens;
        } else if (ev.type === 'content_block_delta' && ev.delta.type === 'text_delta') {
          p.onText(ev.delta.text);
        } else if (ev.type === 'message_delta') {
          stop = ev.delta.stop_reason;
          outputTokens = ev.usage.output_tokens;
        }
      }
      if (!stop) throw streamEndedEarly();
      return {
        finishReason: stop === 'max_tokens' ? 'length' : 'stop',
        usage: inputTokens === undefined || outputTokens === undefined ? undefined : { inputTokens, outputTokens },
      };
    } catch (e) {
      throw toCallFailure(e, p.signal, SDK_ERRORS);
    }
  };

  return httpPlatform(ctx, opts, { name: 'anthropic', model, baseUrl, key, call });
}
