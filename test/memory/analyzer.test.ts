import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentOptions } from '../../src/agent/index.js';
import type { ScriptedPlatform } from '../../src/llm/index.js';
import { createMemoryTools } from '../../src/tools/memory/index.js';
import { lastMessages, replies, toolCall } from '../agent/harness.js';
import { tempTree } from '../support/temp-tree.js';
import { memoryAgent } from './memory-agent.js';

const ANALYSIS = 'The task is finished. Before the final report';

function analysed(platform: ScriptedPlatform, extra: Partial<AgentOptions> = {}) {
  const base = tempTree({});
  return memoryAgent({ root: base, dataDir: join(base, '.home') }, platform, createMemoryTools, { useAnalysis: true, ...extra });
}

describe('task analyzer', () => {
  it('runs once when the task completes, may save memories, and stays out of the conversation', async () => {
    const p = replies(
      'Done. <!!!COMPLETE!!!>',
      toolCall('save_memory', { memories: [{ memory_type: 'project_long_term', tags: ['lesson'], content: 'Check the README first.' }] }),
      'Analysis: quick task; one lesson saved.',
      'Summary: done.',
    );
    const r = analysed(p, { needSummary: true });
    const res = await r.agent.run('Do the thing in this project.');
    expect(res.status).toBe('completed');
    expect(res.result).toBe('Summary: done.');
    const last = lastMessages(p);
    expect(last[1]).toContain(ANALYSIS);
    expect(last[1]).toContain('save_memory');
    expect(last[2]).toContain('Saved 1 memory');
    // the final summary is asked on the task's conversation, without the analysis exchange
    expect(p.calls[3]?.messages.some((m) => m.content.includes(ANALYSIS))).toBe(false);
    expect(r.store.list().map((e) => e.content)).toEqual(['Check the README first.']);
    expect(r.records().filter((x) => x.type === 'task_analysis')).toEqual([
      expect.objectContaining({ feedback: null, tools_run: ['save_memory'], replies: 2 }),
    ]);
  });

  it('is off unless asked for', async () => {
    const p = replies('Done. <!!!COMPLETE!!!>');
    const r = analysed(p, { useAnalysis: false });
    await r.agent.run('Do the thing in this project.');
    expect(p.calls).toHaveLength(1);
  });

  it('asks an interactive user who ended the task whether they were satisfied, and passes the complaint on', async () => {
    const p = replies('Here is my answer: 42.', 'Analysis: the answer lacked its derivation.');
    const questions: string[] = [];
    const answers = ['', 'it did not show its working'];
    const r = analysed(p, {
      interactive: true,
      ask: async (q) => {
        questions.push(q);
        return answers.shift() ?? '';
      },
      confirm: async (q) => {
        questions.push(q);
        return false;
      },
    });
    expect((await r.agent.run('What is 6 times 7?')).status).toBe('completed');
    expect(questions.some((q) => q.includes('satisfied'))).toBe(true);
    expect(lastMessages(p)[1]).toContain('it did not show its working');
    expect(r.records().find((x) => x.type === 'task_analysis')?.feedback).toContain('it did not show its working');
  });

  it('does not ask for satisfaction when the model completed the task itself', async () => {
    const p = replies('42 <!!!COMPLETE!!!>', 'Analysis: fine.');
    const questions: string[] = [];
    const r = analysed(p, {
      interactive: true,
      autoComplete: true,
      ask: async (q) => (questions.push(q), ''),
      confirm: async (q) => (questions.push(q), true),
    });
    await r.agent.run('What is 6 times 7?');
    expect(questions).toEqual([]);
    expect(lastMessages(p)[1]).toContain(ANALYSIS);
  });

  it('a failing analysis leaves the task result alone', async () => {
    // the script runs out at the analysis call: the platform throws
    const p = replies('Done. <!!!COMPLETE!!!>');
    const warnings: string[] = [];
    const r = analysed(p, { warn: (m) => warnings.push(m) });
    const res = await r.agent.run('Do the thing in this project.');
    expect(res.status).toBe('completed');
    expect(warnings.join('\n')).toContain('task analysis failed');
    expect(r.records().find((x) => x.type === 'task_analysis')?.error).toBeTruthy();
  });
});
