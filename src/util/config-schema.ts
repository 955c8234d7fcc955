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
    stream: z.boolean().optional().describe('stream replies as they are generated (default true); false for servers without SSE'),
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

/** Booleans and integers a user may set for every agent run (spec jarvis-core §2, §19). */
export const agentConfigSchema = z
  .object({
    max_input_tokens: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('token budget for the conversation sent to the model; unset = the model context_window'),
    auto_summary_rounds: z
      .number()
      .int()
      .positive()
      .default(20)
      .describe('summarise and clear the history after this many model rounds'),
    tool_reminder_rounds: z
      .number()
      .int()
      .positive()
      .default(20)
      .describe('repeat the tool usage reminder every N rounds'),
    execute_tool_confirm: z.boolean().default(false).describe('ask before running each tool call'),
    non_interactive: z.boolean().default(false).describe('never ask the user; completes tasks automatically'),
    auto_complete: z.boolean().default(false).describe('finish when the model says it is done, without asking'),
    need_summary: z.boolean().default(true).describe('ask the model for a summary when a task completes'),
    plan: z.boolean().default(false).describe('let a planner split a task into sub-tasks first'),
    plan_max_depth: z
      .number()
      .int()
      .nonnegative()
      .default(2)
      .describe('how deep planned sub-tasks may nest'),
    tool_filter_threshold: z
      .number()
      .int()
      .positive()
      .default(30)
      .describe('with more tools than this, the cheap model picks the relevant ones first'),
    use_analysis: z.boolean().default(true).describe('analyse a finished task to save methodologies'),
    use_methodology: z.boolean().default(true).describe('load saved methodologies into new tasks'),
    force_save_memory: z.boolean().default(false).describe('ask the model to save memories before history is cleared'),
  })
  .strict();

export type AgentConfig = z.infer<typeof agentConfigSchema>;

/** The whole configuration file. Every key is optional in a file; defaults come from here only. */
export const jarvisConfigSchema = z
  .object({
    llm_groups: z
      .record(z.string(), llmGroupSchema)
      .default({})
      .describe('named model groups, each with a normal and an optional cheap model'),
    default_llm_group: z.string().min(1).optional().describe('group used when -g/JARVIS_LLM_GROUP are not given'),
    data_dir: z.string().min(1).optional().describe('user data directory (memory, platforms); default ~/.jarvis'),
    agent: agentConfigSchema.prefault({}),
  })
  .strict();

export type JarvisConfig = z.infer<typeof jarvisConfigSchema>;
