import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createScriptedPlatformFromReplies } from '../../src/llm/index.js';
import { indexFunctions, duplicatePairs } from '../../src/apps/c2rust/optimize/fn-index.js';
import { mergeRuleBlocker } from '../../src/apps/c2rust/optimize/merge-duplicates.js';
import { parseSafetyReply } from '../../src/apps/c2rust/optimize/model-safety.js';
import { optimizeCrate } from '../../src/apps/c2rust/optimize/optimizer.js';
import { countingExec, manifest, modelAgents, onlyPass, optimizeOptions, targetDirFor, tempDir, writeTree } from './crates.js';

const cargoEnv = targetDirFor('model');
afterAll(() => rmSync(cargoEnv.CARGO_TARGET_DIR as string, { recursive: true, force: true }));

describe('SAFETY replies', () => {
  it('accepts one or two plain lines inside <SAFETY> and rejects code, comment breakers and essays', () => {
    expect(parseSafetyReply('ok <SAFETY>\n`p` points to a live i32\nthat nobody writes meanwhile.\n</SAFETY>')).toBe('`p` points to a live i32 that nobody writes meanwhile');
    expect(parseSafetyReply('SAFETY: p is valid')).toBeUndefined();
    expect(parseSafetyReply('<SAFETY>   </SAFETY>')).toBeUndefined();
    expect(parseSafetyReply('<SAFETY>p is valid */ fn evil() {}</SAFETY>')).toBeUndefined();
    expect(parseSafetyReply('<SAFETY>p is /* nested</SAFETY>')).toBeUndefined();
    expect(parseSafetyReply('<SAFETY>unsafe { *p }</SAFETY>')).toBeUndefined();
    expect(parseSafetyReply('<SAFETY>let x = *p;</SAFETY>')).toBeUndefined();
    expect(parseSafetyReply('<SAFETY>a\nb\nc</SAFETY>')).toBeUndefined();
    expect(parseSafetyReply(`<SAFETY>${'p is valid '.repeat(30)}</SAFETY>`)).toBeUndefined();
  });
});

describe('merge rule', () => {
  it('allows plain free functions the duplicate can reach and refuses the rest, saying why', async () => {
    const body = (a: string) => `{\n    let t = ${a}.wrapping_mul(3);\n    t ^ (t >> 2) ^ 11\n}`;
    const text = [
      `pub(crate) fn base(v: u64) -> u64 ${body('v')}`,
      `fn same_mod(w: u64) -> u64 ${body('w')}`,
      `pub unsafe fn unsafe_one(w: u64) -> u64 ${body('w')}`,
      `#[cfg(test)]\nfn cfg_one(w: u64) -> u64 ${body('w')}`,
      `mod m {\n    fn private_base(q: u32) -> u32 { let t = q.wrapping_mul(5); t ^ (t >> 1) ^ 3 }\n}`,
      `fn other(q: u32) -> u32 { let t = q.wrapping_mul(5); t ^ (t >> 1) ^ 3 }`,
      `fn generic<T: Copy>(w: u64, _t: T) -> u64 ${body('w')}`,
    ].join('\n\n');
    const fns = await indexFunctions(new Map([['src/lib.rs', text]]));
    const why = Object.fromEntries(duplicatePairs(fns).map(({ kept, dup }) => [dup.name, mergeRuleBlocker(kept, dup) ?? 'ok']));
    expect(why).toEqual({
      same_mod: 'ok',
      unsafe_one: 'qualifiers differ (`` vs `unsafe`)',
      cfg_one: 'crate::cfg_one is attribute #[cfg(test)]',
      other: 'crate::m::private_base is private to its module',
    });
  });
});

// `total_again` repeats `total` in the same module: merged. `weigh_again` repeats a function in
// a private module it cannot reach: the merge fails cargo check and is undone.
const LIB = `mod hidden {
    pub mod inner {
        pub fn weigh(v: u64, k: u64) -> u64 {
            let t = v.wrapping_mul(k);
            t ^ (t >> 3) ^ 7
        }
    }
}
mod secret {
    mod vault {
        pub fn weigh(v: u64, k: u64) -> u64 {
            let t = v.wrapping_mul(k);
            t ^ (t >> 3) ^ 9
        }
    }
}

pub fn total(xs: &[i32], bias: i32) -> i32 {
    let mut s = bias;
    for x in xs {
        s += *x * 2;
    }
    s
}

pub fn total_again(values: &[i32], start: i32) -> i32 {
    let mut s = start;
    for x in values {
        s += *x * 2;
    }
    s
}

pub fn weigh_again(a: u64, b: u64) -> u64 {
    let t = a.wrapping_mul(b);
    t ^ (t >> 3) ^ 9
}

pub fn weigh_visible(a: u64, b: u64) -> u64 {
    hidden::inner::weigh(a, b)
}
`;
const TESTS = `#[test]
fn behaviour() {
    assert_eq!(dups::total_again(&[1, 2], 3), 9);
    assert_eq!(dups::weigh_again(3, 5), 15 ^ 1 ^ 9);
    assert_eq!(dups::weigh_visible(3, 5), 15 ^ 1 ^ 7);
}
`;

describe('jc2r optimize with a model: duplicates', { timeout: 180_000 }, () => {
  it('merges a safe duplicate, keeps it passing, and undoes a merge that breaks byte for byte', async () => {
    const dir = tempDir();
    writeTree(dir, { 'Cargo.toml': manifest('dups'), 'src/lib.rs': LIB, 'tests/behaviour.rs': TESTS });
    const platform = createScriptedPlatformFromReplies({ replies: [{ reply: '<MERGE>yes</MERGE>', expect: 'crate::secret::vault::weigh' }] });
    const { exec, calls } = countingExec();
    const report = await optimizeCrate(optimizeOptions(dir, onlyPass('structure'), { cargoEnv, exec, agents: modelAgents(platform) }));
    expect(report.errors).toEqual([]);
    expect(platform.remaining()).toBe(0);
    expect(report.duplicates_tagged).toBe(2);
    expect(report.duplicates_merged).toBe(1);
    const expected = LIB.replace(
      /pub fn total_again\(values: &\[i32\], start: i32\) -> i32 \{[\s\S]*?\n\}\n/,
      '/// Duplicate of crate::total\npub fn total_again(values: &[i32], start: i32) -> i32 {\n    crate::total(values, start)\n}\n',
    ).replace('pub fn weigh_again', '/// Duplicate of crate::secret::vault::weigh\npub fn weigh_again');
    expect(readFileSync(join(dir, 'src/lib.rs'), 'utf8')).toBe(expected);
    const notes = report.passes[0]?.notes ?? [];
    expect(notes).toContain('crate::weigh_again: merge undone, cargo check failed with it');
    expect(notes).toContain('crate::total_again: body replaced by a call to crate::total');
    // check (fails on the private path), check, test in the pass, test after it.
    expect(calls.map((c) => c[1])).toEqual(['check', 'check', 'test', 'test']);
  });

  it('undoes every merge when cargo test fails with them, keeping the tags', async () => {
    const dir = tempDir();
    const lib = LIB.slice(LIB.indexOf('pub fn total('), LIB.indexOf('pub fn weigh_again'));
    const guard = '#[test]\nfn bodies_untouched() {\n    assert!(!include_str!("../src/lib.rs").contains("crate::total(values, start)"));\n}\n';
    writeTree(dir, { 'Cargo.toml': manifest('guarded_dups'), 'src/lib.rs': lib, 'tests/guard.rs': guard });
    const platform = createScriptedPlatformFromReplies({ replies: [] });
    const { exec, calls } = countingExec();
    const report = await optimizeCrate(optimizeOptions(dir, onlyPass('structure'), { cargoEnv, exec, agents: modelAgents(platform) }));
    expect(report.errors).toEqual([]);
    expect(report.duplicates_merged).toBe(0);
    expect(readFileSync(join(dir, 'src/lib.rs'), 'utf8')).toBe(lib.replace('pub fn total_again', '/// Duplicate of crate::total\npub fn total_again'));
    expect(report.passes[0]?.notes.some((n) => n.startsWith('all merges undone: cargo test failed with them'))).toBe(true);
    expect(calls.map((c) => c[1])).toEqual(['check', 'test', 'test']);
  });
});
