import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { startCli, type CliProcess } from '../support/jarvis-cli.js';
import { tempTree } from '../support/temp-tree.js';
import { PROJECT } from './fixture.js';

export const JC2R = join(import.meta.dirname, '../../bin/jc2r.js');

/** One cargo target directory per test file and process, removed by the file's afterAll. */
export function targetDir(name: string): string {
  return join(tmpdir(), `jc2r-model-${name}-${process.pid}`);
}

export function cleanTarget(name: string): void {
  rmSync(targetDir(name), { recursive: true, force: true });
}

/** The project in a temp dir, with a config whose default group talks to the loopback server. */
export function projectWithServer(baseUrl: string): string {
  const base = tempTree({});
  const files = Object.fromEntries(Object.entries(PROJECT).map(([k, v]) => [`proj/${k}`, v]));
  for (const [f, text] of Object.entries(files)) writeFile(join(base, f), text);
  writeFile(join(base, 'config.yaml'), `llm_groups:\n  default:\n    normal: { platform: openai-compatible, base_url: ${baseUrl}, model: m, api_key_env: LOOP_KEY, max_retries: 0, price_per_mtok: { input: 1000, output: 1000 } }\n`);
  return base;
}

function writeFile(path: string, text: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
}

export function jc2r(base: string, target: string, args: string[]): CliProcess {
  const home = join(base, '.home');
  mkdirSync(home, { recursive: true });
  return startCli(JC2R, args, {
    cwd: base,
    home,
    stdin: '',
    env: {
      JARVIS_CONFIG: join(base, 'config.yaml'),
      LOOP_KEY: 'k',
      CARGO_TARGET_DIR: target,
      CARGO_HOME: process.env.CARGO_HOME ?? join(homedir(), '.cargo'),
      RUSTUP_HOME: process.env.RUSTUP_HOME ?? join(homedir(), '.rustup'),
    },
  });
}

/** Every file of a crate (not target/, not .git/) with its text, paths relative. */
export function crateFiles(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d)) {
      if (e === 'target' || e === '.git') continue;
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(dir, p)] = readFileSync(p, 'utf8');
    }
  };
  walk(dir);
  return out;
}
