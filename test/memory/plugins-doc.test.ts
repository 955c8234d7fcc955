import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAfterToolCallPlugins, pluginDirsFromEnv } from '../../src/agent/plugins.js';
import { lastMessages, replies, scenario, toolCall } from '../agent/harness.js';
import { tempTree } from '../support/temp-tree.js';

// Runs the plugin example of docs/extending.md exactly as written.
const DOC = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'extending.md'), 'utf8');

function pluginExample(): string {
  const m = /^```js\n(\/\/ file: ~\/\.jarvis\/plugins\/action-log\.mjs\n[\s\S]*?)^```$/m.exec(DOC);
  expect(m, 'docs/extending.md has the action-log.mjs plugin example').not.toBeNull();
  return (m as RegExpExecArray)[1] as string;
}

describe('the plugin example of docs/extending.md', () => {
  it('logs every action and nudges the model after three failed tool calls', async () => {
    const home = tempTree({});
    const dir = join(home, '.jarvis', 'plugins');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'action-log.mjs'), pluginExample());
    const warnings: string[] = [];
    const plugins = await loadAfterToolCallPlugins({ dirs: pluginDirsFromEnv({ JARVIS_AFTER_TOOL_CALL_CB_DIRS: dir }), warn: (m) => warnings.push(m) });
    expect(warnings).toEqual([]);
    expect(plugins).toHaveLength(2);

    const bad = toolCall('count_lines', { n: -1 });
    const p = replies(bad, bad, bad, toolCall('echo', { text: 'fine' }), 'Done. <!!!COMPLETE!!!>');
    const s = scenario(p, {}, { plugins });
    expect((await s.agent.run('Count lines.')).status).toBe('completed');

    const msgs = lastMessages(p);
    expect(msgs[2]).not.toContain('last three tool calls failed');
    expect(msgs[3]).toContain('Your last three tool calls failed');
    expect(msgs[4]).not.toContain('last three tool calls failed');
    const log = readFileSync(join(s.root, '.jarvis', 'action-log.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { result: string; run: string });
    expect(log.map((l) => l.result)).toEqual([
      'TOOL_CALL count_lines failed (invalid_arguments):',
      'TOOL_CALL count_lines failed (invalid_arguments):',
      'TOOL_CALL count_lines failed (invalid_arguments):',
      'TOOL_CALL echo result (you wanted: the result):',
    ]);
    expect(log[0]?.run).toBe(s.agent.runId);
  });
});
