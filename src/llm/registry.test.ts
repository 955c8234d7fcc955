import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JarvisError } from '../util/index.js';
import { createPlatform, listUserPlatforms } from './registry.js';

const ECHO = `
export default function createEcho(ctx) {
  return {
    name: 'echo',
    model: ctx.config.model ?? 'echo-1',
    async chat(req) {
      const text = 'echo: ' + req.messages.at(-1).content;
      return { text, finishReason: 'stop', usage: { inputTokens: 1, outputTokens: 1, estimated: true },
               cost: 0, latencyMs: 0, attempts: 1, model: 'echo-1' };
    },
  };
}
`;

describe('platform registry', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'jarvis-data-'));
    mkdirSync(join(dataDir, 'platforms'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loads a user platform from <dataDir>/platforms/<name>.mjs', async () => {
    writeFileSync(join(dataDir, 'platforms', 'echo.mjs'), ECHO);
    const p = await createPlatform({ platform: 'echo', model: 'echo-2' }, { baseDir: dataDir, dataDir, env: {} });
    expect(p.model).toBe('echo-2');
    expect((await p.chat({ messages: [{ role: 'user', content: 'ping' }] })).text).toBe('echo: ping');
  });

  it('accepts a named createPlatform export', async () => {
    writeFileSync(join(dataDir, 'platforms', 'named.mjs'), ECHO.replace('export default function createEcho', 'export function createPlatform'));
    const p = await createPlatform({ platform: 'named' }, { baseDir: dataDir, dataDir, env: {} });
    expect(p.name).toBe('echo');
  });

  it('reports a broken module with its file name', async () => {
    writeFileSync(join(dataDir, 'platforms', 'broken.mjs'), 'export default function (ctx) { return {;\n');
    const err = await createPlatform({ platform: 'broken' }, { baseDir: dataDir, dataDir, env: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(JarvisError);
    expect((err as JarvisError).message).toContain(`user platform ${join(dataDir, 'platforms', 'broken.mjs')} failed to load`);
  });

  it('reports a module without a factory', async () => {
    writeFileSync(join(dataDir, 'platforms', 'empty.mjs'), 'export const x = 1;\n');
    await expect(createPlatform({ platform: 'empty' }, { baseDir: dataDir, dataDir, env: {} })).rejects.toThrow(/exports no factory/);
  });

  it('lists the known platforms, built-in and user, for an unknown name', async () => {
    writeFileSync(join(dataDir, 'platforms', 'echo.mjs'), ECHO);
    const err = await createPlatform({ platform: 'gpt-magic' }, { baseDir: dataDir, dataDir, env: {} }).catch((e: unknown) => e);
    expect((err as JarvisError).code).toBe('config');
    expect((err as JarvisError).message).toBe(
      'unknown platform "gpt-magic"; known platforms: openai-compatible, anthropic, scripted, replay, echo',
    );
    expect(listUserPlatforms(dataDir)).toEqual(['echo']);
  });

  it('does not resolve inherited property names as platforms', async () => {
    await expect(createPlatform({ platform: 'constructor' }, { baseDir: dataDir, dataDir, env: {} })).rejects.toThrow(/unknown platform/);
  });

  it('creates built-in platforms, loading the HTTP SDKs on demand', async () => {
    writeFileSync(join(dataDir, 'r.yaml'), 'replies: [hi]\n');
    const scripted = await createPlatform({ platform: 'scripted', script: 'r.yaml' }, { baseDir: dataDir, dataDir, env: {} });
    expect((await scripted.chat({ messages: [{ role: 'user', content: 'x' }] })).text).toBe('hi');
    const http = await createPlatform(
      { platform: 'openai-compatible', model: 'llama', base_url: 'http://127.0.0.1:9/v1' },
      { baseDir: dataDir, dataDir, env: {} },
    );
    expect(http).toMatchObject({ name: 'openai-compatible', model: 'llama' });
  });
});
