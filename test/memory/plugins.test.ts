import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAfterToolCallPlugins, pluginDirsFromEnv } from '../../src/agent/plugins.js';
import { lastMessages, replies, scenario, toolCall } from '../agent/harness.js';
import { tempTree } from '../support/temp-tree.js';

// Each plugin appends its name to <root>/plugin.log, so the test sees which ran and how often.
const LOG = `import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
const log = (agent, who) => appendFileSync(join(agent.root, 'plugin.log'), who + '\\n');
`;

const PLUGINS = {
  'a-direct.mjs': `${LOG}export function after_tool_call_cb(agent, info) { log(agent, 'direct:' + info.toolPrompt.split('\\n')[0]); }\n`,
  'b-get.mjs': `${LOG}export function get_after_tool_call_cb() { return [(a) => log(a, 'get1'), async (a) => { await new Promise((r) => setTimeout(r, 5)); log(a, 'get2'); }]; }\n`,
  'c-register.mjs': `${LOG}export const register_after_tool_call_cb = () => (agent) => { log(agent, 'register'); agent.addAddon('PLUGIN-NOTE: keep going'); };\n`,
  'd-typed.ts': `import { appendFileSync } from 'node:fs';\nexport const afterToolCallCb = (agent: { root: string }): void => appendFileSync(agent.root + '/plugin.log', 'typed\\n');\n`,
  'e-throws.mjs': `export function after_tool_call_cb() { throw new Error('plugin bug'); }\n`,
  'broken.mjs': `export function after_tool_call_cb( {\n`,
  'nothing.mjs': `export const x = 1;\n`,
  '_helper.mjs': `throw new Error('helpers are not plugins');\n`,
  'README.md': 'not a module\n',
};

describe('after-tool-call plugins', () => {
  it('loads the three export forms and skips broken modules with a warning naming the file', async () => {
    const dir = tempTree(PLUGINS);
    const warnings: string[] = [];
    const plugins = await loadAfterToolCallPlugins({ dirs: [dir, join(dir, 'missing')], warn: (m) => warnings.push(m) });
    expect(plugins.map((p) => p.file.slice(dir.length + 1))).toEqual(['a-direct.mjs', 'b-get.mjs', 'b-get.mjs', 'c-register.mjs', 'd-typed.ts', 'e-throws.mjs']);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain(join(dir, 'broken.mjs'));
    expect(warnings[0]).toMatch(/failed to load: .*(SyntaxError|syntax)/);
    expect(warnings[1]).toContain(join(dir, 'nothing.mjs'));
    expect(warnings[1]).toContain('after_tool_call_cb');
  });

  it('runs every callback after each action, before the next model call; a throwing one only warns', async () => {
    const dir = tempTree(PLUGINS);
    const warnings: string[] = [];
    const plugins = await loadAfterToolCallPlugins({ dirs: [dir], warn: () => undefined });
    const p = replies(toolCall('echo', { text: 'one' }), toolCall('echo', { text: 'two' }), 'Done. <!!!COMPLETE!!!>');
    const s = scenario(p, {}, { plugins, warn: (m) => warnings.push(m) });
    expect((await s.agent.run('Echo twice.')).status).toBe('completed');
    const lines = readFileSync(join(s.root, 'plugin.log'), 'utf8').trim().split('\n');
    const perAction = ['direct:TOOL_CALL echo result (you wanted: the result):', 'get1', 'get2', 'register', 'typed'];
    // two actions; the final reply takes none, so no plugin runs for it
    expect(lines).toEqual([...perAction, ...perAction]);
    expect(lastMessages(p)[1]).toContain('PLUGIN-NOTE: keep going');
    expect(warnings.filter((w) => w.includes('e-throws.mjs') && w.includes('plugin bug'))).toHaveLength(2);
    expect(s.log.calls).toHaveLength(2);
  });

  it('reads the directories from JARVIS_AFTER_TOOL_CALL_CB_DIRS, split on : or commas', () => {
    expect(pluginDirsFromEnv({ JARVIS_AFTER_TOOL_CALL_CB_DIRS: '/a:/b, /c,' }, '/w')).toEqual(['/a', '/b', '/c']);
    expect(pluginDirsFromEnv({ JARVIS_AFTER_TOOL_CALL_CB_DIRS: 'rel' }, '/w')).toEqual(['/w/rel']);
    expect(pluginDirsFromEnv({}, '/w')).toEqual([]);
    expect(existsSync('/w')).toBe(false);
  });
});
