import { z } from 'zod';

/**
 * The one source of configuration keys and defaults (docs/config.md). Later layers add their
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

/** Booleans and integers a user may set for every agent run (docs/config.md, `agent:`). */
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
    use_analysis: z
      .boolean()
      .default(true)
      .describe('analyse a finished task on the cheap model to save memories, methodologies and tools; left at the default it runs only where the group has a cheap model'),
    use_methodology: z.boolean().default(true).describe('load saved methodologies into new tasks'),
    force_save_memory: z.boolean().default(false).describe('ask the model to save memories before history is cleared'),
  })
  .strict();

export type AgentConfig = z.infer<typeof agentConfigSchema>;

/** One MCP server (docs/extending.md). Secrets come from env vars it names, never from the file. */
export const mcpServerSchema = z
  .object({
    name: z
      .string()
      .regex(/^[A-Za-z][\w-]*$/, 'letters, digits, _ and -, starting with a letter')
      .describe('tools are registered as <name>.tool_call.<tool>'),
    type: z.enum(['stdio', 'sse', 'streamable']).default('stdio'),
    command: z.string().min(1).optional().describe('stdio: program to start (no shell)'),
    args: z.array(z.string()).default([]),
    env: z.record(z.string(), z.string()).optional().describe('stdio: extra environment (not secrets)'),
    pass_env: z.array(z.string()).optional().describe('stdio: variables copied from our environment, e.g. an API key'),
    cwd: z.string().optional().describe('stdio: working directory (relative to the config file)'),
    url: z.string().url().optional().describe('sse / streamable: server URL'),
    headers: z.record(z.string(), z.string()).optional().describe('sse / streamable: extra HTTP headers'),
    api_key_env: z.string().optional().describe('sse / streamable: sent as Authorization: Bearer <value>'),
    startup_timeout_ms: z.number().int().positive().default(30_000).describe('connect and list tools'),
    timeout_ms: z.number().int().positive().default(60_000).describe('per tool call or resource read'),
    enabled: z.boolean().default(true),
  })
  .strict()
  .superRefine((s, ctx) => {
    const remote = s.type !== 'stdio';
    if (!remote && !s.command) ctx.addIssue({ code: 'custom', path: ['command'], message: 'a stdio server needs a command' });
    if (remote && !s.url) ctx.addIssue({ code: 'custom', path: ['url'], message: `a ${s.type} server needs a url` });
    const misplaced = remote ? (['command', 'env', 'pass_env', 'cwd'] as const) : (['url', 'headers', 'api_key_env'] as const);
    for (const key of misplaced) {
      if (s[key] !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: `not used by a ${s.type} server` });
    }
  });

export type McpServerConfig = z.infer<typeof mcpServerSchema>;

export const mcpConfigSchema = z.array(mcpServerSchema).superRefine((servers, ctx) => {
  const seen = new Set<string>();
  servers.forEach((s, i) => {
    if (seen.has(s.name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `server name "${s.name}" is used twice` });
    seen.add(s.name);
  });
});

/** Where search_web sends queries: a SearXNG instance (JSON API) or the Brave Search API. */
export const webSearchConfigSchema = z.discriminatedUnion('provider', [
  z
    .object({
      provider: z.literal('searxng'),
      url: z.string().url().describe('SearXNG base URL; its settings must enable the json format'),
      max_results: z.number().int().positive().max(20).default(8),
      timeout_ms: z.number().int().positive().default(20_000),
    })
    .strict(),
  z
    .object({
      provider: z.literal('brave'),
      api_key_env: z.string().min(1).default('BRAVE_API_KEY'),
      url: z.string().url().default('https://api.search.brave.com/res/v1/web/search'),
      max_results: z.number().int().positive().max(20).default(8),
      timeout_ms: z.number().int().positive().default(20_000),
    })
    .strict(),
]);

export type WebSearchConfig = z.infer<typeof webSearchConfigSchema>;

/** Tool and group names: what a user types after -G and in `tool_groups:`. */
const GROUP_NAME = /^[A-Za-z][\w-]*$/;

/** A predefined task the jarvis prompt offers at start: the text, or a name and the text. */
export const taskEntrySchema = z.union([
  z.string().min(1),
  z.object({ name: z.string().min(1).describe('what the list shows'), task: z.string().min(1).describe('the task text') }).strict(),
]);

export type TaskEntry = z.infer<typeof taskEntrySchema>;

/** `'<Name>'`, `<Name>` or `Name`: how a replace_map key may be written. */
export const REPLACE_KEY = /^(?:'<([A-Za-z][\w-]*)>'|<([A-Za-z][\w-]*)>|([A-Za-z][\w-]*))$/;

/** What a shorthand stands for: the text put in its place, or the text with how it is used. */
export const replaceEntrySchema = z.union([
  z.string().min(1),
  z
    .object({
      template: z.string().min(1).describe('the text the shorthand stands for'),
      description: z.string().optional().describe("shown by '<Help>'"),
      append: z.boolean().default(false).describe('true: the token is removed and the text goes with the next message; false: replaced in place'),
    })
    .strict(),
]);

export type ReplaceEntryConfig = z.infer<typeof replaceEntrySchema>;

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
    mcp: mcpConfigSchema.default([]).describe('MCP servers whose tools the agent may call (docs/extending.md)'),
    web_search: webSearchConfigSchema.optional().describe('provider of the search_web tool'),
    tool_groups: z
      .record(z.string().regex(GROUP_NAME, 'letters, digits, _ and -, starting with a letter'), z.array(z.string().min(1)).min(1))
      .default({})
      .describe('named sets of tools (names, or patterns with *); pick one with -G/--tool-group or JARVIS_TOOL_GROUP'),
    default_tool_group: z.string().min(1).optional().describe('tool group used when -G/JARVIS_TOOL_GROUP are not given; unset: every tool'),
    tasks: z.array(taskEntrySchema).default([]).describe('predefined tasks the jarvis prompt offers by number at start'),
    replace_map: z
      .record(z.string().regex(REPLACE_KEY, "write the key as '<Name>' (letters, digits, _ and -)"), replaceEntrySchema)
      .default({})
      .describe("shorthands typed as '<Name>', expanded before the model sees them"),
  })
  .strict()
  .superRefine((c, ctx) => {
    const g = c.default_tool_group;
    if (g !== undefined && !Object.hasOwn(c.tool_groups, g)) {
      const known = Object.keys(c.tool_groups);
      ctx.addIssue({
        code: 'custom',
        path: ['default_tool_group'],
        message: `unknown tool group '${g}'; ${known.length > 0 ? `known groups: ${known.join(', ')}` : 'no tool_groups are defined'}`,
      });
    }
  });

export type JarvisConfig = z.infer<typeof jarvisConfigSchema>;
