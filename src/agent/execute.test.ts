import { describe, expect, it } from 'vitest';
import { testHandlerContext } from '../../test/support/handler-context.js';
import { executeToolCall } from './execute.js';
import type { OutputHandler, ParsedReply } from './handlers/handler.js';

const reply: ParsedReply = { text: 'x', events: [], blocks: [], unclosed: [], completed: false };
const records: unknown[] = [];
const ctx = testHandlerContext(records, { root: '/' });

function handler(name: string, can: boolean | (() => boolean), run: () => Promise<{ needReturn: boolean; prompt: string }>): OutputHandler {
  return { name, tags: [], canHandle: typeof can === 'function' ? can : () => can, usage: () => '', handle: run };
}
const ok = async () => ({ needReturn: false, prompt: 'ran' });

describe('executeToolCall', () => {
  it('does nothing when no handler matches', async () => {
    expect(await executeToolCall(reply, [handler('A', false, ok)], ctx)).toEqual({ needReturn: false, prompt: '' });
  });

  it('refuses a reply that two handlers can act on, running neither', async () => {
    let ran = 0;
    const count = async () => {
      ran++;
      return { needReturn: false, prompt: '' };
    };
    const r = await executeToolCall(reply, [handler('A', true, count), handler('B', true, count)], ctx);
    expect(r.prompt).toContain('Only one operation type per turn: your reply used A, B');
    expect(ran).toBe(0);
  });

  it('turns a handler that throws into a message for the model', async () => {
    const r = await executeToolCall(reply, [handler('A', true, async () => Promise.reject(new Error('disk full')))], ctx);
    expect(r).toMatchObject({ needReturn: false, prompt: 'The A action failed: disk full', handler: 'A' });
  });

  it('survives a canHandle that throws', async () => {
    const r = await executeToolCall(reply, [handler('A', () => { throw new Error('bad'); }, ok)], ctx);
    expect(r.prompt).toContain('could not be examined');
  });

  it('runs nothing when confirmation is refused or cannot be had', async () => {
    expect(await executeToolCall(reply, [handler('A', true, ok)], ctx, { confirm: async () => false })).toMatchObject({ refused: true, prompt: '' });
    expect(await executeToolCall(reply, [handler('A', true, ok)], ctx, { confirm: () => Promise.reject(new Error('eof')) })).toMatchObject({ refused: true });
    expect(await executeToolCall(reply, [handler('A', true, ok)], ctx, { confirm: async () => true })).toMatchObject({ prompt: 'ran' });
  });
});
