import { describe, expect, it } from 'vitest';
import { toAnthropicPayload } from './anthropic.js';

describe('toAnthropicPayload', () => {
  it('moves system messages to `system` and merges consecutive same-role turns', () => {
    expect(
      toAnthropicPayload([
        { role: 'system', content: 'rules' },
        { role: 'user', content: 'a' },
        { role: 'user', content: 'b' },
        { role: 'system', content: 'more rules' },
        { role: 'assistant', content: 'c' },
        { role: 'assistant', content: '   ' },
        { role: 'user', content: 'd' },
      ]),
    ).toEqual({
      system: 'rules\n\nmore rules',
      messages: [
        { role: 'user', content: 'a\n\nb' },
        { role: 'assistant', content: 'c' },
        { role: 'user', content: 'd' },
      ],
    });
  });

  it('opens with a user turn when the conversation starts with the assistant', () => {
    expect(toAnthropicPayload([{ role: 'assistant', content: 'hi' }]).messages[0]?.role).toBe('user');
  });
});
