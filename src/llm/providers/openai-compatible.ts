import OpenAI, { APIConnectionError, APIError, APIUserAbortError } from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { Platform, PlatformContext } from '../platform.js';
import { requireModel, resolveApiKey, type HttpPlatformOptions } from './provider-config.js';
import type { ProviderCall, ProviderCallResult } from './chat-loop.js';
import { toCallFailure } from './failure.js';
import { httpPlatform, streamEndedEarly } from './http-platform.js';

/**
 * Any server speaking OpenAI chat completions (OpenAI, DeepSeek, Kimi, Qwen, Zhipu, OpenRouter,
 * Ollama, vLLM, llama.cpp, LM Studio) through the official SDK, with its retries off.
 */

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

const SDK_ERRORS = { APIError, APIUserAbortError, APIConnectionError };

export function createOpenAICompatiblePlatform(ctx: PlatformContext, opts: HttpPlatformOptions = {}): Platform {
  const { config } = ctx;
  const model = requireModel(ctx);
  const baseUrl = config.base_url ?? OPENAI_DEFAULT_BASE_URL;
  const key = resolveApiKey(ctx);
  const client = new OpenAI({
    apiKey: key.key,
    baseURL: baseUrl,
    maxRetries: 0,
    timeout: config.timeout_ms,
    defaultHeaders: config.headers,
  });

  const call: ProviderCall = async (p) => {
    const body = {
      model,
      messages: p.messages.map((m): ChatCompletionMessageParam => ({ role: m.role, content: m.content })),
      ...(p.maxTokens === undefined ? {} : { max_tokens: p.maxTokens }),
      ...(p.temperature === undefined ? {} : { temperature: p.temperature }),
    };
    try {
      if (!p.stream) {
        const res = await client.chat.completions.create({ ...body, stream: false }, { signal: p.signal });
        const choice = res.choices[0];
        p.onText(choice?.message.content ?? '');
        return {
          finishReason: choice?.finish_reason === 'length' ? 'length' : 'stop',
          usage: res.usage ? { inputTokens: res.usage.prompt_tokens, outputTokens: res.usage.completion_tokens } : undefined,
        };
      }
      const stream = await client.chat.completions.create(
        { ...body, stream: true, stream_options: { include_usage: true } },
        { signal: p.signal },
      );
      let finish: string | null | undefined;
      let usage: ProviderCallResult['usage'];
      for await (const chunk of stream) {
        const choice = chunk.choices[0];
        const delta = choice?.delta?.content;
        if (delta) p.onText(delta);
        if (choice?.finish_reason) finish = choice.finish_reason;
        if (chunk.usage) usage = { inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
      }
      if (!finish) throw streamEndedEarly();
      return { finishReason: finish === 'length' ? 'length' : 'stop', usage };
    } catch (e) {
      throw toCallFailure(e, p.signal, SDK_ERRORS);
    }
  };

  return httpPlatform(ctx, opts, { name: 'openai-compatible', model, baseUrl, key, call });
}
