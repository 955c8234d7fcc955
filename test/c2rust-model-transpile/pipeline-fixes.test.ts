import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AgentFactory } from '../../src/agent/index.js';
import { runModelTranspile } from '../../src/apps/c2rust/model-transpile/index.js';
import { transpileProject } from '../../src/apps/c2rust/transpile/index.js';
import { createScriptedPlatformFromReplies } from '../../src/llm/index.js';
import { tempTree } from '../support/temp-tree.js';
import { targetDir } from './support.js';

const TARGET = targetDir('pipeline-fixes');
afterAll(() => rmSync(TARGET, { recursive: true, force: true }));

const UTIL_C = 'int clamp(int v, int lo, int hi) {\n    if (v < lo) return lo;\n    if (v > hi) return hi;\n    return v;\n}\n';
const STATS_C = 'int clamp(int v, int lo, int hi);\n\nint total(const int *xs, int n) {\n    int s = 0;\n    for (int i = 0; i < n; i++) s += clamp(xs[i], 0, 100);\n    return s;\n}\n';

const patch = (file: string, search: string, replace: string) => `<PATCH file=${file}>\n<DIFF>\n<SEARCH>${search}</SEARCH>\n<REPLACE>${replace}</REPLACE>\n</DIFF>\n</PATCH>`;
const DONE = 'Done.\n<!!!COMPLETE!!!>';

describe('deterministic fixes inside the model stage', { timeout: 300_000 }, () => {
  it('imports a converted callee the writer left unimported without a repair round, then drops the wrapper nothing calls', async () => {
    const base = tempTree({ 'proj/util.c': UTIL_C, 'proj/stats.c': STATS_C });
    const root = join(base, 'proj');
    await transpileProject({ root, outDir: join(base, 'proj_rs') });
    const replies = [
      '<PLAN>{"signature": "pub fn clamp(v: i32, lo: i32, hi: i32) -> i32", "notes": ""}</PLAN>',
      patch(
        'src/util.rs',
        '#[export_name = "clamp"]\npub unsafe extern "C" fn clamp_ffi(mut v: c_int, mut lo: c_int, mut hi: c_int) -> c_int {\n    if v < lo {\n        return lo;\n    }\n    if v > hi {\n        return hi;\n    }\n    return v;\n}',
        'pub fn clamp(v: i32, lo: i32, hi: i32) -> i32 {\n    if v < lo {\n        lo\n    } else {\n        v.min(hi)\n    }\n}\n\n#[export_name = "clamp"]\npub extern "C" fn clamp_ffi(v: c_int, lo: c_int, hi: c_int) -> c_int {\n    clamp(v, lo, hi)\n}',
      ),
      DONE,
      '<PLAN>{"signature": "pub fn total(xs: &[i32]) -> i32", "notes": ""}</PLAN>',
      // `clamp` (the safe one) is not imported in stats.rs: only `clamp_ffi` is
      patch(
        'src/stats.rs',
        '#[export_name = "total"]\npub unsafe extern "C" fn total_ffi(mut xs: *const c_int, mut n: c_int) -> c_int {\n    let mut s: c_int = 0;\n    {\n        let mut i: c_int = 0;\n        while i < n {\n            s += clamp_ffi(*xs.offset(i as isize), 0, 100);\n            i += 1;\n        }\n    }\n    return s;\n}',
        'pub fn total(xs: &[i32]) -> i32 {\n    xs.iter().map(|&x| clamp(x, 0, 100)).sum()\n}\n\n#[export_name = "total"]\npub unsafe extern "C" fn total_ffi(xs: *const c_int, n: c_int) -> c_int {\n    if n <= 0 || xs.is_null() {\n        return 0;\n    }\n    // SAFETY: `xs` is non-null and C callers pass `n` (> 0) readable values at it.\n    total(unsafe { std::slice::from_raw_parts(xs, n as usize) })\n}',
      ),
      DONE,
    ];
    const platform = createScriptedPlatformFromReplies({ replies });
    const agents = new AgentFactory({ root: base, models: () => ({ normal: platform }), tools: () => [] }, { interactive: false });
    const report = await runModelTranspile({ root, agents, budget: { reviewRounds: 0 }, env: { CARGO_TARGET_DIR: TARGET } });
    expect(platform.calls).toHaveLength(replies.length);
    expect(report.functions.map((f) => [f.c_name, f.status, f.repair_rounds, f.deterministic_fixes])).toEqual([
      ['clamp', 'converted', 0, []],
      ['total', 'converted', 0, ['src/stats.rs: `use crate::util::clamp;` for the unresolved name `clamp`']],
    ]);
    const stats = readFileSync(join(base, 'proj_rs/src/stats.rs'), 'utf8');
    expect(stats).toContain('use crate::util::clamp;\n');
    // clamp_ffi's only caller was the old total: it is gone, with its import
    expect(stats).not.toContain('clamp_ffi');
    expect(readFileSync(join(base, 'proj_rs/src/util.rs'), 'utf8')).not.toContain('clamp_ffi');
  });
});
