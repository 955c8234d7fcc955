import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Agent } from '../../src/agent/index.js';
import type { Platform } from '../../src/llm/index.js';
import { tempTree } from '../support/temp-tree.js';
import { testTools, type ToolLog } from './harness.js';

/**
 * Thousands of random mutations of valid action blocks, fed as model replies to one long run
 * per setting: the loop must never crash, and a tool may run or a file change only when the
 * reply that turn really asked for it. Files outside the root must never change.
 */

const SEEDS = [
  '<TOOL_CALL>\nwant: w\nname: echo\narguments:\n  text: fz-yaml\n</TOOL_CALL>',
  '<TOOL_CALL>{"want": "w", "name": "echo", "arguments": {"text": "fz-json"}}</TOOL_CALL>',
  'Calling.\n<TOOL_CALL>\nwant: w\nname: count_lines\narguments:\n  n: 3\n</TOOL_CALL>',
  '<PATCH file=a.txt>\n<DIFF>\n<SEARCH>\nalpha\n</SEARCH>\n<REPLACE>\nALPHA-fz\n</REPLACE>\n</DIFF>\n</PATCH>',
  '<PATCH file="a.txt">\n<DIFF>\n<SEARCH_START>beta</SEARCH_START>\n<SEARCH_END>gamma</SEARCH_END>\n<REPLACE>\nBG-fz\n</REPLACE>\n</DIFF>\n</PATCH>',
  '<REWRITE file=b.txt>\nrewritten-fz\n</REWRITE>',
  '<REWRITE file=../outside.txt>\nescaped-fz\n</REWRITE>',
  '<PATCH file=../outside.txt>\n<DIFF>\n<SEARCH>\nsentinel\n</SEARCH>\n<REPLACE>\nescaped-fz\n</REPLACE>\n</DIFF>\n</PATCH>',
  'Done here. <!!!COMPLETE!!!>',
];

const JUNK = ['<', '>', '/', ':', '\n', ' ', '"', "'", '{', '}', '-', '|', '<TOOL_CALL>', '</TOOL_CALL>', '</PATCH>', '<DIFF>', '</REPLACE>', 'name: ', '\t', '!!!'];

type Mutation = (s: string) => string;
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 12 })).map(([at, len]): Mutation => (s) => {
    const i = at % (s.length + 1);
    return s.slice(0, i) + s.slice(i + len);
  }),
  fc.tuple(fc.nat(), fc.constantFrom(...JUNK)).map(([at, junk]): Mutation => (s) => {
    const i = at % (s.length + 1);
    return s.slice(0, i) + junk + s.slice(i);
  }),
  fc.nat().map((at): Mutation => (s) => s.slice(0, at % (s.length + 1))),
  fc.constant<Mutation>((s) => `${s}\n${s}`),
  fc.constant<Mutation>((s) => s.replace(/echo|count_lines/, 'no_such_tool')),
  fc.constant<Mutation>((s) => s.toLowerCase()),
  fc.tuple(fc.nat(), fc.nat()).map(([a, b]): Mutation => (s) => {
    if (s.length < 2) return s;
    const i = a % s.length;
    const j = b % s.length;
    const c = s.split('');
    [c[i], c[j]] = [c[j] as string, c[i] as string];
    return c.join('');
  }),
);

const reply = fc.tuple(fc.constantFrom(...SEEDS), fc.array(mutation, { minLength: 0, maxLength: 3 })).map(([seed, ms]) =>
  ms.reduce((s, m) => m(s), seed),
);

const FILES = { 'work/a.txt': 'alpha\nbeta\nmid\ngamma\n', 'work/b.txt': 'bee\n', 'outside.txt': 'sentinel\n' };

const norm = (s: string) => s.replace(/\s+/g, ' ');

/**
 * The model: replies in order, streamed line by line through onDelta like the scripted
 * platform, but without counting the request's tokens, so 10,000 turns stay fast.
 */
function fastPlatform(replies: string[]): Platform & { remaining(): number } {
  let next = 0;
  return {
    name: 'fuzz',
    model: 'fuzz',
    contextWindow: 1_000_000,
    remaining: () => replies.length - next,
    async chat(req) {
      const full = replies[next++];
      if (full === undefined) throw new Error('out of replies');
      let text = '';
      let finishReason: 'stop' | 'early_stop' = 'stop';
      for (const piece of full.match(/[^\n]*\n|[^\n]+/g) ?? []) {
        text += piece;
        if (req.onDelta?.(piece) === 'stop') {
          finishReason = 'early_stop';
          break;
        }
      }
      const usage = { inputTokens: 1, outputTokens: Math.ceil(text.length / 4), estimated: true };
      return { text, finishReason, usage, cost: 0, latencyMs: 0, attempts: 1, model: 'fuzz' };
    },
  };
}

async function fuzzRun(count: number, seed: number, earlyStop: boolean): Promise<void> {
  const top = tempTree(FILES);
  const root = join(top, 'work');
  const texts = fc.sample(reply, { numRuns: count, seed });
  const platform = fastPlatform([...texts, 'the end']);
  const cheap = fastPlatform(Array.from({ length: count }, () => 'summary'));
  const log: ToolLog = { calls: [] };
  const agent = new Agent({
    systemPrompt: 'fuzz',
    platform,
    cheapPlatform: cheap,
    tools: testTools(log),
    root,
    interactive: true,
    ask: async () => (platform.remaining() === 0 ? '' : 'go on'),
    needSummary: false,
    autoSummaryRounds: 40,
    rulesDataDir: false,
    warn: () => undefined,
    earlyStop,
  });
  const read = (p: string) => readFileSync(join(top, p), 'utf8');
  let files = { a: read('work/a.txt'), b: read('work/b.txt') };
  let seen = 0;
  const problems: string[] = [];
  agent.events.subscribe('after_action', (e) => {
    const r = e.currentResponse;
    for (const call of log.calls.slice(seen)) {
      const args = call.args as { text?: string; n?: number };
      // YAML folds line breaks inside flow scalars, so compare with whitespace collapsed
      const flat = norm(r);
      const asked =
        /<TOOL_CALL\s*>/.test(r) &&
        r.includes(call.name) &&
        (args.text === undefined || flat.includes(norm(args.text).trim())) &&
        (args.n === undefined || r.includes(String(args.n)));
      if (!asked) problems.push(`tool ${call.name} ran for a reply that did not ask for it: ${JSON.stringify(r)}`);
    }
    if (log.calls.length - seen > 1) problems.push(`${log.calls.length - seen} tools ran in one turn: ${JSON.stringify(r)}`);
    seen = log.calls.length;
    const now = { a: read('work/a.txt'), b: read('work/b.txt') };
    for (const k of ['a', 'b'] as const) {
      if (now[k] === files[k]) continue;
      const asked = (r.includes('<PATCH') || r.includes('<REWRITE')) && r.includes(`${k}.txt`);
      const fromReply = now[k].split('\n').every((line) => files[k].split('\n').includes(line) || r.includes(line));
      if (!asked || !fromReply) problems.push(`${k}.txt changed to ${JSON.stringify(now[k])} by ${JSON.stringify(r)}`);
    }
    files = now;
  });
  const result = await agent.run('fuzz');
  expect(problems.slice(0, 5)).toEqual([]);
  expect(result.status).toBe('completed');
  expect(platform.remaining()).toBe(0);
  expect(read('outside.txt')).toBe('sentinel\n');
  // the seeds do succeed sometimes: a fuzz that never acts would prove nothing
  expect(log.calls.length).toBeGreaterThan(50);
}

describe('fuzzed model replies', () => {
  it('never crash the loop or act on replies that did not ask (5,000 replies, early stop on)', async () => {
    await fuzzRun(5000, 20261122, true);
  }, 120_000);

  it('never crash the loop or act on replies that did not ask (5,000 replies, whole replies)', async () => {
    await fuzzRun(5000, 7, false);
  }, 120_000);
});
