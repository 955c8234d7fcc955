import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Platform } from '../../src/llm/platform.js';
import { createAnthropicPlatform } from '../../src/llm/providers/anthropic.js';
import { createOpenAICompatiblePlatform } from '../../src/llm/providers/openai-compatible.js';
import { apiKeyEnvNames, finishRun, readRecords, startRun } from '../../src/runs/index.js';
import { ACTION_TAGS, ReplyReader } from '../../src/agent/protocol/index.js';
import { recordTranscript } from '../../src/llm/index.js';
import type { ModelConfig } from '../../src/util/config/index.js';
import { filesContaining } from '../support/secret-scan.js';
import { httpError, reply, startLlmServer, type LlmServer } from '../support/llm-server.js';

/**
 * The real HTTP platforms, a real socket, the real SDKs: the key travels in the request headers
 * and in the prompt, and still never reaches the run directory.
 */

const KEY = 'sk-transcript-http-9f8e7d6c5b4a3210';
const ENV_NAME = 'JTEST_HTTP_KEY';

const wires = [
  { platform: 'openai-compatible' as const, create: createOpenAICompatiblePlatform, base: (s: LlmServer) => s.openaiBaseUrl },
  { platform: 'anthropic' as const, create: createAnthropicPlatform, base: (s: LlmServer) => s.url },
];

describe.each(wires)('transcripts of $platform over loopback', (wire) => {
  let server: LlmServer;
  let project: string;

  beforeEach(async () => {
    server = await startLlmServer();
    project = mkdtempSync(join(tmpdir(), 'jarvis-transcript-http-'));
  });
  afterEach(async () => {
    await server.close();
    rmSync(project, { recursive: true, force: true });
  });

  it('stops after the first action block and writes no key, though the prompt quotes it', async () => {
    const config: ModelConfig = { platform: wire.platform, model: 'm', base_url: wire.base(server), api_key_env: ENV_NAME, max_retries: 0 };
    const env = { [ENV_NAME]: KEY };
    const { run, writer } = startRun({ projectDir: project, command: 'test', argv: [], secretEnvNames: apiKeyEnvNames({ g: { normal: config } }), env });
    const inner: Platform = wire.create({ config, baseDir: project, env, warn: () => undefined }, { retry: { maxRetries: 0 } });
    const platform = recordTranscript(inner, writer);

    const text = 'Checking.\n<TOOL_CALL>\nname: ls\n</TOOL_CALL>\n<stdout>made up</stdout> and more text';
    server.enqueue(reply(text, { chunks: text.match(/[\s\S]{1,6}/g) as string[] }));
    const reader = new ReplyReader({ tags: ACTION_TAGS, stopAfter: new Set(['TOOL_CALL']) });
    const res = await platform.chat({ messages: [{ role: 'user', content: `list files (key ${KEY})` }], onDelta: (d) => reader.push(d) });
    expect(res.finishReason).toBe('early_stop');
    expect(res.text).not.toContain('made up');
    expect(reader.finish(res.text).blocks[0]?.body).toBe('\nname: ls\n');

    server.enqueue(httpError(400, { message: `bad request from key ${KEY}` }));
    await expect(platform.chat({ messages: [{ role: 'user', content: 'again' }] })).rejects.toThrow(/HTTP 400/);
    finishRun(run, { status: 'failed' });

    // the key really was on the wire (authorization or x-api-key, as the SDK sends it)
    expect(Object.values(server.requests[0]?.headers ?? {}).some((v) => v.includes(KEY))).toBe(true);
    const { records } = readRecords(join(run.dir, 'transcript.jsonl'));
    expect(records.map((r) => r.type)).toEqual(['request', 'reply', 'request', 'error']);
    expect(records[1]).toMatchObject({ finish_reason: 'early_stop' });
    expect(filesContaining(project, KEY)).toEqual([]);
  });
});
