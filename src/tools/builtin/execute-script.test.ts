import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { isAlive } from '../../../test/support/process-state.js';
import { tempTree } from '../../../test/support/temp-tree.js';
import { ToolRegistry } from '../registry.js';
import type { ToolContext } from '../tool.js';
import { makeExecuteScriptTool } from './execute-script.js';
import { readCodeTool } from './read-code.js';

function setup(over: Partial<ToolContext> = {}) {
  const root = tempTree({ 'data.txt': 'payload\n' });
  const ctx: ToolContext = { root, runDir: join(root, '.jarvis/runs/r1'), interactive: false, env: process.env, ...over };
  const reg = new ToolRegistry([makeExecuteScriptTool({ killGraceMs: 300, maxTimeoutSec: 120 }), readCodeTool]);
  return { root, ctx, reg };
}

// A killed orphan may linger as a zombie until init reaps it; that is not alive.
/**
 * The pipes close as the killed process exits, a moment before the kernel marks it a zombie:
 * on a loaded machine that moment is visible, so poll briefly instead of checking once.
 */
async function expectDead(pid: number): Promise<void> {
  await vi.waitFor(() => expect(isAlive(pid), `process ${pid} still alive`).toBe(false), { timeout: 5000, interval: 20 });
}

describe('execute_script', () => {
  it('runs bash in the working root and reports exit code, stdout and stderr', async () => {
    const { reg, ctx, root } = setup();
    const r = await reg.invoke('execute_script', { script_content: 'cat data.txt\necho oops >&2\nexit 3\n' }, ctx);
    expect(r.error).toBeUndefined();
    expect(r.forModel).toBe('exit code: 3\n<stdout>\npayload\n</stdout>\n<stderr>\noops\n</stderr>');
    expect(r.data).toMatchObject({ exitCode: 3, timedOut: false });
    // The run keeps what was run.
    const scripts = readdirSync(join(root, '.jarvis/runs/r1/scripts'));
    expect(scripts).toHaveLength(1);
    expect(readFileSync(join(root, '.jarvis/runs/r1/scripts', scripts[0] as string), 'utf8')).toContain('cat data.txt');
  });

  it('says so when there is no output at all', async () => {
    const { reg, ctx } = setup();
    const r = await reg.invoke('execute_script', { script_content: 'true' }, ctx);
    expect(r.forModel).toBe('exit code: 0\n(no output on stdout or stderr)');
  });

  it('passes the context environment and runs other interpreters', async () => {
    const { reg, ctx } = setup({ env: { PATH: process.env.PATH, ONLY_THIS: 'v1' } });
    const r = await reg.invoke('execute_script', { script_content: 'console.log(process.env.ONLY_THIS, process.env.HOME ?? "none")', interpreter: 'node' }, ctx);
    expect(r.forModel).toBe('exit code: 0\n<stdout>\nv1 none\n</stdout>');
    const sh = await reg.invoke('execute_script', { script_content: 'echo "$ONLY_THIS" "${HOME:-none}"', interpreter: 'sh' }, ctx);
    expect(sh.forModel).toBe('exit code: 0\n<stdout>\nv1 none\n</stdout>');
  });

  it('kills the script and the children it started at the timeout', async () => {
    const { reg, ctx, root } = setup();
    const script = `sleep 60 &\necho $! > child.pid\nwait\n`;
    // Long enough for a loaded machine to start bash and write the pid before the kill.
    const r = await reg.invoke('execute_script', { script_content: script, timeout: 2 }, ctx);
    expect(r.error?.code).toBe('timeout');
    expect(r.forModel).toMatch(/^timed out after 2 s: the script and every process it started were killed/);
    expect(r.data).toMatchObject({ timedOut: true, exitCode: null });
    const child = Number(readFileSync(join(root, 'child.pid'), 'utf8'));
    expect(child).toBeGreaterThan(0);
    await expectDead(child);
  });

  it('returns when the script exits and ends the background jobs it left behind', async () => {
    const { reg, ctx, root } = setup();
    const r = await reg.invoke('execute_script', { script_content: 'sleep 60 &\necho $! > bg.pid\necho started', timeout: 20 }, ctx);
    expect(r.error).toBeUndefined();
    expect(r.forModel).toBe('exit code: 0\n<stdout>\nstarted\n</stdout>');
    await expectDead(Number(readFileSync(join(root, 'bg.pid'), 'utf8')));
  });

  it('truncates 100 lines of output to the first and last 30 and saves the rest where read_code can read it', async () => {
    const { reg, ctx, root } = setup();
    const r = await reg.invoke('execute_script', { script_content: 'for i in $(seq 1 100); do echo "row $i"; done' }, ctx);
    const stdout = /<stdout>\n([\s\S]*)\n<\/stdout>/.exec(r.forModel)?.[1] ?? '';
    const lines = stdout.split('\n');
    expect(lines).toHaveLength(61);
    expect(lines[0]).toBe('row 1');
    expect(lines[29]).toBe('row 30');
    expect(lines[31]).toBe('row 71');
    expect(lines[60]).toBe('row 100');
    const saved = /saved in (\S+);/.exec(lines[30] as string)?.[1] as string;
    expect(saved.startsWith('.jarvis/runs/r1/outputs/')).toBe(true);
    expect(readFileSync(join(root, saved), 'utf8').split('\n')).toHaveLength(101);
    expect(r.data?.stdoutPath).toBe(join(root, saved));

    const read = await reg.invoke('read_code', { files: [{ path: saved, start_line: 50, end_line: 51 }] }, ctx);
    expect(read.forModel).toContain('50 | row 50\n51 | row 51');
  });

  it('caps a timeout above the maximum, with a note', async () => {
    const { reg, ctx } = setup();
    const r = await reg.invoke('execute_script', { script_content: 'echo ok', timeout: 99999 }, ctx);
    expect(r.forModel).toContain('[note: timeout lowered from 99999 s to the maximum of 120 s]');
  });

  it('reports a missing interpreter without running anything', async () => {
    const { reg, ctx } = setup({ env: { PATH: '/nonexistent' } });
    const r = await reg.invoke('execute_script', { script_content: 'echo hi' }, ctx);
    expect(r.error?.code).toBe('failed');
    expect(r.forModel).toBe('The script was not run: bash is not installed (not on PATH).');
  });

  it('rejects an unknown interpreter through validation', async () => {
    const { reg, ctx, root } = setup();
    const r = await reg.invoke('execute_script', { script_content: 'echo hi', interpreter: 'zsh' }, ctx);
    expect(r.error?.code).toBe('invalid_arguments');
    expect(existsSync(join(root, '.jarvis/runs/r1/scripts'))).toBe(false);
  });

  it('stops the script when the run is interrupted', async () => {
    const ac = new AbortController();
    const { reg, ctx } = setup({ signal: ac.signal });
    setTimeout(() => ac.abort(), 200);
    const r = await reg.invoke('execute_script', { script_content: 'sleep 30' }, ctx);
    expect(r.error?.code).toBe('aborted');
  });
});
