import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tempTree } from '../../test/support/temp-tree.js';
import { readJsonl } from '../util/index.js';
import type { ChatMessage, ChatRequest, ChatResult, Platform } from './platform.js';
import { createReplayPlatform } from './providers/replay.js';
import { createRedactor, expandRequestMessages, TranscriptWriter } from '../runs/index.js';
import { recordTranscript } from './record-transcript.js';

const tempDir = (): string => tempTree();

/** Answers "reply N" and counts calls. */
function echoPlatform(name = 'fake'): Platform {
  let n = 0;
  return {
    name,
    model: `${name}-1`,
    async chat(_req: ChatRequest): Promise<ChatResult> {
      n++;
      return {
        text: `reply ${n}`,
        finishReason: 'stop',
        usage: { inputTokens: 1, outputTokens: 1, estimated: true },
        cost: 0,
        latencyMs: 1,
        attempts: 1,
        model: `${name}-1`,
      };
    },
  };
}

type Rec = Record<string, unknown> & { type: string; messages?: ChatMessage[] };
const sys: ChatMessage = { role: 'system', content: 'You are Jarvis.' };
const u = (content: string): ChatMessage => ({ role: 'user', content });
const a = (content: string): ChatMessage => ({ role: 'assistant', content });

describe('delta requests in transcripts', () => {
  it('stores only new messages per request and replay/expansion gives the full lists back', async () => {
    const dir = tempDir();
    const writer = new TranscriptWriter({ dir, runId: 'r1', redact: createRedactor({ env: {} }) });
    const main = recordTranscript(echoPlatform('main'), writer, { agent: 'Coder' });
    const cheap = recordTranscript(echoPlatform('cheap'), writer, { agent: 'Coder' });

    // the shapes a run sends: the last user message carries a transient addon, then is stored plain
    const sent: ChatMessage[][] = [
      [sys, u('task + addon')],
      [sys, u('task'), a('reply 1'), u('result 1 + addon')],
      [sys, u('task'), a('reply 1'), u('result 1'), a('reply 2'), u('result 2 + addon')],
      // after a summary the history is reset: nothing in common past the system prompt
      [sys, u('summary + next + addon')],
    ];
    await main.chat({ messages: sent[0] as ChatMessage[] });
    await main.chat({ messages: sent[1] as ChatMessage[] });
    // a different conversation in between must not disturb the main one's deltas
    await cheap.chat({ messages: [u('summarise this')] });
    await main.chat({ messages: sent[2] as ChatMessage[] });
    await main.chat({ messages: sent[3] as ChatMessage[] });

    const raw = readJsonl<Rec>(writer.path).filter((r) => r.type === 'request');
    expect(raw.map((r) => [r.conv, r.messages_from ?? 0, r.messages?.length])).toEqual([
      [1, 0, 2],
      [1, 1, 3],
      [2, 0, 1],
      [1, 3, 3],
      [1, 1, 1],
    ]);
    // the agent name is on every record of the wrapped platforms
    expect(readJsonl<Rec>(writer.path).every((r) => r.agent === 'Coder')).toBe(true);

    const full = expandRequestMessages(readJsonl<Rec>(writer.path)).filter((r) => r.type === 'request');
    expect(full.map((r) => r.messages)).toEqual([sent[0], sent[1], [u('summarise this')], sent[2], sent[3]]);
    expect(full.some((r) => 'messages_from' in r)).toBe(false);

    // replay matches every request against the reconstructed list: no divergence warnings
    const warnings: string[] = [];
    const replay = createReplayPlatform({ config: { platform: 'replay', transcript: writer.path }, baseDir: dir, env: {}, warn: (m) => warnings.push(m) });
    for (const m of [sent[0], sent[1], [u('summarise this')], sent[2], sent[3]]) await replay.chat({ messages: m as ChatMessage[] });
    expect(warnings).toEqual([]);
  });

  it('grows linearly: a 200-turn conversation stores each message about once', async () => {
    const dir = tempDir();
    const writer = new TranscriptWriter({ dir, runId: 'r2', redact: createRedactor({ env: {} }) });
    const p = recordTranscript(echoPlatform(), writer);
    const history: ChatMessage[] = [sys];
    const filler = 'x'.repeat(200);
    for (let i = 0; i < 200; i++) {
      history.push(u(`turn ${i} ${filler}`));
      await p.chat({ messages: [...history] });
      history.push(a(`reply ${i}`));
    }
    const size = readFileSync(writer.path, 'utf8').length;
    // ~210 chars of text per turn plus two records' envelopes; the old whole-list format wrote
    // over 4 MB here (each request repeated every earlier turn)
    expect(size).toBeLessThan(200 * 1000);
  });

  it('keeps old full-list requests as they are and marks a delta whose base is missing', () => {
    const old = { type: 'request', call: 1, messages: [sys, u('hi')] };
    const orphan = { type: 'request', call: 2, conv: 7, messages_from: 2, messages: [u('next')] };
    const [first, second] = expandRequestMessages<Rec>([old, orphan]);
    expect(first).toBe(old);
    expect(second).toMatchObject({ messages: [u('next')], messages_incomplete: true });
  });
});
