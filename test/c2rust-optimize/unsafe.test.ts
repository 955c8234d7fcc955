import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { optimizeCrate } from '../../src/apps/c2rust/optimize/optimizer.js';
import { countingExec, manifest, onlyPass, optimizeOptions, targetDirFor, tempDir, unsafeKeywords, writeTree } from './crates.js';

const cargoEnv = targetDirFor('unsafe');
// Edition 2024 needs rustc 1.85; an older toolchain runs the 2021 case only.
const RUSTC_MINOR = Number(/rustc 1\.(\d+)/.exec(execFileSync('rustc', ['--version']).toString())?.[1] ?? 0);
const supported = (rows: [string, string][]) => rows.filter(([edition]) => edition !== '2024' || RUSTC_MINOR >= 85);
afterAll(() => rmSync(cargoEnv.CARGO_TARGET_DIR as string, { recursive: true, force: true }));


// 12 unsafe sites; the compiler needs 6 of them (marked NEEDED).
const LIB = `static mut TOTAL: i64 = 0;

pub unsafe fn read_at(p: *const i32, i: usize) -> i32 {
    *p.add(i) // NEEDED: the qualifier (raw pointer read in the body)
}

pub unsafe fn plain_add(a: i32, b: i32) -> i32 {
    a + b
}

pub fn sum(p: *const i32, n: usize) -> i32 {
    let mut s = 0;
    for i in 0..n {
        s += unsafe { read_at(p, i) }; // NEEDED
    }
    s
}

pub fn add3(a: i32, b: i32, c: i32) -> i32 {
    let ab = unsafe { plain_add(a, b) };
    unsafe { plain_add(ab, c) }
}

pub fn record(v: i64) -> i64 {
    unsafe {
        TOTAL += v; // NEEDED
        TOTAL
    }
}

macro_rules! read {
    ($p:expr) => {
        *$p
    };
}

pub fn via_macro(p: *const i32) -> i32 {
    unsafe { read!(p) } // NEEDED: the error points into the macro, its call site is here
}

pub fn clamp(x: i32) -> i32 {
    let y = unsafe { if x < 0 { 0 } else { x } };
    y
}

pub fn swap_vals(a: &mut i32, b: &mut i32) {
    unsafe {
        let t = *a;
        *a = *b;
        *b = t;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn behaves() {
        let v = [1, 2, 3, 4];
        assert_eq!(sum(v.as_ptr(), 4), 10);
        assert_eq!(add3(1, 2, 3), 6);
        assert_eq!(clamp(-5), 0);
        let (mut a, mut b) = (1, 2);
        swap_vals(&mut a, &mut b);
        assert_eq!((a, b), (2, 1));
        let third = unsafe { read_at(v.as_ptr(), 2) }; // NEEDED
        assert_eq!(third, 3);
        assert_eq!(unsafe { read_at(v.as_ptr(), 3) }, 4); // NEEDED
        assert_eq!(unsafe { third + 1 }, 4);
        assert_eq!(via_macro(v.as_ptr()), 1);
        assert_eq!(record(5), 5);
    }
}
`;

describe('jc2r optimize: unsafe minimisation', { timeout: 180_000 }, () => {
  it('keeps exactly the K needed unsafe sites, documents each, and uses at most 2 + K cargo runs', async () => {
    const dir = tempDir();
    writeTree(dir, { 'Cargo.toml': manifest('unsafe_min'), 'src/lib.rs': LIB });
    const N = 12;
    const K = 6;
    expect(unsafeKeywords(LIB)).toBe(N);
    const { exec, calls } = countingExec();
    const report = await optimizeCrate(optimizeOptions(dir, onlyPass('unsafe'), { exec, cargoEnv }));

    const out = readFileSync(join(dir, 'src/lib.rs'), 'utf8');
    expect(report.errors).toEqual([]);
    expect(report.passes[0]?.status).toBe('applied');
    expect(unsafeKeywords(out)).toBe(K);
    expect(report.unsafe_kept, JSON.stringify(report.passes[0])).toBe(K);
    expect(report.unsafe_removed).toBe(N - K);
    // The needed ones are the ones that stayed.
    expect(out).toMatch(/pub unsafe fn read_at/);
    expect(out).toMatch(/pub fn plain_add/);
    expect(out).toMatch(/s \+= unsafe \{ read_at\(p, i\) \};/);
    expect(out).toMatch(/unsafe \{\n\s+TOTAL \+= v;/);
    expect(out).toContain('let third = unsafe { read_at(v.as_ptr(), 2) };');
    // Removed blocks that held one expression lose their braces too.
    expect(out).toContain('let ab = plain_add(a, b);');
    expect(out).toMatch(/\n {4}plain_add\(ab, c\)\n\}/);
    expect(out).toContain('let y = if x < 0 { 0 } else { x };');

    // Every unsafe block that stayed has a SAFETY comment on the line above; the fn a # Safety section.
    const lines = out.split('\n');
    const blockLines = lines.flatMap((l, i) => (/\bunsafe \{/.test(l.replace(/\/\/.*$/, '')) ? [i] : []));
    expect(blockLines).toHaveLength(K - 1);
    expect(out).toContain('assert_eq!(third + 1, 4);');
    for (const i of blockLines) expect(lines[i - 1]).toMatch(/^\s*\/\/ SAFETY: \S/);
    expect(out).toMatch(/\/\/\/ # Safety\n\/\/\/\n\/\/\/ Callers must ensure that `p.add\(i\)` is non-null[^\n]*\npub unsafe fn read_at/);
    expect(out).toContain('// SAFETY: no other access to the mutable or foreign static `TOTAL`');

    // Counted from the real cargo invocations: a one-at-a-time search needs at least N.
    const cargoRuns = calls.filter((c) => c[0] === 'cargo');
    expect(cargoRuns.length).toBe(report.cargo_runs);
    expect(cargoRuns.length).toBeLessThanOrEqual(2 + K);
    expect(cargoRuns.length).toBeLessThan(N);
    expect(cargoRuns[cargoRuns.length - 1]?.slice(1, 2)).toEqual(['test']);
    expect(report.unsafe_lines_before).toBe(N);
    expect(report.unsafe_lines_after).toBe(K);
  });

  it.each(supported([
    ['2021', 'pub unsafe fn get(p: *const i32) -> i32 {\n    *p\n}'],
    ['2024', 'pub unsafe fn get(p: *const i32) -> i32 {\n    // SAFETY: `p` is non-null, aligned and points to a live, initialised value valid for this access.\n    unsafe { *p }\n}'],
  ]))('follows edition %s: an unsafe fn keeps its qualifier, and its inner block only where the edition needs it', async (edition, expected) => {
    const dir = tempDir();
    writeTree(dir, {
      'Cargo.toml': manifest('edition_crate').replace('edition = "2021"', `edition = "${edition}"`),
      'src/lib.rs': 'pub unsafe fn get(p: *const i32) -> i32 {\n    unsafe { *p }\n}\n\n#[test]\nfn t() {\n    let x = 3;\n    assert_eq!(unsafe { get(&x) }, 3);\n}\n',
    });
    const report = await optimizeCrate(optimizeOptions(dir, onlyPass('unsafe'), { gitGuard: false, cargoEnv }));
    expect(report.errors).toEqual([]);
    const out = readFileSync(join(dir, 'src/lib.rs'), 'utf8');
    expect(out).toContain(`///\n/// Callers must ensure that \`p\` is non-null, aligned and points to a live, initialised value valid for this access.\n${expected}\n`);
  });
});
