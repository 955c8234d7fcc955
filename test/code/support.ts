import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { git } from '../support/git-repo.js';
import { readTranscript, runDirs, startCli } from '../support/jarvis-cli.js';
import { writeScriptedConfig, type Reply } from '../support/scripted-config.js';
import { tempTree, writeTree } from '../support/temp-tree.js';

/** Temp git repositories, scripted model configs and the real `bin/jca.js` for the jca tests. */

export const JCA_BIN = resolve(import.meta.dirname, '../../bin/jca.js');

export { git };

/** A repository holding `files`, committed once, with an identity and no signing. */
export function gitRepo(files: Record<string, string>): string {
  const base = tempTree();
  const repo = join(base, 'repo');
  mkdirSync(repo);
  writeTree(repo, files);
  git(repo, 'init', '-q', '-b', 'main');
  git(repo, 'config', 'user.name', 'Test User');
  git(repo, 'config', 'user.email', 'test@example.com');
  git(repo, 'config', 'commit.gpgsign', 'false');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'initial');
  return repo;
}

export type { Reply };

/** A config outside the repository (so the tree stays clean) whose default model replies from `replies`. */
export function scriptedEnv(replies: Reply[]): { home: string; env: Record<string, string> } {
  const dir = tempTree();
  const config = writeScriptedConfig(dir, replies);
  const home = join(dir, 'home');
  mkdirSync(home);
  return { home, env: { JARVIS_CONFIG: config } };
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
  const p = startCli(JCA_BIN, args, {
    ...o,
    env: {
      // the private HOME hides rustup's toolchains: point at the real ones
      CARGO_HOME: process.env.CARGO_HOME ?? join(homedir(), '.cargo'),
      RUSTUP_HOME: process.env.RUSTUP_HOME ?? join(homedir(), '.rustup'),
      GIT_CONFIG_NOSYSTEM: '1',
      ...o.env,
    },
  });
  const child = p.child;
  return { pid: child.pid ?? -1, done: p.done, stderr: p.stderr, endInput: () => child.stdin?.end() };
}

/** The transcript of the newest run in `repo`. */
export function transcriptOf(repo: string): Array<{ type: string } & Record<string, unknown>> {
  const dir = runDirs(repo).at(-1);
  if (dir === undefined) throw new Error(`no runs under ${repo}`);
  return readTranscript(dir);
}

export function patch(file: string, search: string, replace: string): string {
  return `<PATCH file=${file}>\n<DIFF>\n<SEARCH>\n${search}\n</SEARCH>\n<REPLACE>\n${replace}\n</REPLACE>\n</DIFF>\n</PATCH>\n`;
}
