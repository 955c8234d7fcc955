import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { ToolResult } from '../../src/tools/index.js';
import { StreamingTagParser } from '../../src/agent/protocol/index.js';
import { defineTool, ToolRegistry } from '../../src/tools/index.js';
import { replies, scenario, toolCall } from './harness.js';

/**
 * The path of one reply (docs/architecture.md): the stream is parsed once, as it arrives, and
 * the tool's whole result (forUser, data) reaches the after_action subscribers.
 */

afterEach(() => vi.restoreAllMocks());

const measureTool = defineTool({
  name: 'measure',
  description: 'Measures a file.',
  params: z.strictObject({ path: z.string() }),
  paths: (a) => ({ reads: [a.path], writes: [] }),
  run: async (a) => ({ forModel: `${a.path}: 42 lines`, forUser: `measured ${a.path}`, data: { lines: 42 } }),
});

const echoTool = defineTool({ name: 'echo', description: 'Echoes.', params: z.strictObject({ text: z.string() }), run: async (a) => ({ forModel: a.text }) });

describe('the path of a reply', () => {
  it('parses a streamed reply once: every chunk is pushed to one parser, nothing is parsed again', async () => {
    const pushed = new Map<object, string[]>();
    const push = StreamingTagParser.prototype.push;
    vi.spyOn(StreamingTagParser.prototype, 'push').mockImplementation(function (this: StreamingTagParser, chunk: string) {
      pushed.set(this, [...(pushed.get(this) ?? []), chunk]);
      return push.call(this, chunk);
    });
    // a long reply, streamed in many pieces; the text after the block is never generated
    const first = `I will measure it.\n${'Some reasoning. '.repeat(20)}\n${toolCall('measure', { path: 'a.c' })}\nInvented result`;
    const s = scenario(replies(first, 'The file has 42 lines. <!!!COMPLETE!!!>'), {}, { tools: new ToolRegistry([measureTool]) });
    const r = await s.agent.run('measure a.c');
    expect(r.status).toBe('completed');

    const kept = s.agent.session.messages.filter((m) => m.role === 'assistant').map((m) => m.content);
    expect(kept).toHaveLength(2);
    expect(kept[0]?.endsWith('</TOOL_CALL>')).toBe(true);
    // one parser per model call, and what each was fed is the reply that was streamed to it
    const parsers = [...pushed.values()];
    expect(parsers).toHaveLength(2);
    expect(parsers[0]?.length).toBeGreaterThan(5);
    // (the first one up to the end of the chunk that completed the block: the rest was never streamed)
    expect(parsers.map((chunks) => chunks.join(''))).toEqual([`${kept[0]}\n`, kept[1]]);
    expect(s.platform.calls).toHaveLength(2);
  });

  it('hands the tool result, forUser and data included, to after_action subscribers and the transcript', async () => {
    const s = scenario(replies(toolCall('measure', { path: 'a.c' }), 'Done. <!!!COMPLETE!!!>'), {}, { tools: new ToolRegistry([measureTool]) });
    const seen: { before?: unknown; result?: ToolResult; toolPrompt?: string } = {};
    s.agent.events.subscribe('before_action', (e) => {
      seen.before = e.action;
    });
    s.agent.events.subscribe('after_action', (e) => {
      seen.result = e.result;
      seen.toolPrompt = e.toolPrompt;
    });
    expect((await s.agent.run('measure a.c')).status).toBe('completed');
    expect(seen.before).toEqual({ handler: 'TOOL_CALL', kind: 'tool', name: 'measure', reads: ['a.c'], writes: [], description: 'measure (reads a.c)' });
    expect(seen.result).toMatchObject({ forUser: 'measured a.c', data: { lines: 42 } });
    expect(seen.toolPrompt).toBe('TOOL_CALL measure result (you wanted: the result):\na.c: 42 lines');
    expect(s.transcript().find((x) => x.type === 'after_action')).toMatchObject({ forUser: 'measured a.c', data: { lines: 42 }, action: { name: 'measure' } });
  });

  it('lets a before_action subscriber deny an action and an after_action subscriber add a note', async () => {
    const s = scenario(replies(toolCall('echo', { text: 'hi' }), toolCall('measure', { path: 'a.c' }), 'Done. <!!!COMPLETE!!!>'), {}, {
      tools: new ToolRegistry([measureTool, echoTool]),
    });
    s.agent.events.subscribe('before_action', (e) => (e.action.name === 'echo' ? { deny: 'echo is off today' } : undefined));
    s.agent.events.subscribe('after_action', (e) => (e.action?.name === 'measure' ? { note: 'NOTE: measured by the test' } : undefined));
    expect((await s.agent.run('go')).status).toBe('completed');
    const fed = s.platform.calls.map((c) => c.messages.at(-1)?.content ?? '');
    expect(fed[1]).toContain('Your echo was not run: echo is off today');
    expect(fed[2]).toContain('a.c: 42 lines\n\nNOTE: measured by the test');
    expect(s.transcript().filter((x) => x.type === 'action_denied')).toHaveLength(1);
  });
});
