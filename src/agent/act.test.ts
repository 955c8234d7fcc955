import { describe, expect, it } from 'vitest';
import { testHandlerContext } from '../../test/support/handler-context.js';
import { act } from './act.js';
import type { ActionResult, OutputHandler, ParsedReply, Prepared } from './handlers/handler.js';

const reply: ParsedReply = { text: 'x', events: [], blocks: [], unclosed: [], completed: false };
const records: unknown[] = [];
const ctx = testHandlerContext(records, { root: '/' });

function handler(name: string, can: boolean | (() => boolean), run: () => Promise<ActionResult>): OutputHandler {
  return {
    name,
    tags: [],
    canHandle: typeof can === 'function' ? can : () => can,
    usage: () => '',
    prepare: (): Prepared => ({
      invocation: { handler: name, kind: 'tool', name: 'thing', args: {}, reads: ['a.c'], writes: [], description: 'thing (reads a.c)', execute: run },
    }),
  };
}
const ok = async (): Promise<ActionResult> => ({ forModel: 'ran', forUser: 'ran it', data: { n: 1 } });

describe('act', () => {
  it('does nothing when no handler matches', async () => {
    expect(await act(reply, [handler('A', false, ok)], ctx)).toEqual({ attempted: false, result: { forModel: '' } });
  });

  it('refuses a reply that two handlers can act on, running neither', async () => {
    let ran = 0;
    const count = async () => {
      ran++;
      return { forModel: '' };
    };
    const r = await act(reply, [handler('A', true, count), handler('B', true, count)], ctx);
    expect(r.result.forModel).toContain('Only one operation type per turn: your reply used A, B');
    expect(ran).toBe(0);
  });

  it('turns a handler that throws into a message for the model', async () => {
    const r = await act(reply, [handler('A', true, async () => Promise.reject(new Error('disk full')))], ctx);
    expect(r).toMatchObject({ result: { forModel: 'The A action failed: disk full' }, handler: 'A' });
  });

  it('survives a canHandle that throws', async () => {
    const r = await act(reply, [handler('A', () => { throw new Error('bad'); }, ok)], ctx);
    expect(r.result.forModel).toContain('could not be examined');
  });

  it('passes the whole result on: forUser and data as the handler returned them', async () => {
    const r = await act(reply, [handler('A', true, ok)], ctx);
    expect(r.result).toEqual({ forModel: 'ran', forUser: 'ran it', data: { n: 1 } });
    expect(r.action).toEqual({ handler: 'A', kind: 'tool', name: 'thing', reads: ['a.c'], writes: [], description: 'thing (reads a.c)' });
  });

  it('asks about the action by name and paths, and runs nothing when refused or unanswered', async () => {
    const asked: string[] = [];
    const yes = async (q: string) => {
      asked.push(q);
      return true;
    };
    expect(await act(reply, [handler('A', true, ok)], ctx, { confirm: async () => false })).toMatchObject({ refused: true, result: { forModel: '' } });
    expect(await act(reply, [handler('A', true, ok)], ctx, { confirm: () => Promise.reject(new Error('eof')) })).toMatchObject({ refused: true });
    expect(await act(reply, [handler('A', true, ok)], ctx, { confirm: yes })).toMatchObject({ result: { forModel: 'ran' } });
    expect(asked).toEqual(['Run the A action the model asked for: thing (reads a.c)?']);
  });

  it('runs nothing a before_action subscriber denies, and tells the model why', async () => {
    let ran = false;
    const r = await act(reply, [handler('A', true, async () => ((ran = true), { forModel: 'ran' }))], ctx, { beforeAction: async () => 'the repository is read-only' });
    expect(ran).toBe(false);
    expect(r.result).toMatchObject({ forModel: 'Your thing (reads a.c) was not run: the repository is read-only', error: { code: 'refused' } });
  });
});
