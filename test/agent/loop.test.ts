import { describe, expect, it } from 'vitest';
import { lastMessages, replies, scenario, scriptFile, toolCall } from './harness.js';

describe('agent run loop', () => {
  it('runs a tool, feeds its result back and completes on the marker', async () => {
    const s = scenario(scriptFile('basic.replies.yaml'));
    const r = await s.agent.run('Echo a greeting.');
    expect(r.status).toBe('completed');
    expect(r.rounds).toBe(2);
    expect(r.result).toContain('The task is done');
    expect(s.log.calls).toEqual([{ name: 'echo', args: { text: 'hello from the tool' } }]);
    expect(lastMessages(s.platform)[1]).toContain('TOOL_CALL echo result');
    const types = s.transcript().map((x) => x.type);
    expect(types).toContain('tool_call');
    expect(types).toContain('tool_result');
    expect(types.filter((t) => t === 'request')).toHaveLength(2);
    expect(types.at(-1)).toBe('run_result');
    expect(r.tokens.input).toBeGreaterThan(0);
  });

  it('emits the events of a turn in order', async () => {
    const s = scenario(replies(toolCall('echo', { text: 'x' }), 'done <!!!COMPLETE!!!>', 'Summary: echoed x.'), {}, { needSummary: true });
    const seen: string[] = [];
    for (const t of ['task_started', 'before_addon_prompt', 'after_addon_prompt', 'before_model_call', 'after_model_call', 'before_action', 'after_action', 'before_summary', 'after_summary', 'task_completed'] as const) {
      s.agent.events.subscribe(t, () => seen.push(t));
    }
    const r = await s.agent.run('go');
    expect(r.status).toBe('completed');
    expect(seen.slice(0, 7)).toEqual(['task_started', 'before_addon_prompt', 'after_addon_prompt', 'before_model_call', 'after_model_call', 'before_action', 'after_action']);
    expect(seen.slice(-3)).toEqual(['before_summary', 'after_summary', 'task_completed']);
    expect(r.result).toBe('Summary: echoed x.');
  });
});
