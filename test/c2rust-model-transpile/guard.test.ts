import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AgentFactory, type Agent, type AgentSpec } from '../../src/agent/index.js';
import { runModelTranspile } from '../../src/apps/c2rust/model-transpile/index.js';
import { transpileProject } from '../../src/apps/c2rust/transpile/index.js';
import { createScriptedPlatformFromReplies } from '../../src/llm/index.js';
import { tempTree } from '../support/temp-tree.js';
import { CLAMP_TESTS, conversionReplies, PROJECT } from './fixture.js';
import { targetDir } from './support.js';

const TARGET = targetDir('guard');
afterAll(() => rmSync(TARGET, { recursive: true, force: true }));

/** The shared factory, counting what each agent was built with. */
class CountingFactory extends AgentFactory {
  specs: AgentSpec[] = [];
  override create(spec: AgentSpec): Promise<Agent> {
    this.specs.push(spec);
    return super.create(spec);
  }
}

describe('the model stage on the scripted platform', { timeout: 300_000 }, () => {
  it('undoes an edit that deletes tests and tells the model; planner and reviewer only read; every agent comes from the factory', async () => {
    const base = tempTree(Object.fromEntries(Object.entries(PROJECT).map(([k, v]) => [`proj/${k}`, v])));
    const root = join(base, 'proj');
    await transpileProject({ root, outDir: join(base, 'proj_rs') });
    const [clamp, sum] = conversionReplies();
    const sumReplies = sum?.replies ?? [];
    const replies = [
      ...(clamp?.replies ?? []),
      sumReplies[0] as string,
      // the writer first drops clamp's tests: refused and undone, then it writes the real change
      `<PATCH file=src/stats.rs>\n<DIFF>\n<SEARCH>${CLAMP_TESTS}</SEARCH>\n<REPLACE></REPLACE>\n</DIFF>\n</PATCH>`,
      ...sumReplies.slice(1, 3),
      ...sumReplies.slice(3),
    ];
    const platform = createScriptedPlatformFromReplies({ replies });
    const agents = new CountingFactory({ root: base, models: () => ({ normal: platform }), tools: () => [] }, { interactive: false });
    const events: string[] = [];
    const report = await runModelTranspile({
      root,
      agents,
      functions: ['clamp', 'sum_clamped'],
      env: { CARGO_TARGET_DIR: TARGET },
      onProgress: (e) => events.push(`${e.done}/${e.total} ${e.function ?? ''} ${e.stage ?? ''}`),
    });
    expect(report.functions.map((f) => [f.c_name, f.status, f.guard_refusals])).toEqual([
      ['clamp', 'converted', 0],
      ['sum_clamped', 'converted', 1],
    ]);
    expect(platform.calls).toHaveLength(replies.length);
    const refusedNote = JSON.stringify(platform.calls[(clamp?.replies.length ?? 0) + 2]?.messages);
    expect(refusedNote).toContain('REFUSED and undone: this edit removed tests (src/stats.rs: 1 → 0)');
    const stats = readFileSync(join(base, 'proj_rs/src/stats.rs'), 'utf8');
    expect(stats).toContain(CLAMP_TESTS);
    expect(stats).toContain('fn negative_count_is_empty()');
    // progress events name the function and stage, and count finished functions
    expect(events).toContain('0/4 clamp plan');
    expect(events).toContain('1/4 sum_clamped review');
    expect(events.at(-1)).toBe('2/4 sum_clamped converted');
    // every agent was built by the factory; the planner and the reviewer read and never edit
    expect([...new Set(agents.specs.map((s) => s.name))].sort()).toEqual(['c2rust-plan', 'c2rust-review', 'c2rust-write']);
    for (const s of agents.specs) {
      const tools = s.tools === 'none' ? [] : (s.tools?.use ?? []);
      expect(tools, s.name).toEqual(['read_code', 'list_files', 'search_files']);
      expect(s.edits, s.name).toBe(s.name === 'c2rust-write');
      expect(s.root).toBe(join(base, 'proj_rs'));
    }
  });

  it('deletes a C-ABI wrapper once nothing calls it, and keeps one a test still uses', async () => {
    // a library only: no program calls the functions by their C names
    const lib = Object.fromEntries(Object.entries(PROJECT).filter(([k]) => k !== 'test_stats.c').map(([k, v]) => [`proj/${k}`, v]));
    const base = tempTree(lib);
    const root = join(base, 'proj');
    await transpileProject({ root, outDir: join(base, 'proj_rs') });
    const [clamp, sum] = conversionReplies();
    const platform = createScriptedPlatformFromReplies({ replies: [...(clamp?.replies ?? []), ...(sum?.replies ?? [])] });
    const agents = new AgentFactory({ root: base, models: () => ({ normal: platform }), tools: () => [] }, { interactive: false });
    const report = await runModelTranspile({ root, agents, functions: ['clamp', 'sum_clamped'], env: { CARGO_TARGET_DIR: TARGET } });
    expect(report.converted).toBe(2);
    const stats = readFileSync(join(base, 'proj_rs/src/stats.rs'), 'utf8');
    // clamp_ffi was called by the old sum_clamped only; sum_clamped_ffi is called by a test
    expect(stats).not.toContain('clamp_ffi(');
    expect(stats).toContain('pub unsafe extern "C" fn sum_clamped_ffi(');
    // each outcome says what its function left; the symbol map says what is there now
    expect(report.functions.map((f) => f.ffi_wrapper)).toEqual(['clamp_ffi', 'sum_clamped_ffi']);
    const map = readFileSync(join(root, '.jarvis/c2rust/symbol_map.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { c_name: string; ffi_wrapper: { rust_name: string } | null });
    expect(Object.fromEntries(map.map((m) => [m.c_name, m.ffi_wrapper?.rust_name ?? null]))).toEqual({ clamp: null, sum_clamped: 'sum_clamped_ffi', average: null });
  });

  it('refuses a crate that does not build before asking the model anything, and starts once it builds', async () => {
    const base = tempTree(Object.fromEntries(Object.entries(PROJECT).map(([k, v]) => [`proj/${k}`, v])));
    const root = join(base, 'proj');
    await transpileProject({ root, outDir: join(base, 'proj_rs') });
    const statsPath = join(base, 'proj_rs/src/stats.rs');
    const good = readFileSync(statsPath, 'utf8');
    writeFileSync(statsPath, `${good}\nfn broken() -> i32 {\n    "x"\n}\n`);
    const platform = createScriptedPlatformFromReplies({ replies: conversionReplies()[0]?.replies ?? [] });
    const agents = new AgentFactory({ root: base, models: () => ({ normal: platform }), tools: () => [] }, { interactive: false });
    const opts = { root, agents, functions: ['clamp'], env: { CARGO_TARGET_DIR: TARGET } };
    await expect(runModelTranspile(opts)).rejects.toThrow(/does not build before the model stage: E0308: mismatched types \(src\/stats.rs:\d+\)/);
    expect(platform.calls).toHaveLength(0);
    expect(existsSync(join(base, 'proj_rs/.git'))).toBe(false);
    writeFileSync(statsPath, good);
    expect((await runModelTranspile(opts)).converted).toBe(1);
  });
});
