import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { optimizeCrate, type OptimizeOptions } from '../../src/apps/c2rust/optimize/optimizer.js';
import { git, manifest, onlyPass, optimizeOptions, snapshotFiles, targetDirFor, tempDir, writeTree } from './crates.js';

const cargoEnv = targetDirFor('rollback');
afterAll(() => rmSync(cargoEnv.CARGO_TARGET_DIR as string, { recursive: true, force: true }));

// The integration test fails as soon as lib.rs changes: cargo check passes, cargo test does not.
const GUARDED = {
  'Cargo.toml': manifest('guarded'),
  'src/lib.rs': '/// Adds.\npub fn add(a: i32, b: i32) -> i32 {\n    unsafe { a + b }\n}\n',
  'tests/guard.rs':
    '#[test]\nfn source_is_untouched() {\n    let src = include_str!("../src/lib.rs");\n    assert!(src.contains("unsafe { a + b }"), "lib.rs was changed");\n    assert_eq!(guarded::add(1, 2), 3);\n}\n',
};

function options(dir: string, extra: Partial<OptimizeOptions> = {}): OptimizeOptions {
  return optimizeOptions(dir, onlyPass('unsafe'), { cargoEnv, ...extra });
}

describe('jc2r optimize: rollback', { timeout: 180_000 }, () => {
  it('rolls a failing pass back from a private snapshot, leaving the crate byte-identical', async () => {
    const dir = tempDir();
    writeTree(dir, GUARDED);
    const before = snapshotFiles(dir);
    const report = await optimizeCrate(options(dir));
    expect(report.passes[0]?.status).toBe('rolled_back');
    expect(report.passes[0]?.error).toMatch(/cargo test fails after the unsafe pass/);
    expect(report.errors).toHaveLength(1);
    expect(snapshotFiles(dir)).toEqual(before);
    // The crate was outside git: the snapshot lives in our own repository, not in a new .git.
    expect(existsSync(join(dir, '.git'))).toBe(false);
    expect(existsSync(join(dir, '.jarvis/c2rust/optimize_snapshots.git/HEAD'))).toBe(true);
    const saved = JSON.parse(readFileSync(join(dir, '.jarvis/c2rust/optimize_report.json'), 'utf8')) as { errors: string[] };
    expect(saved.errors[0]).toMatch(/^unsafe: /);
  });

  it('snapshots inside the user repository without touching HEAD, index, branches or uncommitted work', async () => {
    const repo = tempDir();
    const dir = join(repo, 'crate');
    writeTree(dir, GUARDED);
    await git(repo, 'init', '-q');
    await git(repo, 'config', 'user.email', 't@example.com');
    await git(repo, 'config', 'user.name', 't');
    await git(repo, 'config', 'commit.gpgsign', 'false');
    writeFileSync(join(repo, '.gitignore'), 'target/\n.jarvis/\n');
    await git(repo, 'add', '-A');
    await git(repo, 'commit', '-q', '-m', 'init');
    // Uncommitted edits and an untracked file must survive the rollback as they were.
    writeFileSync(join(dir, 'src/lib.rs'), `${GUARDED['src/lib.rs']}\n// local edit\n`);
    writeFileSync(join(dir, 'NOTES.txt'), 'untracked\n');
    await git(repo, 'add', 'crate/NOTES.txt');
    const head = await git(repo, 'rev-parse', 'HEAD');
    const status = await git(repo, 'status', '--porcelain');
    const before = snapshotFiles(dir);

    const report = await optimizeCrate(options(dir));
    expect(report.passes[0]?.status).toBe('rolled_back');
    expect(snapshotFiles(dir)).toEqual(before);
    expect(await git(repo, 'rev-parse', 'HEAD')).toBe(head);
    expect(await git(repo, 'status', '--porcelain')).toBe(status);
    expect(await git(repo, 'branch', '--list')).toMatch(/^\* (master|main)\n$/);
    // The snapshot is kept reachable for inspection.
    expect(await git(repo, 'show', 'refs/jarvis/c2rust-optimize/before-unsafe:crate/src/lib.rs')).toContain('// local edit');
  });

  it('still restores files a .gitignore hides from the enclosing repository', async () => {
    const repo = tempDir();
    const dir = join(repo, 'out_rs');
    writeTree(dir, GUARDED);
    writeFileSync(join(repo, '.gitignore'), 'out_rs/\n');
    await git(repo, 'init', '-q');
    const before = snapshotFiles(dir);
    const report = await optimizeCrate(options(dir));
    expect(report.passes[0]?.status).toBe('rolled_back');
    expect(snapshotFiles(dir)).toEqual(before);
  });

  it('stops at --max-checks and undoes the unfinished pass, also without a git snapshot', async () => {
    const dir = tempDir();
    writeTree(dir, { ...GUARDED, 'tests/guard.rs': '#[test]\nfn ok() { assert_eq!(guarded::add(1, 2), 3); }\n' });
    const before = snapshotFiles(dir);
    const report = await optimizeCrate(options(dir, { maxChecks: 1, gitGuard: false }));
    expect(report.cargo_runs).toBe(1);
    expect(report.passes[0]?.status).toBe('rolled_back');
    expect(report.passes[0]?.error).toMatch(/budget of 1 exhausted/);
    // Without a snapshot only the files the pass wrote are put back; cargo's new Cargo.lock stays.
    const { 'Cargo.lock': lock, ...after } = snapshotFiles(dir);
    expect(lock).toContain('name = "guarded"');
    expect(after).toEqual(before);
    // An interrupted batch is not marked processed.
    expect(existsSync(join(dir, '.jarvis/c2rust/optimize_progress.json'))).toBe(false);
  });
});
