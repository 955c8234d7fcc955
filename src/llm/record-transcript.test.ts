import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { filesContaining, listFiles } from '../../test/support/secret-scan.js';
import { JarvisError, readJsonl } from '../util/index.js';
import type { ChatRequest, ChatResult, Platform } from './platform.js';
import { apiKeyEnvNames, createRedactor, redactText, secretValues, createRun, finishRun, startRun, TranscriptWriter } from '../runs/index.js';
import { recordTranscript } from './record-transcript.js';

const KEY = 'sk-live-7f3a9c2e1b8d4f6a0c5e';
const ENV = { JTEST_PROVIDER_KEY: KEY, HOME: '/home/u' };

function tempProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'jarvis-transcript-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A platform that leaks the key everywhere it can: reply text, error messages, hints. */
function leakyPlatform(): Platform {
  let n = 0;
  return {
    name: 'fake',
    model: 'fake-1',
    async chat(req: ChatRequest): Promise<ChatResult> {
      n++;
      if (n === 2) {
        throw new JarvisError('llm_auth', `401 from https://api.example/v1 with Authorization: Bearer ${KEY}`, {
          hint: `check ${KEY} in JTEST_PROVIDER_KEY`,
        });
      }
      if (n === 3) throw new Error(`socket hang up (x-api-key=${KEY})`);
      req.onDelta?.('streamed ');
      return {
        text: `echo: your key is ${KEY}; headers {"authorization":"Bearer ${KEY}"}`,
        finishReason: 'stop',
        usage: { inputTokens: 120, outputTokens: 30, estimated: false },
        cost: 0.0021,
        latencyMs: 42,
        attempts: 2,
        model: 'fake-1-0611',
      };
    },
  };
}


describe('redactor', () => {
  it('replaces secret env values deep in strings and the values of secret-named keys', () => {
    const redact = createRedactor({ secretEnvNames: ['JTEST_PROVIDER_KEY'], env: ENV });
    const out = redact({
      messages: [{ role: 'user', content: `use ${KEY} twice: ${KEY}` }],
      headers: { Authorization: 'Bearer abc', 'X-Api-Key': 'k', api_key: 'zzz', accept: 'json' },
      api_key_env: 'JTEST_PROVIDER_KEY',
      n: 3,
      ok: true,
      nothing: null,
    });
    expect(out).toEqual({
      messages: [{ role: 'user', content: 'use *** twice: ***' }],
      headers: { Authorization: '***', 'X-Api-Key': '***', api_key: '***', accept: 'json' },
      api_key_env: 'JTEST_PROVIDER_KEY',
      n: 3,
      ok: true,
      nothing: null,
    });
  });

  it('catches secret-shaped text and env vars that merely look like keys', () => {
    expect(redactText('curl -H "Authorization: Bearer abc.def" x', [])).toBe('curl -H "Authorization: Bearer ***" x');
    expect(redactText('key sk-ant-api03-abcdefghijklmnopqrstu end', [])).toBe('key sk-*** end');
    expect(secretValues({ env: { OTHER_API_KEY: 'value-123456', MAX_TOKENS: '4096', SHORT_TOKEN: 'abc' } })).toEqual([
      'value-123456',
    ]);
    expect(redactText('plain prose stays as it is', ['value-123456'])).toBe('plain prose stays as it is');
  });
});

describe('transcripts', () => {
  it('never writes the API key, whatever the platform echoes (greps every file of the run)', async () => {
    const project = tempProject();
    const groups = {
      default: { normal: { platform: 'openai-compatible', api_key_env: 'JTEST_PROVIDER_KEY' } },
      local: { normal: { platform: 'scripted' } },
    };
    expect(apiKeyEnvNames(groups)).toEqual(['JTEST_PROVIDER_KEY']);
    const { run, writer } = startRun({
      projectDir: project,
      command: 'jarvis -T',
      argv: ['-T', `fix it with ${KEY}`],
      secretEnvNames: apiKeyEnvNames(groups),
      env: ENV,
    });
    const platform = recordTranscript(leakyPlatform(), writer);
    const deltas: string[] = [];
    const messages = [
      { role: 'system' as const, content: 'You are Jarvis.' },
      { role: 'user' as const, content: `my key is ${KEY}` },
    ];
    const first = await platform.chat({ messages, onDelta: (d) => void deltas.push(d), maxTokens: 100 });
    await expect(platform.chat({ messages })).rejects.toThrow(/401/);
    await expect(platform.chat({ messages })).rejects.toThrow(/socket hang up/);
    writer.write({ type: 'tool_result', call: 1, name: 'env', output: `JTEST_PROVIDER_KEY=${KEY}`, authorization: KEY });
    finishRun(run, { status: 'failed', error: `gave up: ${KEY}` });

    // the caller still gets the real reply; only what is written is scrubbed
    expect(first.text).toContain(KEY);
    expect(deltas).toEqual(['streamed ']);
    expect(listFiles(run.dir).sort()).toEqual(['run.json', 'transcript.jsonl']);
    expect(filesContaining(project, KEY)).toEqual([]);
    expect(filesContaining(project, '***')).toEqual(['.jarvis/runs/' + run.runId + '/run.json', `.jarvis/runs/${run.runId}/transcript.jsonl`]);
  });

  it('records request, reply and error with usage, cost, latency and attempts, in call order', async () => {
    const project = tempProject();
    const redact = createRedactor({ env: {} });
    const run = createRun({ projectDir: project, command: 'jca', argv: [] });
    let clock = Date.parse('2026-11-21T10:00:00Z');
    const writer = new TranscriptWriter({ dir: run.dir, runId: run.runId, redact, now: () => new Date((clock += 1000)) });
    const platform = recordTranscript(leakyPlatform(), writer);
    expect([platform.name, platform.model]).toEqual(['fake', 'fake-1']);
    await platform.chat({ messages: [{ role: 'user', content: 'hi' }], temperature: 0.2 });
    await platform.chat({ messages: [{ role: 'user', content: 'again' }] }).catch(() => undefined);

    const records = readJsonl<Record<string, unknown>>(join(run.dir, 'transcript.jsonl'));
    expect(records.map((r) => [r.type, r.call])).toEqual([
      ['request', 1],
      ['reply', 1],
      ['request', 2],
      ['error', 2],
    ]);
    expect(records[0]).toEqual({
      type: 'request',
      ts: '2026-11-21T10:00:01.000Z',
      run_id: run.runId,
      call: 1,
      platform: 'fake',
      model: 'fake-1',
      conv: 1,
      messages: [{ role: 'user', content: 'hi' }],
      temperature: 0.2,
    });
    expect(records[1]).toMatchObject({
      model: 'fake-1-0611',
      finish_reason: 'stop',
      usage: { inputTokens: 120, outputTokens: 30, estimated: false },
      cost: 0.0021,
      latency_ms: 42,
      attempts: 2,
    });
    expect(records[3]).toMatchObject({ code: 'llm_auth', hint: expect.stringContaining('JTEST_PROVIDER_KEY') });
    expect(typeof records[3]?.latency_ms).toBe('number');

    const info = finishRun(run, { status: 'ok', now: new Date(Date.parse(run.info.started_at) + 2500) });
    expect(info).toMatchObject({ status: 'ok', duration_ms: 2500, totals: { calls: 2, errors: 1, input_tokens: 120, output_tokens: 30, cost: 0.0021 } });
    expect(JSON.parse(readFileSync(join(run.dir, 'run.json'), 'utf8'))).toEqual(info);
  });

  it('says which transcript it could not write', () => {
    const project = tempProject();
    const writer = new TranscriptWriter({ dir: join(project, 'f', 'x'), runId: 'r', redact: createRedactor({ env: {} }) });
    // a regular file where the run directory should be
    writer.write({ type: 'note' });
    const blocked = new TranscriptWriter({ dir: join(project, 'f', 'x', 'transcript.jsonl'), runId: 'r', redact: createRedactor({ env: {} }) });
    expect(() => blocked.write({ type: 'note' })).toThrow(JarvisError);
    expect(() => blocked.write({ type: 'note' })).toThrow(/cannot write the transcript .*transcript\.jsonl/);
  });
});
