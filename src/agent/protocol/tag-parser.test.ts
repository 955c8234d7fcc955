import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ChatRequest, ChatResult } from '../../llm/index.js';
import { ReplyReader } from './reply-reader.js';
import {
  ACTION_TAGS,
  COMPLETION_MARKER,
  coalesceText,
  createTagParser,
  parseTags,
  type TagEvent,
  type TagParserOptions,
} from './tag-parser.js';

const opts: TagParserOptions = {
  tags: [...ACTION_TAGS, { name: 'DONT_NEED' }],
  completionMarker: [COMPLETION_MARKER, '!!!COMPLETE!!!'],
};

const fixtures: Record<string, string> = {
  plain: 'Just some prose, no tags at all.\nSecond line.',
  'one block': 'I will list the files.\n<TOOL_CALL>\nwant: names\nname: ls\narguments:\n  path: .\n</TOOL_CALL>\n',
  'several blocks':
    '<PATCH file=src/a.c>\n<DIFF>\n<SEARCH>int a;</SEARCH>\n<REPLACE>long a;</REPLACE>\n</DIFF>\n</PATCH>\nthen\n' +
    '<REWRITE file="b.rs">\nfn main() {}\n</REWRITE>\n<SEND_MESSAGE>\nto: Reviewer\ncontent: done\n</SEND_MESSAGE>',
  attributes:
    `<PATCH file="dir with space/x.c">\nA\n</PATCH><PATCH file='single.c'>\nB\n</PATCH>` +
    '<PATCH file=bare name.c >\nC\n</PATCH><PATCH  file = spaced.c>\nD\n</PATCH><PATCH mode=x>not a tag</PATCH>',
  crlf: 'Line one\r\n<TOOL_CALL>\r\nname: x\r\n</TOOL_CALL>\r\n<REWRITE file=a.c>\r\nint x;\r\n</REWRITE>\r\n',
  unicode: '修复缓冲区溢出 🚀\n<TOOL_CALL>\nname: 读取\narguments: {"p": "é😀"}\n</TOOL_CALL>\n完成 ✅',
  'lone angle brackets': 'if (a < b && c > d) { x <<= 1; } <br> < TOOL_CALL> <>\n<',
  lookalikes: '<TOOL_CALLS>x</TOOL_CALLS> <tool_call>y</tool_call> <TOOL_CALL-X> <PATCHES file=a> <TOOL_CALL>ok</TOOL_CALL>',
  'partial marker': 'Almost <!!!COMPLETE!! done, wow!!! and <!!!COMP',
  'marker after block': '<TOOL_CALL>\nname: a\n</TOOL_CALL>\nAll done. <!!!COMPLETE!!!>\ntrailing',
  'unclosed block': 'Here goes\n<REWRITE file=main.c>\nint main(void) {\n  return 0;\n}\n</REWR',
  'close tag mid-line in code': '<REWRITE file=t.ts>\nconst s = "</REWRITE>";\n  </REWRITE> indented\n</REWRITE>\nafter',
  'same-name nesting': '<TOOL_CALL>\nouter <TOOL_CALL> inner\n</TOOL_CALL> rest </TOOL_CALL>',
  'self-closing': 'plan: <DONT_NEED/> or <DONT_NEED /> end',
  'tag cut at end': 'text <PATCH file="unterminated',
};

function streamed(text: string, cuts: number[]): TagEvent[] {
  const p = createTagParser(opts);
  const events: TagEvent[] = [];
  let at = 0;
  for (const c of [...new Set(cuts)].sort((a, b) => a - b)) {
    events.push(...p.push(text.slice(at, c)));
    at = c;
  }
  events.push(...p.push(text.slice(at)), ...p.end());
  return coalesceText(events);
}

/** What the events cover, concatenated, is the reply again: nothing lost, nothing doubled. */
function rebuild(events: readonly TagEvent[], text: string): string {
  return events
    .map((e) =>
      e.type === 'text' ? e.text : e.type === 'complete' ? text.slice(e.start, e.end) : e.raw,
    )
    .join('');
}

describe('tag parser', () => {
  it.each(Object.entries(fixtures))('yields the same events for every chunking: %s', (_name, text) => {
    const whole = parseTags(text, opts);
    expect(rebuild(whole, text)).toBe(text);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: text.length }), { maxLength: 40 }), (cuts) => {
        expect(streamed(text, cuts)).toEqual(whole);
      }),
      { numRuns: 150 },
    );
    // one character at a time is the hardest case for hold-back
    expect(streamed(text, [...text].map((_, i) => i))).toEqual(whole);
  });

  it('yields the same events for every chunking of random tag soup, and loses nothing', () => {
    const piece = fc.constantFrom(
      '<', '>', '/', '/>', 'TOOL_CALL', 'PATCH', 'REWRITE', 'DONT_NEED', ' file=', ' mode=', '"', "'", 'a b', '.c',
      '\n', '\r\n', ' ', '=', '<!!!COMPLETE!!!>', '<!!!', '!!!', 'COMPLETE', '</PATCH>', '</TOOL_CALL>', '</', 'x', 'é😀',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), fc.array(fc.nat(), { maxLength: 12 }), (pieces, rawCuts) => {
        const text = pieces.join('');
        const whole = parseTags(text, opts);
        expect(rebuild(whole, text)).toBe(text);
        expect(streamed(text, rawCuts.map((c) => c % (text.length + 1)))).toEqual(whole);
      }),
      { numRuns: 400 },
    );
  });

  it('finds blocks with attributes, offsets and raw text', () => {
    const ev = parseTags(fixtures['several blocks'] as string, opts);
    const blocks = ev.filter((e) => e.type === 'block');
    expect(blocks.map((b) => [b.name, b.attributes])).toEqual([
      ['PATCH', { file: 'src/a.c' }],
      ['REWRITE', { file: 'b.rs' }],
      ['SEND_MESSAGE', {}],
    ]);
    const text = fixtures['several blocks'] as string;
    for (const b of blocks) expect(text.slice(b.start, b.end)).toBe(b.raw);
    expect(blocks[1]).toMatchObject({ body: '\nfn main() {}\n' });
  });

  it('reads quoted, single-quoted, bare and spaced file attributes; rejects unknown attributes', () => {
    const ev = parseTags(fixtures.attributes as string, opts);
    expect(ev.filter((e) => e.type === 'block').map((b) => b.type === 'block' && b.attributes.file)).toEqual([
      'dir with space/x.c',
      'single.c',
      'bare name.c',
      'spaced.c',
    ]);
    expect(ev.at(-1)).toEqual({ type: 'text', text: '<PATCH mode=x>not a tag</PATCH>' });
  });

  it('treats lookalike and unregistered tags as text', () => {
    const ev = parseTags(fixtures.lookalikes as string, opts);
    expect(ev).toHaveLength(2);
    expect(ev[0]).toMatchObject({ type: 'text' });
    expect(ev[1]).toMatchObject({ type: 'block', name: 'TOOL_CALL', body: 'ok' });
  });

  it('closes PATCH/REWRITE only at a line start, TOOL_CALL at the first closing tag', () => {
    const rw = parseTags(fixtures['close tag mid-line in code'] as string, opts);
    expect(rw[0]).toMatchObject({ type: 'block', body: '\nconst s = "</REWRITE>";\n  </REWRITE> indented\n' });
    const tc = parseTags(fixtures['same-name nesting'] as string, opts);
    expect(tc[0]).toMatchObject({ type: 'block', body: '\nouter <TOOL_CALL> inner\n' });
    expect(tc[1]).toEqual({ type: 'text', text: ' rest </TOOL_CALL>' });
  });

  it('reports an unclosed block at end() without the half-written closing tag', () => {
    const ev = parseTags(fixtures['unclosed block'] as string, opts);
    expect(ev.at(-1)).toEqual({
      type: 'unclosed',
      name: 'REWRITE',
      attributes: { file: 'main.c' },
      body: '\nint main(void) {\n  return 0;\n}\n',
      raw: '<REWRITE file=main.c>\nint main(void) {\n  return 0;\n}\n</REWR',
      start: 10,
    });
  });

  it('emits the completion marker, bare or tagged, and leaves partial markers as text', () => {
    expect(parseTags(fixtures['marker after block'] as string, opts).map((e) => e.type)).toEqual([
      'block',
      'text',
      'complete',
      'text',
    ]);
    expect(parseTags(fixtures['partial marker'] as string, opts)).toEqual([
      { type: 'text', text: fixtures['partial marker'] },
    ]);
    expect(parseTags('x!!!COMPLETE!!!', opts)).toEqual([
      { type: 'text', text: 'x' },
      { type: 'complete', marker: '!!!COMPLETE!!!', start: 1, end: 15 },
    ]);
    expect(parseTags('<!!!COMPLETE!!!>', { tags: [], completionMarker: false })).toEqual([
      { type: 'text', text: '<!!!COMPLETE!!!>' },
    ]);
  });

  it('streams text at once and holds back only what could start a tag', () => {
    const p = createTagParser(opts);
    expect(p.push('Reading the file ')).toEqual([{ type: 'text', text: 'Reading the file ' }]);
    expect(p.push('now <TOOL_')).toEqual([{ type: 'text', text: 'now ' }]);
    expect(p.push('CALL>\nname: read')).toEqual([]);
    expect(p.push('\n</TOOL_CALL> ok')).toEqual([
      { type: 'block', name: 'TOOL_CALL', attributes: {}, body: '\nname: read\n', raw: '<TOOL_CALL>\nname: read\n</TOOL_CALL>', start: 21, end: 56 },
      { type: 'text', text: ' ok' },
    ]);
    expect(p.end()).toEqual([]);
    expect(() => p.push('more')).toThrow(/after end/);
  });

  it('gives up on an opening tag longer than maxOpenTagLength', () => {
    const long = `<PATCH file="${'d/'.repeat(40)}x.c">\nbody\n</PATCH>`;
    expect(parseTags(long, { ...opts, maxOpenTagLength: 50 })).toEqual([{ type: 'text', text: long }]);
    expect(parseTags(long, opts)[0]).toMatchObject({ type: 'block' });
  });
});

/** A fake streaming platform: feeds `chunks` to onDelta until told to stop, like the real ones. */
async function fakeStream(chunks: string[], req: ChatRequest): Promise<ChatResult & { sent: number }> {
  let text = '';
  let sent = 0;
  for (const c of chunks) {
    text += c;
    sent++;
    if (req.onDelta?.(c) === 'stop') {
      return { text, finishReason: 'early_stop', usage: { inputTokens: 1, outputTokens: sent, estimated: true }, cost: 0, latencyMs: 0, attempts: 1, model: 'fake', sent };
    }
  }
  return { text, finishReason: 'stop', usage: { inputTokens: 1, outputTokens: sent, estimated: true }, cost: 0, latencyMs: 0, attempts: 1, model: 'fake', sent };
}

describe('early stop (ReplyReader)', () => {
  const stopAfter = new Set(['TOOL_CALL', 'SEND_MESSAGE']);

  it('stops the stream right after the first complete action block and keeps the reply up to it', async () => {
    const reply = 'Let me look.\n<TOOL_CALL>\nname: ls\n</TOOL_CALL>\n<stdout>invented result</stdout>\n<TOOL_CALL>\nname: rm\n</TOOL_CALL>';
    const chunks = reply.match(/[\s\S]{1,3}/g) as string[];
    const reader = new ReplyReader({ tags: ACTION_TAGS, stopAfter });
    const res = await fakeStream(chunks, { messages: [], onDelta: (d) => reader.push(d) });
    expect(res.finishReason).toBe('early_stop');
    expect(res.sent).toBeLessThan(chunks.length);
    expect(res.text).not.toContain('invented');
    const parsed = reader.finish(res.text);
    expect(parsed.blocks).toHaveLength(1);
    expect(parsed.blocks[0]).toMatchObject({ name: 'TOOL_CALL', body: '\nname: ls\n' });
    expect(parsed.text).toBe('Let me look.\n<TOOL_CALL>\nname: ls\n</TOOL_CALL>');
    expect(reader.push('late')).toBe('stop');
  });

  it('lets a reply without an action block run to the end', async () => {
    const reader = new ReplyReader({ tags: ACTION_TAGS, stopAfter });
    const res = await fakeStream(['No action ', 'needed <TOOL', '_CALLS> here. ', COMPLETION_MARKER], {
      messages: [],
      onDelta: (d) => reader.push(d),
    });
    expect(res.finishReason).toBe('stop');
    const parsed = reader.finish(res.text);
    expect(parsed.blocks).toHaveLength(0);
    expect(parsed.completed).toBe(true);
  });

  it('refuses nothing it cannot stop: a reply that arrived whole keeps both blocks', () => {
    const reader = new ReplyReader({ tags: ACTION_TAGS, stopAfter });
    const whole = '<TOOL_CALL>\na\n</TOOL_CALL>\n<TOOL_CALL>\nb\n</TOOL_CALL>';
    expect(reader.finish(whole).blocks.map((b) => b.body)).toEqual(['\na\n', '\nb\n']);
  });

  it('is the same parse whatever the chunks, also when the platform returns more than it streamed', () => {
    const text = 'Reading.\n<PATCH file=a.c>\nx\n</PATCH>\ndone <!!!COMPLETE!!!>';
    const once = new ReplyReader({ tags: ACTION_TAGS }).finish(text);
    const streamed = new ReplyReader({ tags: ACTION_TAGS });
    for (const c of text.slice(0, 17).match(/[\s\S]{1,4}/g) as string[]) streamed.push(c);
    expect(streamed.finish(text)).toEqual(once);
  });
});
