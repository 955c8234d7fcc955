import { performance } from 'node:perf_hooks';
import type { ChatRequest, ChatResult, Platform } from '../src/llm/index.js';

/**
 * A model for benchmarks: answers at once with `reply(n)` for the n-th call (from 0), streamed
 * line by line so `onDelta` early stops behave as with a real model. `modelMs` is the time
 * spent inside chat() minus the time the caller's `onDelta` took (the agent parses its reply
 * there: that is loop work, not model time), for the caller to keep out of its figures.
 */
export function instantPlatform(reply: (n: number) => string): Platform & { modelMs: number } {
  let n = 0;
  const p = {
    name: 'bench',
    model: 'bench',
    contextWindow: 10_000_000,
    modelMs: 0,
    async chat(req: ChatRequest): Promise<ChatResult> {
      const t0 = performance.now();
      const text = reply(n++);
      let out = '';
      let callerMs = 0;
      for (const piece of text.match(/[^\n]*\n|[^\n]+/g) ?? []) {
        out += piece;
        const d0 = performance.now();
        const verdict = req.onDelta?.(piece);
        callerMs += performance.now() - d0;
        if (verdict === 'stop') break;
      }
      p.modelMs += performance.now() - t0 - callerMs;
      return { text: out, finishReason: 'stop', usage: { inputTokens: 1, outputTokens: 1, estimated: true }, cost: 0, latencyMs: 0, attempts: 1, model: 'bench' };
    },
  };
  return p;
}
