import { z } from 'zod';

/**
 * The one source of configuration keys and defaults (DESIGN.md §4). Later layers add their
 * sections here; loaders, `jarvis config show` and `config init` all read this schema.
 */

export const PLATFORM_NAMES_BUILTIN = ['openai-compatible', 'anthropic', 'scripted', 'replay'] as const;

export const priceSchema = z
  .object({
    input: z.number().nonnegative().describe('USD per million input tokens'),
    output: z.number().nonnegative().describe('USD per million output tokens'),
  })
  .strict();

export const modelConfigSchema = z
  .object({
    platform: z.string().min(1).describe('openai-compatible | anthropic | scripted | replay | a user platform name'),
    model: z.string().optional().describe('model name sent to the provider'),
    base_url: z.string().optional().describe('API base URL (openai-compatible, anthropic)'),
    api_key_env: z.string().optional().describe('name of the environment variable holding the API key'),
    headers: z.record(z.string(), z.string()).optional().describe('extra HTTP headers'),
    temperature: z.number().min(0).max(2).optional(),
    max_tokens: z.number().int().positive().optional().describe('reply token limit per call'),
    context_window: z.number().int().positive().optional().describe('model context window in tokens'),
    price_per_mtok: priceSchema.optional(),
    timeout_ms: z.number().int().positive().optional().describe('per-request timeout'),
    max_retries: z.number().int().nonnegative().optional().describe('retries on network errors, 408/409/429/5xx'),
    script: z.string().optional().describe('scripted platform: YAML reply file'),
    transcript: z.string().optional().describe('replay platform: transcript.jsonl or run directory to replay'),
  })
  .strict();

export type ModelConfig = z.infer<typeof modelConfigSchema>;

export const llmGroupSchema = z
  .object({
    normal: modelConfigSchema,
    cheap: modelConfigSchema.optional().describe('summaries, tool filtering, hand-off summaries; defaults to normal'),
  })
  .strict();

export type LlmGroup = z.infer<typeof llmGroupSchema>;
export type ModelRole = 'normal' | 'cheap';
