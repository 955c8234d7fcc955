import type { JarvisConfig } from '../../util/config/index.js';
import { createSearchWebTool } from '../builtin/search-web.js';
import { McpManager } from '../mcp/manager.js';
import type { Tool } from '../tool.js';
import { externalToolDirs, loadExternalTools } from './loader.js';

export interface ExtensionToolsOptions {
  config: Pick<JarvisConfig, 'mcp' | 'web_search'>;
  /** `<dataDir>/tools/` holds the user's tool modules. */
  dataDir: string;
  /** `<projectDir>/.jarvis/tools/` holds the project's tool modules. */
  projectDir: string;
  /** Relative paths of the `mcp:` entries resolve against this (the config file's directory). */
  baseDir: string;
  /** Names of tools registered already (the built-ins); nothing loaded here may take one. */
  reserved?: readonly string[];
  /** API keys for `pass_env`, `api_key_env` and web search; default process.env. */
  env?: NodeJS.ProcessEnv;
  warn?: (message: string) => void;
}

export interface ExtensionTools {
  /** search_web, then MCP tools, then user tool modules. */
  tools: Tool[];
  mcp: McpManager;
  /** Shuts the MCP servers down; call it when the agent ends. */
  close(): Promise<void>;
}

/**
 * Every tool that does not ship as a built-in: `search_web` for the configured provider, the
 * tools of the configured MCP servers and the user's tool modules. One call for the CLI, so
 * the order and the name-clash rules live in one place.
 */
export async function loadExtensionTools(o: ExtensionToolsOptions): Promise<ExtensionTools> {
  const env = o.env ?? process.env;
  const warn = o.warn ?? ((m: string) => process.stderr.write(`warning: ${m}\n`));
  const searchWeb = createSearchWebTool(o.config.web_search, { env });
  const mcp = await McpManager.start({ servers: o.config.mcp, baseDir: o.baseDir, env, warn });
  const taken = [...(o.reserved ?? []), searchWeb.name, ...mcp.tools().map((t) => t.name)];
  const external = await loadExternalTools({
    dirs: externalToolDirs({ dataDir: o.dataDir, projectDir: o.projectDir }),
    reserved: taken,
    warn,
  });
  return { tools: [searchWeb, ...mcp.tools(), ...external], mcp, close: () => mcp.close() };
}

/**
 * Variables the extension config names as secrets (MCP `pass_env` / `api_key_env`, the Brave
 * key): add them to the run's secret names so transcripts redact their values and tool child
 * processes do not inherit them.
 */
export function extensionSecretEnvNames(config: Pick<JarvisConfig, 'mcp' | 'web_search'>): string[] {
  const names = new Set<string>();
  for (const s of config.mcp) {
    for (const n of s.pass_env ?? []) names.add(n);
    if (s.api_key_env) names.add(s.api_key_env);
  }
  if (config.web_search?.provider === 'brave') names.add(config.web_search.api_key_env);
  return [...names];
}
