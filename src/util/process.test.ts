import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { JarvisError } from './errors.js';
import { runProcess } from './process.js';
import { isAlive } from '../../test/support/process-state.js';

describe('runProcess', () => {
  it('returns exit code, stdout and stderr without a shell', async () => {
    const r = await runProcess('sh', ['-c', 'echo out; echo err >&2; exit 3']);
    expect(r.exitCode).toBe(3);
    expect(r.stdout).toBe('out\n');
    expect(r.stderr).toBe('err\n');
    expect(r.timedOut).toBe(false);
    expect(r.argv).toEqual(['sh', '-c', 'echo out; echo err >&2; exit 3']);
  });

  it('passes arguments literally, with no shell expansion', async () => {
    const r = await runProcess('printf', ['%s|', '$HOME', '*', 'a b']);
    expect(r.stdout).toBe('$HOME|*|a b|');
  });

  it('runs in cwd with the given env and feeds input', async () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'proc-')));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const r = await runProcess('sh', ['-c', 'pwd; echo "$ONLY_VAR"; cat'], {
      cwd: dir,
      env: { PATH: process.env.PATH, ONLY_VAR: 'v1' },
      input: 'from-stdin',
    });
    expect(r.stdout).toBe(`${dir}\nv1\nfrom-stdin`);
  });

  it('kills the whole process group on timeout', async () => {
    // The grandchild writes its pid and sleeps; the timeout must end it too, not only sh.
    // 2 s leaves a loaded machine time to start sh and print the pid before the timeout.
    const r = await runProcess('sh', ['-c', 'sleep 30 & echo $!; wait'], { timeoutMs: 2000, killGraceMs: 200 });
    expect(r.timedOut).toBe(true);
    expect(r.exitCode).toBeNull();
    const grandchild = Number(r.stdout.trim());
    expect(grandchild).toBeGreaterThan(0);
    expect(isAlive(grandchild)).toBe(false);
  });

  it('keeps head and tail of output past the cap and says how much was dropped', async () => {
    const r = await runProcess('sh', ['-c', 'echo START; i=0; while [ $i -lt 2000 ]; do echo middle-line-$i; i=$((i+1)); done; echo END'], {
      maxOutputBytes: 200,
    });
    expect(r.exitCode).toBe(0);
    expect(r.stdout.startsWith('START\n')).toBe(true);
    expect(r.stdout.trimEnd().endsWith('END')).toBe(true);
    expect(r.omittedBytes.stdout).toBeGreaterThan(20000);
    expect(r.stdout).toContain(`[... ${r.omittedBytes.stdout} bytes omitted ...]`);
    expect(r.stdout.length).toBeLessThan(400);
  });

  it('stops the child when the signal aborts', async () => {
    const ac = new AbortController();
    const p = runProcess('sleep', ['30'], { signal: ac.signal, killGraceMs: 200 });
    ac.abort();
    const r = await p;
    expect(r.signal).toBe('SIGTERM');
  });

  it('rejects with a not_found JarvisError for a missing command', async () => {
    const e = await runProcess('no-such-command-jarvis', []).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(JarvisError);
    expect((e as JarvisError).code).toBe('not_found');
    expect((e as JarvisError).message).toBe('command not found: no-such-command-jarvis');
  });
});

describe('runProcess and signals', () => {
  it('ends running children when this process gets SIGTERM', async () => {
    // A separate node process runs a long child through runProcess, then is sent SIGTERM.
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'proc-sig-')));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const pidFile = join(dir, 'pid');
    const script = `
      import { runProcess } from ${JSON.stringify(new URL('./process.ts', import.meta.url).pathname)};
      const p = runProcess('sh', ['-c', 'sleep 30 & echo $! > ${pidFile}; wait']);
      setTimeout(() => process.kill(process.pid, 'SIGTERM'), 500);
      await p;
    `;
    const r = await runProcess(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeoutMs: 20_000 });
    expect(r.timedOut).toBe(false);
    expect(r.signal).toBe('SIGTERM');
    const grandchild = Number(readFileSync(pidFile, 'utf8').trim());
    expect(grandchild).toBeGreaterThan(0);
    // The kill is asynchronous in the kernel; give it a moment without a timing assertion.
    for (let i = 0; i < 50 && isAlive(grandchild); i++) await new Promise((res) => setTimeout(res, 20));
    expect(isAlive(grandchild)).toBe(false);
  });
});
