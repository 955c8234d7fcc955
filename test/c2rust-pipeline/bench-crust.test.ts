import { cpSync, existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeScriptedConfig } from '../support/scripted-config.js';
import { tempTree } from '../support/temp-tree.js';
import { jc2r } from './fixture.js';

/** `jc2r bench crust` on a tiny CRUST-Bench-shaped tree of our own, with the scripted platform. */

const TREE = resolve(import.meta.dirname, '../fixtures/c2rust-pipeline/crust');

// the first answer does not build (i64 where the interface returns i32); the second, after rustc's error, does
const WRONG = '<RUST_FILE>\npub fn mm_min(xs: &[i32]) -> i32 {\n    let m: i64 = xs.iter().copied().min().unwrap().into();\n    m\n}\npub fn mm_max(xs: &[i32]) -> i32 {\n    *xs.iter().max().unwrap()\n}\n</RUST_FILE>';
const RIGHT = '<RUST_FILE>\n// Smallest and largest of a non-empty slice.\npub fn mm_min(xs: &[i32]) -> i32 {\n    *xs.iter().min().expect("n >= 1")\n}\npub fn mm_max(xs: &[i32]) -> i32 {\n    *xs.iter().max().expect("n >= 1")\n}\n</RUST_FILE>';
const PLACEHOLDER = '<RUST_FILE>\npub fn mm_min(xs: &[i32]) -> i32 {\n    unimplemented!()\n}\npub fn mm_max(xs: &[i32]) -> i32 {\n    xs[0]\n}\n</RUST_FILE>';

describe('jc2r bench crust', { timeout: 240_000 }, () => {
  it('fills in the interfaces from the model, feeds a real rustc error back, runs the Rust tests and reports the figures', async () => {
    const dir = tempTree();
    const tree = join(dir, 'crust');
    cpSync(TREE, tree, { recursive: true });
    const config = writeScriptedConfig(dir, [PLACEHOLDER, WRONG, { reply: RIGHT, expect: 'E0308' }]);
    const r = await jc2r(['bench', 'crust', tree, '--json', '-o', 'figures.json'], dir, config);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as {
      projects: { project: string; compiles: boolean; passesAll: boolean; tests: { passed: number; failed: number }; unsafeLines: number; rounds: number; usage: { calls: number } }[];
      totals: Record<string, number>;
    };
    expect(report.projects).toHaveLength(1);
    expect(report.projects[0]).toMatchObject({ project: 'minmax', compiles: true, passesAll: true, tests: { passed: 2, failed: 0 }, unsafeLines: 0, rounds: 2 });
    // the placeholder answer was refused inside the first round (unimplemented!), then the build error took a second round
    expect(report.projects[0]?.usage.calls).toBe(3);
    expect(report.totals).toEqual({ projects: 1, passingAll: 1, compiling: 1, testsPassed: 2, testsFailed: 0, unsafeLines: 0 });
    expect(JSON.parse(readFileSync(join(dir, 'figures.json'), 'utf8'))).toMatchObject({ totals: report.totals });
    // the benchmark tree is read, never written: the filled-in crate is a copy
    expect(readFileSync(join(tree, 'RBench/minmax/src/interfaces/minmax.rs'), 'utf8')).toContain('unimplemented!()');
    expect(readFileSync(join(dir, '.jarvis/c2rust/crust/minmax/src/minmax.rs'), 'utf8')).toContain('.expect("n >= 1")');
  });

  it('needs a model and a CRUST-Bench tree, and says so in one line', async () => {
    const dir = tempTree({ 'empty.yaml': '' });
    const none = await jc2r(['bench', 'crust', TREE], dir, join(dir, 'empty.yaml'));
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^error: jc2r bench crust needs a model: no model is configured/m);
    const config = writeScriptedConfig(dir, []);
    const notTree = await jc2r(['bench', 'crust', dir], dir, config);
    expect(notTree.code).toBe(2);
    expect(notTree.stderr).toContain('is not a CRUST-Bench tree: CBench/ and RBench/ are needed');
    const unknown = await jc2r(['bench', 'crust', TREE, '--only', 'nosuch'], dir, config);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no such CRUST-Bench project: nosuch');
    expect(existsSync(join(dir, '.jarvis'))).toBe(false);
  });
});
