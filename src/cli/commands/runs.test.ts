import { execFile } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { createRedactor, createRun, finishRun, type Run, TranscriptWriter } from '../../runs/index.js';
import { packageRoot } from '../../util/index.js';

const run = promisify(execFile);
const bin = join(packageRoot, 'bin', 'jarvis.js');

async function jarvis(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await run(process.execPath, [bin, ...args], { env: { ...process.env, NO_COLOR: '1', JARVIS_FROM_SOURCE: '1' } });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, stdout: x.stdout, stderr: x.stderr };
  }
}

let project: string;
let first: Run;
let second: Run;

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'jarvis-runs-cli-'));
  const redact = createRedactor({ env: {} });
  first = createRun({ projectDir: project, command: 'jca', argv: ['--task', 'fix build'], now: new Date('2026-11-20T09:00:00Z') });
  const w = new TranscriptWriter({ dir: first.dir, runId: first.runId, redact });
  w.write({ type: 'request', call: 1, platform: 'scripted', model: 'm', messages: [{ role: 'system', content: 'sys' }, { role: 'user', content: 'Please fix the build\nof libfoo' }] });
  w.write({ type: 'reply', call: 1, platform: 'scripted', model: 'm', text: 'Reading.\n<TOOL_CALL>\nname: read\n</TOOL_CALL>', finish_reason: 'early_stop', usage: { inputTokens: 1200, outputTokens: 34, estimated: false }, cost: 0.0042, latency_ms: 812, attempts: 1 });
  w.write({ type: 'request', call: 2, platform: 'scripted', model: 'm', messages: [] });
  w.write({ type: 'error', call: 2, platform: 'scripted', model: 'm', code: 'llm_http', message: 'HTTP 503 from provider', latency_ms: 20 });
  w.write({ type: 'tool_call', name: 'read_file', arguments: { path: 'a.c' } });
  finishRun(first, { status: 'failed', error: 'model unavailable', now: new Date('2026-11-20T09:00:05Z') });
  second = createRun({ projectDir: project, command: 'jarvis -T', argv: [], now: new Date('2026-11-21T09:00:00Z') });
  appendFileSync(join(second.dir, 'transcript.jsonl'), '{"type":"request","call":1,"messages":[]}\n{"type":"rep');
});

afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('jarvis runs', () => {
  it('lists runs newest first with status, calls, tokens and cost', async () => {
    const r = await jarvis(['runs', 'list', '-p', project]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^RUN\s+STARTED \(UTC\)\s+COMMAND\s+STATUS\s+CALLS\s+TOKENS\s+COST$/);
    expect(lines[2]).toContain(second.runId);
    expect(lines[3]).toMatch(new RegExp(`^${first.runId}\\s+2026-11-20 09:00:00\\s+jca\\s+failed\\s+2\\s+1234\\s+\\$0\\.0042$`));
  });

  it('prints JSON for scripts', async () => {
    const r = await jarvis(['runs', 'list', '--json', '-p', project]);
    const runs = JSON.parse(r.stdout) as { run_id: string; totals: { calls: number } }[];
    expect(runs.map((x) => [x.run_id, x.totals.calls])).toEqual([
      [second.runId, 1],
      [first.runId, 2],
    ]);
  });

  it('shows a run: summary, abbreviated requests, full replies, errors and other records', async () => {
    const r = await jarvis(['runs', 'show', first.runId.slice(0, 12), '-p', project]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${first.runId}  failed`);
    expect(r.stdout).toContain('command   jca --task fix build');
    expect(r.stdout).toContain('calls     2 (1 failed), tokens 1200 in / 34 out, cost $0.0042');
    expect(r.stdout).toContain('error     model unavailable');
    expect(r.stdout).toMatch(/#1 request .* scripted\/m: 2 messages, 33 chars\n {2}last user: Please fix the build of libfoo/);
    expect(r.stdout).toMatch(/#1 reply .* 1200 in \/ 34 out, \$0\.0042, 812 ms, early_stop\n {2}Reading\.\n {2}<TOOL_CALL>\n {2}name: read\n {2}<\/TOOL_CALL>/);
    expect(r.stdout).toMatch(/#2 error .* llm_http: HTTP 503 from provider \(20 ms\)/);
    expect(r.stdout).toMatch(/tool_call .* \{"name":"read_file","arguments":\{"path":"a\.c"\}\}/);
  });

  it('shows a run whose transcript ends in a torn line, and the newest run as "last"', async () => {
    const r = await jarvis(['runs', 'show', 'last', '--json', '-p', project]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { run: { run_id: string }; records: unknown[]; skipped_lines: number };
    expect(out.run.run_id).toBe(second.runId);
    expect(out.records).toHaveLength(1);
    expect(out.skipped_lines).toBe(1);
  });

  it('explains in one line how to see the runs when RUN is unknown', async () => {
    const r = await jarvis(['runs', 'show', 'nope', '-p', project]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`error: no run "nope" in ${join(project, '.jarvis', 'runs')}\nhint: list the runs with: jarvis runs list -p ${project}\n`);
    expect(r.stdout).toBe('');
  });

  it('rejects a project directory that does not exist (exit 2) and says when there are no runs', async () => {
    const missing = await jarvis(['runs', 'list', '-p', join(project, 'nope')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^error: project directory .*nope does not exist\n/);
    const empty = await jarvis(['runs', 'list', '-p', join(project, '.jarvis')]);
    expect(empty).toMatchObject({ code: 0, stdout: `no runs in ${join(project, '.jarvis', '.jarvis', 'runs')}\n` });
  });
});
