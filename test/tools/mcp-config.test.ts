import { describe, expect, it } from 'vitest';
import { extensionSecretEnvNames } from '../../src/tools/external/index.js';
import { MCP_BASE_ENV, McpConnection, serverEnvironment } from '../../src/tools/mcp/index.js';
import { callTools, resourceTools } from '../../src/tools/mcp/server-tools.js';
import { ToolRegistry } from '../../src/tools/registry.js';
import { jarvisConfigSchema, mcpServerSchema } from '../../src/util/config/index.js';

function issues(mcp: unknown): string[] {
  const r = jarvisConfigSchema.safeParse({ mcp });
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('mcp: config section', () => {
  it('fills in the defaults of a stdio server', () => {
    expect(mcpServerSchema.parse({ name: 'fs', command: 'npx' })).toEqual({
      name: 'fs',
      type: 'stdio',
      command: 'npx',
      args: [],
      startup_timeout_ms: 30_000,
      timeout_ms: 60_000,
      enabled: true,
    });
    expect(jarvisConfigSchema.parse({}).mcp).toEqual([]);
  });

  it.each([
    [[{ name: 'a', type: 'stdio' }], 'mcp.0.command: a stdio server needs a command'],
    [[{ name: 'a', type: 'streamable' }], 'mcp.0.url: a streamable server needs a url'],
    [[{ name: 'a', type: 'sse', url: 'http://x/sse', command: 'x' }], 'mcp.0.command: not used by a sse server'],
    [[{ name: 'a', command: 'x', api_key_env: 'K' }], 'mcp.0.api_key_env: not used by a stdio server'],
    [[{ name: 'a', command: 'x' }, { name: 'a', command: 'y' }], 'mcp.1.name: server name "a" is used twice'],
    [[{ name: 'has.dot', command: 'x' }], 'mcp.0.name: letters, digits, _ and -, starting with a letter'],
    [[{ name: 'a', command: 'x', timeout: 5 }], 'mcp.0: Unrecognized key: "timeout"'],
  ])('rejects %j', (mcp, expected) => {
    expect(issues(mcp)).toContain(expected);
  });
});

describe('stdio server environment', () => {
  const source = { PATH: '/bin', HOME: '/h', OPENAI_API_KEY: 'sk-secret', GITHUB_TOKEN: 'gh', LANG: 'C.UTF-8' };

  it('passes the base allowlist, then pass_env, then env; nothing else', () => {
    const warned: string[] = [];
    const env = serverEnvironment(mcpServerSchema.parse({ name: 'gh', command: 'x', pass_env: ['GITHUB_TOKEN'], env: { LOG: 'debug', LANG: 'en_US.UTF-8' } }), {
      env: source,
      warn: (w) => warned.push(w),
    });
    expect(env).toEqual({ PATH: '/bin', HOME: '/h', LANG: 'en_US.UTF-8', GITHUB_TOKEN: 'gh', LOG: 'debug' });
    expect(env.OPENAI_API_KEY).toBeUndefined();
    expect(warned).toEqual([]);
    expect(MCP_BASE_ENV).toContain('PATH');
  });

  it('warns about a pass_env variable that is not set', () => {
    const warned: string[] = [];
    serverEnvironment(mcpServerSchema.parse({ name: 'gh', command: 'x', pass_env: ['NOT_SET_X'] }), { env: source, warn: (w) => warned.push(w) });
    expect(warned).toEqual(['MCP server gh: pass_env NOT_SET_X is not set in the environment']);
  });
});

describe('secret variables named by the extension config', () => {
  it('lists pass_env, api_key_env and the Brave key variable', () => {
    const config = jarvisConfigSchema.parse({
      mcp: [
        { name: 'gh', command: 'x', pass_env: ['GITHUB_TOKEN'] },
        { name: 'web', type: 'streamable', url: 'http://127.0.0.1:1/mcp', api_key_env: 'TRACKER_TOKEN' },
      ],
      web_search: { provider: 'brave' },
    });
    expect(extensionSecretEnvNames(config)).toEqual(['GITHUB_TOKEN', 'TRACKER_TOKEN', 'BRAVE_API_KEY']);
  });
});

describe('resource tools', () => {
  it('shows the model a stable description and schema (no server is started to build them)', () => {
    const conn = new McpConnection(mcpServerSchema.parse({ name: 'docs', command: 'never-started' }), { baseDir: '/', env: {}, warn: () => undefined });
    expect(new ToolRegistry(resourceTools(conn)).list()).toMatchSnapshot();
    expect(conn.ready).toBe(false);
  });
});

describe('tool names from a server', () => {
  it('replaces characters our names do not allow, and skips clashes and non-object schemas with a warning', () => {
    const conn = new McpConnection(mcpServerSchema.parse({ name: 'srv', command: 'never-started' }), { baseDir: '/', env: {}, warn: () => undefined });
    const warned: string[] = [];
    const tools = callTools(
      conn,
      [
        { name: 'repo/search files', title: 'Search', description: 'Finds files.', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } },
        { name: 'repo_search_files', inputSchema: { type: 'object' } },
        { name: 'scalar', inputSchema: { type: 'string' } },
      ],
      (w) => warned.push(w),
    );
    const reg = new ToolRegistry(tools);
    expect(reg.list()).toEqual([
      {
        name: 'srv.tool_call.repo_search_files',
        description: 'Search. Finds files. (MCP server srv)',
        parameters: { type: 'object', properties: { q: { type: 'string' } }, additionalProperties: {} },
      },
    ]);
    expect(warned).toEqual([
      'MCP server srv: tool "repo_search_files" is skipped: its name clashes with another tool as srv.tool_call.repo_search_files',
      'MCP server srv: tool "scalar" is skipped: its parameters must describe an object (a mapping of argument names), not type "string"',
    ]);
  });
});
