import { describe, expect, it } from 'vitest';
import { lastMessages, replies, scenario, toolCall } from '../agent/harness.js';

/**
 * Scripted scenarios for the task planner (docs/planner.md): the model and nothing else is
 * scripted; the children are real agents with real tools, sharing the scripted reply queue.
 */

const PLAN_REQUEST = 'You decide whether a task should be split into sub-tasks';
const TASK = 'Count the lines of the log, then report the count.';

const plan = (...items: string[]) => `<PLAN>\n${items.map((t) => `- ${t}`).join('\n')}\n</PLAN>`;

describe('task planner', () => {
  it('runs a three-step plan in child agents, in order, and merges their results into the parent', async () => {
    const p = replies(
      { reply: plan('Say hello with echo', 'Count to three', 'Write the report'), expect: PLAN_REQUEST },
      // child 1: one action, then done
      { reply: toolCall('echo', { text: 'hello' }), expect: '<SUB_TASK>\nSay hello with echo' },
      'Echoed hello. <!!!COMPLETE!!!>',
      // child 2 sees child 1's result
      { reply: toolCall('count_lines', { n: 3 }), expect: 'Echoed hello.' },
      'Counted: 3 lines. <!!!COMPLETE!!!>',
      // child 3 sees both
      { reply: 'Report: hello, 3 lines. <!!!COMPLETE!!!>', expect: 'Counted: 3 lines.' },
      // the summary of the results
      { reply: '<RESULT_SUMMARY>All three steps succeeded.</RESULT_SUMMARY>', expect: '<SUB_TASK_RESULTS>' },
      // the parent's first turn
      'Final: hello, 3 lines. <!!!COMPLETE!!!>',
    );
    // depth 1: the children do their part without planning it first
    const s = scenario(p, {}, { plan: true, planMaxDepth: 1 });
    const res = await s.agent.run(TASK);

    expect(res.status).toBe('completed');
    expect(res.result).toBe('Final: hello, 3 lines.');
    expect(s.log.calls.map((c) => c.name)).toEqual(['echo', 'count_lines']);
    expect(p.remaining()).toBe(0);

    // every child starts from the original task
    const firsts = [p.calls[1], p.calls[3], p.calls[5]].map((c) => c?.messages.at(-1)?.content ?? '');
    for (const m of firsts) expect(m).toContain(`<ORIGINAL_TASK>\n${TASK}\n</ORIGINAL_TASK>`);
    expect(firsts[0]).not.toContain('<SUB_TASK_RESULTS>');
    expect(firsts[2]).toContain('Echoed hello.');

    const parentFirst = lastMessages(p)[7] ?? '';
    expect(parentFirst.startsWith(TASK)).toBe(true);
    expect(parentFirst).toContain('<PLAN>');
    expect(parentFirst.match(/<SUB_TASK_RESULT index=/g)).toHaveLength(3);
    expect(parentFirst).toContain('status="completed"');
    expect(parentFirst).toContain('<RESULT_SUMMARY>\nAll three steps succeeded.\n</RESULT_SUMMARY>');

    const t = s.transcript();
    expect(t.find((r) => r.type === 'plan')).toMatchObject({ depth: 0, tasks: ['Say hello with echo', 'Count to three', 'Write the report'] });
    expect(t.filter((r) => r.type === 'sub_agent_start').map((r) => r.agent)).toEqual(['Jarvis-child-1', 'Jarvis-child-2', 'Jarvis-child-3']);
    expect(t.filter((r) => r.type === 'sub_agent_end').map((r) => r.status)).toEqual(['completed', 'completed', 'completed']);
    expect(t.find((r) => r.type === 'plan_done')).toMatchObject({ completed: 3, failed: [] });
    // children's tokens count in the parent's totals: 8 model calls in all
    const parentOnly = t.filter((r) => r.type === 'run_result').at(-1);
    expect(parentOnly?.tokens).toEqual(res.tokens);
    const childTokens = t.filter((r) => r.type === 'sub_agent_end').reduce((n, r) => n + (r.tokens as { output: number }).output, 0);
    expect(res.tokens.output).toBeGreaterThan(childTokens);
  });

  it('records a failed child and runs the rest', async () => {
    const p = replies(
      plan('First part', 'Second part', 'Third part'),
      'Part one done. <!!!COMPLETE!!!>',
      // child 2's model call fails (the script expects something the request does not hold)
      { reply: 'never served', expect: 'no request contains this' },
      { reply: 'Part three done. <!!!COMPLETE!!!>', expect: 'Task failed' },
      'Two of three parts done.',
      'Done, except part two. <!!!COMPLETE!!!>',
    );
    const s = scenario(p, {}, { plan: true, planMaxDepth: 1 });
    const res = await s.agent.run(TASK);
    expect(res.status).toBe('completed');
    const parentFirst = lastMessages(p).at(-1) ?? '';
    expect(parentFirst).toContain('<SUB_TASK_RESULT index="2" agent="Jarvis-child-2" status="failed">');
    expect(parentFirst).toContain('Part three done.');
    // no <RESULT_SUMMARY> tag: the whole reply is the summary
    expect(parentFirst).toContain('<RESULT_SUMMARY>\nTwo of three parts done.\n</RESULT_SUMMARY>');
    expect(s.transcript().find((r) => r.type === 'plan_done')).toMatchObject({ completed: 2, failed: [2] });
  });

  it('does not plan at or below the depth limit: children of a depth-1 limit are not asked to plan', async () => {
    const p = replies(
      plan('Step A', 'Step B'),
      { reply: 'A done. <!!!COMPLETE!!!>', expect: '<SUB_TASK>\nStep A' },
      { reply: 'B done. <!!!COMPLETE!!!>', expect: '<SUB_TASK>\nStep B' },
      'Both done.',
      'Finished. <!!!COMPLETE!!!>',
    );
    const s = scenario(p, {}, { plan: true, planMaxDepth: 1 });
    const res = await s.agent.run(TASK);
    expect(res.status).toBe('completed');
    expect(p.calls.filter((c) => c.messages.some((m) => m.content.includes(PLAN_REQUEST)))).toHaveLength(1);
    expect(s.transcript().filter((r) => r.type === 'plan_skipped')).toEqual([
      expect.objectContaining({ reason: 'depth', depth: 1, max_depth: 1 }),
      expect.objectContaining({ reason: 'depth', depth: 1, max_depth: 1 }),
    ]);
  });

  it('with the default depth 2, a child may plan but a grandchild may not', async () => {
    const p = replies(
      plan('Outer one', 'Outer two'),
      // child 1 (depth 1) is asked to plan and splits its part
      { reply: plan('Inner one', 'Inner two'), expect: PLAN_REQUEST },
      // grandchildren (depth 2) go straight to work
      { reply: 'inner 1 done <!!!COMPLETE!!!>', expect: '<SUB_TASK>\nInner one' },
      { reply: 'inner 2 done <!!!COMPLETE!!!>', expect: '<SUB_TASK>\nInner two' },
      'inner summary',
      'outer 1 done <!!!COMPLETE!!!>',
      // child 2 is asked to plan and declines
      { reply: '<DONT_NEED/>', expect: PLAN_REQUEST },
      'outer 2 done <!!!COMPLETE!!!>',
      'outer summary',
      'all done <!!!COMPLETE!!!>',
    );
    const s = scenario(p, {}, { plan: true });
    const res = await s.agent.run(TASK);
    expect(res.status).toBe('completed');
    expect(res.result).toBe('all done');
    expect(p.remaining()).toBe(0);
    const t = s.transcript();
    expect(t.filter((r) => r.type === 'sub_agent_start').map((r) => r.agent)).toEqual([
      'Jarvis-child-1',
      'Jarvis-child-1-child-1',
      'Jarvis-child-1-child-2',
      'Jarvis-child-2',
    ]);
    expect(t.filter((r) => r.type === 'plan_skipped').map((r) => [r.reason, r.depth])).toEqual([
      ['depth', 2],
      ['depth', 2],
      ['not_needed', 1],
    ]);
  });

  it('retries a plan of more than 4 sub-tasks once, then runs the task unplanned', async () => {
    const five = plan('a', 'b', 'c', 'd', 'e');
    const p = replies(five, { reply: five, expect: 'at most 4 are allowed' }, { reply: 'Did it alone. <!!!COMPLETE!!!>', expect: TASK });
    const s = scenario(p, {}, { plan: true });
    const res = await s.agent.run(TASK);
    expect(res.result).toBe('Did it alone.');
    expect(lastMessages(p)[2]?.startsWith(TASK)).toBe(true);
    expect(lastMessages(p)[2]).not.toContain('<SUB_TASK_RESULTS>');
    const t = s.transcript();
    expect(t.filter((r) => r.type === 'plan_too_long').map((r) => r.attempt)).toEqual([1, 2]);
    expect(t.find((r) => r.type === 'plan_skipped')).toMatchObject({ reason: 'too_many_subtasks' });
    expect(t.some((r) => r.type === 'sub_agent_start')).toBe(false);
  });

  it('accepts the retried plan when it is short enough', async () => {
    const p = replies(
      plan('a', 'b', 'c', 'd', 'e'),
      plan('a and b', 'c, d and e'),
      'ab done <!!!COMPLETE!!!>',
      'cde done <!!!COMPLETE!!!>',
      '<RESULT_SUMMARY>both</RESULT_SUMMARY>',
      'ok <!!!COMPLETE!!!>',
    );
    const s = scenario(p, {}, { plan: true, planMaxDepth: 1 });
    const res = await s.agent.run(TASK);
    expect(res.result).toBe('ok');
    expect(s.transcript().find((r) => r.type === 'plan')).toMatchObject({ attempt: 2, tasks: ['a and b', 'c, d and e'] });
  });

  it.each([
    ['<DONT_NEED/>', 'not_needed'],
    ['I would rather not say.', 'invalid'],
    ['<PLAN>\n- only one step\n</PLAN>', 'single_task'],
    ['<PLAN>\nnot: [a, list\n</PLAN>', 'invalid'],
  ])('runs the task unplanned when the planner answers %j', async (answer, reason) => {
    const p = replies(answer, { reply: 'Done. <!!!COMPLETE!!!>', expect: TASK });
    const s = scenario(p, {}, { plan: true });
    const res = await s.agent.run(TASK);
    expect(res.result).toBe('Done.');
    expect(lastMessages(p)[1]?.startsWith(TASK)).toBe(true);
    expect(s.transcript().find((r) => r.type === 'plan_skipped')).toMatchObject({ reason });
  });

  it('a failing planner call leaves the task to run unplanned', async () => {
    const p = replies({ reply: 'never', expect: 'not in any request' }, 'Done anyway. <!!!COMPLETE!!!>');
    const warnings: string[] = [];
    const s = scenario(p, {}, { plan: true, warn: (m) => warnings.push(m) });
    const res = await s.agent.run(TASK);
    expect(res.result).toBe('Done anyway.');
    expect(warnings.some((w) => w.startsWith('planning failed'))).toBe(true);
    expect(s.transcript().find((r) => r.type === 'plan_skipped')).toMatchObject({ reason: 'error' });
  });

  it('does not plan when plan is off', async () => {
    const p = replies({ reply: 'Done. <!!!COMPLETE!!!>', expect: TASK });
    const s = scenario(p);
    expect((await s.agent.run(TASK)).result).toBe('Done.');
    expect(p.calls).toHaveLength(1);
  });
});
