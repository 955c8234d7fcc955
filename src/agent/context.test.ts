import { describe, expect, it } from 'vitest';
import { contextBudget, pruneToolResults, renderHistory } from './context.js';
import { Session } from './session.js';

describe('pruneToolResults', () => {
  it('replaces all but the newest 6 tool results by stubs and keeps the token total right', () => {
    const s = new Session();
    s.setSystemPrompt('system');
    for (let i = 1; i <= 10; i++) {
      s.add('assistant', `call ${i}`, 'assistant');
      s.add('user', `result ${i} `.repeat(50), 'tool_result', 'TOOL_CALL');
    }
    const before = s.tokens;
    expect(pruneToolResults(s)).toBe(4);
    const results = s.messages.filter((m) => m.kind === 'tool_result');
    expect(results.map((m) => m.content.slice(0, 9))).toEqual(['result 5 ', 'result 6 ', 'result 7 ', 'result 8 ', 'result 9 ', 'result 10']);
    const stubs = s.messages.filter((m) => m.kind === 'stub');
    expect(stubs).toHaveLength(4);
    expect(stubs[0]?.content).toContain('the TOOL_CALL result');
    expect(s.tokens).toBeLessThan(before);
    const recount = 3 + s.messages.reduce((n, m) => n + 4 + m.tokens, 0);
    expect(s.tokens).toBe(recount);
    expect(pruneToolResults(s)).toBe(0);
  });
});

describe('contextBudget', () => {
  it.each([
    [1000, 8000, 1000],
    [undefined, 8000, 6400],
    [undefined, undefined, undefined],
  ])('max_input_tokens %s, window %s → %s', (max, win, want) => {
    expect(contextBudget(max, win)).toBe(want);
  });
});

describe('renderHistory', () => {
  it('keeps the newest part when the history is too long, and skips the system prompt', () => {
    const text = renderHistory(
      [
        { role: 'system', content: 'SYSTEM' },
        { role: 'user', content: 'old '.repeat(500) },
        { role: 'assistant', content: 'newest' },
      ],
      600,
    );
    expect(text).not.toContain('SYSTEM');
    expect(text).toContain('newest');
    expect(text).toContain('[earlier messages omitted]');
    expect(text.length).toBeLessThan(700);
  });
});
