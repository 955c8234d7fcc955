import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { Agent } from '../../src/agent/index.js';
import { createPlatform } from '../../src/llm/registry.js';
import { loadExtensionTools, loadExternalTools } from '../../src/tools/external/index.js';
import { ToolRegistry } from '../../src/tools/registry.js';
import type { ToolContext } from '../../src/tools/tool.js';
import { jarvisConfigSchema, type JarvisConfig } from '../../src/util/config/index.js';
import { tempTree } from '../support/temp-tree.js';

// Runs the examples of docs/extending.md as written: a doc change that breaks one fails here.
const REPO = join(import.meta.dirname, '..', '..');
const DOC = readFileSync(join(REPO, 'docs', 'extending.md'), 'utf8');

interface Example {
  file: string;
  lang: string;
  body: string;
}

function examples(): Example[] {
  const out: Example[] = [];
  for (const m of DOC.matchAll(/^```(\w+)\n((?:\/\/|#) file: (\S+)[^\n]*\n)([\s\S]*?)^```$/gm)) {
    out.push({ lang: m[1] as string, file: m[3] as string, body: `${m[2]}${m[4]}` });
  }
  return out;
}

function example(file: string, contains = ''): Example {
  const found = examples().filter((e) => e.file === file && e.body.includes(contains));
  expect(found, `one example for ${file} containing "${contains}"`).toHaveLength(1);
  return found[0] as Example;
}

/** A user home (data dir) and a project, with the examples written where their first line says. */
function layout(...chosen: Example[]) {
  const root = tempTree({});
  const dataDir = join(root, 'home', '.jarvis');
  const project = join(root, 'project');
  for (const e of chosen) {
    const abs = e.file.startsWith('~/.jarvis/') ? join(dataDir, e.file.slice('~/.jarvis/'.length)) : join(project, e.file);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, e.body);
  }
  mkdirSync(project, { recursive: true });
  return { dataDir, project };
}

function config(e: Example): JarvisConfig {
  return jarvisConfigSchema.parse(parseYaml(e.body));
}

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

describe('docs/extending.md', () => {
  it('has runnable examples for tools, platforms and MCP servers, and a Plugins section', () => {
    const files = examples().map((e) => e.file);
    expect(files).toContain('.jarvis/tools/risky_calls.mjs');
    expect(files).toContain('~/.jarvis/platforms/ollama-native.mjs');
    expect(files).toContain('.jarvis/mcp/errno-server.mjs');
    expect(DOC).toMatch(/^## Plugins$/m);
  });

  it('every YAML example is a valid config', () => {
    const yamls = examples().filter((e) => e.lang === 'yaml');
    expect(yamls.length).toBeGreaterThanOrEqual(5);
    for (const e of yamls) expect(() => config(e), e.body).not.toThrow();
  });

  it('the tool example loads and does what it says', async () => {
    const { project, dataDir } = layout(example('.jarvis/tools/risky_calls.mjs'));
    writeFileSync(join(project, 'main.c'), '#include <string.h>\nvoid f(char *d, const char *s) {\n  strcpy(d, s);\n  memcpy(d, s, 4);\n}\n');
    const warnings: string[] = [];
    const registry = new ToolRegistry(await loadExternalTools({ dirs: [join(dataDir, 'tools'), join(project, '.jarvis', 'tools')], warn: (w) => warnings.push(w) }));
    expect(warnings).toEqual([]);
    const ctx: ToolContext = { root: project, runDir: join(project, '.run'), interactive: false, env: {} };
    expect((await registry.invoke('risky_calls', { path: 'main.c' }, ctx)).forModel).toBe('3: strcpy(d, s);');
    expect((await registry.invoke('risky_calls', { path: '../etc/passwd' }, ctx)).error?.code).toBe('failed');
    expect((await registry.invoke('risky_calls', { path: 'gone.c' }, ctx)).forModel).toContain('cannot read gone.c: ENOENT');
    expect((await registry.invoke('risky_calls', {}, ctx)).error?.code).toBe('invalid_arguments');
  });

  it('the platform example drives an agent that uses the tool example', async () => {
    const { project, dataDir } = layout(example('~/.jarvis/platforms/ollama-native.mjs'), example('.jarvis/tools/risky_calls.mjs'));
    writeFileSync(join(project, 'main.c'), 'int main(void) { char b[4]; gets(b); return 0; }\n');
    // A loopback server answering like Ollama's /api/chat: first a tool call, then the end.
    const bodies: { model: string; stream: boolean; messages: { role: string; content: string }[] }[] = [];
    const answers = [
      '<TOOL_CALL>\nwant: risky calls\nname: risky_calls\narguments:\n  path: main.c\n</TOOL_CALL>',
      'main.c calls gets on line 1. <!!!COMPLETE!!!>',
    ];
    const server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        bodies.push(JSON.parse(raw) as (typeof bodies)[number]);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: { role: 'assistant', content: answers.shift() ?? '' }, done: true, done_reason: 'stop', prompt_eval_count: 50, eval_count: 9 }));
      });
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const model = config(example('~/.jarvis/config.yaml', 'ollama-native')).llm_groups.local?.normal;
    expect(model).toBeDefined();
    const platform = await createPlatform(
      { ...model, platform: model?.platform ?? '', base_url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` },
      { baseDir: project, dataDir, warn: () => undefined },
    );
    const tools = new ToolRegistry(await loadExternalTools({ dirs: [join(project, '.jarvis', 'tools')], warn: () => undefined }));
    const agent = new Agent({ systemPrompt: 'You review C code.', platform, tools, root: project, interactive: false, needSummary: false, rulesDataDir: false, warn: () => undefined });
    const r = await agent.run('Find risky calls in main.c');
    expect(r.status).toBe('completed');
    expect(r.result).toContain('gets on line 1');
    expect(bodies[0]).toMatchObject({ model: 'qwen2.5-coder:7b', stream: false });
    expect(bodies[1]?.messages.at(-1)?.content).toContain('1: int main(void) { char b[4]; gets(b); return 0; }');
  }, 30_000);

  it('the MCP server example starts from its config entry and answers', async () => {
    const { project, dataDir } = layout(example('.jarvis/mcp/errno-server.mjs'));
    // the server imports the SDK and zod: let it find this package's node_modules
    symlinkSync(join(REPO, 'node_modules'), join(project, 'node_modules'), 'dir');
    const ext = await loadExtensionTools({
      config: config(example('.jarvis/config.yaml', 'errno-server.mjs')),
      dataDir,
      projectDir: project,
      baseDir: join(project, '.jarvis'),
      warn: (w) => expect.fail(w),
    });
    onTestFinished(() => ext.close());
    const registry = new ToolRegistry(ext.tools);
    expect(registry.names()).toEqual(['search_web', 'errno.tool_call.lookup', 'errno.resource.get_resource_list', 'errno.resource.get_resource']);
    const ctx: ToolContext = { root: project, runDir: join(project, '.run'), interactive: false, env: {} };
    expect((await registry.invoke('errno.tool_call.lookup', { errno: '13' }, ctx)).forModel).toBe('EACCES = 13');
    expect((await registry.invoke('errno.tool_call.lookup', { errno: 'enoent' }, ctx)).forModel).toBe('ENOENT = 2');
    const unknown = await registry.invoke('errno.tool_call.lookup', { errno: 'EWHAT' }, ctx);
    expect(unknown.error?.code).toBe('failed');
    expect((await registry.invoke('errno.resource.get_resource_list', {}, ctx)).forModel).toContain('errno://table — table');
    expect((await registry.invoke('errno.resource.get_resource', { uri: 'errno://table' }, ctx)).forModel).toMatch(/^13\tEACCES$/m);
  }, 60_000);
});
