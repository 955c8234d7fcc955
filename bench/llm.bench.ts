/**
 * llm layer: tokenizer throughput, and what our call loop (retry policy, continuation,
 * usage/cost accounting) adds on top of the bare SDK for a streamed reply over loopback.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import OpenAI from 'openai';
import Anthropic from '@anthropic-ai/sdk';
import { countTokens, estimateTokens } from '../src/llm/tokens.js';
import { createOpenAICompatiblePlatform } from '../src/llm/providers/openai-compatible.js';
import { createAnthropicPlatform } from '../src/llm/providers/anthropic.js';
import type { ChatMessage } from '../src/llm/platform.js';
import { reply, startLlmServer } from '../test/support/llm-server.js';

function sourceCorpus(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sourceCorpus(p, out);
    else if (/\.(ts|c|h|rs)$/.test(name)) out.push(readFileSync(p, 'utf8'));
  }
  return out;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

/** Median ms per call of `a` and of `b`, alternating so warm-up and load affect both alike. */
async function timeInterleaved(n: number, a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number, number]> {
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < n; i++) {
    for (const [fn, into] of [[a, ta], [b, tb]] as const) {
      const t = performance.now();
      await fn();
      into.push(performance.now() - t);
    }
  }
  return [median(ta), median(tb)];
}

export default async function bench(): Promise<void> {
  const corpus = sourceCorpus(join(import.meta.dirname, '..', 'src')).join('\n');
  countTokens('warm up');
  const t0 = performance.now();
  const tokens = countTokens(corpus);
  const secs = (performance.now() - t0) / 1000;
  console.log(
    `tokenizer: ${(corpus.length / 1e6).toFixed(2)} MB of src/ -> ${tokens} tokens in ${secs.toFixed(2)} s ` +
      `(${((corpus.length / 1e6) / secs).toFixed(2)} MB/s); chars/4 estimate says ${estimateTokens(corpus)} ` +
      `(${(((estimateTokens(corpus) - tokens) / tokens) * 100).toFixed(1)}% off)`,
  );

  const server = await startLlmServer();
  const N = 200;
  const messages: ChatMessage[] = [{ role: 'user', content: 'Say something.' }];
  const text = 'word '.repeat(60);
  const chunks = text.match(/.{1,10}/g) ?? [text];
  const ctx = (platform: string, base_url: string) => ({
    config: { platform, model: 'bench', base_url, api_key_env: 'K' },
    baseDir: '/',
    env: { K: 'bench-key' },
    warn: () => {},
  });
  try {
    const sdkOpenAI = new OpenAI({ apiKey: 'k', baseURL: server.openaiBaseUrl, maxRetries: 0 });
    const ours = createOpenAICompatiblePlatform(ctx('openai-compatible', server.openaiBaseUrl));
    server.enqueue(...Array.from({ length: 2 * N }, () => reply(text, { chunks })));
    const [rawMs, oursMs] = await timeInterleaved(
      N,
      async () => {
        const s = await sdkOpenAI.chat.completions.create({ model: 'bench', messages, stream: true, stream_options: { include_usage: true } });
        let out = '';
        for await (const c of s) out += c.choices[0]?.delta?.content ?? '';
        return out;
      },
      () => ours.chat({ messages, onDelta: () => undefined }),
    );
    console.log(`openai-compatible, ${N} streamed calls of ${chunks.length} chunks: bare SDK median ${rawMs.toFixed(2)} ms, our platform ${oursMs.toFixed(2)} ms`);

    const sdkAnthropic = new Anthropic({ apiKey: 'k', baseURL: server.url, maxRetries: 0, openTelemetry: false });
    const oursA = createAnthropicPlatform(ctx('anthropic', server.url));
    server.enqueue(...Array.from({ length: 2 * N }, () => reply(text, { chunks })));
    const [rawA, oursAMs] = await timeInterleaved(
      N,
      async () => {
        const s = await sdkAnthropic.messages.create({ model: 'bench', max_tokens: 100, messages, stream: true });
        let out = '';
        for await (const ev of s) if (ev.type === 'content_block_delta' && ev.delta.type === 'text_delta') out += ev.delta.text;
        return out;
      },
      () => oursA.chat({ messages, onDelta: () => undefined }),
    );
    console.log(`anthropic, ${N} streamed calls of ${chunks.length} chunks: bare SDK median ${rawA.toFixed(2)} ms, our platform ${oursAMs.toFixed(2)} ms`);
  } finally {
    await server.close();
  }
}
