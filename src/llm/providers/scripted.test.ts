import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JarvisError } from '../../util/index.js';
import type { ChatMessage } from '../platform.js';
import { createScriptedPlatform, createScriptedPlatformFromReplies } from './scripted.js';

const ask = (content: string): ChatMessage[] => [
  { role: 'system', content: 'sys' },
  { role: 'user', content },
];

describe('scripted platform', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'jarvis-scripted-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const fromYaml = (yaml: string) => {
    writeFileSync(join(dir, 'replies.yaml'), yaml);
    return createScriptedPlatform({
      config: { platform: 'scripted', script: 'replies.yaml' },
      baseDir: dir,
      env: {},
      warn: () => {},
    });
  };

  it('serves replies in order from a YAML file relative to the config directory and records calls', async () => {
    const p = fromYaml('replies:\n  - first\n  - reply: second\n    expect: build\n');
    expect((await p.chat({ messages: ask('hello') })).text).toBe('first');
    const second = await p.chat({ messages: ask('now build it') });
    expect(second).toMatchObject({ text: 'second', finishReason: 'stop', attempts: 1 });
    expect(second.usage.estimated).toBe(true);
    expect(second.usage.inputTokens).toBeGreaterThan(0);
    expect(p.calls.map((c) => c.messages.at(-1)?.content)).toEqual(['hello', 'now build it']);
    expect(p.remaining()).toBe(0);
  });

  it('fails with the reply number and script size when the replies run out', async () => {
    const p = fromYaml('replies: [only]\n');
    await p.chat({ messages: ask('a') });
    await expect(p.chat({ messages: ask('b') })).rejects.toThrow('scripted platform: no reply #2 (the script has 1)');
    expect(p.calls).toHaveLength(2);
  });

  it('reports an expect mismatch with the expected text and an excerpt of the request', async () => {
    const p = fromYaml('replies:\n  - reply: ok\n    expect: "cargo test"\n');
    const err = await p.chat({ messages: ask('please run make') }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(JarvisError);
    expect((err as JarvisError).code).toBe('llm_script');
    expect((err as JarvisError).message).toContain('reply #1 expects the request to contain "cargo test"');
    expect((err as JarvisError).message).toContain('please run make');
  });

  it('names the file and key when the script is malformed', () => {
    expect(() => fromYaml('replies:\n  - reply: 3\n')).toThrow(/replies\.yaml: replies\.0/);
    expect(() => fromYaml('answers: []\n')).toThrow(/replies\.yaml/);
    expect(() => fromYaml('replies: [\n')).toThrow(/not valid YAML/);
  });

  it('says which file is missing', () => {
    expect(() =>
      createScriptedPlatform({ config: { platform: 'scripted', script: 'nope.yaml' }, baseDir: dir, env: {}, warn: () => {} }),
    ).toThrow(`cannot read the script ${join(dir, 'nope.yaml')}`);
  });

  it('streams in pieces and stops where onDelta says stop', async () => {
    const p = createScriptedPlatformFromReplies({ replies: ['line one\n<TOOL_CALL>x</TOOL_CALL>\ninvented result\n'] });
    const pieces: string[] = [];
    const res = await p.chat({
      messages: ask('go'),
      onDelta: (d) => {
        pieces.push(d);
        return d.includes('</TOOL_CALL>') ? 'stop' : undefined;
      },
    });
    expect(pieces).toEqual(['line one\n', '<TOOL_CALL>x</TOOL_CALL>\n']);
    expect(res).toMatchObject({ text: 'line one\n<TOOL_CALL>x</TOOL_CALL>\n', finishReason: 'early_stop' });
  });

  it('honours an abort mid-reply', async () => {
    const p = createScriptedPlatformFromReplies({ replies: ['a\nb\nc\n'] });
    const controller = new AbortController();
    const err = await p
      .chat({ messages: ask('go'), signal: controller.signal, onDelta: () => controller.abort() })
      .catch((e: unknown) => e);
    expect((err as JarvisError).code).toBe('llm_aborted');
  });

  it('prices the estimated usage when a price is configured', async () => {
    const p = createScriptedPlatformFromReplies({ replies: ['hello world'], price: { input: 1_000_000, output: 0 } });
    const res = await p.chat({ messages: ask('hi') });
    expect(res.cost).toBe(res.usage.inputTokens);
  });
});
