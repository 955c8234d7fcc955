import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runProcess } from '../../src/util/process.js';
import { git, tempDir } from './crates.js';

/**
 * `jc2r optimize` on an ordinary crate: made by `cargo new --lib`, with `/target` in its
 * .gitignore and (mostly) built, so `target/` exists and is ignored. The snapshots taken before
 * each pass must never ask git to add that ignored directory, inside the user's repository or
 * in the private snapshot repository outside one.
 */

const bin = join(fileURLToPath(new URL('../..', import.meta.url)), 'bin', 'jc2r.js');
// No CARGO_TARGET_DIR: the crate's own target/ is what the snapshots must cope with.
const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', JARVIS_FROM_SOURCE: '1' };
delete env.CARGO_TARGET_DIR;

async function run(cwd: string, cmd: string, ...args: string[]) {
  const r = await runProcess(cmd, args, { cwd, env, timeoutMs: 150_000 });
  if (r.exitCode !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.exitCode}: ${r.stderr}`);
  return r;
}

const jc2r = (cwd: string, ...args: string[]) => runProcess(process.execPath, [bin, 'optimize', ...args], { cwd, env, timeoutMs: 150_000 });

describe('jc2r optimize on a cargo crate whose target/ is ignored', { timeout: 240_000 }, () => {
  it('in a git repository: a built `cargo new --lib` crate is optimised and the snapshots are kept', async () => {
    const base = tempDir();
    await run(base, 'cargo', 'new', '--lib', '--vcs', 'git', 'c');
    const crate = join(base, 'c');
    expect(readFileSync(join(crate, '.gitignore'), 'utf8')).toMatch(/^\/target$/m);
    await git(crate, 'add', '-A');
    await git(crate, '-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', 'commit', '-qm', 'new crate');
    await run(crate, 'cargo', 'test', '-q');

    const r = await jc2r(crate);
    expect(r.stderr).not.toMatch(/ignored by one of your .gitignore files|git add/);
    expect(r.exitCode, r.stderr).toBe(0);
    // a snapshot per pass that ran, in the user's repository, without target/ in it
    const refs = (await git(crate, 'for-each-ref', '--format=%(refname)', 'refs/jarvis/c2rust-optimize/')).trim().split('\n');
    expect(refs.length).toBeGreaterThan(0);
    const tree = await git(crate, 'ls-tree', '-r', '--name-only', refs[0] as string);
    expect(tree).toContain('src/lib.rs');
    expect(tree).not.toMatch(/^target\//m);
  });

  it('outside a repository, never built: the first pass creates target/ and the next snapshot still works', async () => {
    const base = tempDir();
    await run(base, 'cargo', 'new', '--lib', '--vcs', 'none', 'c');
    const crate = join(base, 'c');
    // as a crate copied out of its repository keeps it
    writeFileSync(join(crate, '.gitignore'), '/target\n');
    // a needless unsafe block: the first pass runs cargo, which creates target/
    writeFileSync(join(crate, 'src/lib.rs'), `${readFileSync(join(crate, 'src/lib.rs'), 'utf8')}\npub fn one() -> i32 {\n    unsafe { 1 }\n}\n`);
    const r = await jc2r(crate, '--no-structure');
    expect(r.stderr).not.toMatch(/ignored by one of your .gitignore files|git add/);
    expect(r.exitCode, r.stderr).toBe(0);
    const snapshots = join(crate, '.jarvis/c2rust/optimize_snapshots.git');
    const refs = (await run(crate, 'git', '--git-dir', snapshots, 'for-each-ref', '--format=%(refname)')).stdout.trim().split('\n');
    expect(refs).toEqual(expect.arrayContaining(['refs/jarvis/c2rust-optimize/before-unsafe', 'refs/jarvis/c2rust-optimize/before-doc']));
    expect(readFileSync(join(crate, 'src/lib.rs'), 'utf8')).not.toContain('unsafe');
    const tree = (await run(crate, 'git', '--git-dir', snapshots, 'ls-tree', '-r', '--name-only', 'refs/jarvis/c2rust-optimize/before-doc')).stdout;
    expect(tree).toContain('src/lib.rs');
    expect(tree).not.toMatch(/^target\//m);
  });
});
