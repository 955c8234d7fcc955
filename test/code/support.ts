import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { tempTree } from '../support/temp-tree.js';

/** Temp git repositories, scripted model configs and the real `bin/jca.js` for the jca tests. */

export const JCA_BIN = resolve(import.meta.dirname, '../../bin/jca.js');

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } });
}

/** A repository holding `files`, committed once, with an identity and no signing. */
export function gitRepo(files: Record<string, string>): string {
  const base = tempTree();
  const repo = join(base, 'repo');
  mkdirSync(repo);
  for (const [rel, content] of Object.entries(files)) {
    const abs = join(repo, rel);
    mkdirSync(join(abs, '..'), { recursive: true });
    writeFileSync(abs, content);
  }
  git(repo, 'init', '-q', '-b', 'main');
  git(repo, 'config', 'user.name', 'Test User');
  git(repo, 'config', 'user.email', 'test@example.com');
  git(repo, 'config', 'commit.gpgsign', 'false');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'initial');
  return repo;
}

export type Reply = string | { reply: string; expect?: string };

/** A config outside the repository (so the tree stays clean) whose default model replies from `replies`. */
export function scriptedEnv(replies: Reply[]): { home: string; env: Record<string, string> } {
  const dir = tempTree();
  writeFileSync(join(dir, 'replies.json'), JSON.stringify({ replies }));
  writeFileSync(join(dir, 'config.yaml'), `llm_groups:\n  default:\n    normal: { platform: scripted, script: ./replies.json }\n`);
  const home = join(dir, 'home');
  mkdirSync(home);
  return { home, env: { JARVIS_CONFIG: join(dir, 'config.yaml') } };
}

export interface JcaResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface JcaProcess {
  pid: number;
  done: Promise<JcaResult>;
  stderr(): string;
  /** ends stdin (end of input for a question) */
  endInput(): void;
}

export function runJca(args: readonly string[], o: { cwd: string; home: string; env?: Record<string, string>; stdin?: string }): Promise<JcaResult> {
  return startJca(args, { ...o, stdin: o.stdin ?? '' }).done;
}

/** Starts jca; without `stdin` its input stays an open pipe until `endInput()`. */
export function startJca(args: readonly string[], o: { cwd: string; home: string; env?: Record<string, string>; stdin?: string }): JcaProcess {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '',
    HOME: o.home,
    JARVIS_DATA_DIR: join(o.home, '.jarvis'),
    JARVIS_FROM_SOURCE: '1',
    NO_COLOR: '1',
    // the private HOME hides rustup's toolchains: point at the real ones
    CARGO_HOME: process.env.CARGO_HOME ?? join(homedir(), '.cargo'),
    RUSTUP_HOME: process.env.RUSTUP_HOME ?? join(homedir(), '.rustup'),
    GIT_CONFIG_NOSYSTEM: '1',
    ...o.env,
  };
  const child = spawn(process.execPath, [JCA_BIN, ...args], { cwd: o.cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  if (o.stdin !== undefined) child.stdin.end(o.stdin);
  const done = new Promise<JcaResult>((res) => child.on('close', (code) => res({ code, stdout, stderr })));
  return { pid: child.pid ?? -1, done, stderr: () => stderr, endInput: () => child.stdin.end() };
}

export function transcriptOf(repo: string): Array<{ type: string } & Record<string, unknown>> {
  const runs = join(repo, '.jarvis', 'runs');
  const dir = readdirSync(runs).sort().at(-1) as string;
  return readFileSync(join(runs, dir, 'transcript.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { type: string } & Record<string, unknown>);
}

export function patch(file: string, search: string, replace: string): string {
  return `<PATCH file=${file}>\n<DIFF>\n<SEARCH>\n${search}\n</SEARCH>\n<REPLACE>\n${replace}\n</REPLACE>\n</DIFF>\n</PATCH>\n`;
}
