import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJsonl } from '../../src/util/files.js';
import { runProcess } from '../../src/util/process.js';
import { hang, reply, startLlmServer, type LlmServer } from '../support/llm-server.js';
import { conversionReplies, FUNCTIONS } from './fixture.js';
import { cleanTarget, crateFiles, jc2r, projectWithServer, targetDir } from './support.js';

const TARGET = targetDir('e2e');
afterAll(() => cleanTarget('e2e'));

let server: LlmServer;
beforeEach(async () => {
  server = await startLlmServer();
});
afterEach(async () => {
  await server.close();
});

const FN_ARGS = FUNCTIONS.flatMap((f) => ['--function', f]);
const texts = (s: LlmServer) => s.requests.map((r) => JSON.stringify(r.body.messages));

interface Outcome {
  c_name: string;
  status: string;
  repair_rounds: number;
  review_issues: string[];
  commit?: string;
}
interface Progress {
  current: unknown;
  converted: { c_name: string; commit: string }[];
  outcomes: Outcome[];
}
const progressOf = (base: string) => JSON.parse(readFileSync(join(base, 'proj/.jarvis/c2rust/progress.json'), 'utf8')) as Progress;
const symbolMap = (base: string) => readFileSync(join(base, 'proj/.jarvis/c2rust/symbol_map.jsonl'), 'utf8').replaceAll(base, '<base>');

async function uninterrupted(): Promise<string> {
  const base = projectWithServer(server.openaiBaseUrl);
  server.enqueue(...conversionReplies().flatMap((f) => f.replies.map((t) => reply(t, { usage: { input: 900, output: 60 } }))));
  const r = await jc2r(base, TARGET, ['transpile', 'proj', '--model', ...FN_ARGS]).done;
  expect(r.code, r.stderr).toBe(0);
  expect(server.pending()).toBe(0);
  return base;
}

describe('jc2r transpile --model through the loopback OpenAI-compatible server', { timeout: 300_000 }, () => {
  it('converts each function with a repair round from a real rustc error, resolves a review issue, passes the differential test, and records every function', async () => {
    const base = await uninterrupted();
    const reqs = texts(server);
    // each function: one repair round, and the request for it carries rustc's own error
    for (const [fn, code] of [
      ['clamp', 'E0308'],
      ['sum_clamped', 'E0308'],
      ['average', 'E0277'],
    ] as const) {
      const repair = reqs.find((t) => t.includes(`cargo check fails after the conversion of \`${fn}\``));
      expect(repair, fn).toBeDefined();
      expect(repair).toContain(`error[${code}]`);
      expect(repair).toContain('src/stats.rs:');
    }
    // the writer sees the C and the deterministic translation under its wrapper name
    const write = reqs.find((t) => t.includes('Convert `clamp` into safe Rust in src/stats.rs'));
    expect(write).toContain(JSON.stringify('#[export_name = "clamp"]\npub unsafe extern "C" fn clamp_ffi(mut v: c_int').slice(1, -1));
    expect(write).toContain(JSON.stringify('int clamp(int v, int lo, int hi) {').slice(1, -1));
    // the review's issue went to the fixer, and the second review found nothing
    expect(reqs.some((t) => t.includes('A review of `sum_clamped`') && t.includes('a negative n becomes a huge usize'))).toBe(true);
    const p = progressOf(base);
    expect(p.current).toBeNull();
    expect(p.outcomes.map((o) => [o.c_name, o.status, o.repair_rounds, o.review_issues.length])).toEqual([
      ['clamp', 'converted', 1, 0],
      ['sum_clamped', 'converted', 1, 1],
      ['average', 'converted', 1, 0],
    ]);
    // one commit per converted function, in the crate's own history
    const log = (await runProcess('git', ['log', '--format=%H %s'], { cwd: join(base, 'proj_rs') })).stdout.trim().split('\n');
    expect(log).toHaveLength(4);
    expect(p.converted.map((c) => c.commit).reverse()).toEqual(log.slice(0, 3).map((l) => l.split(' ')[0]));
    const stats = readFileSync(join(base, 'proj_rs/src/stats.rs'), 'utf8');
    expect(stats).toContain('pub fn clamp(v: i32, lo: i32, hi: i32) -> i32 {');
    expect(stats).toContain('pub fn sum_clamped(xs: &[i32]) -> i32 {');
    expect(stats).toContain('if n <= 0 || xs.is_null() {');
    expect(stats).not.toContain('as i64');
    // symbol_map covers every function (main included, still deterministic), with where it lives now
    const map = readJsonl<{ c_name: string; translated_by: string; safe: boolean; rust_signature: string; rust_start_line: number }>(join(base, 'proj/.jarvis/c2rust/symbol_map.jsonl'));
    expect(map.map((m) => [m.c_name, m.translated_by, m.safe]).sort()).toEqual([
      ['average', 'model', true],
      ['clamp', 'model', true],
      ['main', 'deterministic', false],
      ['sum_clamped', 'model', true],
    ]);
    const lines = stats.split('\n');
    for (const m of map.filter((x) => x.translated_by === 'model')) expect(lines.slice(m.rust_start_line - 1).join('\n')).toMatch(new RegExp(`^(//.*\\n)*${m.rust_signature.replace(/[()[\]&]/g, '\\$&')}`));
    // the differential test: the C test program and its Rust build print the same
    const eq = await jc2r(base, TARGET, ['equiv', 'proj']).done;
    expect(eq.code, eq.stdout + eq.stderr).toBe(0);
    expect(eq.stdout).toMatch(/1\/1 command\(s\) behave the same/);
    // the run's transcript
    expect(readdirSync(join(base, 'proj/.jarvis/runs'))).toHaveLength(1);
  });

  it('after a SIGKILL in the middle of a function, a rerun ends with the same crate and records as an uninterrupted run', async () => {
    const whole = await uninterrupted();
    await server.close();
    server = await startLlmServer();
    const base = projectWithServer(server.openaiBaseUrl);
    const [clamp, sum, average] = conversionReplies();
    const usage = { usage: { input: 900, output: 60 } };
    // first run: clamp whole, then sum_clamped's plan and first write; the model then goes silent
    server.enqueue(...(clamp?.replies ?? []).map((t) => reply(t, usage)), ...(sum?.replies ?? []).slice(0, 3).map((t) => reply(t, usage)), hang());
    const first = jc2r(base, TARGET, ['transpile', 'proj', '--model', ...FN_ARGS]);
    const asked = (clamp?.replies.length ?? 0) + 4;
    for (let i = 0; i < 600 && server.requests.length < asked; i++) await new Promise((r) => setTimeout(r, 100));
    expect(server.requests.length).toBe(asked);
    first.child.kill('SIGKILL');
    await first.done;
    expect(progressOf(base).current).toMatchObject({ c_name: 'sum_clamped' });
    expect(readFileSync(join(base, 'proj_rs/src/stats.rs'), 'utf8')).toContain('s as usize'); // the half-done write is in the crate
    // second run: sum_clamped from the start, then average
    server.enqueue(...[...(sum?.replies ?? []), ...(average?.replies ?? [])].map((t) => reply(t, usage)));
    const second = await jc2r(base, TARGET, ['transpile', 'proj', '--model', ...FN_ARGS]).done;
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toMatch(/resuming/);
    expect(server.pending()).toBe(0);
    expect(crateFiles(join(base, 'proj_rs'))).toEqual(crateFiles(join(whole, 'proj_rs')));
    expect(symbolMap(base)).toBe(symbolMap(whole));
    const strip = (p: Progress) => p.outcomes.map((o) => ({ ...o, seconds: 0 }));
    expect(strip(progressOf(base))).toEqual(strip(progressOf(whole)));
    expect(progressOf(base).converted).toEqual(progressOf(whole).converted);
    const log = (d: string) => runProcess('git', ['log', '--format=%H'], { cwd: join(d, 'proj_rs') }).then((r) => r.stdout);
    expect(await log(base)).toBe(await log(whole));
    expect(existsSync(join(base, 'proj_rs/.git'))).toBe(true);
  });

  it('Ctrl-C while the model answers undoes the function under way and exits 130; the next run finishes it', async () => {
    const base = projectWithServer(server.openaiBaseUrl);
    const [clamp, sum, average] = conversionReplies();
    server.enqueue(...(clamp?.replies ?? []).map((t) => reply(t)), reply(sum?.replies[0] ?? ''), hang());
    const run = jc2r(base, TARGET, ['transpile', 'proj', '--model', ...FN_ARGS]);
    const asked = (clamp?.replies.length ?? 0) + 2;
    for (let i = 0; i < 600 && server.requests.length < asked; i++) await new Promise((r) => setTimeout(r, 100));
    run.child.kill('SIGINT');
    const r = await run.done;
    expect(r.code, r.stderr).toBe(130);
    expect(r.stdout).toMatch(/stopped: run again to resume/);
    const crate = join(base, 'proj_rs');
    expect((await runProcess('git', ['status', '--porcelain'], { cwd: crate })).stdout).toBe('');
    expect(readFileSync(join(crate, 'src/stats.rs'), 'utf8')).not.toContain('sum_clamped_ffi');
    expect(progressOf(base).outcomes.map((o) => o.c_name)).toEqual(['clamp']);
    server.enqueue(...[...(sum?.replies ?? []), ...(average?.replies ?? [])].map((t) => reply(t)));
    const again = await jc2r(base, TARGET, ['transpile', 'proj', '--model', ...FN_ARGS]).done;
    expect(again.code, again.stderr).toBe(0);
    expect(progressOf(base).outcomes.map((o) => [o.c_name, o.status])).toEqual([
      ['clamp', 'converted'],
      ['sum_clamped', 'converted'],
      ['average', 'converted'],
    ]);
  });
});
