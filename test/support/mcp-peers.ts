import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { mcpServerSchema, type McpServerConfig } from '../../src/util/config/index.js';

/**
 * Real MCP peers for tests, run from node_modules with this node (no npx, no network):
 * `@modelcontextprotocol/server-everything` (stdio, SSE, streamable HTTP) and
 * `@modelcontextprotocol/server-filesystem` (stdio).
 */

const require = createRequire(import.meta.url);

function binOf(pkg: string): string {
  const manifest = require.resolve(`${pkg}/package.json`);
  return join(dirname(manifest), 'dist', 'index.js');
}

export const EVERYTHING_BIN = binOf('@modelcontextprotocol/server-everything');
export const FILESYSTEM_BIN = binOf('@modelcontextprotocol/server-filesystem');

/** A server entry as the config loader would produce it (defaults filled in). */
export function serverConfig(raw: Record<string, unknown>): McpServerConfig {
  return mcpServerSchema.parse(raw);
}

export function everythingStdio(name = 'every', extra: Record<string, unknown> = {}): McpServerConfig {
  return serverConfig({ name, type: 'stdio', command: process.execPath, args: [EVERYTHING_BIN, 'stdio'], ...extra });
}

export function filesystemStdio(dir: string, name = 'fs'): McpServerConfig {
  return serverConfig({ name, type: 'stdio', command: process.execPath, args: [FILESYSTEM_BIN, dir] });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface HttpPeer {
  /** e.g. http://127.0.0.1:PORT/mcp */
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts server-everything over HTTP on loopback and resolves once it says it listens (no
 * sleeps: the readiness line on stderr is the signal). `kind` picks the transport.
 */
export async function startEverythingHttp(kind: 'streamableHttp' | 'sse'): Promise<HttpPeer> {
  const port = await freePort();
  const child = spawn(process.execPath, [EVERYTHING_BIN, kind], {
    env: { PATH: process.env.PATH, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGKILL');
    await gone;
  };
  await new Promise<void>((resolve, reject) => {
    let err = '';
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
      if (/listening on port|running on port/i.test(err)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server-everything ${kind} exited (${code}) before listening: ${err}`)));
  });
  const path = kind === 'sse' ? '/sse' : '/mcp';
  return { url: `http://127.0.0.1:${port}${path}`, child, stop };
}

/** A stdio "server" that reads its input and never answers: the hung-server case. */
export function silentStdio(name = 'silent', startupTimeoutMs = 1500): McpServerConfig {
  return serverConfig({
    name,
    type: 'stdio',
    command: process.execPath,
    args: ['-e', 'process.stdin.resume()'],
    startup_timeout_ms: startupTimeoutMs,
  });
}
