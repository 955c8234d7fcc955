import { Agent, type AgentOptions } from '../../src/agent/index.js';
import type { ScriptedPlatform } from '../../src/llm/index.js';
import { readRecords, startRun } from '../../src/runs/index.js';
import { MemoryStore } from '../../src/tools/memory/index.js';
import { ToolRegistry } from '../../src/tools/registry.js';
import type { Tool } from '../../src/tools/tool.js';

/**
 * A non-interactive agent with a real memory store in `w` and a real transcript; only the
 * model is scripted. `tools` gets the store so a test can hand the memory tools over or not.
 */
export function memoryAgent(
  w: { root: string; dataDir: string },
  platform: ScriptedPlatform,
  tools: (store: MemoryStore) => readonly Tool[],
  extra: Partial<AgentOptions> & { use?: readonly string[] } = {},
) {
  const { use, ...options } = extra;
  const store = new MemoryStore({ root: w.root, dataDir: w.dataDir });
  const { writer } = startRun({ projectDir: w.root, command: 'test', argv: [] });
  const agent = new Agent({
    systemPrompt: 'You are a test agent.',
    platform,
    tools: use ? new ToolRegistry(tools(store)).use(use) : new ToolRegistry(tools(store)),
    root: w.root,
    transcript: writer,
    interactive: false,
    needSummary: false,
    rulesDataDir: false,
    warn: () => undefined,
    memory: { store },
    ...options,
  });
  return { agent, store, records: () => readRecords(writer.path).records };
}
