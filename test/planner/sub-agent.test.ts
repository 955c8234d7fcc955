import { describe, expect, it } from 'vitest';
import { lastMessages, replies, scenario, toolCall } from '../agent/harness.js';

/** The `sub_agent` tool (docs/planner.md): one task delegated explicitly, by a model reply. */

describe('sub_agent tool', () => {
  it('runs a helper with the same role and tools and returns its report to the model', async () => {
    const p = replies(
      toolCall('sub_agent', { task: 'Echo the word ping.', context: 'Use the echo tool.' }),
      // the helper: a fresh conversation holding only the delegated task
      { reply: toolCall('echo', { text: 'ping' }), expect: '<CONTEXT>\nUse the echo tool.\n</CONTEXT>' },
      'Echoed ping. <!!!COMPLETE!!!>',
      { reply: 'The helper echoed ping. <!!!COMPLETE!!!>', expect: '<SUB_AGENT_RESULT agent="Jarvis-sub-1" status="completed">' },
    );
    const s = scenario(p, {}, { subAgent: true, planMaxDepth: 1 });
    const res = await s.agent.run('Get a ping echoed by a helper.');
    expect(res.status).toBe('completed');
    expect(res.result).toBe('The helper echoed ping.');
    expect(s.log.calls).toEqual([{ name: 'echo', args: { text: 'ping' } }]);

    const parentSystem = p.calls[0]?.messages[0]?.content ?? '';
    const helperSystem = p.calls[1]?.messages[0]?.content ?? '';
    expect(parentSystem).toContain('### sub_agent');
    // same role and tools, but at the depth limit no sub_agent of its own
    expect(helperSystem).toContain('You are a test agent.');
    expect(helperSystem).toContain('### echo');
    expect(helperSystem).not.toContain('### sub_agent');
    // the helper's conversation does not join the parent's
    expect(p.calls[1]?.messages.some((m) => m.content.includes('Get a ping echoed'))).toBe(false);
    expect(p.calls[3]?.messages.some((m) => m.content.includes('Echoed ping.') && m.role === 'assistant')).toBe(false);
    expect(lastMessages(p)[3]).toContain('Echoed ping.');

    const t = s.transcript();
    expect(t.find((r) => r.type === 'sub_agent_end')).toMatchObject({ agent: 'Jarvis-sub-1', status: 'completed', rounds: 2 });
  });

  it('reports a helper that fails as a tool error, and the parent goes on', async () => {
    const p = replies(
      toolCall('sub_agent', { task: 'Do the impossible.' }),
      { reply: 'never served', expect: 'nothing sends this' },
      { reply: 'The helper failed; I stop here. <!!!COMPLETE!!!>', expect: 'status="failed"' },
    );
    const s = scenario(p, {}, { subAgent: true });
    const res = await s.agent.run('Delegate something.');
    expect(res.status).toBe('completed');
    expect(s.transcript().find((r) => r.type === 'tool_call')).toMatchObject({ name: 'sub_agent' });
    expect(lastMessages(p)[2]).toContain('Task failed: scripted platform');
    expect(s.transcript().find((r) => r.type === 'sub_agent_end')).toMatchObject({ status: 'failed' });
  });

  it('is offered to a helper while the depth allows it', async () => {
    const p = replies(
      toolCall('sub_agent', { task: 'Look around.' }),
      { reply: 'Looked. <!!!COMPLETE!!!>', expect: '### sub_agent' },
      'Done. <!!!COMPLETE!!!>',
    );
    const s = scenario(p, {}, { subAgent: true, planMaxDepth: 2 });
    expect((await s.agent.run('Delegate.')).status).toBe('completed');
    expect(p.calls[1]?.messages[0]?.content).toContain('### sub_agent');
  });

  it('is absent unless enabled', async () => {
    const p = replies('Done. <!!!COMPLETE!!!>');
    const s = scenario(p);
    await s.agent.run('x');
    expect(p.calls[0]?.messages[0]?.content).not.toContain('sub_agent');
  });
});
