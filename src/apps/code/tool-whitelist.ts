import type { AgentFactory } from '../../agent/index.js';
import { ASK_USER, EXECUTE_SCRIPT, LIST_FILES, READ_CODE, SEARCH_FILES } from '../../tools/index.js';
import { JarvisError } from '../../util/index.js';

/** Tools the code agent uses when the registry has them (memory tools; `sub_agent` is added by the agent itself). */
const OPTIONAL_TOOLS = ['save_memory', 'retrieve_memory', 'clear_memory', 'sub_agent', 'sub_code_agent'];
export const CODE_TOOLS = [READ_CODE, EXECUTE_SCRIPT, LIST_FILES, SEARCH_FILES, ASK_USER];

/**
 * The whitelist: the code tools, the optional ones the factory offers, the configured MCP
 * servers' tools and tool modules (the user set them up for their agents), then
 * `--append-tools` (deduplicated).
 */
export function codeToolWhitelist(agents: AgentFactory, append: readonly string[] = []): string[] {
  const known = agents.toolNames();
  const unknown = append.filter((n) => !known.includes(n));
  if (unknown.length > 0) {
    throw new JarvisError('usage', `--append-tools: unknown tool${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`, { hint: `known tools: ${known.join(', ')}` });
  }
  const wanted = [
    ...CODE_TOOLS.filter((n) => known.includes(n)),
    ...OPTIONAL_TOOLS.filter((n) => known.includes(n)),
    ...agents.toolGroup('mcp'),
    ...agents.toolGroup('modules'),
    ...append,
  ];
  return [...new Set(wanted)];
}
