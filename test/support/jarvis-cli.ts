import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tempTree } from './temp-tree.js';

/** Runs the real `bin/jarvis.js` (or another launcher) from source as a child process with a private home. */

export const JARVIS_BIN = resolve(import.meta.dirname, '../../bin/jarvis.js');

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliProcess {
  child: ChildProcess;
  /** resolves when the process has exited */
  done: Promise<CliResult>;
  /** stderr so far (prompts and progress go there) */
  stderr(): string;
}

export interface CliOptions {
  cwd: string;
  /** HOME and JARVIS_DATA_DIR live here */
  home: string;
  env?: Record<string, string>;
  /** written to stdin, which is then closed; without it stdin stays an open, silent pipe */
  stdin?: string;
}

export function startJarvis(args: readonly string[], o: CliOptions): CliProcess {
  return startCli(JARVIS_BIN, args, o);
}

/** Starts one of our launchers (`bin/*.js`) from source with a private home and no colours. */
export function startCli(bin: string, args: readonly string[], o: CliOptions): CliProcess {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '',
    HOME: o.home,
    JARVIS_DATA_DIR: join(o.home, '.jarvis'),
    JARVIS_FROM_SOURCE: '1',
    NO_COLOR: '1',
    ...o.env,
  };
  const child = spawn(process.execPath, [bin, ...args], { cwd: o.cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  if (o.stdin !== undefined) child.stdin?.end(o.stdin);
  const done = new Promise<CliResult>((res) => {
    child.on('close', (code, signal) => res({ code, signal, stdout, stderr }));
  });
  return { child, done, stderr: () => stderr };
}

/** Runs `bin/<command>.js` to its end with stdin closed; a private temp home unless one is given. */
export function runCli(command: 'jarvis' | 'jca' | 'jsec' | 'jc2r', args: readonly string[], o: Omit<CliOptions, 'home'> & { home?: string }): Promise<CliResult> {
  const bin = resolve(import.meta.dirname, `../../bin/${command}.js`);
  return startCli(bin, args, { ...o, home: o.home ?? tempTree(), stdin: o.stdin ?? '' }).done;
}

export function runJarvis(args: readonly string[], o: CliOptions): Promise<CliResult> {
  const p = startJarvis(args, { ...o, stdin: o.stdin ?? '' });
  return p.done;
}

/** The run directories under `<project>/.jarvis/runs`, oldest first. */
export function runDirs(project: string): string[] {
  try {
    // Run ids sort by the second they started; runs started within one second are ordered by
    // run.json's started_at (milliseconds), so "the second run" is the second one started.
    const started = (dir: string): string => {
      try {
        return String((JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as { started_at?: string }).started_at ?? '');
      } catch {
        return '';
      }
    };
    return readdirSync(join(project, '.jarvis', 'runs'))
      .map((d) => join(project, '.jarvis', 'runs', d))
      .map((dir) => ({ dir, key: `${started(dir)}|${dir}` }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map((r) => r.dir);
  } catch {
    return [];
  }
}

export function readTranscript(runDir: string): Array<{ type: string } & Record<string, unknown>> {
  return readFileSync(join(runDir, 'transcript.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { type: string } & Record<string, unknown>);
}

export function readRunInfo(runDir: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(runDir, 'run.json'), 'utf8')) as Record<string, unknown>;
}

/** Resolves once `check` is true, polling; rejects after `ms`. */
export async function waitFor(check: () => boolean, ms = 20_000, what = 'condition'): Promise<void> {
  const t0 = Date.now();
  while (!check()) {
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
