import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runProcess } from '../../src/util/process.js';
import { hang, reply, startLlmServer, type LlmServer } from '../support/llm-server.js';
import { conversionReplies } from '../c2rust-model-transpile/fixture.js';
import { cleanTarget, crateFiles, jc2r, projectWithServer, targetDir } from '../c2rust-model-transpile/support.js';
import { verdict } from './fixture.js';

/** `jc2r run` with a model: every stage through the loopback server, then a second run that has nothing left to do. */

const TARGET = targetDir('pipeline-run');
afterAll(() => cleanTarget('pipeline-run'));
let server: LlmServer;
beforeEach(async () => {
  server = await startLlmServer();
});
afterEach(async () => {
  await server.close();
});

// average's subtree is std's; sum_clamped and clamp stay, since main calls them too (average does not dominate them)
const AVERAGE = verdict({ replaceable: true, libraries: ['std'], apis: ['Iterator::sum', 'i32::clamp'], confidence: 0.9, notes: 'sum of clamped values over the length' });
// clamp gets a module of its own: the transpile stage moves it there once it is converted
const PLAN = '<CRATE_PLAN>\nmodules:\n  - name: clamping\n    purpose: clamping values to a range\n    functions: [clamp]\n  - name: stats\n    purpose: sums and averages\n    functions: [sum_clamped, average]\n</CRATE_PLAN>';
const SHARP = 'the caller passes pointers the C program owns for the whole call';
const statuses = (stdout: string) => Object.fromEntries([...stdout.matchAll(/^(scan|lib-replace|prepare|transpile|optimize)\s+(ran|up to date|needs a model|not run)\b/gm)].map((m) => [m[1], m[2]]));

describe('jc2r run with a model', { timeout: 400_000 }, () => {
  it('runs lib-replace, prepare and the per-function transpile on the model, reports cost per stage, and a second run skips every stage', async () => {
    const base = projectWithServer(server.openaiBaseUrl);
    const conf = await jc2r(base, TARGET, ['config', 'proj', '--root-symbols', 'average']).done;
    expect(conf.code, conf.stderr).toBe(0);
    server.enqueue(
      ...[AVERAGE, PLAN].map((t) => reply(t, { usage: { input: 500, output: 40 } })),
      // average, replaced by std, is converted too: its writer is told to implement it on the std APIs
      ...conversionReplies().flatMap((f) => f.replies.map((t) => reply(t, { usage: { input: 900, output: 60 } }))),
      // the program's main comes last: a planner that never answers in form leaves its deterministic translation;
      // then optimize asks the same model for a sharper SAFETY text of each unsafe site left (main's, the wrappers')
      ...Array.from({ length: 60 }, () => reply(`<SAFETY>${SHARP}</SAFETY>`, { usage: { input: 100, output: 10 } })),
    );
    const r = await jc2r(base, TARGET, ['run', 'proj']).done;
    expect(r.code, r.stderr).toBe(0);
    expect(statuses(r.stdout)).toEqual({ scan: 'ran', 'lib-replace': 'ran', prepare: 'ran', transpile: 'ran', optimize: 'ran' });
    // the fixture's config prices tokens: the cost column counts them
    expect(r.stdout).toMatch(/^lib-replace\s+ran\s+[\d.]+ s\s+1\s+540\s+0\.5400\s+1 replaced \(average\), 0 pruned: 4 → 4 functions$/m);
    const reps = readFileSync(join(base, 'proj/.jarvis/c2rust/library_replacements.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { name: string; applied: boolean; pruned: unknown[] });
    expect(reps.map((x) => [x.name, x.applied, x.pruned])).toEqual([['average', true, []]]);
    expect(r.stdout).toMatch(/^transpile\s+ran\s.*3 function\(s\) converted by the model, 1 kept their deterministic translation \(main\)$/m);
    const averageWrite = server.requests.map((q) => JSON.stringify(q.body.messages)).find((t) => t.includes('Convert `average` into safe Rust'));
    expect(averageWrite).toContain('the standard library replaces `average`');
    expect(averageWrite).toContain('`Iterator::sum`, `i32::clamp`');
    expect(server.requests.map((q) => JSON.stringify(q.body.messages)).find((t) => t.includes('Convert `clamp` into safe Rust'))).not.toContain('the standard library replaces');
    expect(r.stderr).not.toContain('no model configured');
    // every model call after lib-replace's and prepare's one each is the transpile stage's, counted per function and in all
    const callsOf = (stage: string) => Number(new RegExp(`^${stage}\\s+ran\\s+[\\d.]+ s\\s+(\\d+)\\s`, 'm').exec(r.stdout)?.[1]);
    const transpileCalls = callsOf('transpile');
    // optimize ran on the run's model: its SAFETY questions are counted in its row, and the crate carries the model's text
    const optimizeCalls = callsOf('optimize');
    expect(optimizeCalls).toBeGreaterThan(0);
    expect(server.requests.filter((q) => JSON.stringify(q.body.messages).includes('precondition an unsafe Rust site relies on'))).toHaveLength(optimizeCalls);
    expect(r.stdout).toMatch(/^optimize\s+ran\s.*; model: [1-9]\d* SAFETY text\(s\), 0 duplicate\(s\) merged$/m);
    expect(transpileCalls).toBe(server.requests.length - 2 - optimizeCalls);
    expect(r.stdout).toMatch(new RegExp(`^total\\s+${server.requests.length}\\s`, 'm'));
    const progress = JSON.parse(readFileSync(join(base, 'proj/.jarvis/c2rust/progress.json'), 'utf8')) as { outcomes: { c_name: string; status: string; calls: number }[] };
    expect(progress.outcomes.reduce((a, o) => a + o.calls, 0)).toBe(transpileCalls);
    expect(progress.outcomes.every((o) => o.calls > 0)).toBe(true);
    expect(progress.outcomes.map((o) => [o.c_name, o.status])).toEqual([
      ['clamp', 'converted'],
      ['sum_clamped', 'converted'],
      ['average', 'converted'],
      ['main', 'fallback'],
    ]);
    const map = readFileSync(join(base, 'proj/.jarvis/c2rust/symbol_map.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { kind: string; c_name: string; translated_by?: string });
    expect(map.filter((m) => m.kind === 'function').map((m) => [m.c_name, m.translated_by]).sort()).toEqual([
      ['average', 'model'],
      ['clamp', 'model'],
      ['main', 'deterministic'],
      ['sum_clamped', 'model'],
    ]);
    // the crate's layout follows the plan: clamp lives in its planned module, the old path re-exports it, the map has the final path
    const fnRecord = (name: string) => map.find((m) => m.kind === 'function' && m.c_name === name) as unknown as { rust_name: string; rust_file: string };
    expect(fnRecord('clamp')).toMatchObject({ rust_name: 'crate::clamping::clamp', rust_file: 'src/clamping.rs' });
    expect(fnRecord('sum_clamped')).toMatchObject({ rust_file: 'src/stats.rs' });
    const crate = join(base, 'proj_rs');
    const log = (await runProcess('git', ['log', '--format=%s'], { cwd: crate })).stdout.trim().split('\n');
    expect(log.at(-1)).toBe('jc2r transpile: deterministic translation');
    expect(log).toContain('jc2r prepare: module layout (clamping, stats)');
    expect(log[0]).toBe('jc2r optimize');
    expect(readFileSync(join(crate, 'src/clamping.rs'), 'utf8')).toContain('pub fn clamp(v: i32, lo: i32, hi: i32) -> i32 {');
    const stats = readFileSync(join(crate, 'src/stats.rs'), 'utf8');
    expect(stats).toContain('pub use crate::clamping::clamp;');
    expect(stats).not.toMatch(/fn clamp\(/);
    expect(Object.values(crateFiles(crate)).some((text) => text.includes(`// SAFETY: ${SHARP}.`))).toBe(true);
    expect((await runProcess('cargo', ['test', '--offline', '-q'], { cwd: crate, timeoutMs: 300_000 })).exitCode).toBe(0);

    server.requests.length = 0;
    const again = await jc2r(base, TARGET, ['run', 'proj', '--json']).done;
    expect(again.code, again.stderr).toBe(0);
    expect(server.requests).toHaveLength(0);
    const report = JSON.parse(again.stdout) as { stages: { stage: string; status: string }[] };
    expect(report.stages.map((s) => s.status)).toEqual(['up to date', 'up to date', 'up to date', 'up to date', 'up to date']);
  });

  it('after a SIGKILL in the middle of a function, jc2r run again ends with the same crate and records as an uninterrupted run', async () => {
    const usage = { usage: { input: 900, output: 60 } };
    const [clamp, sum, average] = conversionReplies();
    const args = ['run', 'proj', '--until', 'transpile'];
    const setup = async (b: string) => expect((await jc2r(b, TARGET, ['config', 'proj', '--root-symbols', 'average']).done).code).toBe(0);
    const tail = Array.from({ length: 8 }, () => reply('I would rather not plan main.'));
    const whole = projectWithServer(server.openaiBaseUrl);
    await setup(whole);
    server.enqueue(reply(AVERAGE), reply(PLAN), ...[clamp, sum, average].flatMap((f) => (f?.replies ?? []).map((t) => reply(t, usage))), ...tail);
    expect((await jc2r(whole, TARGET, args).done).code).toBe(0);
    await server.close();
    server = await startLlmServer();

    const base = projectWithServer(server.openaiBaseUrl);
    await setup(base);
    // clamp whole, then sum_clamped's plan and first write; then the model goes silent and the run is killed
    server.enqueue(reply(AVERAGE), reply(PLAN), ...(clamp?.replies ?? []).map((t) => reply(t, usage)), ...(sum?.replies ?? []).slice(0, 3).map((t) => reply(t, usage)), hang());
    const first = jc2r(base, TARGET, args);
    const asked = 2 + (clamp?.replies.length ?? 0) + 4;
    for (let i = 0; i < 900 && server.requests.length < asked; i++) await new Promise((r) => setTimeout(r, 100));
    expect(server.requests.length).toBe(asked);
    first.child.kill('SIGKILL');
    await first.done;
    server.requests.length = 0;
    server.enqueue(...[sum, average].flatMap((f) => (f?.replies ?? []).map((t) => reply(t, usage))), ...tail);
    const second = await jc2r(base, TARGET, args).done;
    expect(second.code, second.stderr).toBe(0);
    // lib-replace and prepare are not asked again: only sum_clamped (from its start), average and main
    expect(statuses(second.stdout)).toMatchObject({ scan: 'up to date', 'lib-replace': 'up to date', prepare: 'up to date', transpile: 'ran' });
    expect(JSON.stringify(server.requests[0]?.body)).toContain('sum_clamped');
    expect(crateFiles(join(base, 'proj_rs'))).toEqual(crateFiles(join(whole, 'proj_rs')));
    const records = (b: string) => ['symbol_map.jsonl', 'library_replacements.jsonl', 'translation_order_pruned.jsonl', 'crate_plan.json'].map((f) => readFileSync(join(b, 'proj/.jarvis/c2rust', f), 'utf8').replaceAll(b, '<base>'));
    expect(records(base)).toEqual(records(whole));
    const outcomes = (b: string) => (JSON.parse(readFileSync(join(b, 'proj/.jarvis/c2rust/progress.json'), 'utf8')) as { outcomes: { seconds: number }[] }).outcomes.map((o) => ({ ...o, seconds: 0 }));
    expect(outcomes(base)).toEqual(outcomes(whole));
    const log = (b: string) => runProcess('git', ['log', '--format=%H %s'], { cwd: join(b, 'proj_rs') }).then((r) => r.stdout);
    expect(await log(base)).toBe(await log(whole));
  });

  it('keeps the deterministic translation of a function replaced by a third-party crate, and says why', async () => {
    const base = projectWithServer(server.openaiBaseUrl);
    expect((await jc2r(base, TARGET, ['config', 'proj', '--root-symbols', 'average', '--allow-crates']).done).code).toBe(0);
    const [clamp, sum] = conversionReplies();
    const crateVerdict = verdict({ replaceable: true, libraries: ['itertools'], apis: ['Itertools::sum1'], confidence: 0.9, notes: 'sum then divide' });
    server.enqueue(reply(crateVerdict), reply(PLAN), ...[clamp, sum].flatMap((f) => (f?.replies ?? []).map((t) => reply(t))), ...Array.from({ length: 8 }, () => reply('I would rather not plan main.')));
    const r = await jc2r(base, TARGET, ['run', 'proj', '--until', 'transpile']).done;
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^transpile\s+ran\s.*2 function\(s\) converted by the model, 1 kept their deterministic translation \(main\), 1 replaced by a third-party crate kept deterministic/m);
    expect(server.requests.some((q) => JSON.stringify(q.body.messages).includes('Convert `average` into safe Rust'))).toBe(false);
    const progress = JSON.parse(readFileSync(join(base, 'proj/.jarvis/c2rust/progress.json'), 'utf8')) as { outcomes: { c_name: string; status: string; reason?: string }[] };
    const average = progress.outcomes.find((o) => o.c_name === 'average');
    expect(average?.status).toBe('skipped');
    expect(average?.reason).toMatch(/^replaced by itertools \(lib-replace\): a third-party crate cannot be added to an offline build/);
  });
});
