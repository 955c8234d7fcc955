import { describe, expect, it } from 'vitest';
import { lastMessages, replies, scenario, toolCall } from './harness.js';

const DONE = 'All done. <!!!COMPLETE!!!>';
const VALID = toolCall('echo', { text: 'recovered' });

describe('malformed TOOL_CALL blocks', () => {
  it.each([
    ['bad YAML', '<TOOL_CALL>\nwant: x\nname: echo\narguments: {text: [unclosed\n</TOOL_CALL>', 'neither valid YAML nor JSON'],
    ['a missing field', '<TOOL_CALL>\nwant: x\nname: echo\n</TOOL_CALL>', 'missing required field: arguments'],
    ['an unknown tool', toolCall('no_such_tool', {}), 'Available tools: echo, count_lines, wait_for_abort'],
    ['arguments that do not validate', toolCall('count_lines', { n: 'many' }), 'Invalid arguments for count_lines'],
    ['a body that is not a mapping', '<TOOL_CALL>\n- echo\n</TOOL_CALL>', 'must be a mapping'],
  ])('answers %s with a helpful error, then recovers', async (_what, bad, expected) => {
    const s = scenario(replies(bad, VALID, DONE));
    const r = await s.agent.run('test');
    expect(r.status).toBe('completed');
    const msgs = lastMessages(s.platform);
    expect(msgs[1]).toContain(expected);
    // the usage help goes back with every protocol error (not with a tool's own refusal)
    if (!expected.startsWith('Available') && !expected.startsWith('Invalid')) expect(msgs[1]).toContain('TOOL_CALL runs one tool');
    expect(s.log.calls).toEqual([{ name: 'echo', args: { text: 'recovered' } }]);
    expect(msgs[2]).toContain('recovered');
  });

  it('refuses two blocks in one reply when the whole reply arrives, and runs neither', async () => {
    const two = `${toolCall('echo', { text: 'one' })}\n${toolCall('echo', { text: 'two' })}`;
    const s = scenario(replies(two, VALID, DONE), {}, { earlyStop: false });
    const r = await s.agent.run('test');
    expect(r.status).toBe('completed');
    expect(lastMessages(s.platform)[1]).toContain('2 <TOOL_CALL> blocks');
    expect(s.log.calls.map((c) => c.args)).toEqual([{ text: 'recovered' }]);
  });

  it('stops the stream after the first block, so only the first of two blocks runs', async () => {
    const two = `${toolCall('echo', { text: 'one' })}\n${toolCall('echo', { text: 'two' })}`;
    const s = scenario(replies(two, DONE));
    await s.agent.run('test');
    expect(s.log.calls.map((c) => c.args)).toEqual([{ text: 'one' }]);
    const reply = s.transcript().find((x) => x.type === 'reply');
    expect(reply?.finish_reason).toBe('early_stop');
    // the history keeps the reply as cut, so the model never sees a second, unexecuted call
    expect(s.agent.session.messages.find((m) => m.role === 'assistant')?.content).not.toContain('two');
  });

  it('repairs a missing closing tag when the body parses', async () => {
    const s = scenario(replies('<TOOL_CALL>\nwant: x\nname: echo\narguments:\n  text: cut short\n', DONE));
    await s.agent.run('test');
    expect(s.log.calls).toEqual([{ name: 'echo', args: { text: 'cut short' } }]);
    expect(lastMessages(s.platform)[1]).toContain('lacked its closing </TOOL_CALL>');
    expect(s.transcript().find((x) => x.type === 'tool_call')?.repaired).toBe(true);
  });

  it('accepts a JSON body', async () => {
    const s = scenario(replies('<TOOL_CALL>{"want": "w", "name": "echo", "arguments": "{\\"text\\": \\"json\\"}"}</TOOL_CALL>', DONE));
    await s.agent.run('test');
    expect(s.log.calls).toEqual([{ name: 'echo', args: { text: 'json' } }]);
  });

  it('tells the model to do one operation per turn when a reply mixes actions', async () => {
    const mixed = `<REWRITE file=a.txt>\nnew\n</REWRITE>\n${toolCall('echo', { text: 'x' })}`;
    const s = scenario(replies(mixed, DONE), { 'a.txt': 'old\n' }, { earlyStop: true });
    await s.agent.run('test');
    expect(lastMessages(s.platform)[1]).toContain('Only one operation type per turn: your reply used TOOL_CALL, REWRITE');
    expect(s.log.calls).toEqual([]);
    expect(s.read('a.txt')).toBe('old\n');
  });
});
