import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTree } from '../../test/support/temp-tree.js';
import { JarvisError } from '../util/index.js';
import { createRedactor } from './redact.js';
import { createRun, findProjectDir, finishRun, listRuns, newRunId, resolveRunId, summarizeRun } from './runs.js';
import { TranscriptWriter } from './transcript.js';

const tempProject = (): string => tempTree();

const at = (iso: string) => new Date(iso);

describe('runs', () => {
  it('names runs by UTC start time plus a random suffix, so names sort by time', () => {
    const id = newRunId(at('2026-11-21T23:59:59.123Z'));
    expect(id).toMatch(/^20261121-235959-[0-9a-f]{4}$/);
    expect(newRunId(at('2026-11-22T00:00:00Z')) > id).toBe(true);
  });

  it('writes run.json at start (redacted argv) and updates it at the end', () => {
    const project = tempProject();
    const redact = createRedactor({ secretEnvNames: ['RUNS_TEST_KEY'], env: { RUNS_TEST_KEY: 'k-very-secret-1' } });
    const run = createRun({ projectDir: project, command: 'jarvis -T', argv: ['--key', 'k-very-secret-1'], redact, now: at('2026-11-21T08:00:00Z') });
    expect(run.dir).toBe(join(project, '.jarvis', 'runs', run.runId));
    const start = JSON.parse(readFileSync(join(run.dir, 'run.json'), 'utf8'));
    expect(start).toMatchObject({ run_id: run.runId, command: 'jarvis -T', argv: ['--key', '***'], status: 'running', pid: process.pid, started_at: '2026-11-21T08:00:00.000Z', cwd: process.cwd() });
    finishRun(run, { status: 'ok', now: at('2026-11-21T08:01:30Z') });
    expect(JSON.parse(readFileSync(join(run.dir, 'run.json'), 'utf8'))).toMatchObject({
      status: 'ok',
      ended_at: '2026-11-21T08:01:30.000Z',
      duration_ms: 90_000,
      totals: { calls: 0, errors: 0, input_tokens: 0, output_tokens: 0, cost: 0 },
    });
  });

  it('never reuses a run directory when two runs start in the same second', () => {
    const project = tempProject();
    const ids = new Set(Array.from({ length: 30 }, () => createRun({ projectDir: project, command: 'x', argv: [], now: at('2026-01-01T00:00:00Z') }).runId));
    expect(ids.size).toBe(30);
  });

  it('lists newest first with totals, marks dead unfinished runs interrupted, survives torn and damaged files', () => {
    const project = tempProject();
    const redact = createRedactor({ env: {} });
    const old = createRun({ projectDir: project, command: 'jca', argv: [], now: at('2026-11-20T10:00:00Z') });
    const w = new TranscriptWriter({ dir: old.dir, runId: old.runId, redact });
    w.write({ type: 'request', call: 1, platform: 'p', model: 'm', messages: [] });
    w.write({ type: 'reply', call: 1, platform: 'p', model: 'm', text: 'ok', usage: { inputTokens: 10, outputTokens: 5, estimated: false }, cost: 0.5 });
    appendFileSync(join(old.dir, 'transcript.jsonl'), '{"type":"reply","usage":{"inputTok'); // killed mid-write
    finishRun(old, { status: 'failed', now: at('2026-11-20T10:05:00Z') });

    const dead = spawnSync(process.execPath, ['-e', '0']).pid as number;
    const crashed = createRun({ projectDir: project, command: 'jarvis', argv: [], now: at('2026-11-21T10:00:00Z') });
    writeFileSync(join(crashed.dir, 'run.json'), JSON.stringify({ ...crashed.info, pid: dead }));
    const live = createRun({ projectDir: project, command: 'jsec agent', argv: [], now: at('2026-11-22T10:00:00Z') });
    // a run directory whose run.json was lost still shows, dated by its transcript
    const bare = join(project, '.jarvis', 'runs', '20261119-000000-beef');
    mkdirSync(bare);
    writeFileSync(join(bare, 'run.json'), '{"run_id": "20261119');
    writeFileSync(join(bare, 'transcript.jsonl'), 'not json\n{"type":"request","ts":"2026-11-19T00:00:01.000Z"}\n');

    const runs = listRuns(project);
    expect(runs.map((r) => [r.run_id, r.status])).toEqual([
      [live.runId, 'running'],
      [crashed.runId, 'interrupted'],
      [old.runId, 'failed'],
      ['20261119-000000-beef', 'unknown'],
    ]);
    expect(runs[2]?.totals).toEqual({ calls: 1, errors: 0, input_tokens: 10, output_tokens: 5, cost: 0.5 });
    expect(runs[3]).toMatchObject({ started_at: '2026-11-19T00:00:01.000Z', totals: { calls: 1 } });
    expect(summarizeRun(project, old.runId).command).toBe('jca');
  });

  it('finds a run by id, unique prefix or "last", and says how to list runs otherwise', () => {
    const project = tempProject();
    const a = createRun({ projectDir: project, command: 'a', argv: [], now: at('2026-11-20T10:00:00Z') });
    const b = createRun({ projectDir: project, command: 'b', argv: [], now: at('2026-11-21T10:00:00Z') });
    expect(resolveRunId(project, a.runId)).toBe(a.runId);
    expect(resolveRunId(project, '20261121')).toBe(b.runId);
    expect(resolveRunId(project, 'last')).toBe(b.runId);
    const miss = (() => {
      try {
        resolveRunId(project, 'nope');
      } catch (e) {
        return e;
      }
    })();
    expect(miss).toBeInstanceOf(JarvisError);
    expect(miss).toMatchObject({ code: 'not_found', hint: expect.stringContaining('jarvis runs list') });
    expect(() => resolveRunId(project, '2026112')).toThrow(/ambiguous/);
    expect(() => resolveRunId(tempProject(), 'last')).toThrow(/no runs/);
  });

  it('finds the project directory from a subdirectory', () => {
    const project = tempProject();
    createRun({ projectDir: project, command: 'x', argv: [] });
    const sub = join(project, 'src', 'deep');
    mkdirSync(sub, { recursive: true });
    expect(findProjectDir(sub)).toBe(project);
    const other = tempProject();
    expect(findProjectDir(other)).toBe(other);
  });
});
