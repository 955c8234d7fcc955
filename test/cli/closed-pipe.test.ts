import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeScriptedConfig } from '../support/scripted-config.js';
import { tempTree } from '../support/temp-tree.js';

/**
 * Output into a pipe whose reader has gone (`… | head -1`): every command ends quietly with
 * exit 0, as Unix tools do, instead of crashing on EPIPE. The pipes are real: bash runs the
 * command into `head -1` (which exits after its first line while a long report is still
 * being written) or into `true` (which exits before a short one is written).
 */

const BIN = resolve(import.meta.dirname, '../../bin');
const SAMPLE = resolve(import.meta.dirname, '../../samples/vulnerable');

interface PipeResult {
  /** the command's own exit status (PIPESTATUS[0]) */
  code: number;
  /** what the reader printed */
  stdout: string;
  stderr: string;
}

function piped(command: string, args: readonly string[], reader: 'head -1' | 'true', o: { cwd: string; env?: Record<string, string> }): Promise<PipeResult> {
  const quoted = [process.execPath, join(BIN, `${command}.js`), ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const script = `${quoted} | ${reader}; echo "exit=\${PIPESTATUS[0]}" >&2`;
  const home = tempTree();
  const child = spawn('bash', ['-c', script], {
    cwd: o.cwd,
    env: { PATH: process.env.PATH ?? '', HOME: home, JARVIS_DATA_DIR: join(home, '.jarvis'), JARVIS_FROM_SOURCE: '1', NO_COLOR: '1', ...o.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  return new Promise((res) =>
    child.on('close', () => {
      const m = /exit=(\d+)\n?$/.exec(stderr);
      res({ code: m ? Number(m[1]) : -1, stdout, stderr: stderr.replace(/exit=\d+\n?$/, '') });
    }),
  );
}

function expectQuiet(r: PipeResult): void {
  expect(r.stderr).not.toMatch(/EPIPE|Error|\n\s+at /);
  expect(r.code, r.stderr).toBe(0);
}

describe('a closed stdout ends the program quietly', { timeout: 60_000 }, () => {
  it('jsec scan --format sarif | head -1: the first line, then exit 0 without a stack trace', async () => {
    // the SARIF report is far larger than a pipe's buffer: head leaves while it is being written
    const r = await piped('jsec', ['scan', SAMPLE, '--format', 'sarif', '--no-artifacts'], 'head -1', { cwd: SAMPLE });
    expectQuiet(r);
    expect(r.stdout).toBe('{\n');
  });

  it('jsec scan (the table) and jsec --help into a reader that has already gone', async () => {
    const [table, help] = await Promise.all([
      piped('jsec', ['scan', SAMPLE, '--no-artifacts'], 'true', { cwd: SAMPLE }),
      piped('jsec', ['--help'], 'true', { cwd: SAMPLE }),
    ]);
    expectQuiet(table);
    expectQuiet(help);
  });

  it('jc2r scan and a jarvis task into a reader that has already gone', async () => {
    const dir = tempTree({ 'main.c': 'static int twice(int x) { return 2 * x; }\nint main(void) { return twice(1); }\n' });
    const work = join(dir, 'work');
    mkdirSync(work);
    const config = writeScriptedConfig(dir, ['Done. <!!!COMPLETE!!!>']);
    const [scan, task] = await Promise.all([
      piped('jc2r', ['scan', '-p', dir, '--json'], 'true', { cwd: dir }),
      piped('jarvis', ['-n', '-T', 'say done'], 'true', { cwd: work, env: { JARVIS_CONFIG: config } }),
    ]);
    expectQuiet(scan);
    expectQuiet(task);
  });
});
