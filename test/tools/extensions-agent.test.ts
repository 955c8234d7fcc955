import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadExtensionTools } from '../../src/tools/external/index.js';
import { ToolRegistry } from '../../src/tools/registry.js';
import { lastMessages, replies, scenario, toolCall } from '../agent/harness.js';
import { everythingStdio, filesystemStdio } from '../support/mcp-peers.js';
import { tempTree } from '../support/temp-tree.js';

// The whole path a user sees: config → tools loaded → a (scripted) model calls them → results come back.
const GREET = `export const name = 'greet';
export const description = 'Greets someone.';
export const parameters = { type: 'object', properties: { who: { type: 'string' } }, required: ['who'] };
export function execute(args) { return 'hello, ' + args.who; }
`;

async function setup(files: Record<string, string>, onWarning?: (w: string) => void) {
  const project = tempTree(files);
  const warnings: string[] = [];
  const ext = await loadExtensionTools({
    config: { mcp: [everythingStdio('every'), filesystemStdio(project, 'fs')], web_search: undefined },
    dataDir: join(project, 'no-home'),
    projectDir: project,
    baseDir: project,
    warn: (w) => {
      warnings.push(w);
      onWarning?.(w);
    },
  });
  onTestFinished(() => ext.close());
  return { project, ext, warnings, registry: new ToolRegistry(ext.tools) };
}

describe('extension tools in an agent run', () => {
  it('lets the model call MCP tools, read a resource, use a project tool and learn search is off', async () => {
    const { project, ext, warnings, registry } = await setup({
      '.jarvis/tools/greet.mjs': GREET,
      '.jarvis/tools/broken.mjs': 'export const = ;',
      'notes.txt': 'remember the milk\n',
    });
    expect(warnings).toEqual([expect.stringContaining(`${join(project, '.jarvis/tools/broken.mjs')} is skipped`)]);
    expect(ext.mcp.status().map((s) => s.state)).toEqual(['ready', 'ready']);
    const s = scenario(
      replies(
        toolCall('every.tool_call.echo', { message: 'from the model' }),
        toolCall('fs.tool_call.read_text_file', { path: join(project, 'notes.txt') }),
        toolCall('every.resource.get_resource', { uri: 'demo://resource/static/document/architecture.md' }),
        toolCall('greet', { who: 'jarvis' }),
        toolCall('search_web', { query: 'memcpy overlap' }),
        'All done. <!!!COMPLETE!!!>',
      ),
      {},
      { tools: registry, root: project, toolFilterThreshold: 1000 },
    );
    const r = await s.agent.run('Use the tools.');
    expect(r.status).toBe('completed');
    const system = s.platform.calls[0]?.messages[0]?.content ?? '';
    for (const name of ['every.tool_call.echo', 'fs.tool_call.read_text_file', 'every.resource.get_resource', 'greet', 'search_web']) {
      expect(system).toContain(name);
    }
    const fed = lastMessages(s.platform);
    expect(fed[1]).toContain('Echo: from the model');
    expect(fed[2]).toContain('remember the milk');
    expect(fed[3]).toContain('Everything Server');
    expect(fed[4]).toContain('hello, jarvis');
    expect(fed[5]).toContain('Web search is not configured');
  }, 60_000);

  it('tells the model when a server was killed, and the run goes on', async () => {
    let stopped: (w: string) => void = () => undefined;
    const warned = new Promise<string>((resolve) => (stopped = resolve));
    const { project, ext, registry } = await setup({}, (w) => stopped(w));
    process.kill(ext.mcp.connection('every')?.pid as number, 'SIGKILL');
    expect(await warned).toContain('MCP server every stopped');
    const s = scenario(
      replies(
        toolCall('every.tool_call.echo', { message: 'one' }),
        toolCall('every.tool_call.echo', { message: 'two' }),
        'Finished. <!!!COMPLETE!!!>',
      ),
      {},
      { tools: registry, root: project, toolFilterThreshold: 1000 },
    );
    const r = await s.agent.run('Echo twice.');
    expect(r.status).toBe('completed');
    const fed = lastMessages(s.platform);
    expect(fed[1]).toContain('Echo: one');
    expect(fed[1]).toContain('[note: MCP server every had stopped');
    expect(fed[2]).toContain('Echo: two');
    expect(fed[2]).not.toContain('[note:');
  }, 60_000);
});
