import { dirname } from 'node:path';
import { createPlatform } from '../llm/index.js';
import { apiKeyEnvNames } from '../runs/index.js';
import {
  builtinTools,
  createMemoryTools,
  createSaveToolTool,
  extensionSecretEnvNames,
  loadExtensionTools,
  MemoryStore,
  SEARCH_WEB,
  type McpServerStatus,
  type Tool,
} from '../tools/index.js';
import { resolveGroupName, resolveModel, type LoadedEffectiveConfig } from '../util/config/index.js';
import type { AgentKit, ModelPair } from './factory.js';
import { createMethodologyTools } from './methodology/index.js';
import { loadAfterToolCallPlugins, pluginDirsFromEnv } from './plugins.js';
import { selectToolGroup } from './tool-group.js';

/**
 * The one place the configuration becomes what agents are built from (docs/agent.md,
 * "Building agents"): the models of each llm group, the tools (built-ins, memory, the
 * methodology tool when analysis is on, and the extensions: `search_web`, the `mcp:` servers,
 * the user's tool modules), the memory store, the after-tool-call plugins and the `agent:`
 * switches. MCP servers start here and stop in `close()`.
 */

export interface OpenAgentKitOptions {
  loaded: LoadedEffectiveConfig;
  /** the working root; relative config paths fall back to it */
  root: string;
  /**
   * MCP servers, search_web, the user's tool modules and after-tool-call plugins (default
   * true). Commands whose agents are steps of a pipeline with a fixed tool set (jsec's
   * read-only verifiers, jc2r's answer agents) leave them out rather than start servers and
   * load modules nothing may use.
   */
  extensions?: boolean;
  /** these groups' models are created now, so a missing key or script fails before the run starts (default: the run's group) */
  groups?: readonly (string | undefined)[];
  /** which of a group's models must exist now: `cheap` for a command that only uses the cheap one (default normal) */
  role?: 'normal' | 'cheap';
  env?: NodeJS.ProcessEnv;
  warn: (message: string) => void;
}

export interface OpenedAgentKit {
  kit: AgentKit;
  /** what the run has in play, for the start banner */
  info: KitInfo;
  /** shuts the MCP servers down */
  close(): Promise<void>;
}

export interface KitInfo {
  /** the tool group chosen (-G, JARVIS_TOOL_GROUP, default_tool_group) */
  toolGroup?: string;
  /** the configured MCP servers and how they started */
  mcp: McpServerStatus[];
  /** whether finished tasks are analysed (agent.use_analysis, see docs/memory.md) */
  analysis: boolean;
}

export async function openAgentKit(o: OpenAgentKitOptions): Promise<OpenedAgentKit> {
  const { loaded, root } = o;
  const config = loaded.config;
  const env = o.env ?? process.env;
  const lastFile = loaded.files.at(-1);
  // relative paths in a model's entry (script files, transcripts) resolve from the last config file read
  const baseDir = lastFile ? dirname(lastFile.path) : root;
  const byGroup = new Map<string, Promise<ModelPair>>();
  const models = (group: string | undefined): Promise<ModelPair> => {
    const name = resolveGroupName(config, group);
    let p = byGroup.get(name);
    if (!p) {
      p = makeModels(loaded, name, baseDir, o.role ?? 'normal');
      byGroup.set(name, p);
    }
    return p;
  };
  for (const g of o.groups ?? [undefined]) await models(g);

  const a = config.agent;
  const analysis = analysisWanted(loaded, o.groups?.[0]);
  const store = new MemoryStore({ root, dataDir: config.data_dir, warn: o.warn });
  const builtin = builtinTools();
  const memory = createMemoryTools(store);
  const taken: { names: readonly string[] } = { names: [] };
  const methodology = analysis ? [...createMethodologyTools({ root, dataDir: config.data_dir }), createSaveToolTool({ root, taken: () => taken.names })] : [];
  const own: Tool[] = [...builtin, ...memory, ...methodology];
  const extensions =
    o.extensions === false
      ? undefined
      : await loadExtensionTools({
          config,
          dataDir: config.data_dir,
          projectDir: root,
          baseDir: loaded.sources.mcp?.dir ?? baseDir,
          reserved: own.map((t) => t.name),
          env,
          warn: o.warn,
        });
  const all = [...own, ...(extensions?.tools ?? [])];
  taken.names = all.map((t) => t.name);
  const groupName = config.default_tool_group;
  const group = groupName === undefined ? undefined : config.tool_groups[groupName];
  let tools: Tool[] = all;
  try {
    if (groupName !== undefined && group) {
      const where = loaded.sources[`tool_groups.${groupName}`]?.where ?? 'configuration';
      tools = selectToolGroup(all, { name: groupName, entries: group, where }, o.warn);
    }
  } catch (e) {
    await extensions?.close();
    throw e;
  }
  const inGroup = new Set(tools.map((t) => t.name));
  const mcp = new Set((extensions?.mcp.tools() ?? []).map((t) => t.name).filter((n) => inGroup.has(n)));
  const names = (list: readonly Tool[]) => list.map((t) => t.name).filter((n) => inGroup.has(n));
  const ext = extensions?.tools ?? [];
  const groups = {
    builtin: names(builtin),
    memory: names(memory),
    methodology: names(methodology),
    web: names(ext.filter((t) => t.name === SEARCH_WEB)),
    mcp: [...mcp],
    modules: names(ext.filter((t) => t.name !== SEARCH_WEB && !mcp.has(t.name))),
  };
  const plugins = o.extensions === false ? [] : await loadAfterToolCallPlugins({ dirs: pluginDirsFromEnv(env, root), warn: o.warn });
  const kit: AgentKit = {
    root,
    models,
    tools: () => tools,
    groups,
    defaults: {
      autoComplete: a.auto_complete,
      executeToolConfirm: a.execute_tool_confirm,
      needSummary: a.need_summary,
      autoSummaryRounds: a.auto_summary_rounds,
      toolReminderRounds: a.tool_reminder_rounds,
      toolFilterThreshold: a.tool_filter_threshold,
      maxInputTokens: a.max_input_tokens,
    },
    memory: { store, forceSave: a.force_save_memory },
    analysis,
    ...(a.use_methodology ? { methodology: { dataDir: config.data_dir } } : {}),
    plugins,
    planMaxDepth: a.plan_max_depth,
    secretEnvNames: [...apiKeyEnvNames(config.llm_groups), ...(extensions ? extensionSecretEnvNames(config) : [])],
  };
  const info: KitInfo = { ...(groupName !== undefined ? { toolGroup: groupName } : {}), mcp: extensions?.mcp.status() ?? [], analysis };
  return { kit, info, close: async () => extensions?.close() };
}

/**
 * Task analysis runs on the cheap model (docs/memory.md). Left at its default it runs only
 * where the run's group has a cheap model of its own: with one model configured, a second call
 * per task at the normal model's price is not something to spend without being asked. Set
 * explicitly (`use_analysis: true` in a file, the environment or a flag), it runs anyway.
 */
function analysisWanted(loaded: LoadedEffectiveConfig, group: string | undefined): boolean {
  const config = loaded.config;
  if (!config.agent.use_analysis) return false;
  if (loaded.sources['agent.use_analysis']?.kind !== 'default') return true;
  return Boolean(config.llm_groups[resolveGroupName(config, group)]?.cheap);
}

/**
 * A group's models. With `role: 'cheap'` only the cheap one is made (the command talks to
 * nothing else); otherwise the normal one, and the cheap one when the group names it.
 */
async function makeModels(loaded: LoadedEffectiveConfig, group: string, baseDir: string, role: 'normal' | 'cheap'): Promise<ModelPair> {
  const config = loaded.config;
  const opts = { baseDir, dataDir: config.data_dir };
  if (role === 'cheap') {
    const cheap = await createPlatform(resolveModel(config, { group, role: 'cheap' }), opts);
    return { normal: cheap, cheap };
  }
  const entry = config.llm_groups[group];
  const normal = await createPlatform(resolveModel(config, { group, role: 'normal' }), opts);
  const cheap = entry?.cheap ? await createPlatform(entry.cheap, opts) : undefined;
  return { normal, ...(cheap ? { cheap } : {}) };
}
