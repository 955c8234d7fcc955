import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingStdio } from '../support/mcp-peers.js';
import { reply, startLlmServer, type LlmServer } from '../support/llm-server.js';
import { runJarvis } from '../support/jarvis-cli.js';
import { tempTree } from '../support/temp-tree.js';

/**
 * Tool groups, -f/--config and JARVIS_MCP (issue 19 item 2) through the real `jarvis` CLI
 * against a loopback model: what the model is offered is read from the system prompt it got.
 */

let server: LlmServer;
beforeAll(async () => {
  server = await startLlmServer();
});
afterAll(async () => {
  await server.close();
});

const MODEL = ['llm_groups:', '  default:', '    normal:', '      platform: openai-compatible', `      base_url: {URL}`, '      model: loop', '      api_key_env: LOOP_KEY', '      max_retries: 0'];
const GROUPS = ['tool_groups:', '  readonly: [read_code, list_files, search_files]', '  shell: [execute_script, "every.*"]'];

function project(extra: string[] = []): { cwd: string; home: string; config: string; env: Record<string, string> } {
  const root = tempTree({});
  const config = join(root, 'team-config.yaml');
  writeFileSync(config, `${[...MODEL.map((l) => l.replace('{URL}', server.openaiBaseUrl)), ...GROUPS, ...extra].join('\n')}\n`);
  const cwd = join(root, 'work');
  const home = join(root, 'home');
  mkdirSync(cwd, { recursive: true });
  mkdirSync(home, { recursive: true });
  server.requests.length = 0;
  return { cwd, home, config, env: { LOOP_KEY: 'k' } };
}

function systemPrompt(i = 0): string {
  const messages = server.requests[i]?.body.messages as { role: string; content: string }[];
  return messages.find((m) => m.role === 'system')?.content ?? '';
}

const DONE = [reply('Nothing to do. <!!!COMPLETE!!!>'), reply('Nothing was needed.')];

describe('tool groups', () => {
  it('-G gives the run only the tools of the group, with the config named by -f', async () => {
    const p = project();
    server.enqueue(...DONE);
    const r = await runJarvis(['-n', '-f', p.config, '-G', 'readonly', '-T', 'look around the project'], p);
    expect(r.code, r.stderr).toBe(0);
    const system = systemPrompt();
    expect(system).toContain('### read_code');
    expect(system).toContain('### search_files');
    expect(system).not.toContain('### execute_script');
    expect(system).not.toContain('### save_memory');
  });

  it('JARVIS_TOOL_GROUP chooses the group when -G is not given; -G wins over it', async () => {
    const p = project();
    server.enqueue(...DONE, ...DONE);
    const env = { ...p.env, JARVIS_CONFIG: p.config, JARVIS_TOOL_GROUP: 'readonly' };
    expect((await runJarvis(['-n', '-T', 'look around the project'], { ...p, env })).code).toBe(0);
    expect(systemPrompt(0)).not.toContain('### execute_script');
    expect((await runJarvis(['-n', '-G', 'shell', '-T', 'look around the project'], { ...p, env })).code).toBe(0);
    expect(systemPrompt(2)).toContain('### execute_script');
    expect(systemPrompt(2)).not.toContain('### read_code');
  });

  it('an unknown group, or a group naming an unknown tool, is a one-line config error before any model call', async () => {
    const p = project();
    const r = await runJarvis(['-n', '-f', p.config, '-G', 'nope', '-T', 'x'], p);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/unknown tool group 'nope'; known groups: readonly, shell/);
    const q = project(['  typo: [read_kode]']);
    const r2 = await runJarvis(['-n', '-f', q.config, '-G', 'typo', '-T', 'x'], q);
    expect(r2.stderr).toMatch(/key tool_groups\.typo: unknown tool read_kode \(did you mean read_code\?\)/);
    expect(r2.stderr).not.toMatch(/\n\s+at /);
    expect(server.requests).toHaveLength(0);
  });

  it('-f names a file that is not there: one line', async () => {
    const p = project();
    const r = await runJarvis(['-n', '-f', join(p.cwd, 'missing.yaml'), '-T', 'x'], p);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('config error: --config');
    expect(r.stderr).toContain('missing.yaml: file not found');
  });
});

describe('JARVIS_MCP', () => {
  it('adds the MCP servers it holds (inline YAML), whose tools a group pattern selects', async () => {
    const p = project();
    server.enqueue(...DONE);
    const s = everythingStdio('every');
    const inline = `- { name: every, type: stdio, command: ${JSON.stringify(s.type === 'stdio' ? s.command : '')}, args: ${JSON.stringify(s.type === 'stdio' ? s.args : [])} }`;
    const r = await runJarvis(['-n', '-f', p.config, '-G', 'shell', '-T', 'echo something'], { ...p, env: { ...p.env, JARVIS_MCP: inline } });
    expect(r.code, r.stderr).toBe(0);
    expect(systemPrompt()).toContain('### every.tool_call.echo');
    expect(systemPrompt()).toContain('### execute_script');
  });

  it('reads a file when it holds a path, and names it in errors', async () => {
    const p = project();
    const file = join(p.cwd, 'servers.yaml');
    writeFileSync(file, '- { name: bad, type: stdio }\n');
    const r = await runJarvis(['-n', '-f', p.config, '-T', 'x'], { ...p, env: { ...p.env, JARVIS_MCP: file } });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('env JARVIS_MCP=');
    expect(r.stderr).toContain('servers.yaml');
  });
});
