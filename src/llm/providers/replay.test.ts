import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JarvisError } from '../../util/index.js';
import type { ChatMessage } from '../platform.js';
import type { TranscriptReply, TranscriptRequest } from '../../runs/index.js';
import { createReplayPlatform } from './replay.js';

const msgs = (content: string): ChatMessage[] => [{ role: 'user', content }];
const env = { ts: '2026-01-01T00:00:00Z', run_id: 'r1' };
const request = (call: number, content: string): TranscriptRequest => ({
  ...env, type: 'request', call, platform: 'openai-compatible', model: 'm1', messages: msgs(content),
});
const replyRec = (call: number, text: string): TranscriptReply => ({
  ...env, type: 'reply', call, platform: 'openai-compatible', model: 'm1', text, finish_reason: 'stop',
  usage: { inputTokens: 100 + call, outputTokens: 10, estimated: false }, cost: 0.5, latency_ms: 900, attempts: 1,
});

describe('replay platform', () => {
  let dir: string;
  let warnings: string[];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'jarvis-replay-'));
    warnings = [];
    const lines = [
      request(1, 'first question'),
      { ...env, type: 'tool_call', name: 'read_file' },
      replyRec(1, 'first answer'),
      request(2, 'second question'),
      replyRec(2, 'second answer'),
    ];
    // A torn last line, as a run killed mid-write leaves.
    writeFileSync(join(dir, 'transcript.jsonl'), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n{"type":"requ`);
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const platform = (transcript = '.') =>
    createReplayPlatform({ config: { platform: 'replay', transcript }, baseDir: dir, env: {}, warn: (m) => warnings.push(m) });

  it('serves the recorded replies in order from a run directory, with the recorded usage', async () => {
    const p = platform();
    const a = await p.chat({ messages: msgs('first question') });
    const b = await p.chat({ messages: msgs('second question') });
    expect([a.text, b.text]).toEqual(['first answer', 'second answer']);
    expect(b.usage).toEqual({ inputTokens: 102, outputTokens: 10, estimated: false });
    expect(b.model).toBe('m1');
    expect(warnings).toEqual([]);
  });

  it('warns when a request differs from the recorded one and serves the reply anyway', async () => {
    const p = platform('transcript.jsonl');
    const a = await p.chat({ messages: msgs('a different question') });
    expect(a.text).toBe('first answer');
    expect(warnings).toEqual(['replay: request #1 differs from the recording: message 1 of 1 (user) is not the recorded one']);
  });

  it('fails clearly when the recorded replies run out', async () => {
    const p = platform();
    await p.chat({ messages: msgs('first question') });
    await p.chat({ messages: msgs('second question') });
    const err = await p.chat({ messages: msgs('third') }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(JarvisError);
    expect((err as JarvisError).message).toBe('replay platform: no recorded reply #3 (the transcript has 2)');
  });

  it('says where it looked when there is no transcript', () => {
    expect(() => platform('missing-run')).toThrow(`replay platform: no transcript at ${join(dir, 'missing-run')}`);
  });

  it('streams the recorded text through onDelta and honours an early stop', async () => {
    const p = platform();
    const res = await p.chat({ messages: msgs('first question'), onDelta: () => 'stop' });
    expect(res.finishReason).toBe('early_stop');
    expect(res.text).toBe('first answer');
    expect(res.usage.estimated).toBe(true);
  });
});
