import { describe, expect, it } from 'vitest';
import type { ScriptedPlatform } from '../../src/llm/index.js';
import { replies, scenario } from '../agent/harness.js';

/**
 * Tool filtering (spec jarvis-core §11) as a scripted scenario: with more tools than the
 * threshold, the cheap model picks by number before the first turn; nothing picked or a
 * failure keeps every tool. The harness has three tools: echo, count_lines, wait_for_abort.
 */

const FILTER_ASK = 'Reply with only their numbers, comma-separated.';

function filtered(cheap: ScriptedPlatform, main: ScriptedPlatform) {
  const warnings: string[] = [];
  const s = scenario(main, {}, { cheapPlatform: cheap, toolFilterThreshold: 2, warn: (m) => warnings.push(m) });
  const events: { type: string; selected?: string[]; total: number; threshold: number }[] = [];
  s.agent.events.subscribe('before_tool_filter', (e) => events.push({ type: e.type, total: e.totalTools, threshold: e.threshold }));
  s.agent.events.subscribe('tool_filtered', (e) => events.push({ type: e.type, selected: e.selectedTools, total: e.totalTools, threshold: e.threshold }));
  return { s, events, warnings };
}

const systemOf = (p: ScriptedPlatform) => p.calls[0]?.messages[0]?.content ?? '';

describe('tool filtering', () => {
  it('keeps only the picked tools, in number order, and fires both events', async () => {
    const cheap = replies({ reply: 'Tools 3 and 1, maybe 1 again; not 9.', expect: FILTER_ASK });
    const main = replies('Done. <!!!COMPLETE!!!>');
    const { s, events } = filtered(cheap, main);
    await s.agent.run('Echo something.');
    expect(cheap.calls[0]?.messages.at(-1)?.content).toContain('1. echo: Returns the text it is given.');
    expect(events).toEqual([
      { type: 'before_tool_filter', total: 3, threshold: 2 },
      { type: 'tool_filtered', selected: ['echo', 'wait_for_abort'], total: 3, threshold: 2 },
    ]);
    expect(s.agent.tools.names()).toEqual(['echo', 'wait_for_abort']);
    expect(systemOf(main)).toContain('### echo');
    expect(systemOf(main)).not.toContain('### count_lines');
    expect(s.transcript().find((r) => r.type === 'tool_filter')).toMatchObject({ total: 3, selected: ['echo', 'wait_for_abort'] });
  });

  it('keeps every tool when nothing is picked', async () => {
    const cheap = replies('None of them.');
    const main = replies('Done. <!!!COMPLETE!!!>');
    const { s, events } = filtered(cheap, main);
    await s.agent.run('Say hi.');
    expect(events.at(-1)).toEqual({ type: 'tool_filtered', selected: [], total: 3, threshold: 2 });
    expect(s.agent.tools.names()).toEqual(['echo', 'count_lines', 'wait_for_abort']);
    expect(systemOf(main)).toContain('### count_lines');
  });

  it('keeps every tool and warns when the cheap model fails', async () => {
    const cheap = replies({ reply: 'never', expect: 'absent from the request' });
    const main = replies('Done. <!!!COMPLETE!!!>');
    const { s, events, warnings } = filtered(cheap, main);
    const res = await s.agent.run('Say hi.');
    expect(res.status).toBe('completed');
    expect(events.map((e) => e.type)).toEqual(['before_tool_filter', 'tool_filtered']);
    expect(events.at(-1)?.selected).toEqual([]);
    expect(s.agent.tools.names()).toHaveLength(3);
    expect(warnings.some((w) => w.startsWith('tool filtering failed, keeping all 3 tools'))).toBe(true);
  });

  it('does not run at or under the threshold', async () => {
    const cheap = replies();
    const main = replies('Done. <!!!COMPLETE!!!>');
    const s = scenario(main, {}, { cheapPlatform: cheap, toolFilterThreshold: 3 });
    const seen: string[] = [];
    s.agent.events.subscribe('before_tool_filter', (e) => seen.push(e.type));
    await s.agent.run('Say hi.');
    expect(seen).toEqual([]);
    expect(cheap.calls).toHaveLength(0);
  });

  it("a child agent filters its own copy of the tools, never the parent's", async () => {
    // planning asks the normal model; filtering and the results summary the cheap one
    const main = replies('<PLAN>\n- part one\n- part two\n</PLAN>', 'one <!!!COMPLETE!!!>', 'two <!!!COMPLETE!!!>', 'Done. <!!!COMPLETE!!!>');
    const cheap = replies({ reply: '1', expect: FILTER_ASK }, { reply: '1', expect: FILTER_ASK }, 'summary', { reply: 'none', expect: FILTER_ASK });
    const s = scenario(main, {}, { cheapPlatform: cheap, toolFilterThreshold: 2, plan: true, planMaxDepth: 1 });
    const res = await s.agent.run('Two parts.');
    expect(res.result).toBe('Done.');
    expect(main.calls[1]?.messages[0]?.content).not.toContain('### count_lines');
    expect(main.calls[3]?.messages[0]?.content).toContain('### count_lines');
    expect(s.agent.tools.names()).toEqual(['echo', 'count_lines', 'wait_for_abort']);
    expect(s.transcript().filter((r) => r.type === 'tool_filter').map((r) => r.selected)).toEqual([['echo'], ['echo'], []]);
  });
});
