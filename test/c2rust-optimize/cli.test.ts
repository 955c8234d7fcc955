import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runProcess } from '../../src/util/process.js';
import { manifest, snapshotFiles, tempDir, writeTree } from './crates.js';

const bin = join(fileURLToPath(new URL('../..', import.meta.url)), 'bin', 'jc2r.js');
const jc2r = (cwd: string, ...args: string[]) =>
  runProcess(process.execPath, [bin, ...args], { cwd, env: { ...process.env, NO_COLOR: '1', JARVIS_FROM_SOURCE: '1' }, timeoutMs: 60_000 });

describe('jc2r optimize (CLI)', { timeout: 180_000 }, () => {
  it('prints the summary table for a dry run and changes nothing', async () => {
    const dir = tempDir();
    writeTree(dir, {
      'Cargo.toml': manifest('cli_crate'),
      'src/lib.rs': 'pub mod m;\npub fn f(p: *const i32) -> i32 {\n    unsafe { *p }\n}\n',
      'src/m.rs': 'pub fn g() -> i32 {\n    unsafe { 1 }\n}\n',
    });
    const before = snapshotFiles(dir);
    const r = await jc2r(dir, 'optimize', '--dry-run');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^metric\s+value\n/);
    expect(r.stdout).toMatch(/files scanned\s+2\n/);
    expect(r.stdout).toMatch(/unsafe blocks\/fns \(candidates\)\s+2\n/);
    expect(r.stdout).toMatch(/cargo runs\s+0\n/);
    expect(snapshotFiles(dir)).toEqual(before);
    const json = await jc2r(dir, 'optimize', '--dry-run', '--json', '--no-doc', '--include', 'src/m.rs');
    const report = JSON.parse(json.stdout) as { files: string[]; passes: { name: string }[] };
    expect(report.files).toEqual(['src/m.rs']);
    expect(report.passes.map((p) => p.name)).toEqual(['unsafe', 'structure', 'visibility']);
  });

  it('rejects a bad number with exit code 2 and a missing crate with a hint', async () => {
    const dir = tempDir();
    const bad = await jc2r(dir, 'optimize', '--max-checks', 'lots');
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--max-checks must be a whole number >= 0, got "lots"');
    const none = await jc2r(dir, 'optimize');
    expect(none.exitCode).toBe(1);
    expect(none.stderr).toMatch(/error: no Rust crate found/);
    expect(none.stderr).toMatch(/hint: run inside the crate or pass --crate-dir DIR/);
    expect(none.stderr).not.toMatch(/at .*\.ts:\d+/);
  });
});
