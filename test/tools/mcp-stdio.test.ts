import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpManager } from '../../src/tools/mcp/index.js';
import { ToolRegistry } from '../../src/tools/registry.js';
import type { ToolContext } from '../../src/tools/tool.js';
import { everythingStdio, filesystemStdio, serverConfig, silentStdio } from '../support/mcp-peers.js';

// Real servers from node_modules over stdio; one manager for the file keeps it fast.
let dir: string;
let manager: McpManager;
let registry: ToolRegistry;
const warnings: string[] = [];
let onWarning: ((m: string) => void) | undefined;

const ctx = (): ToolContext => ({ root: dir, runDir: join(dir, '.run'), interactive: false, env: {} });

beforeAll(async () => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'jarvis-mcp-')));
  writeFileSync(join(dir, 'notes.txt'), 'first line\nsecond line\n');
  manager = await McpManager.start({
    servers: [
      everythingStdio('every', { pass_env: ['JARVIS_TEST_PASSED'] }),
      filesystemStdio(dir),
      serverConfig({ name: 'off', command: 'does-not-matter', enabled: false }),
    ],
    baseDir: dir,
    env: { ...process.env, JARVIS_TEST_PASSED: 'passed-value', JARVIS_TEST_SECRET: 'secret-value' },
    warn: (m) => {
      warnings.push(m);
      onWarning?.(m);
    },
  });
  registry = new ToolRegistry(manager.tools());
}, 60_000);

afterAll(async () => {
  await manager?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('MCP over stdio', () => {
  it('registers every server tool as {server}.tool_call.{tool} with the server schema', () => {
    const names = registry.names();
    expect(names).toContain('every.tool_call.echo');
    expect(names).toContain('every.tool_call.get-sum');
    expect(names).toContain('fs.tool_call.read_text_file');
    const sum = registry.list().find((s) => s.name === 'every.tool_call.get-sum');
    expect(sum?.parameters).toMatchObject({ type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] });
    expect(sum?.description).toContain('MCP server every');
    expect(manager.status().map((s) => [s.name, s.state])).toEqual([
      ['every', 'ready'],
      ['fs', 'ready'],
      ['off', 'disabled'],
    ]);
    expect(warnings).toEqual([]);
  });

  it('adds the two resource tools only for a server that offers resources', () => {
    expect(registry.names()).toContain('every.resource.get_resource_list');
    expect(registry.names()).toContain('every.resource.get_resource');
    expect(registry.names().filter((n) => n.startsWith('fs.resource.'))).toEqual([]);
  });

  it('calls a tool and returns its text', async () => {
    const r = await registry.invoke('every.tool_call.echo', { message: 'hello mcp' }, ctx());
    expect(r.error).toBeUndefined();
    expect(r.forModel).toBe('Echo: hello mcp');
    const sum = await registry.invoke('every.tool_call.get-sum', { a: 2, b: 40 }, ctx());
    expect(sum.forModel).toContain('42');
  });

  it('tells the model about arguments the server rejects, with the schema', async () => {
    const r = await registry.invoke('every.tool_call.get-sum', { a: 'two', b: 2 }, ctx());
    expect(r.error?.code).toBe('invalid_arguments');
    expect(r.forModel).toMatch(/expected number/);
    expect(r.forModel).toContain('"required":["a","b"]');
  });

  it('describes images instead of dumping base64', async () => {
    const r = await registry.invoke('every.tool_call.get-tiny-image', {}, ctx());
    expect(r.forModel).toMatch(/\[image image\/png, \d+ bytes; not shown\]/);
    expect(r.forModel).not.toMatch(/iVBOR/);
  });

  it('lists and reads resources', async () => {
    const list = await registry.invoke('every.resource.get_resource_list', {}, ctx());
    expect(list.error).toBeUndefined();
    const uri = /^(demo:\/\/\S+)/m.exec(list.forModel)?.[1];
    expect(uri).toBeDefined();
    const got = await registry.invoke('every.resource.get_resource', { uri }, ctx());
    expect(got.error).toBeUndefined();
    expect(got.forModel).toContain(`<resource uri="${uri}"`);
    expect(got.forModel.split('\n').length).toBeGreaterThan(2);
  });

  it('reports an unknown resource as an error result the model can act on', async () => {
    const r = await registry.invoke('every.resource.get_resource', { uri: 'demo://nothing/here' }, ctx());
    expect(r.error?.code).toBe('invalid_arguments');
    expect(r.forModel).toBe('get_resource demo://nothing/here: Resource demo://nothing/here not found');
  });

  it('gives a server only the base environment plus pass_env', async () => {
    const r = await registry.invoke('every.tool_call.get-env', {}, ctx());
    const env = JSON.parse(r.forModel) as Record<string, string>;
    expect(env.JARVIS_TEST_PASSED).toBe('passed-value');
    expect(env.JARVIS_TEST_SECRET).toBeUndefined();
    expect(env.PATH).toBeDefined();
  });

  it('works with server-filesystem: list, read and write inside the allowed directory', async () => {
    const listing = await registry.invoke('fs.tool_call.list_directory', { path: dir }, ctx());
    expect(listing.forModel).toContain('[FILE] notes.txt');
    const read = await registry.invoke('fs.tool_call.read_text_file', { path: join(dir, 'notes.txt') }, ctx());
    expect(read.forModel).toBe('first line\nsecond line\n');
    const write = await registry.invoke('fs.tool_call.write_file', { path: join(dir, 'out.txt'), content: 'written by mcp' }, ctx());
    expect(write.error).toBeUndefined();
    expect(readFileSync(join(dir, 'out.txt'), 'utf8')).toBe('written by mcp');
    const outside = await registry.invoke('fs.tool_call.read_text_file', { path: '/etc/hostname' }, ctx());
    expect(outside.error?.code).toBe('failed');
    expect(outside.forModel).toMatch(/denied|outside/i);
  });

  it('cuts long output to the 60-line rule and saves the whole of it', async () => {
    const lines = Array.from({ length: 200 }, (_, i) => `line ${i + 1}`).join('\n');
    writeFileSync(join(dir, 'long.txt'), lines);
    const r = await registry.invoke('fs.tool_call.read_text_file', { path: join(dir, 'long.txt') }, ctx());
    expect(r.forModel).toContain('line 1\n');
    expect(r.forModel).toContain('line 200');
    expect(r.forModel).not.toContain('line 100\n');
    const saved = /saved in (\S+);/.exec(r.forModel)?.[1];
    expect(saved).toBeDefined();
    expect(readFileSync(join(dir, saved as string), 'utf8')).toBe(lines);
  });
});

describe('MCP servers that fail', () => {
  it('reports a killed server as a tool error, then restarts it on the next call', async () => {
    const conn = manager.connection('every');
    const pid = conn?.pid;
    expect(pid).toBeTypeOf('number');
    process.kill(pid as number, 'SIGKILL');
    const r = await registry.invoke('every.tool_call.echo', { message: 'anyone there?' }, ctx());
    expect(r.error?.code).toBe('failed');
    expect(r.forModel).toMatch(/MCP server every (stopped|could not be reached)/);
    expect(r.forModel).toMatch(/next call/);
    const again = await registry.invoke('every.tool_call.echo', { message: 'back' }, ctx());
    expect(again.forModel).toBe('Echo: back');
    expect(manager.connection('every')?.pid).not.toBe(pid);
  }, 60_000);

  it('tells the user when a server dies between calls, and the model after restarting it', async () => {
    const pid = manager.connection('every')?.pid as number;
    const warned = new Promise<string>((resolve) => (onWarning = resolve));
    process.kill(pid, 'SIGKILL');
    expect(await warned).toMatch(/^MCP server every stopped: the server closed the connection/);
    onWarning = undefined;
    const r = await registry.invoke('every.tool_call.echo', { message: 'after restart' }, ctx());
    expect(r.error).toBeUndefined();
    expect(r.forModel).toMatch(/^Echo: after restart\n\[note: MCP server every had stopped \(.*\) and was started again/);
    const next = await registry.invoke('every.tool_call.echo', { message: 'quiet' }, ctx());
    expect(next.forModel).toBe('Echo: quiet');
  }, 60_000);

  it('times a hung call out and keeps the server for the next call', async () => {
    const m = await McpManager.start({ servers: [everythingStdio('slow', { timeout_ms: 1000 })], baseDir: dir, warn: () => undefined });
    try {
      const reg = new ToolRegistry(m.tools());
      const r = await reg.invoke('slow.tool_call.trigger-long-running-operation', { duration: 60, steps: 2 }, ctx());
      expect(r.error?.code).toBe('timeout');
      expect(r.forModel).toContain('within 1 s');
      expect((await reg.invoke('slow.tool_call.echo', { message: 'still here' }, ctx())).forModel).toBe('Echo: still here');
      // the user stopping the run ends a call at once
      const ac = new AbortController();
      const pending = reg.invoke('slow.tool_call.trigger-long-running-operation', { duration: 60, steps: 2 }, { ...ctx(), signal: ac.signal });
      setImmediate(() => ac.abort());
      expect((await pending).error?.code).toBe('aborted');
    } finally {
      await m.close();
    }
  }, 60_000);

  it('leaves out a server that hangs or cannot start, and warns naming it', async () => {
    const warned: string[] = [];
    const m = await McpManager.start({
      servers: [
        silentStdio('silent', 1000),
        serverConfig({ name: 'missing', command: join(dir, 'no-such-server') }),
        serverConfig({ name: 'crashing', command: process.execPath, args: ['-e', 'console.error("boom: no config file"); process.exit(3)'] }),
      ],
      baseDir: dir,
      warn: (w) => warned.push(w),
    });
    try {
      expect(m.tools()).toEqual([]);
      const status = m.status();
      expect(status.map((s) => s.state)).toEqual(['failed', 'failed', 'failed']);
      expect(status[2]?.error).toBe('MCP server crashing could not be started: it exited before answering; its stderr ends with:\nboom: no config file');
      expect(status[0]?.error).toContain('did not answer within 1 s');
      expect(status[1]?.error).toMatch(/MCP server missing could not be started: .*ENOENT/);
      expect(warned.some((w) => w.startsWith('MCP server silent could not be started'))).toBe(true);
      expect(warned.some((w) => w.startsWith('MCP server missing could not be started'))).toBe(true);
    } finally {
      await m.close();
    }
  }, 60_000);

  it('shuts every server process down on close()', async () => {
    const m = await McpManager.start({ servers: [everythingStdio('closing')], baseDir: dir, warn: () => undefined });
    const pid = m.connection('closing')?.pid as number;
    expect(() => process.kill(pid, 0)).not.toThrow();
    await m.close();
    expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
    const r = await new ToolRegistry(m.tools()).invoke('closing.tool_call.echo', { message: 'x' }, ctx());
    expect(r.error?.code).toBe('failed');
    expect(r.forModel).toContain('has been shut down');
  }, 60_000);
});
