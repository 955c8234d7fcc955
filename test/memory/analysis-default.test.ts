import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openAgentKit } from '../../src/agent/index.js';
import { createSaveToolTool, externalToolDirs, loadExternalTools } from '../../src/tools/index.js';
import { createMemoryTools } from '../../src/tools/memory/index.js';
import { loadEffectiveConfig } from '../../src/util/config/index.js';
import { lastMessages, replies, toolCall } from '../agent/harness.js';
import { tempTree } from '../support/temp-tree.js';
import { memoryAgent } from './memory-agent.js';

/** Task analysis on by default, on the cheap model, proposing methodologies and writing tool modules (issue 19 item 4). */

const MODULE = [
  "export const name = 'count_todos';",
  "export const description = 'Counts TODO comments in one file.';",
  "export const parameters = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };",
  'export async function execute(args, ctx) {',
  "  const { readFileSync } = await import('node:fs');",
  "  return String((readFileSync(args.path, 'utf8').match(/TODO/g) ?? []).length);",
  '}',
].join('\n');

function saveTool(root: string) {
  return createSaveToolTool({ root, taken: () => ['read_code', 'save_memory'] });
}

describe('task analysis defaults', () => {
  async function analysisOn(yaml: string): Promise<boolean> {
    const dir = tempTree({ 'a.json': '{"replies": []}', 'b.json': '{"replies": []}' });
    writeFileSync(join(dir, 'c.yaml'), yaml);
    const loaded = loadEffectiveConfig({ cwd: dir, env: { JARVIS_CONFIG: join(dir, 'c.yaml') }, home: dir });
    const opened = await openAgentKit({ loaded, root: dir, extensions: false, warn: () => undefined });
    await opened.close();
    return opened.info.analysis && opened.kit.analysis === true;
  }
  const NORMAL = 'llm_groups:\n  d:\n    normal: { platform: scripted, script: a.json }\n';
  const CHEAP = '    cheap: { platform: scripted, script: b.json }\n';

  it('is on by default where the group has a cheap model, off with one model only unless set explicitly', async () => {
    expect(await analysisOn(NORMAL + CHEAP)).toBe(true);
    expect(await analysisOn(NORMAL)).toBe(false);
    expect(await analysisOn(`${NORMAL}agent: { use_analysis: true }\n`)).toBe(true);
    expect(await analysisOn(`${NORMAL}${CHEAP}agent: { use_analysis: false }\n`)).toBe(false);
  });

  it('runs on the cheap platform, and a task of a few words is not analysed', async () => {
    const base = tempTree({});
    const main = replies('Done. <!!!COMPLETE!!!>', 'Done. <!!!COMPLETE!!!>');
    const cheap = replies('Analysis: nothing worth keeping.');
    const r = memoryAgent({ root: base, dataDir: join(base, '.home') }, main, createMemoryTools, { useAnalysis: true, cheapPlatform: cheap });
    await r.agent.run('hi there');
    expect(cheap.calls).toHaveLength(0);
    expect(r.records().find((x) => x.type === 'task_analysis')).toMatchObject({ skipped: 'short task' });
    await r.agent.run('Fix the failing build in the parser module.');
    expect(main.calls).toHaveLength(2);
    expect(lastMessages(cheap)[0]).toContain('The task is finished. Before the final report');
  });
});

describe('save_tool', () => {
  it('writes a tool module the analysis proposes, after loading it, and the next run loads it', async () => {
    const base = tempTree({});
    const main = replies('Counted the TODOs by hand with grep. <!!!COMPLETE!!!>');
    const cheap = replies(
      { reply: toolCall('save_tool', { name: 'count_todos', description: 'Counts TODO comments in one file.', module: MODULE }), expect: 'save_tool' },
      { reply: 'Saved one tool.', expect: 'Saved the tool module .jarvis/tools/count_todos.mjs' },
    );
    const r = memoryAgent({ root: base, dataDir: join(base, '.home') }, main, (s) => [...createMemoryTools(s), saveTool(base)], { useAnalysis: true, cheapPlatform: cheap });
    await r.agent.run('Count the TODO comments in every C file of the project.');
    const file = join(base, '.jarvis', 'tools', 'count_todos.mjs');
    expect(readFileSync(file, 'utf8')).toContain("export const name = 'count_todos'");
    const loaded = await loadExternalTools({ dirs: externalToolDirs({ dataDir: join(base, '.home'), projectDir: base }), reserved: [], warn: () => undefined });
    expect(loaded.map((t) => t.name)).toContain('count_todos');
  });

  it('refuses a module that does not load or exports the wrong name, and saves nothing', async () => {
    const base = tempTree({});
    const tool = saveTool(base);
    const ctx = { root: base, env: process.env } as never;
    const broken = await tool.run({ name: 'count_todos', description: 'Counts TODO comments.', module: 'export const name = "count_todos"; this is not javascript at all' }, ctx);
    expect(broken.error?.code).toBe('invalid_arguments');
    expect(broken.forModel).toContain('it failed to load');
    const wrong = await tool.run({ name: 'count_todos', description: 'Counts TODO comments.', module: MODULE.replace("'count_todos'", "'other'") }, ctx);
    expect(wrong.forModel).toContain('export `name` is "other", not "count_todos"');
    const taken = await tool.run({ name: 'read_code', description: 'Counts TODO comments.', module: MODULE }, ctx);
    expect(taken.forModel).toContain('A tool named read_code exists already');
    expect(existsSync(join(base, '.jarvis', 'tools', 'count_todos.mjs'))).toBe(false);
  });

  it('in an interactive run, keeps a proposal only after the person says yes', async () => {
    const base = tempTree({});
    const main = replies('All done here.');
    const cheap = replies(
      toolCall('save_tool', { name: 'count_todos', description: 'Counts TODO comments in one file.', module: MODULE }),
      { reply: 'Understood, nothing saved.', expect: 'the user declined it' },
    );
    const questions: string[] = [];
    const r = memoryAgent({ root: base, dataDir: join(base, '.home') }, main, (s) => [...createMemoryTools(s), saveTool(base)], {
      useAnalysis: true,
      cheapPlatform: cheap,
      interactive: true,
      ask: async () => '',
      confirm: async (q) => {
        questions.push(q);
        // satisfied with the result: yes; keep the proposal: no
        return !q.includes('task analysis proposes');
      },
    });
    await r.agent.run('Count the TODO comments in every C file of the project.');
    expect(questions.some((q) => q.includes('Keep what the task analysis proposes? save_tool: write the tool module .jarvis/tools/count_todos.mjs'))).toBe(true);
    expect(existsSync(join(base, '.jarvis', 'tools', 'count_todos.mjs'))).toBe(false);
  });
});
