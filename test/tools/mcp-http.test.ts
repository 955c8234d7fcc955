import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpConnection, McpManager } from '../../src/tools/mcp/index.js';
import { ToolRegistry } from '../../src/tools/registry.js';
import type { ToolContext } from '../../src/tools/tool.js';
import { serverConfig, startEverythingHttp, type HttpPeer } from '../support/mcp-peers.js';

// server-everything over HTTP on 127.0.0.1: streamable HTTP (current) and SSE (older servers).
let dir: string;
const ctx = (): ToolContext => ({ root: dir, runDir: join(dir, '.run'), interactive: false, env: {} });

beforeAll(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'jarvis-mcp-http-')));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(['streamable', 'sse'] as const)('MCP over %s HTTP', (type) => {
  let peer: HttpPeer;
  let manager: McpManager;
  let registry: ToolRegistry;

  beforeAll(async () => {
    peer = await startEverythingHttp(type === 'sse' ? 'sse' : 'streamableHttp');
    manager = await McpManager.start({
      servers: [serverConfig({ name: 'web', type, url: peer.url, headers: { 'X-Test': 'yes' } })],
      baseDir: dir,
      warn: () => undefined,
    });
    registry = new ToolRegistry(manager.tools());
  }, 60_000);

  afterAll(async () => {
    await manager?.close();
    await peer?.stop();
  });

  it('lists the tools and calls one', async () => {
    expect(manager.status()[0]?.state).toBe('ready');
    expect(registry.names()).toContain('web.tool_call.echo');
    const r = await registry.invoke('web.tool_call.echo', { message: `over ${type}` }, ctx());
    expect(r.forModel).toBe(`Echo: over ${type}`);
  });

  it('reads a resource', async () => {
    const list = await registry.invoke('web.resource.get_resource_list', {}, ctx());
    const uri = /^(demo:\/\/\S+)/m.exec(list.forModel)?.[1] as string;
    const got = await registry.invoke('web.resource.get_resource', { uri }, ctx());
    expect(got.error).toBeUndefined();
    expect(got.forModel).toContain(`<resource uri="${uri}"`);
  });

  it('reports a server that went away as a tool error', async () => {
    await peer.stop();
    const r = await registry.invoke('web.tool_call.echo', { message: 'hello?' }, ctx());
    expect(r.error?.code).toBe('failed');
    expect(r.forModel).toMatch(/MCP server web (could not be reached|stopped)/);
    // the next call tries to reconnect, and says so when the server is still gone
    const again = await registry.invoke('web.tool_call.echo', { message: 'hello?' }, ctx());
    expect(again.error?.code).toBe('failed');
    expect(again.forModel).toMatch(/MCP server web could not be started/);
  }, 30_000);
});

describe('MCP over HTTP: configuration', () => {
  it('fails a server whose api_key_env is not set, naming the variable', async () => {
    const warned: string[] = [];
    const m = await McpManager.start({
      servers: [serverConfig({ name: 'keyed', type: 'streamable', url: 'http://127.0.0.1:9/mcp', api_key_env: 'JARVIS_TEST_NO_SUCH_KEY' })],
      baseDir: dir,
      env: {},
      warn: (w) => warned.push(w),
    });
    expect(m.status()[0]?.state).toBe('failed');
    expect(warned[0]).toContain('JARVIS_TEST_NO_SUCH_KEY');
    await m.close();
  });

  it('sends headers and the api_key_env bearer token to the server', async () => {
    const seen: Record<string, string | string[] | undefined>[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
      const m = await McpManager.start({
        servers: [serverConfig({ name: 'auth', type: 'streamable', url, headers: { 'X-Team': 'c' }, api_key_env: 'JARVIS_TEST_TOKEN' })],
        baseDir: dir,
        env: { JARVIS_TEST_TOKEN: 'tok-123' },
        warn: () => undefined,
      });
      expect(m.status()[0]?.state).toBe('failed');
      expect(m.status()[0]?.error).toContain('404');
      expect(seen[0]).toMatchObject({ authorization: 'Bearer tok-123', 'x-team': 'c' });
      await m.close();
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it('stops trying a server after it failed four times', async () => {
    const conn = new McpConnection(serverConfig({ name: 'k', type: 'streamable', url: 'http://127.0.0.1:9/mcp', api_key_env: 'JARVIS_TEST_NO_SUCH_KEY' }), {
      baseDir: dir,
      env: {},
      warn: () => undefined,
    });
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) messages.push(await conn.connect().then(() => 'connected', (e: Error) => e.message));
    expect(messages.slice(0, 4)).toEqual(Array(4).fill(expect.stringMatching(/^MCP server k could not be started: environment variable JARVIS_TEST_NO_SUCH_KEY/)));
    expect(messages[4]).toMatch(/^MCP server k failed 4 times and is not started again in this run/);
  });

  it('fails a server that refuses connections without stopping the others', async () => {
    const m = await McpManager.start({
      servers: [serverConfig({ name: 'nobody', type: 'streamable', url: 'http://127.0.0.1:9/mcp', startup_timeout_ms: 5000 })],
      baseDir: dir,
      warn: () => undefined,
    });
    expect(m.status()[0]).toMatchObject({ state: 'failed' });
    expect(m.status()[0]?.error).toMatch(/MCP server nobody could not be started/);
    await m.close();
  });
});
