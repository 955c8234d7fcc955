import { agentConfigSchema } from './schema.js';
import { CONFIG_OVERRIDES } from './overrides.js';

/**
 * The commented file `jarvis config init` writes. The agent section is generated from the
 * schema, so its defaults and descriptions cannot drift from what the loader applies.
 */

/** Example values for keys that have no default (unset means "derive it"). */
const EXAMPLES: Record<string, unknown> = { max_input_tokens: 64000 };

function agentSection(): string {
  const defaults = agentConfigSchema.parse({});
  const lines: string[] = [];
  for (const [key, field] of Object.entries(agentConfigSchema.shape)) {
    const fallback = (defaults as Record<string, unknown>)[key];
    const value = fallback ?? EXAMPLES[key];
    const env = CONFIG_OVERRIDES.find((o) => o.key === `agent.${key}`)?.env;
    const note = [fallback === undefined ? 'example, unset by default' : '', field.description, env && `env ${env}`]
      .filter(Boolean)
      .join('; ');
    lines.push(`#   ${key}: ${String(value)}`.padEnd(34) + `  # ${note}`);
  }
  return lines.join('\n');
}

export function configTemplate(): string {
  return `# Jarvis configuration (YAML). Precedence, highest first:
#   command-line flags > JARVIS_* environment variables
#   > JARVIS_CONFIG=<file> if set, else .jarvis/config.yaml (project) over ~/.jarvis/config.yaml (user)
#   > built-in defaults
# Run 'jarvis config show' to see the effective values and where each one came from.
#
# API keys never go in this file: api_key_env names the environment variable that holds the key.

# Used when neither -g/--llm-group nor JARVIS_LLM_GROUP picks a group.
default_llm_group: default

llm_groups:
  # Any OpenAI-compatible server: OpenAI, DeepSeek, Moonshot/Kimi, Qwen, Zhipu, OpenRouter,
  # Ollama, vLLM, llama.cpp server, LM Studio. 'normal' does the work; 'cheap' writes summaries,
  # filters tools and hands off (it falls back to 'normal' when absent).
  default:
    normal:
      platform: openai-compatible
      base_url: https://api.deepseek.com/v1
      model: deepseek-chat
      api_key_env: DEEPSEEK_API_KEY
      context_window: 64000
      max_tokens: 8000
      price_per_mtok: { input: 0.27, output: 1.1 }   # USD per million tokens, for cost reports
    cheap:
      platform: openai-compatible
      base_url: https://api.deepseek.com/v1
      model: deepseek-chat
      api_key_env: DEEPSEEK_API_KEY
      context_window: 64000
      max_tokens: 2000
      temperature: 0.2
      price_per_mtok: { input: 0.27, output: 1.1 }

  # Anthropic's Messages API; pick it with -g claude.
  claude:
    normal:
      platform: anthropic
      model: claude-sonnet-4-5
      api_key_env: ANTHROPIC_API_KEY
      context_window: 200000
      max_tokens: 8000
      price_per_mtok: { input: 3, output: 15 }
    cheap:
      platform: anthropic
      model: claude-haiku-4-5
      api_key_env: ANTHROPIC_API_KEY
      context_window: 200000
      price_per_mtok: { input: 1, output: 5 }

  # A local model needs no key:
  # local:
  #   normal: { platform: openai-compatible, base_url: http://127.0.0.1:11434/v1, model: qwen2.5-coder:7b }

  # Replies read from a YAML file instead of a model: for tests and demos, no network needed.
  # Relative paths are resolved against the directory of this file.
  test:
    normal:
      platform: scripted
      script: replies.yaml

# User data directory (global memory, user platforms). Default ~/.jarvis; env JARVIS_DATA_DIR.
# data_dir: ~/.jarvis

# MCP servers whose tools the agent may call, registered as <name>.tool_call.<tool>
# (docs/extending.md). stdio servers are started without a shell and get only the variables
# listed in pass_env; remote ones (sse, streamable) send api_key_env as a Bearer token.
# mcp:
#   - name: fs
#     type: stdio
#     command: npx
#     args: [-y, "@modelcontextprotocol/server-filesystem", "."]
#     timeout_ms: 60000                 # per tool call
#   - name: tracker
#     type: streamable
#     url: https://mcp.example.com/mcp
#     api_key_env: TRACKER_API_KEY
#     enabled: false                    # listed but not started

# Where the search_web tool sends queries: a SearXNG instance with the json format enabled,
# or the Brave Search API (provider: brave, key in api_key_env, default BRAVE_API_KEY).
# web_search: { provider: searxng, url: http://127.0.0.1:8888, max_results: 8 }

# More MCP servers without editing a file: JARVIS_MCP holds a YAML list like the one above,
# inline or as the path of a file; its servers are added to these.

# Named sets of tools. -G/--tool-group NAME (or JARVIS_TOOL_GROUP, or default_tool_group)
# gives every agent of a run only the tools of that group; * matches any characters.
# tool_groups: { readonly: [read_code, list_files, search_files, retrieve_memory], c-work: [read_code, list_files, search_files, execute_script, "fs.*"] }
# default_tool_group: readonly

# Tasks the jarvis prompt offers by number when it starts (Enter skips).
# tasks:
#   - Build the project and fix the first compiler error
#   - { name: review, task: "Review the uncommitted changes for bugs; do not edit files." }

# Shorthands you type as '<Name>'; the text replaces the token (append: true sends it with
# the next message instead). '<Help>' lists them.
# replace_map:
#   "'<Bench>'": "Run bench/run.sh and compare the numbers with BENCHMARKS.md"
#   "'<Style>'": { template: "Follow docs/STYLE.md strictly.", description: "apply the style guide", append: true }

# Agent defaults. To change one, uncomment 'agent:' and its line; the values shown are the defaults.
# agent:
${agentSection()}
`;
}
