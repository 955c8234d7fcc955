import { describe, expect, it } from 'vitest';
import { parseReply, type ParsedReply } from '../../agent/index.js';
import { runHandler, testHandlerContext } from '../../../test/support/handler-context.js';
import { createSendMessageHandler, parseSendMessageBody, SEND_MESSAGE } from './send-message.js';

const team = { self: 'lead', agents: [{ name: 'lead', description: 'leads' }, { name: 'coder', description: 'codes' }, { name: 'tester', description: '' }] };

function parsed(text: string): ParsedReply {
  return parseReply(text, { tags: [{ name: SEND_MESSAGE }] });
}

const ctx = (records: unknown[]) => testHandlerContext(records);

describe('parseSendMessageBody', () => {
  it('reads to and content, normalising CRLF newlines', () => {
    expect(parseSendMessageBody('to: coder\r\ncontent: |\r\n  line one\r\n  line two\r\n', team)).toEqual({
      ok: true,
      message: { to: 'coder', content: 'line one\nline two' },
    });
  });

  it.each([
    ['', /empty/],
    ['to: coder', /missing field: content/],
    ['content: hi', /missing field: to/],
    ['to: coder\ncontent: "   "', /`content` is empty/],
    ['to: coder\ncontent:\n  - a\n  - b', /`content` must be a string, not a list/],
    ['to: 42\ncontent: hi', /`to` must be a string, not a number/],
    ['to: coder\ncontent: hi\npriority: high', /unknown field priority/],
    ['to: nobody\ncontent: hi', /no agent named "nobody"/],
    ['to: constructor\ncontent: hi', /no agent named "constructor"/],
    ['to: lead\ncontent: hi', /you are lead/],
    ['to: coder\ncontent: a: b', /not valid YAML/],
    ['to: coder\nto: tester\ncontent: hi', /not valid YAML/],
    ['just a sentence', /must be a YAML mapping/],
    ['to: &a coder\ncontent: *b', /not valid YAML/],
  ])('rejects %j with a reason', (body, reason) => {
    const r = parseSendMessageBody(body, team);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.reason).toMatch(reason);
  });
});

describe('the SEND_MESSAGE handler', () => {
  const handler = createSendMessageHandler(team);

  it('ends the run with {to, content} as the payload', async () => {
    const records: unknown[] = [];
    const { result, invocation } = await runHandler(handler, parsed('Handing over.\n<SEND_MESSAGE>\nto: coder\ncontent: |\n  Fix the bug.\n</SEND_MESSAGE>'), ctx(records));
    expect(result).toMatchObject({ forModel: 'Your message to coder was delivered.', end: { payload: { to: 'coder', content: 'Fix the bug.' } } });
    expect(invocation).toMatchObject({ kind: 'message', handler: 'SEND_MESSAGE', description: 'a message to coder: Fix the bug.' });
    expect(records).toEqual([{ type: 'send_message', from: 'lead', to: 'coder', chars: 12, repaired: false }]);
  });

  it('refuses two blocks and sends nothing', async () => {
    const text = '<SEND_MESSAGE>\nto: coder\ncontent: a\n</SEND_MESSAGE>\n<SEND_MESSAGE>\nto: tester\ncontent: b\n</SEND_MESSAGE>';
    const { result, invocation } = await runHandler(handler, parsed(text), ctx([]));
    expect(invocation).toBeUndefined();
    expect(result.end).toBeUndefined();
    expect(result.forModel).toContain('the reply holds 2 <SEND_MESSAGE> blocks');
  });

  it('lists the other agents (not the sender) in its usage and in every refusal', async () => {
    const { result } = await runHandler(handler, parsed('<SEND_MESSAGE>\nto: Coder\ncontent: a\n</SEND_MESSAGE>'), ctx([]));
    expect(result.forModel).toContain('no agent named "Coder" (names are case-sensitive; did you mean "coder"?)');
    expect(result.forModel).toContain('Agents you can write to:\n- coder: codes\n- tester');
    expect(handler.usage()).not.toContain('- lead');
  });

  it('is chosen for a reply with an unclosed block too', () => {
    expect(handler.canHandle(parsed('<SEND_MESSAGE>\nto: coder\ncontent: a\n'))).toBe(true);
    expect(handler.canHandle(parsed('no block here'))).toBe(false);
  });
});
