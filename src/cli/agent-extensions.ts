import type { AgentOptions } from '../agent/index.js';
import { loadAfterToolCallPlugins, pluginDirsFromEnv } from '../agent/plugins.js';
import { createMemoryTools, MemoryStore } from '../tools/memory/index.js';
import type { Tool } from '../tools/tool.js';
import type { EffectiveConfig } from '../util/config.js';

/**
 * What a CLI agent run adds from configuration: the memory store and its tools, the task
 * analyzer, and the after-tool-call plugins of `JARVIS_AFTER_TOOL_CALL_CB_DIRS`. The tools must
 * join the registry before a `use_tools` whitelist is applied to it.
 */
export interface AgentExtensions {
  tools: Tool[];
  options: Pick<AgentOptions, 'memory' | 'useAnalysis' | 'afterToolCall'>;
}

export async function agentExtensions(o: {
  config: EffectiveConfig;
  root: string;
  env?: NodeJS.ProcessEnv;
  warn: (message: string) => void;
}): Promise<AgentExtensions> {
  const store = new MemoryStore({ root: o.root, dataDir: o.config.data_dir, warn: o.warn });
  const afterToolCall = await loadAfterToolCallPlugins({ dirs: pluginDirsFromEnv(o.env ?? process.env, o.root), warn: o.warn });
  return {
    tools: createMemoryTools(store),
    options: {
      memory: { store, forceSave: o.config.agent.force_save_memory },
      useAnalysis: o.config.agent.use_analysis,
      afterToolCall,
    },
  };
}
