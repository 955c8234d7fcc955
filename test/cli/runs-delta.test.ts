import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRequest, ChatResult, Platform } from '../../src/llm/platform.js';
import { finishRun, startRun } from '../../src/runs/index.js';
import { recordTranscript } from '../../src/llm/index.js';
import { runJarvis } from '../support/jarvis-cli.js';
import { tempTree } from '../support/temp-tree.js';

/** `jarvis runs show` on a transcript whose requests are stored as deltas. */

const answer = (): Platform => ({
  name: 'fake',
  model: 'fake-1',
  async chat(_r: ChatRequest): Promise<ChatResult> {
    return { text: 'ok', finishReason: 'stop', usage: { inputTokens: 1, outputTokens: 1, estimated: true }, cost: 0, latencyMs: 1, attempts: 1, model: 'fake-1' };
  },
});

describe('jarvis runs show with delta requests', () => {
  it('shows every request with the full message list the model was sent', async () => {
    const root = tempTree({ 'work/.keep': '' });
    const cwd = join(root, 'work');
    const home = join(root, 'home');
    mkdirSync(home);
    const { run, writer } = startRun({ projectDir: cwd, command: 'test', argv: [] });
    const p = recordTranscript(answer(), writer, { agent: 'Reviewer' });
    const sys: ChatMessage = { role: 'system', content: 'You review C code.' };
    const first: ChatMessage[] = [sys, { role: 'user', content: 'review a.c' }];
    const second: ChatMessage[] = [...first, { role: 'assistant', content: 'ok' }, { role: 'user', content: 'now b.c' }];
    await p.chat({ messages: first });
    await p.chat({ messages: second });
    finishRun(run, { status: 'ok' });
    // stored as a delta: the second request holds only the two new messages
    const stored = readFileSync(writer.path, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(stored.filter((r) => r.type === 'request').map((r) => (r.messages as unknown[]).length)).toEqual([2, 2]);

    const json = await runJarvis(['runs', 'show', 'last', '--json'], { cwd, home });
    expect(json.code).toBe(0);
    const records = (JSON.parse(json.stdout) as { records: Record<string, unknown>[] }).records.filter((r) => r.type === 'request');
    expect(records.map((r) => r.messages)).toEqual([first, second]);
    expect(records.every((r) => r.agent === 'Reviewer' && !('messages_from' in r))).toBe(true);

    const text = await runJarvis(['runs', 'show', 'last'], { cwd, home });
    expect(text.stdout).toMatch(/#2 request .*fake\/fake-1: 4 messages/);
    expect(text.stdout).toContain('last user: now b.c');
  });
});
