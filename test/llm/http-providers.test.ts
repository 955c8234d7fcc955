import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAnthropicPlatform } from '../../src/llm/providers/anthropic.js';
import { CONTINUE_INSTRUCTION } from '../../src/llm/providers/chat-loop.js';
import { createOpenAICompatiblePlatform } from '../../src/llm/providers/openai-compatible.js';
import type { ChatMessage, Platform } from '../../src/llm/platform.js';
import type { ModelConfig } from '../../src/util/config/index.js';
import { JarvisError } from '../../src/util/errors.js';
import { cut, hang, httpError, reply, stall, startLlmServer, type LlmServer, type RecordedRequest } from '../support/llm-server.js';

const KEY = 'sk-test-secret-key-0123456789';
const FAST = { baseDelayMs: 5, maxDelayMs: 20, random: () => 0 };

interface Wire {
  platform: 'openai-compatible' | 'anthropic';
  baseUrl: (s: LlmServer) => string;
  create: typeof createOpenAICompatiblePlatform;
  /** the conversation as the server received it */
  sentMessages: (r: RecordedRequest) => ChatMessage[];
}

const wires: Wire[] = [
  {
    platform: 'openai-compatible',
    baseUrl: (s) => s.openaiBaseUrl,
    create: createOpenAICompatiblePlatform,
    sentMessages: (r) => r.body.messages as ChatMessage[],
  },
  {
    platform: 'anthropic',
    baseUrl: (s) => s.url,
    create: createAnthropicPlatform,
    sentMessages: (r) => [
      ...(typeof r.body.system === 'string' ? [{ role: 'system' as const, content: r.body.system }] : []),
      ...(r.body.messages as ChatMessage[]),
    ],
  },
];

const question: ChatMessage[] = [
  { role: 'system', content: 'You are terse.' },
  { role: 'user', content: 'Say hello.' },
];

describe.each(wires)('$platform against a loopback server', (wire) => {
  let server: LlmServer;
  let warnings: string[];

  beforeEach(async () => {
    server = await startLlmServer();
    warnings = [];
  });
  afterEach(async () => {
    await server.close();
  });

  function platform(extra: Partial<ModelConfig> = {}, env: NodeJS.ProcessEnv = { EXAMPLE_API_KEY: KEY }, maxRetries = 3): Platform {
    const config: ModelConfig = {
      platform: wire.platform,
      model: 'test-model',
      base_url: wire.baseUrl(server),
      api_key_env: 'EXAMPLE_API_KEY',
      headers: { 'x-jarvis-test': 'yes' },
      price_per_mtok: { input: 1, output: 2 },
      ...extra,
    };
    return wire.create({ config, baseDir: '/', env, warn: (m) => warnings.push(m) }, { retry: { ...FAST, maxRetries } });
  }

  it('streams a reply delta by delta and reports the provider usage and cost', async () => {
    server.enqueue(reply('Hello there, friend.', { chunks: ['Hello', ' there,', ' friend.'], usage: { input: 120, output: 30 } }));
    const deltas: string[] = [];
    const res = await platform().chat({ messages: question, onDelta: (d) => void deltas.push(d) });
    expect(deltas).toEqual(['Hello', ' there,', ' friend.']);
    expect(res).toMatchObject({ text: 'Hello there, friend.', finishReason: 'stop', attempts: 1, model: 'test-model' });
    expect(res.usage).toEqual({ inputTokens: 120, outputTokens: 30, estimated: false });
    expect(res.cost).toBeCloseTo((120 * 1 + 30 * 2) / 1e6, 12);
    const [req] = server.requests;
    expect(req?.body.stream).toBe(true);
    expect(req?.body.model).toBe('test-model');
    expect(req?.headers['x-jarvis-test']).toBe('yes');
    expect(JSON.stringify(req?.headers)).toContain(KEY);
    expect(wire.sentMessages(req!)).toEqual(question);
  });

  it('accepts a base_url that already ends in /v1', async () => {
    server.enqueue(reply('fine'));
    const res = await platform({ base_url: wire.platform === 'anthropic' ? `${server.url}/v1` : server.openaiBaseUrl }).chat({ messages: question });
    expect(res.text).toBe('fine');
    expect(server.requests[0]?.path).toMatch(/^\/v1\/(chat\/completions|messages)$/);
  });

  it('answers without streaming when the config says stream: false', async () => {
    server.enqueue(reply('Whole reply at once.', { usage: { input: 7, output: 4 } }));
    const deltas: string[] = [];
    const res = await platform({ stream: false }).chat({ messages: question, onDelta: (d) => void deltas.push(d) });
    expect(server.requests[0]?.body.stream).not.toBe(true);
    expect(deltas).toEqual(['Whole reply at once.']);
    expect(res).toMatchObject({ text: 'Whole reply at once.', finishReason: 'stop', attempts: 1 });
    expect(res.usage).toEqual({ inputTokens: 7, outputTokens: 4, estimated: false });
  });

  it('waits for Retry-After after a 429 and then succeeds', async () => {
    server.enqueue(httpError(429, { headers: { 'retry-after': '1' } }), reply('ok now'));
    const res = await platform().chat({ messages: question });
    expect(res.text).toBe('ok now');
    expect(res.attempts).toBe(2);
    const [first, second] = server.requests;
    // Lower bound only: the policy must not retry before the server said it may.
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(990);
    expect(warnings.join('\n')).toMatch(/HTTP 429; retrying in 1\.0 s/);
  });

  it('retries a 500 with backoff', async () => {
    server.enqueue(httpError(500), httpError(503), reply('recovered'));
    const res = await platform().chat({ messages: question });
    expect(res).toMatchObject({ text: 'recovered', attempts: 3 });
    expect(server.requests).toHaveLength(3);
  });

  it('gives up after max_retries server errors with an llm_http error', async () => {
    server.enqueue(httpError(502), httpError(502), httpError(502));
    const err = await platform({}, undefined, 2).chat({ messages: question }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(JarvisError);
    expect((err as JarvisError).code).toBe('llm_http');
    expect((err as JarvisError).message).toMatch(/HTTP 502 .* after 3 attempts/);
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry a 401 and names the key variable, never the key', async () => {
    server.enqueue(httpError(401, { message: `invalid key ${KEY}` }), reply('unused'));
    const err = await platform().chat({ messages: question }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(JarvisError);
    expect((err as JarvisError).code).toBe('llm_auth');
    expect((err as JarvisError).message).toBe('authentication failed (HTTP 401): check the API key in $EXAMPLE_API_KEY');
    expect(`${(err as JarvisError).message} ${(err as JarvisError).hint}`).not.toContain(KEY);
    expect(server.requests).toHaveLength(1);
  });

  it('refuses to start without the key variable, before any request', () => {
    expect(() => platform({}, {})).toThrow(/\$EXAMPLE_API_KEY is not set/);
    expect(server.requests).toHaveLength(0);
  });

  it('reports a context overflow as llm_context_too_long without retrying', async () => {
    const tooLong =
      wire.platform === 'anthropic'
        ? httpError(400, { message: 'prompt is too long: 210000 tokens > 200000 maximum' })
        : httpError(400, { message: "This model's maximum context length is 8192 tokens.", code: 'context_length_exceeded' });
    server.enqueue(tooLong);
    const err = await platform().chat({ messages: question }).catch((e: unknown) => e);
    expect((err as JarvisError).code).toBe('llm_context_too_long');
    expect(server.requests).toHaveLength(1);
  });

  it('continues a stream that was cut mid-reply from where it broke', async () => {
    server.enqueue(cut('The answer is'), reply(' forty-two.'));
    const deltas: string[] = [];
    const res = await platform().chat({ messages: question, onDelta: (d) => void deltas.push(d) });
    expect(res.text).toBe('The answer is forty-two.');
    expect(deltas.join('')).toBe(res.text);
    expect(res.attempts).toBe(2);
    expect(wire.sentMessages(server.requests[1]!)).toEqual([
      ...question,
      { role: 'assistant', content: 'The answer is' },
      { role: 'user', content: CONTINUE_INSTRUCTION },
    ]);
  });

  it('treats a stream that goes silent for timeout_ms as broken and continues it', async () => {
    server.enqueue(stall('Halfway there'), reply(' and done.'));
    const res = await platform({ timeout_ms: 300 }).chat({ messages: question });
    expect(res).toMatchObject({ text: 'Halfway there and done.', attempts: 2 });
    expect(warnings.join('\n')).toMatch(/no reply data for 300 ms/);
  });

  it('continues a reply stopped at the length limit and sums the usage', async () => {
    server.enqueue(
      reply('First half, ', { finish: 'length', usage: { input: 100, output: 50 } }),
      reply('second half.', { usage: { input: 160, output: 20 } }),
    );
    const deltas: string[] = [];
    const res = await platform({ max_tokens: 50 }).chat({ messages: question, onDelta: (d) => void deltas.push(d) });
    expect(res).toMatchObject({ text: 'First half, second half.', finishReason: 'stop', attempts: 2 });
    expect(deltas.join('')).toBe('First half, second half.');
    expect(res.usage).toEqual({ inputTokens: 260, outputTokens: 70, estimated: false });
    expect(server.requests[0]?.body.max_tokens).toBe(50);
    expect(wire.sentMessages(server.requests[1]!).slice(-2)).toEqual([
      { role: 'assistant', content: 'First half, ' },
      { role: 'user', content: CONTINUE_INSTRUCTION },
    ]);
  });

  it('cuts the stream when onDelta says stop', async () => {
    server.enqueue(reply('<TOOL_CALL>x</TOOL_CALL> and then rambling on', { chunks: ['<TOOL_CALL>x</TOOL_CALL>', ' and then', ' rambling on'] }));
    const res = await platform().chat({ messages: question, onDelta: (d) => (d.includes('</TOOL_CALL>') ? 'stop' : undefined) });
    expect(res.text).toBe('<TOOL_CALL>x</TOOL_CALL>');
    expect(res.finishReason).toBe('early_stop');
    expect(res.attempts).toBe(1);
  });

  it('rejects with llm_aborted when the caller aborts a hanging call, and does not retry', async () => {
    server.enqueue(hang(), reply('unused'));
    const controller = new AbortController();
    const pending = platform().chat({ messages: question, signal: controller.signal });
    while (server.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    const err = await pending.catch((e: unknown) => e);
    expect((err as JarvisError).code).toBe('llm_aborted');
    expect(server.requests).toHaveLength(1);
    expect(server.pending()).toBe(1);
  });

  it('reports llm_network when the server cannot be reached', async () => {
    await server.close();
    const err = await platform({}, undefined, 1).chat({ messages: question }).catch((e: unknown) => e);
    expect((err as JarvisError).code).toBe('llm_network');
    expect((err as JarvisError).message).toContain('after 2 attempts');
    server = await startLlmServer();
  });
});

describe('the shared call loop (openai-compatible wire)', () => {
  let server: LlmServer;
  beforeEach(async () => {
    server = await startLlmServer();
  });
  afterEach(async () => {
    await server.close();
  });

  const make = (env: NodeJS.ProcessEnv = {}, maxContinuations = 2): Platform =>
    createOpenAICompatiblePlatform(
      { config: { platform: 'openai-compatible', model: 'local', base_url: server.openaiBaseUrl }, baseDir: '/', env, warn: () => {} },
      { retry: FAST, maxContinuations },
    );

  it('stops continuing after the bound and returns finishReason length', async () => {
    server.enqueue(reply('a', { finish: 'length' }), reply('b', { finish: 'length' }), reply('c', { finish: 'length' }), reply('d'));
    const res = await make().chat({ messages: question });
    expect(res).toMatchObject({ text: 'abc', finishReason: 'length', attempts: 3 });
    expect(server.pending()).toBe(1);
  });

  it('says to check model and base_url on a 404, without retrying', async () => {
    server.enqueue(httpError(404, { message: 'The model `local` does not exist' }));
    const err = await make().chat({ messages: question }).catch((e: unknown) => e);
    expect((err as JarvisError).code).toBe('llm_http');
    expect((err as JarvisError).message).toContain('HTTP 404');
    expect((err as JarvisError).message).toContain('The model `local` does not exist');
    expect((err as JarvisError).hint).toBe('check model and base_url in the model config');
    expect(server.requests).toHaveLength(1);
  });

  it('ends a retry wait at once when the caller aborts', async () => {
    server.enqueue(httpError(503, { headers: { 'retry-after': '600' } }), reply('unused'));
    const controller = new AbortController();
    const p = createOpenAICompatiblePlatform(
      { config: { platform: 'openai-compatible', model: 'local', base_url: server.openaiBaseUrl }, baseDir: '/', env: {}, warn: () => controller.abort() },
      { retry: { ...FAST, maxRetryAfterMs: 600_000 } },
    );
    const err = await p.chat({ messages: question, signal: controller.signal }).catch((e: unknown) => e);
    expect((err as JarvisError).code).toBe('llm_aborted');
    expect(server.requests).toHaveLength(1);
  });

  it('needs no key for a local server without api_key_env', async () => {
    server.enqueue(reply('local model here'));
    expect((await make().chat({ messages: question })).text).toBe('local model here');
  });

  it('counts usage locally when the server reports none', async () => {
    server.enqueue(reply('no usage from me', { usage: false }));
    const res = await make().chat({ messages: question });
    expect(res.usage.estimated).toBe(true);
    expect(res.usage.outputTokens).toBeGreaterThan(0);
    expect(res.usage.inputTokens).toBeGreaterThan(0);
  });

  it('lets an exception thrown by onDelta through unchanged, without retrying', async () => {
    server.enqueue(reply('one two three'), reply('unused'));
    const boom = new Error('parser bug');
    await expect(
      make().chat({
        messages: question,
        onDelta: () => {
          throw boom;
        },
      }),
    ).rejects.toBe(boom);
    expect(server.requests).toHaveLength(1);
  });

  it('retries a request timeout (timeout_ms) as a network failure', async () => {
    server.enqueue(hang(), reply('after the timeout'));
    const p = createOpenAICompatiblePlatform(
      {
        config: { platform: 'openai-compatible', model: 'local', base_url: server.openaiBaseUrl, timeout_ms: 200 },
        baseDir: '/',
        env: {},
        warn: () => {},
      },
      { retry: FAST },
    );
    const res = await p.chat({ messages: question });
    expect(res).toMatchObject({ text: 'after the timeout', attempts: 2 });
  });
});
