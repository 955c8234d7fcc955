import { describe, expect, it } from 'vitest';
import { countMessageTokens, type ChatRequest, type Platform } from '../../src/llm/index.js';
import { JarvisError } from '../../src/util/errors.js';
import { replies, scenario, toolCall } from './harness.js';

const DONE = 'Done. <!!!COMPLETE!!!>';

describe('context budget', () => {
  it('summarises with the cheap model, resets and re-applies the system prompt when over budget', async () => {
    const cheap = replies('SUMMARY: counted to 60 three times.');
    const main = replies(...Array.from({ length: 4 }, () => toolCall('count_lines', { n: 60 })), DONE);
    const s = scenario(main, {}, { cheapPlatform: cheap });
    // room for the system prompt and about two tool results
    const budget = s.agent.session.tokens + 900;
    const s2 = scenario(main, {}, { cheapPlatform: cheap, maxInputTokens: budget });
    const order: string[] = [];
    for (const t of ['before_summary', 'after_summary', 'before_history_clear', 'after_history_clear'] as const) {
      s2.agent.events.subscribe(t, () => order.push(t));
    }
    const r = await s2.agent.run('count');
    expect(r.status).toBe('completed');
    expect(order.slice(0, 4)).toEqual(['before_summary', 'after_summary', 'before_history_clear', 'after_history_clear']);
    expect(cheap.calls).toHaveLength(1);
    expect(cheap.calls[0]?.messages.at(-1)?.content).toContain('line 60');
    // the first request after the reset: system prompt again, then the summary carried over
    const afterReset = main.calls.find((c) => c.messages.at(-1)?.content.includes('SUMMARY: counted'));
    expect(afterReset).toBeDefined();
    expect(afterReset?.messages).toHaveLength(2);
    expect(afterReset?.messages[0]).toEqual({ role: 'system', content: s2.agent.systemPrompt() });
    expect(afterReset?.messages[1]?.content).toContain('<task>\ncount\n</task>');
    // every request stayed within the budget
    for (const c of main.calls) expect(countMessageTokens(c.messages)).toBeLessThanOrEqual(budget);
    expect(s2.transcript().some((x) => x.type === 'context_reset' && x.reason === 'budget')).toBe(true);
  });

  it('summarises every auto_summary_rounds rounds', async () => {
    const cheap = replies('S1', 'S2');
    const main = replies(toolCall('echo', { text: 'a' }), toolCall('echo', { text: 'b' }), toolCall('echo', { text: 'c' }), DONE);
    const s = scenario(main, {}, { cheapPlatform: cheap, autoSummaryRounds: 2 });
    await s.agent.run('go');
    expect(cheap.calls).toHaveLength(1);
    expect(main.calls[2]?.messages).toHaveLength(2);
    expect(main.calls[2]?.messages[1]?.content).toContain('S1');
  });

  it('treats a provider "context too long" error like an overflow and retries once', async () => {
    const cheap = replies('condensed');
    const inner = replies(DONE);
    let failures = 0;
    const flaky: Platform = {
      name: 'flaky',
      model: 'm',
      contextWindow: 100_000,
      async chat(req: ChatRequest) {
        if (failures === 0) {
          failures++;
          throw new JarvisError('llm_context_too_long', 'too long');
        }
        return inner.chat(req);
      },
    };
    const s = scenario(inner, {}, { platform: flaky, cheapPlatform: cheap });
    const r = await s.agent.run('task');
    expect(r.status).toBe('completed');
    expect(cheap.calls).toHaveLength(1);
    expect(inner.calls[0]?.messages.at(-1)?.content).toContain('condensed');
    expect(s.transcript().some((x) => x.type === 'context_reset' && x.reason === 'context_too_long')).toBe(true);
  });

  it('fails when the retry after the reset is still too long', async () => {
    const always: Platform = {
      name: 'x',
      model: 'm',
      async chat() {
        throw new JarvisError('llm_context_too_long', 'too long');
      },
    };
    const s = scenario(replies(), {}, { platform: always, cheapPlatform: replies('c') });
    const r = await s.agent.run('task');
    expect(r.status).toBe('failed');
    expect(r.error?.code).toBe('llm_context_too_long');
  });
});
