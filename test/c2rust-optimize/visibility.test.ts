import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { optimizeCrate } from '../../src/apps/c2rust/optimize/optimizer.js';
import { runProcess } from '../../src/util/process.js';
import { countingExec, manifest, onlyPass, optimizeOptions, targetDirFor, tempDir, writeTree } from './crates.js';

const cargoEnv = targetDirFor('visibility');
afterAll(() => rmSync(cargoEnv.CARGO_TARGET_DIR as string, { recursive: true, force: true }));

const WORKSPACE = {
  'Cargo.toml': '[workspace]\nmembers = ["corelib", "app"]\nresolver = "2"\n',
  'corelib/Cargo.toml': manifest('corelib'),
  'corelib/src/lib.rs': `//! Core.
#![deny(dead_code)]
pub mod util;

/// Part of the declared API: stays as it is, and so must the type in its signature.
pub fn api(x: i32) -> util::Shape {
    util::make_shape(x)
}
`,
  'corelib/src/util.rs': `pub struct Shape {
    pub w: i32,
}

pub const LIMIT: i32 = 100;

pub fn make_shape(w: i32) -> Shape {
    Shape { w: helper(w) * already_narrow() }
}

pub fn helper(w: i32) -> i32 {
    if w > LIMIT { LIMIT } else { w * 2 }
}

pub fn for_tests(x: i32) -> i32 {
    x + 1
}

pub fn for_example() -> &'static str {
    "example"
}

pub fn for_app(x: i32) -> i32 {
    x * 3
}

/// \`\`\`
/// assert_eq!(corelib::util::in_doctest(), 7);
/// \`\`\`
pub fn in_doctest() -> i32 {
    7
}

pub fn unused_anywhere() -> i32 {
    42
}

pub(crate) fn already_narrow() -> i32 {
    1
}
`,
  'corelib/tests/it.rs': 'use corelib::util::for_tests;\n\n#[test]\nfn works() {\n    assert_eq!(for_tests(1), 2);\n    assert_eq!(corelib::api(2).w, 4);\n}\n',
  'corelib/examples/demo.rs': 'fn main() {\n    println!("{}", corelib::util::for_example());\n}\n',
  'app/Cargo.toml': manifest('app', 'corelib = { path = "../corelib" }\n'),
  'app/src/lib.rs': 'pub fn triple(x: i32) -> i32 {\n    corelib::util::for_app(x)\n}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn t() {\n        assert_eq!(super::triple(2), 6);\n    }\n}\n',
};

describe('jc2r optimize: visibility', { timeout: 180_000 }, () => {
  it('narrows only what no test, example, doc-test or dependent crate needs, and the workspace still builds and passes', async () => {
    const ws = tempDir();
    writeTree(ws, WORKSPACE);
    const crate = join(ws, 'corelib');
    const { exec, calls } = countingExec();
    const report = await optimizeCrate(optimizeOptions(crate, onlyPass('visibility'), { exec, cargoEnv }));
    expect(report.errors).toEqual([]);
    expect(report.passes[0]?.status).toBe('applied');
    const util = readFileSync(join(crate, 'src/util.rs'), 'utf8');
    // Only used inside the library: narrowed.
    expect(util).toContain('pub(crate) fn make_shape(');
    expect(util).toContain('pub(crate) fn helper(');
    expect(util).toContain('pub(crate) const LIMIT');
    // Needed outside: tests, examples, the dependent crate, a doc-test.
    for (const name of ['for_tests', 'for_example', 'for_app', 'in_doctest']) expect(util).toContain(`pub fn ${name}(`);
    // Put back by the repair loop: the compiler pointed at them (private type in a public
    // signature; dead code denied by the crate).
    expect(util).toContain('pub struct Shape');
    expect(util).toContain('pub fn unused_anywhere(');
    expect(report.visibility_narrowed).toBe(3);
    expect(report.passes[0]?.counts.visibility_kept).toBe(2);
    // Two checks (one repair round), one test; all of the workspace.
    expect(calls.map((c) => c[1])).toEqual(['check', 'check', 'test']);
    expect(calls[0]).toContain('--workspace');

    // Independently: every target of the workspace builds and every test passes.
    const build = await runProcess('cargo', ['test', '--workspace', '--all-targets'], { cwd: ws, env: { ...process.env, ...cargoEnv } });
    expect(build.exitCode, build.stderr).toBe(0);
    const doc = await runProcess('cargo', ['test', '--workspace', '--doc'], { cwd: ws, env: { ...process.env, ...cargoEnv } });
    expect(doc.exitCode, doc.stderr).toBe(0);
  });
});
