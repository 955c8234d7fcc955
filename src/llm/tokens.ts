import { createRequire } from 'node:module';
import type { ChatMessage, Usage } from './platform.js';

/**
 * Token counting with a real BPE tokenizer (gpt-tokenizer, o200k_base). Other vendors'
 * tokenizers differ by a few percent, which is close enough for budgeting and pruning; a
 * provider's reported usage always wins over these counts. Loaded lazily and synchronously
 * (its tables take ~150 ms to load), so commands that never count tokens never pay for it.
 */

type CountFn = (text: string) => number;

let counter: CountFn | undefined;
let fallbackReason: string | undefined;

function loadCounter(): CountFn {
  if (counter) return counter;
  try {
    const require = createRequire(import.meta.url);
    const mod = require('gpt-tokenizer') as { countTokens: (text: string) => number };
    counter = (text) => mod.countTokens(text);
  } catch (e) {
    fallbackReason = e instanceof Error ? e.message : String(e);
    counter = estimateTokens;
  }
  return counter;
}

/** ~4 characters per token: the usual English/code ratio, used only when the tokenizer is missing. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Why counts are estimates, or undefined when the real tokenizer is in use. */
export function tokenizerFallbackReason(): string | undefined {
  loadCounter();
  return fallbackReason;
}

export function countTokens(text: string): number {
  if (text === '') return 0;
  return loadCounter()(text);
}

/**
 * Tokens a chat request occupies: content plus the per-message framing chat formats add
 * (role and separators, ~4 tokens) and ~3 tokens that prime the reply.
 */
export function countMessageTokens(messages: readonly ChatMessage[]): number {
  let total = 3;
  for (const m of messages) total += 4 + countTokens(m.content);
  return total;
}

export interface Price {
  /** USD per million input tokens */
  input: number;
  /** USD per million output tokens */
  output: number;
}

/** USD for a usage at the configured prices; 0 without a price. */
export function costOf(usage: Pick<Usage, 'inputTokens' | 'outputTokens'>, price: Price | undefined): number {
  if (!price) return 0;
  return (usage.inputTokens * price.input + usage.outputTokens * price.output) / 1_000_000;
}

/** Sum of two usages; estimated if either is. */
export function addUsage(a: Usage, b: Usage): Usage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    estimated: a.estimated || b.estimated,
  };
}
