import { cpSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitRepo, scriptedEnv } from '../code/support.js';
import { runCli } from '../support/jarvis-cli.js';
import { writeScriptedConfig } from '../support/scripted-config.js';
import { tempTree } from '../support/temp-tree.js';

/**
 * The one flag convention (docs/cli.md) as a user meets it: the path is an argument, `--json`
 * works wherever there is output, and old short flags still work with a note.
 */

const SAMPLE = resolve(import.meta.dirname, '../../samples/vulnerable');

function sampleCopy(): string {
  const dir = join(tempTree(), 'sample');
  cpSync(SAMPLE, dir, { recursive: true, filter: (src) => !src.includes('.jarvis') });
  return dir;
}

describe('paths are arguments', () => {
  it('jsec agent PATH works like jsec agent -p PATH; two different paths are a usage error', async () => {
    const dir = sampleCopy();
    const [positional, option, both] = await Promise.all([
      runCli('jsec', ['agent', dir, '--json'], { cwd: dir }),
      runCli('jsec', ['agent', '-p', dir], { cwd: dir }),
      runCli('jsec', ['agent', dir, '-p', SAMPLE], { cwd: dir }),
    ]);
    // no model configured: the report falls back to the scan's findings
    expect(positional.code, positional.stderr).toBe(0);
    expect(JSON.parse(positional.stdout)).toMatchObject({ tool: { name: 'jsec' } });
    expect(option.code, option.stderr).toBe(0);
    expect(option.stdout).toMatch(/confirmed, .* rejected/);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain(`error: two paths given: ${dir} and -p ${SAMPLE}`);
  });

  it('jc2r scan PATH and jc2r optimize CRATE-DIR take the path as an argument', async () => {
    const root = tempTree({
      'c/main.c': 'static int twice(int x) { return 2 * x; }\nint main(void) { return twice(1); }\n',
      'rs/Cargo.toml': '[package]\nname = "rs"\nversion = "0.1.0"\nedition = "2021"\n',
      'rs/src/lib.rs': 'pub fn f() -> i32 {\n    unsafe { 1 }\n}\n',
    });
    const [scan, optimize] = await Promise.all([
      runCli('jc2r', ['scan', join(root, 'c'), '--json'], { cwd: root }),
      runCli('jc2r', ['optimize', join(root, 'rs'), '--dry-run', '--json'], { cwd: root }),
    ]);
    expect(scan.code, scan.stderr).toBe(0);
    expect(JSON.parse(scan.stdout)).toMatchObject({ summary: { functions: 2 } });
    expect(optimize.code, optimize.stderr).toBe(0);
    expect(JSON.parse(optimize.stdout)).toMatchObject({ files: ['src/lib.rs'] });
  });
});

describe('--json wherever there is output', () => {
  it('jsec scan --json is --format json; --json with another --format is a usage error', async () => {
    const [json, clash] = await Promise.all([
      runCli('jsec', ['scan', SAMPLE, '--json', '--no-artifacts'], { cwd: SAMPLE }),
      runCli('jsec', ['scan', SAMPLE, '--json', '--format', 'sarif', '--no-artifacts'], { cwd: SAMPLE }),
    ]);
    expect(json.code, json.stderr).toBe(0);
    expect((JSON.parse(json.stdout) as { findings: unknown[] }).findings.length).toBeGreaterThan(0);
    expect(clash.code).toBe(2);
    expect(clash.stderr).toContain('error: --json and --format sarif disagree');
  });

  it('jarvis -T --json and jca --json print one JSON line with the status', async () => {
    const root = tempTree();
    const work = join(root, 'work');
    mkdirSync(work);
    const config = writeScriptedConfig(root, ['Done. <!!!COMPLETE!!!>']);
    const task = await runCli('jarvis', ['-n', '-T', 'say done', '--json'], { cwd: work, env: { JARVIS_CONFIG: config } });
    expect(task.code, task.stderr).toBe(0);
    expect(JSON.parse(task.stdout)).toMatchObject({ status: 'completed', result: 'Done.' });

    const repo = gitRepo({ 'a.c': 'int a;\n' });
    const s = scriptedEnv(['Nothing to change. <!!!COMPLETE!!!>']);
    const jca = await runCli('jca', ['-n', '-r', 'x', '--build', '', '--test', '', '--json'], { cwd: repo, ...s, env: { ...s.env, GIT_CONFIG_NOSYSTEM: '1' } });
    expect(jca.code, jca.stderr).toBe(0);
    expect(JSON.parse(jca.stdout)).toMatchObject({ status: 'completed', commits: [], verify: 'none' });
  });
});

describe('older short flags', () => {
  it('jc2r optimize -n N still limits the files, with a note; -F is the flag now; both at once is a usage error', async () => {
    const root = tempTree({
      'Cargo.toml': '[package]\nname = "two"\nversion = "0.1.0"\nedition = "2021"\n',
      'src/lib.rs': 'pub mod m;\npub fn f() -> i32 {\n    unsafe { 1 }\n}\n',
      'src/m.rs': 'pub fn g() -> i32 {\n    unsafe { 2 }\n}\n',
    });
    const [old, now, both] = await Promise.all([
      runCli('jc2r', ['optimize', '-n', '1', '--dry-run', '--json'], { cwd: root }),
      runCli('jc2r', ['optimize', '-F', '1', '--dry-run', '--json'], { cwd: root }),
      runCli('jc2r', ['optimize', '-n', '1', '-F', '2', '--dry-run'], { cwd: root }),
    ]);
    expect(old.code, old.stderr).toBe(0);
    expect(old.stderr).toContain('jc2r optimize: -n is deprecated here, use -F/--max-files (-n means --non-interactive in jarvis and jca)');
    expect((JSON.parse(old.stdout) as { files: string[] }).files).toHaveLength(1);
    expect(now.code, now.stderr).toBe(0);
    expect(now.stderr).not.toContain('deprecated');
    expect((JSON.parse(now.stdout) as { files: string[] }).files).toHaveLength(1);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('error: -n and --max-files both given');
  });
});
