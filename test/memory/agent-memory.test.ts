import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentOptions } from '../../src/agent/index.js';
import type { ScriptedPlatform } from '../../src/llm/index.js';
import { createMemoryTools, MemoryStore } from '../../src/tools/memory/index.js';
import { lastMessages, replies, testTools, toolCall, type ToolLog } from '../agent/harness.js';
import { tempTree } from '../support/temp-tree.js';
import { memoryAgent as sharedMemoryAgent } from './memory-agent.js';

/** A project and a data dir that outlive one agent, so a second run sees what the first saved. */
function world() {
  const base = tempTree({ 'project/README.md': 'demo\n' });
  return { root: join(base, 'project'), dataDir: join(base, 'home', '.jarvis') };
}

function memoryAgent(w: { root: string; dataDir: string }, platform: ScriptedPlatform, extra: Partial<AgentOptions> & { use?: readonly string[] } = {}) {
  const log: ToolLog = { calls: [] };
  const base = testTools(log);
  const run = sharedMemoryAgent(w, platform, (store) => [...base.names().map((n) => base.get(n)!), ...createMemoryTools(store)], extra);
  return { ...run, log };
}

const saveBoth = toolCall('save_memory', {
  memories: [
    { memory_type: 'project_long_term', tags: ['build'], content: 'Build with make -j4; the binary is ./demo.' },
    { memory_type: 'global_long_term', tags: ['prefs'], content: 'The user wants terse answers.' },
  ],
});

describe('memory in agent runs', () => {
  it('saves in one run and retrieves in the next, in both persistent scopes', async () => {
    const w = world();
    const p1 = replies(saveBoth, 'Saved both. <!!!COMPLETE!!!>');
    const run1 = memoryAgent(w, p1);
    expect((await run1.agent.run('Remember how to build, and my preference.')).status).toBe('completed');
    expect(lastMessages(p1)[1]).toContain('Saved 2 memories');

    const p2 = replies(toolCall('retrieve_memory', { tags: ['build', 'prefs'], query: 'how to build' }), 'Done. <!!!COMPLETE!!!>');
    const run2 = memoryAgent(w, p2);
    expect((await run2.agent.run('Build the project.')).status).toBe('completed');
    const first = lastMessages(p2)[0] as string;
    expect(first).toContain('<memory_tags>');
    expect(first).toMatch(/project_long_term: build \(1\)/);
    expect(first).toMatch(/global_long_term: prefs \(1\)/);
    const result = lastMessages(p2)[1] as string;
    expect(result).toContain('Build with make -j4; the binary is ./demo.');
    expect(result).toContain('The user wants terse answers.');
    // the most relevant entry comes first
    expect(result.indexOf('make -j4')).toBeLessThan(result.indexOf('terse'));
  });

  it('adds the memory prompts only when the memory tools are enabled', async () => {
    const w = world();
    const on = replies('Nothing to do. <!!!COMPLETE!!!>');
    await memoryAgent(w, on).agent.run('Say hi.');
    expect(lastMessages(on)[0]).toContain('<memory_guidance>');
    expect(lastMessages(on)[0]).toContain('project_long_term');

    const onlyRetrieve = replies('Nothing to do. <!!!COMPLETE!!!>');
    await memoryAgent(w, onlyRetrieve, { use: ['echo', 'retrieve_memory'] }).agent.run('Say hi.');
    expect(lastMessages(onlyRetrieve)[0]).toContain('retrieve_memory');
    expect(lastMessages(onlyRetrieve)[0]).not.toContain('save_memory');

    const off = replies('Nothing to do. <!!!COMPLETE!!!>');
    await memoryAgent(w, off, { use: ['echo'] }).agent.run('Say hi.');
    expect(lastMessages(off)[0]).not.toContain('<memory_guidance>');
    expect(lastMessages(off)[0]).not.toContain('<memory_tags>');
  });

  it('force-save asks once per task: before the history reset, and not again at completion', async () => {
    const w = world();
    const p = replies(
      toolCall('echo', { text: 'step one' }),
      // the force-save request, before the history is summarised and cleared
      toolCall('save_memory', { memories: [{ memory_type: 'project_long_term', tags: ['steps'], content: 'Step one echoes.' }] }),
      'Summary: echoed step one.',
      'All done. <!!!COMPLETE!!!>',
      // second task on the same agent: asked again, once, at completion
      'Done again. <!!!COMPLETE!!!>',
      'nothing to save',
    );
    const r = memoryAgent(w, p, { autoSummaryRounds: 1, memory: { store: new MemoryStore(w), forceSave: true } });
    expect((await r.agent.run('Echo step one, then finish.')).status).toBe('completed');
    const asks = () => p.calls.filter((c) => (c.messages.at(-1)?.content ?? '').includes('Before this conversation is cleared or closed')).length;
    expect(asks()).toBe(1);
    expect(r.records().filter((x) => x.type === 'memory_force_save')).toEqual([expect.objectContaining({ when: 'history_clear', saved: true })]);
    expect(new MemoryStore(w).list().map((e) => e.content)).toEqual(['Step one echoes.']);
    // the force-save exchange is not part of the conversation the task goes on with
    expect(lastMessages(p)[3]).not.toContain('Before this conversation');

    expect((await r.agent.run('Finish at once.')).status).toBe('completed');
    expect(asks()).toBe(2);
    expect(r.records().filter((x) => x.type === 'memory_force_save').map((x) => [x.when, x.saved])).toEqual([
      ['history_clear', true],
      ['task_completed', false],
    ]);
    expect(p.calls).toHaveLength(6);
  });

  it('force-save runs no tool but save_memory', async () => {
    const w = world();
    const p = replies('Done. <!!!COMPLETE!!!>', toolCall('echo', { text: 'sneaky' }));
    const r = memoryAgent(w, p, { memory: { store: new MemoryStore(w), forceSave: true } });
    expect((await r.agent.run('Finish.')).status).toBe('completed');
    expect(r.log.calls).toEqual([]);
    expect(r.records().filter((x) => x.type === 'memory_force_save')).toEqual([expect.objectContaining({ saved: false })]);
  });

  it('does not force-save when the option is off', async () => {
    const w = world();
    const p = replies('Done. <!!!COMPLETE!!!>');
    const r = memoryAgent(w, p);
    await r.agent.run('Finish.');
    expect(p.calls).toHaveLength(1);
    expect(r.records().some((x) => x.type === 'memory_force_save')).toBe(false);
  });

  it('a store error in a memory tool reaches the model, not the run', async () => {
    const w = world();
    const p = replies(toolCall('save_memory', { memories: [{ memory_type: 'project_long_term', tags: ['x'], content: '   ' }] }), 'ok <!!!COMPLETE!!!>');
    const r = memoryAgent(w, p);
    expect((await r.agent.run('Save nothing.')).status).toBe('completed');
    expect(lastMessages(p)[1]).toContain('save_memory failed');
  });
});
