import { isAbsolute, resolve } from 'node:path';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JarvisError } from '../../util/index.js';
import type { McpServerConfig } from '../../util/config/index.js';

/**
 * What a stdio server inherits from us without being told: enough to find programs and a home
 * directory, nothing else. API keys reach a server only through `pass_env` (STYLE.md 14).
 */
export const MCP_BASE_ENV = ['HOME', 'LOGNAME', 'USER', 'PATH', 'SHELL', 'TERM', 'LANG', 'LC_ALL', 'TMPDIR'] as const;

/** Last bytes of a server's stderr: why it failed to start or died is usually there. */
const STDERR_KEEP = 2000;

export interface OpenedTransport {
  transport: Transport;
  /** The stdio child's pid once started, else undefined. */
  pid(): number | undefined;
  /** The end of what a stdio server wrote to stderr ('' for HTTP servers). */
  stderrTail(): string;
  /** Ends an HTTP session politely (DELETE); stdio servers are ended by `transport.close()`. */
  terminate(): Promise<void>;
}

export interface TransportOptions {
  /** Relative `cwd` resolves against this (the config file's directory). */
  baseDir: string;
  /** Where `pass_env` and `api_key_env` values are read from. */
  env: NodeJS.ProcessEnv;
  /** Told about a named variable that is not set. */
  warn: (message: string) => void;
}

/** The environment a stdio server starts with: the base allowlist, `pass_env`, then `env` from the config. */
export function serverEnvironment(server: McpServerConfig, opts: Pick<TransportOptions, 'env' | 'warn'>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of MCP_BASE_ENV) {
    const v = opts.env[key];
    if (v !== undefined) out[key] = v;
  }
  for (const key of server.pass_env ?? []) {
    const v = opts.env[key];
    if (v === undefined) opts.warn(`MCP server ${server.name}: pass_env ${key} is not set in the environment`);
    else out[key] = v;
  }
  return { ...out, ...server.env };
}

function httpHeaders(server: McpServerConfig, opts: TransportOptions): Record<string, string> {
  const headers: Record<string, string> = { ...server.headers };
  if (server.api_key_env) {
    const key = opts.env[server.api_key_env];
    if (!key) {
      throw new JarvisError(
        'config',
        `environment variable ${server.api_key_env} (api_key_env) is not set; export it, or remove api_key_env from the server's entry`,
      );
    }
    headers.Authorization = `Bearer ${key}`;
  }
  return headers;
}

/** A fresh, unstarted transport for one connection attempt. */
export function openTransport(server: McpServerConfig, opts: TransportOptions): OpenedTransport {
  if (server.type === 'stdio') {
    const cwd = server.cwd === undefined ? undefined : isAbsolute(server.cwd) ? server.cwd : resolve(opts.baseDir, server.cwd);
    const transport = new StdioClientTransport({
      command: server.command as string,
      args: server.args,
      env: serverEnvironment(server, opts),
      ...(cwd ? { cwd } : {}),
      stderr: 'pipe',
    });
    let tail = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString('utf8')).slice(-STDERR_KEEP);
    });
    return {
      transport,
      pid: () => transport.pid ?? undefined,
      stderrTail: () => tail.trim(),
      terminate: async () => undefined,
    };
  }
  const url = new URL(server.url as string);
  const requestInit: RequestInit = { headers: httpHeaders(server, opts) };
  if (server.type === 'sse') {
    const transport = new SSEClientTransport(url, { requestInit });
    return { transport, pid: () => undefined, stderrTail: () => '', terminate: async () => undefined };
  }
  const transport = new StreamableHTTPClientTransport(url, { requestInit });
  return {
    transport,
    pid: () => undefined,
    stderrTail: () => '',
    terminate: () => transport.terminateSession(),
  };
}
