import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJsonl } from '../../src/util/files.js';
import { hang, reply, startLlmServer, type LlmServer } from '../support/llm-server.js';
import { tempTree } from '../support/temp-tree.js';
import { CLUSTER_REPLIES, fixtureRepo, VERIFY_REPLIES } from './fixture.js';

/** `jsec agent` as a real child process against a loopback OpenAI-compatible server. */

const BIN = resolve(import.meta.dirname, '../../bin/jsec.js');
let server: LlmServer;

beforeAll(async () => {
  server = await startLlmServer();
});
afterAll(async () => {
  await server.close();
});

function setup(): Record<string, string> {
  const dir = tempTree({
    'config.yaml': [
      'llm_groups:',
      '  test:',
      '    normal:',
      '      platform: openai-compatible',
      `      base_url: ${server.openaiBaseUrl}`,
      '      model: loop-model',
      '      api_key_env: SEC_LOOP_KEY',
      '      max_retries: 0',
      '',
    ].join('\n'),
  });
  mkdirSync(join(dir, 'home'));
  server.requests.length = 0;
  if (server.pending() > 0) throw new Error(`llm-server: ${server.pending()} steps left over`);
  return { PATH: process.env.PATH ?? '', HOME: join(dir, 'home'), JARVIS_CONFIG: join(dir, 'config.yaml'), SEC_LOOP_KEY: 'sk-loop', NO_COLOR: '1', JARVIS_FROM_SOURCE: '1' };
}

function jsec(args: string[], env: Record<string, string>, cwd: string) {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((res) =>
    child.on('close', (code, signal) => res({ code, signal, stdout, stderr })),
  );
  return { child, done };
}

async function until(cond: () => boolean, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const sec = (root: string, name: string) => join(root, '.jarvis/sec', name);
const text = (root: string, name: string) => readFileSync(sec(root, name), 'utf8');

describe('jsec agent CLI', () => {
  it('killed with SIGKILL during verification, --resume gives the uninterrupted report and no duplicate lines', async () => {
    const env = setup();
    const reference = fixtureRepo();
    server.enqueue(...[...CLUSTER_REPLIES, ...VERIFY_REPLIES].map((t) => reply(t)));
    const full = await jsec(['agent', '-p', reference, '-g', 'test', '-o', join(reference, 'out.md')], env, reference).done;
    expect(full.stderr).not.toMatch(/error/i);
    expect(full.code).toBe(0);
    expect(full.stdout).toMatch(/^2 confirmed, 3 rejected, 0 not verified \(of 5 candidates from the scan\)$/m);
    expect(readFileSync(join(reference, 'out.md'), 'utf8')).toBe(text(reference, 'report.md'));

    server.requests.length = 0;
    const root = fixtureRepo();
    // Two verifications answered, the third never: the process is killed while it waits.
    server.enqueue(...[...CLUSTER_REPLIES, ...VERIFY_REPLIES.slice(0, 2)].map((t) => reply(t)), hang());
    const killed = jsec(['agent', '-p', root, '-g', 'test'], env, root);
    await until(() => server.requests.length === CLUSTER_REPLIES.length + 3, 'the third verification request');
    killed.child.kill('SIGKILL');
    expect((await killed.done).signal).toBe('SIGKILL');
    expect(readJsonl(sec(root, 'agent_issues.jsonl'))).toHaveLength(2);
    const committed = readJsonl<{ event: string; status?: string }>(sec(root, 'progress.jsonl')).filter((e) => e.event === 'task_status' && e.status === 'done');
    expect(committed).toHaveLength(2);

    server.enqueue(...VERIFY_REPLIES.slice(2).map((t) => reply(t)));
    const resumed = await jsec(['agent', '-p', root, '-g', 'test', '--resume'], env, root).done;
    expect(resumed.code).toBe(0);
    expect(server.pending()).toBe(0);

    const norm = (t: string, dir: string) => t.split(dir).join('<root>');
    expect(norm(text(root, 'report.md'), root)).toBe(norm(text(reference, 'report.md'), reference));
    expect(norm(text(root, 'report.sarif'), root)).toBe(norm(text(reference, 'report.sarif'), reference));
    for (const name of ['cluster_report.jsonl', 'agent_issues.jsonl']) {
      const lines = text(root, name).trim().split('\n');
      expect(new Set(lines).size).toBe(lines.length);
      expect(text(root, name)).toBe(text(reference, name));
    }
    // Three CLI runs (each starts node and the TypeScript loader) on a loaded machine.
  }, 120_000);

  it('without a model writes the scan fallback report and says so', async () => {
    const root = fixtureRepo();
    const home = tempTree();
    writeFileSync(join(home, 'empty.yaml'), 'llm_groups: {}\n');
    const r = await jsec(['agent', '-p', root], { PATH: process.env.PATH ?? '', HOME: home, JARVIS_CONFIG: join(home, 'empty.yaml'), NO_COLOR: '1' }, root).done;
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/report falls back to the scan's findings: no model is configured/);
    expect(r.stdout).toMatch(/0 confirmed, 0 rejected, 5 not verified/);
  });

  it.each([
    [['agent'], /jsec agent needs the directory to analyse/],
    [['agent', '-p', '.', '-c', '0'], /--cluster-limit must be an integer from 1/],
    [['agent', '-p', '.', '-o', 'r.html'], /the report format comes from the extension/],
  ])('refuses bad arguments %j in one line', async (args, message) => {
    const root = tempTree();
    const r = await jsec(args, { PATH: process.env.PATH ?? '', HOME: root, NO_COLOR: '1' }, root).done;
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/at .*\.ts:\d+/);
  });
});
