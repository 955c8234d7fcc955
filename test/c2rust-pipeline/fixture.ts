import { cpSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { runCli, type CliResult } from '../support/jarvis-cli.js';
import { startLlmServer, type LlmServer } from '../support/llm-server.js';
import { tempTree } from '../support/temp-tree.js';

/** wordstat: three C functions (is_space under count_words, checksum), a program and a test program. */
export const WORDSTAT = resolve(import.meta.dirname, '../fixtures/c2rust-pipeline/wordstat');

/** A scratch copy of wordstat in a temp directory (removed after the test); returns its root. */
export function wordstatCopy(): string {
  const dir = tempTree();
  const root = join(dir, 'wordstat');
  cpSync(WORDSTAT, root, { recursive: true });
  return root;
}

/** A config with one openai-compatible group on the loopback server, and an empty one. */
export function modelConfigs(baseUrl: string): { model: string; none: string } {
  const dir = tempTree();
  const model = join(dir, 'model.yaml');
  writeFileSync(
    model,
    ['llm_groups:', '  loop:', '    normal:', '      platform: openai-compatible', `      base_url: ${baseUrl}`, '      model: loop-model', '      api_key_env: C2R_LOOP_KEY', '      max_retries: 0', ''].join('\n'),
  );
  const none = join(dir, 'none.yaml');
  writeFileSync(none, '');
  return { model, none };
}

/** The toolchain stays the user's although the CLI runs with a private HOME. */
export const TOOLCHAIN_ENV = {
  RUSTUP_HOME: process.env.RUSTUP_HOME ?? join(homedir(), '.rustup'),
  CARGO_HOME: process.env.CARGO_HOME ?? join(homedir(), '.cargo'),
};

export function jc2r(args: readonly string[], cwd: string, config: string, env: Record<string, string> = {}): Promise<CliResult> {
  return runCli('jc2r', args, { cwd, env: { ...TOOLCHAIN_ENV, JARVIS_CONFIG: config, C2R_LOOP_KEY: 'sk-loop', ...env } });
}

export const verdict = (v: { replaceable: boolean; libraries?: string[]; apis?: string[]; confidence: number; notes: string }): string =>
  `<LIBRARY>\nreplaceable: ${v.replaceable}\nlibraries: [${(v.libraries ?? []).join(', ')}]\napis: [${(v.apis ?? []).map((a) => JSON.stringify(a)).join(', ')}]\nconfidence: ${v.confidence}\nnotes: ${v.notes}\n</LIBRARY>`;

/** One loopback OpenAI-compatible server for the file's tests: started before them, closed after. */
export function useLoopbackServer(): () => LlmServer {
  let server: LlmServer | undefined;
  beforeAll(async () => {
    server = await startLlmServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (!server) throw new Error('the loopback server is not started yet');
    return server;
  };
}
