import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { JarvisError, writeFileAtomicSync } from '../util/index.js';
import { createRedactor, type Redactor, type RedactorOptions } from './redact.js';
import { TRANSCRIPT_FILE, TranscriptWriter } from './transcript.js';

/** `.jarvis/runs/<run-id>/run.json` and the summaries `jarvis runs` shows (docs/transcripts.md). */

export const RUN_FILE = 'run.json';

export type RunStatus = 'running' | 'ok' | 'failed' | 'interrupted' | 'unknown';

export interface RunTotals {
  calls: number;
  errors: number;
  input_tokens: number;
  output_tokens: number;
  cost: number;
}

export interface RunInfo {
  run_id: string;
  command: string;
  argv: string[];
  cwd: string;
  started_at: string;
  status: RunStatus;
  pid: number;
  host: string;
  ended_at?: string;
  duration_ms?: number;
  error?: string;
  totals?: RunTotals;
}

export interface Run {
  runId: string;
  dir: string;
  info: RunInfo;
  /** applied to everything written to run.json */
  redact?: Redactor;
}

export function runsDir(projectDir: string): string {
  return join(projectDir, '.jarvis', 'runs');
}

/** `20261121-235959-ab12`: UTC time, so names sort by start, plus a random suffix. */
export function newRunId(now: Date = new Date()): string {
  const t = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${t}-${randomBytes(2).toString('hex')}`;
}

export interface CreateRunOptions {
  projectDir: string;
  /** e.g. `jarvis -T`, `jca`; shown by `jarvis runs list` */
  command: string;
  argv?: readonly string[];
  /** scrubs run.json (a key passed on the command line, an error message quoting one) */
  redact?: Redactor;
  now?: Date;
}

/** Creates `.jarvis/runs/<run-id>/` and its run.json (status `running`). */
export function createRun(options: CreateRunOptions): Run {
  const root = runsDir(resolve(options.projectDir));
  mkdirSync(root, { recursive: true });
  for (let attempt = 0; ; attempt++) {
    const runId = newRunId(options.now);
    const dir = join(root, runId);
    try {
      mkdirSync(dir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST' && attempt < 20) continue;
      throw new JarvisError('io', `cannot create the run directory ${dir}: ${(e as Error).message}`, { cause: e });
    }
    const argv = [...(options.argv ?? process.argv.slice(2))];
    const info: RunInfo = {
      run_id: runId,
      command: options.command,
      argv,
      cwd: process.cwd(),
      started_at: (options.now ?? new Date()).toISOString(),
      status: 'running',
      pid: process.pid,
      host: hostname(),
    };
    const run: Run = { runId, dir, info, redact: options.redact };
    writeInfo(run);
    return run;
  }
}

/**
 * Creates a run and its transcript writer with one redactor for both: what a command needs
 * before wrapping its platform with `recordTranscript(platform, writer)`.
 */
export function startRun(
  options: Omit<CreateRunOptions, 'redact'> & RedactorOptions,
): { run: Run; writer: TranscriptWriter; redact: Redactor } {
  const redact = createRedactor({ secretEnvNames: options.secretEnvNames, env: options.env });
  const run = createRun({ ...options, redact });
  return { run, writer: new TranscriptWriter({ dir: run.dir, runId: run.runId, redact }), redact };
}

/** Records how the run ended, its duration and its totals from the transcript. */
export function finishRun(run: Run, end: { status: 'ok' | 'failed' | 'interrupted'; error?: string; now?: Date }): RunInfo {
  const endedAt = end.now ?? new Date();
  const info: RunInfo = {
    ...run.info,
    status: end.status,
    ended_at: endedAt.toISOString(),
    duration_ms: endedAt.getTime() - Date.parse(run.info.started_at),
    totals: totalsOf(readRecords(join(run.dir, TRANSCRIPT_FILE)).records),
  };
  if (end.error !== undefined) info.error = end.error;
  run.info = info;
  return writeInfo(run);
}

function writeInfo(run: Run): RunInfo {
  const info = run.redact ? run.redact(run.info) : run.info;
  writeFileAtomicSync(join(run.dir, RUN_FILE), `${JSON.stringify(info, null, 2)}\n`);
  run.info = info;
  return info;
}

export type TranscriptRecord = { type: string; ts?: string; call?: number } & Record<string, unknown>;

/** Reads a JSONL file, skipping lines that do not parse (a torn last line, a damaged one). */
export function readRecords(path: string): { records: TranscriptRecord[]; skipped: number } {
  if (!existsSync(path)) return { records: [], skipped: 0 };
  const records: TranscriptRecord[] = [];
  let skipped = 0;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const r: unknown = JSON.parse(line);
      if (r && typeof r === 'object' && typeof (r as { type?: unknown }).type === 'string') records.push(r as TranscriptRecord);
      else skipped++;
    } catch {
      skipped++;
    }
  }
  return { records, skipped };
}

export function totalsOf(records: readonly TranscriptRecord[]): RunTotals {
  const t: RunTotals = { calls: 0, errors: 0, input_tokens: 0, output_tokens: 0, cost: 0 };
  for (const r of records) {
    if (r.type === 'request') t.calls++;
    else if (r.type === 'error') t.errors++;
    else if (r.type === 'reply') {
      const u = r.usage as { inputTokens?: unknown; outputTokens?: unknown } | undefined;
      t.input_tokens += typeof u?.inputTokens === 'number' ? u.inputTokens : 0;
      t.output_tokens += typeof u?.outputTokens === 'number' ? u.outputTokens : 0;
      t.cost += typeof r.cost === 'number' ? r.cost : 0;
    }
  }
  return t;
}

export interface RunSummary extends RunInfo {
  dir: string;
  totals: RunTotals;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readInfo(dir: string, runId: string): RunInfo {
  try {
    const info = JSON.parse(readFileSync(join(dir, RUN_FILE), 'utf8')) as RunInfo;
    if (info && typeof info === 'object' && typeof info.started_at === 'string') return { ...info, run_id: runId };
  } catch {
    // missing or damaged run.json: the transcript still tells most of the story
  }
  const { records } = readRecords(join(dir, TRANSCRIPT_FILE));
  const ts = records[0]?.ts;
  return { run_id: runId, command: '?', argv: [], cwd: '', started_at: typeof ts === 'string' ? ts : '', status: 'unknown', pid: 0, host: '' };
}

export function summarizeRun(projectDir: string, runId: string): RunSummary {
  const dir = join(runsDir(projectDir), runId);
  const info = readInfo(dir, runId);
  // a run that never wrote its end and whose process is gone was killed
  if (info.status === 'running' && info.host === hostname() && !isAlive(info.pid)) info.status = 'interrupted';
  const totals = info.totals ?? totalsOf(readRecords(join(dir, TRANSCRIPT_FILE)).records);
  return { ...info, dir, totals };
}

/** The project's runs, newest first. */
export function listRuns(projectDir: string): RunSummary[] {
  const root = runsDir(projectDir);
  if (!existsSync(root)) return [];
  const ids = readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  return ids
    .map((id) => summarizeRun(projectDir, id))
    .sort((a, b) => b.started_at.localeCompare(a.started_at) || b.run_id.localeCompare(a.run_id));
}

/** Finds a run by id, unique id prefix, or `last`. */
export function resolveRunId(projectDir: string, ref: string): string {
  const root = runsDir(projectDir);
  const ids = existsSync(root)
    ? readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
    : [];
  const hint = `list the runs with: jarvis runs list -p ${projectDir}`;
  if (ref === 'last' || ref === 'latest') {
    const newest = listRuns(projectDir)[0];
    if (!newest) throw new JarvisError('not_found', `no runs in ${root}`, { hint });
    return newest.run_id;
  }
  if (ids.includes(ref)) return ref;
  const matches = ids.filter((id) => id.startsWith(ref));
  if (matches.length === 1) return matches[0] as string;
  if (matches.length > 1) {
    throw new JarvisError('usage', `run "${ref}" is ambiguous: ${matches.slice(0, 5).join(', ')}${matches.length > 5 ? ', …' : ''}`, { hint });
  }
  throw new JarvisError('not_found', `no run "${ref}" in ${root}`, { hint });
}

/** The nearest directory at or above `cwd` that has `.jarvis/runs`; `cwd` when none has. */
export function findProjectDir(cwd: string): string {
  let dir = resolve(cwd);
  for (;;) {
    if (existsSync(runsDir(dir))) return dir;
    const up = dirname(dir);
    if (up === dir) return resolve(cwd);
    dir = up;
  }
}
