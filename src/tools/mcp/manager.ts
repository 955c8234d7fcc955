import type { McpServerConfig } from '../../util/config/index.js';
import type { Tool } from '../tool.js';
import { McpCallError, McpConnection } from './connection.js';
import { callTools, resourceTools, type ListedTool } from './server-tools.js';

export interface McpManagerOptions {
  /** The `mcp:` section of the config; servers with `enabled: false` are left alone. */
  servers: readonly McpServerConfig[];
  /** Relative stdio `cwd` resolves against this (the config file's directory). */
  baseDir: string;
  /** Where `pass_env` / `api_key_env` values come from; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Told about servers that failed to start and tools that were skipped; default a line on stderr. */
  warn?: (message: string) => void;
}

export interface McpServerStatus {
  name: string;
  /** `ready`: tools registered; `failed`: could not start (see `error`); `disabled`: `enabled: false`. */
  state: 'ready' | 'failed' | 'disabled';
  tools: string[];
  error?: string;
}

/**
 * The MCP servers of one agent run. `start()` connects to every enabled server at once (each
 * within its startup timeout) and lists its tools, because the model must be told about them
 * before the first turn. A server that fails is reported and left out; the others work.
 * `close()` shuts every server down; call it when the agent ends.
 */
export class McpManager {
  private constructor(
    private readonly connections: McpConnection[],
    private readonly statuses: McpServerStatus[],
    private readonly registered: Tool[],
  ) {}

  static async start(opts: McpManagerOptions): Promise<McpManager> {
    const warn = opts.warn ?? ((m: string) => process.stderr.write(`warning: ${m}\n`));
    const transportOpts = { baseDir: opts.baseDir, env: opts.env ?? process.env, warn };
    const results = await Promise.all(
      opts.servers.map(async (server) => {
        if (!server.enabled) return { status: { name: server.name, state: 'disabled', tools: [] } as McpServerStatus, tools: [] };
        const conn = new McpConnection(server, transportOpts);
        try {
          const tools = await discover(conn, warn);
          return { conn, tools, status: { name: server.name, state: 'ready', tools: tools.map((t) => t.name) } as McpServerStatus };
        } catch (e) {
          const error = e instanceof McpCallError ? e.message : `MCP server ${server.name} failed: ${String(e)}`;
          warn(`${error} — its tools are not available in this run`);
          await conn.close();
          return { tools: [], status: { name: server.name, state: 'failed', tools: [], error } as McpServerStatus };
        }
      }),
    );
    return new McpManager(
      results.flatMap((r) => (r.conn ? [r.conn] : [])),
      results.map((r) => r.status),
      results.flatMap((r) => r.tools),
    );
  }

  /** Tools of every server that started, in config order; register them with the agent's ToolRegistry. */
  tools(): Tool[] {
    return [...this.registered];
  }

  status(): McpServerStatus[] {
    return this.statuses.map((s) => ({ ...s, tools: [...s.tools] }));
  }

  /** The live connection of a server (tests use its pid). */
  connection(name: string): McpConnection | undefined {
    return this.connections.find((c) => c.server.name === name);
  }

  /** Shuts every server down, in parallel; safe to call twice. */
  async close(): Promise<void> {
    await Promise.all(this.connections.map((c) => c.close()));
  }
}

async function discover(conn: McpConnection, warn: (m: string) => void): Promise<Tool[]> {
  const client = await conn.connect();
  const caps = client.getServerCapabilities() ?? {};
  const listed: ListedTool[] = [];
  if (caps.tools) {
    await conn.request('tools/list', async (c, options) => {
      const timeout = conn.server.startup_timeout_ms;
      let cursor: string | undefined;
      do {
        const page = await c.listTools(cursor ? { cursor } : undefined, { ...options, timeout });
        listed.push(...page.tools);
        cursor = page.nextCursor;
      } while (cursor);
    });
  }
  // Resource tools only for servers that have resources: two dead tools per server would be noise.
  return [...callTools(conn, listed, warn), ...(caps.resources ? resourceTools(conn) : [])];
}
