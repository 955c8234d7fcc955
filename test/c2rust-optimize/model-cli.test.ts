import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runProcess } from '../../src/util/process.js';
import { writeScriptedConfig } from '../support/scripted-config.js';
import { manifest, snapshotFiles, targetDirFor, tempDir, writeTree } from './crates.js';

const cargoEnv = targetDirFor('model-cli');
afterAll(() => rmSync(cargoEnv.CARGO_TARGET_DIR as string, { recursive: true, force: true }));

const bin = join(fileURLToPath(new URL('../..', import.meta.url)), 'bin', 'jc2r.js');
const jc2r = (cwd: string, env: NodeJS.ProcessEnv, ...args: string[]) =>
  runProcess(process.execPath, [bin, 'optimize', '--no-structure', '--no-visibility', '--no-doc', ...args], {
    cwd,
    env: { ...process.env, ...cargoEnv, NO_COLOR: '1', JARVIS_FROM_SOURCE: '1', ...env },
    timeoutMs: 120_000,
  });

const LIB = `pub unsafe fn third(p: *const i32) -> i32 {
    *p.add(2)
}

pub fn first(p: *const i32) -> i32 {
    unsafe { *p }
}

pub fn second(p: *const i32) -> i32 {
    unsafe { *p.add(1) }
}
`;
const SHARP = '`p` points to an initialised i32 that nothing writes during this call';

describe('jc2r optimize -g (SAFETY texts from the model)', { timeout: 180_000 }, () => {
  it('writes a sharper SAFETY line from the model, keeps ours for a malformed reply, and records a run', async () => {
    const dir = tempDir();
    writeTree(dir, { 'Cargo.toml': manifest('sharp'), 'src/lib.rs': LIB });
    const config = writeScriptedConfig(tempDir('jc2r-cfg-'), [
      { reply: '<SAFETY>Callers must pass a `p` with at least three readable i32 values</SAFETY>', expect: 'unsafe function' },
      { reply: `<SAFETY>${SHARP}.</SAFETY>`, expect: '`p` is non-null, aligned' },
      'Sure: unsafe { *p.add(1) } is fine',
    ]);
    const r = await jc2r(dir, { JARVIS_CONFIG: config }, '-g', 'default');
    expect(r.exitCode, r.stderr).toBe(0);
    const lib = readFileSync(join(dir, 'src/lib.rs'), 'utf8');
    expect(lib).toMatch(/^\/\/\/ # Safety\n\/\/\/\n\/\/\/ Callers must pass a `p` with at least three readable i32 values\.\npub unsafe fn third/);
    expect(lib).toContain(`    // SAFETY: ${SHARP}.\n    unsafe { *p }\n`);
    expect(lib).toMatch(/\n {4}\/\/ SAFETY: `p\.add\(1\)` is non-null, aligned and points to a live, initialised value valid for this access[^\n]*\.\n {4}unsafe \{ \*p\.add\(1\) \}\n/);
    // Comments only: without them the code is what it was.
    expect(lib.replace(/^[ \t]*\/\/[/ ].*\n/gm, '')).toBe(LIB);
    const runs = readdirSync(join(dir, '.jarvis/runs'));
    expect(runs).toHaveLength(1);
    const runDir = join(dir, '.jarvis/runs', runs[0] as string);
    expect((JSON.parse(readFileSync(join(runDir, 'run.json'), 'utf8')) as { status: string; command: string })).toMatchObject({ status: 'ok', command: 'jc2r optimize' });
    expect(readFileSync(join(runDir, 'transcript.jsonl'), 'utf8').match(/"type":"request"/g)).toHaveLength(3);
  });

  it('without a configured model runs deterministically and silently; an unknown -g is one clear error', async () => {
    const dir = tempDir();
    writeTree(dir, { 'Cargo.toml': manifest('plain'), 'src/lib.rs': LIB });
    const before = snapshotFiles(dir);
    // The user's own config (HOME) must not reach the test: JARVIS_CONFIG replaces it.
    const bad = await jc2r(dir, { JARVIS_CONFIG: writeScriptedConfig(tempDir('jc2r-cfg-'), []) }, '-g', 'nosuch');
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toContain("unknown llm group 'nosuch'");
    expect(snapshotFiles(dir)).toEqual(before);
    // JARVIS_CONFIG alone is read: an empty file means no model anywhere.
    writeTree(dir, { 'empty.yaml': '' });
    const r = await jc2r(dir, { JARVIS_CONFIG: join(dir, 'empty.yaml') });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/model/);
    expect(readFileSync(join(dir, 'src/lib.rs'), 'utf8')).toContain('// SAFETY: `p` is non-null, aligned');
    expect(existsSync(join(dir, '.jarvis/runs'))).toBe(false);
    // --no-model ignores a configured model (this one has no replies: a call would fail and leave a run).
    const other = tempDir();
    writeTree(other, { 'Cargo.toml': manifest('plain2'), 'src/lib.rs': LIB });
    const off = await jc2r(other, { JARVIS_CONFIG: writeScriptedConfig(tempDir('jc2r-cfg-'), []) }, '--no-model', '--json');
    expect(off.exitCode, off.stderr).toBe(0);
    expect(JSON.stringify((JSON.parse(off.stdout) as { passes: unknown[] }).passes)).not.toMatch(/model/);
    expect(readFileSync(join(other, 'src/lib.rs'), 'utf8')).toBe(readFileSync(join(dir, 'src/lib.rs'), 'utf8'));
    expect(existsSync(join(other, '.jarvis/runs'))).toBe(false);
  });
});
