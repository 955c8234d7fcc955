import { describe, expect, it } from 'vitest';
import { addUsage, costOf, countMessageTokens, countTokens, estimateTokens, tokenizerFallbackReason } from './tokens.js';

describe('tokens', () => {
  it('counts with the real tokenizer, not the chars/4 estimate', () => {
    expect(tokenizerFallbackReason()).toBeUndefined();
    expect(countTokens('hello world')).toBe(2);
    // Repetitive text compresses to far fewer tokens than chars/4 would say.
    const text = 'a'.repeat(400);
    expect(countTokens(text)).toBeLessThan(estimateTokens(text));
    expect(countTokens('')).toBe(0);
  });

  it('adds per-message framing to chat requests', () => {
    const content = 'int main(void) { return 0; }';
    expect(countMessageTokens([{ role: 'user', content }])).toBe(countTokens(content) + 4 + 3);
    expect(countMessageTokens([])).toBe(3);
  });

  it('prices usage per million tokens and is free without a price', () => {
    expect(costOf({ inputTokens: 2_000_000, outputTokens: 500_000 }, { input: 0.3, output: 1.1 })).toBeCloseTo(0.6 + 0.55, 12);
    expect(costOf({ inputTokens: 10, outputTokens: 10 }, undefined)).toBe(0);
  });

  it('sums usage and keeps the estimated flag if either part was estimated', () => {
    expect(addUsage({ inputTokens: 1, outputTokens: 2, estimated: false }, { inputTokens: 3, outputTokens: 4, estimated: true })).toEqual({
      inputTokens: 4,
      outputTokens: 6,
      estimated: true,
    });
  });
});
