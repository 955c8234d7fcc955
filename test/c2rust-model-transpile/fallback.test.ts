import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runProcess } from '../../src/util/process.js';
import { reply, startLlmServer, type LlmServer } from '../support/llm-server.js';
import { conversionReplies } from './fixture.js';
import { cleanTarget, jc2r, projectWithServer, targetDir } from './support.js';

const TARGET = targetDir('fallback');
afterAll(() => cleanTarget('fallback'));

let server: LlmServer;
beforeEach(async () => {
  server = await startLlmServer();
});
afterEach(async () => {
  await server.close();
});

interface Report {
  converted: number;
  fallback: number;
  functions: { c_name: string; status: string; reason?: string; repair_rounds: number; cargo_runs: number }[];
  baseCommit: string;
  finalCommit: string;
}

const patch = (search: string, replace: string) => `<PATCH file=src/stats.rs>\n<DIFF>\n<SEARCH>${search}</SEARCH>\n<REPLACE>${replace}</REPLACE>\n</DIFF>\n</PATCH>`;

describe('jc2r transpile --model when the budget runs out', { timeout: 300_000 }, () => {
  it('keeps the deterministic translation of a function whose every repair breaks the build, and the crate builds and behaves', async () => {
    const base = projectWithServer(server.openaiBaseUrl);
    const clamp = conversionReplies()[0]?.replies ?? [];
    const usage = { usage: { input: 500, output: 50 } };
    server.enqueue(
      ...[
        clamp[0] as string,
        clamp[1] as string, // the write: `lo as i64` does not type-check
        clamp[2] as string,
        patch('        return lo as i64;', '        return lo as u8;'),
        clamp[2] as string,
        patch('        return lo as u8;', '        return lo as u16;'),
        clamp[2] as string,
      ].map((t) => reply(t, usage)),
    );
    const r = await jc2r(base, TARGET, ['transpile', 'proj', '--model', '--function', 'clamp', '--repair-rounds', '2', '--json']).done;
    expect(r.code, r.stderr).toBe(0);
    expect(server.pending()).toBe(0);
    const rep = JSON.parse(r.stdout) as Report;
    expect(rep.converted).toBe(0);
    expect(rep.fallback).toBe(1);
    expect(rep.functions[0]).toMatchObject({ c_name: 'clamp', status: 'fallback', repair_rounds: 2 });
    expect(rep.functions[0]?.reason).toMatch(/still failing after 2 repair round\(s\): E0308/);
    // the crate is the deterministic translation, untouched and committed
    expect(rep.finalCommit).toBe(rep.baseCommit);
    const crate = join(base, 'proj_rs');
    expect((await runProcess('git', ['status', '--porcelain'], { cwd: crate })).stdout).toBe('');
    const stats = readFileSync(join(crate, 'src/stats.rs'), 'utf8');
    expect(stats).toContain('pub unsafe extern "C" fn clamp(mut v: c_int, mut lo: c_int, mut hi: c_int) -> c_int {');
    expect(stats).not.toContain('clamp_ffi');
    const eq = await jc2r(base, TARGET, ['equiv', 'proj']).done;
    expect(eq.code, eq.stdout + eq.stderr).toBe(0);

    // the person's summary says so; a second function stops at its token budget
    server.enqueue(...(conversionReplies()[1]?.replies ?? []).map((t) => reply(t, usage)));
    const second = await jc2r(base, TARGET, ['transpile', 'proj', '--model', '--function', 'sum_clamped', '--max-tokens', '1000']).done;
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/kept deterministic \(budget ran out\)\s+2/);
    // repairs, review issues, model calls, tokens: clamp's 7 calls and sum_clamped's plan and first write
    expect(second.stdout).toMatch(/clamp\s+deterministic kept\s+2\s+0\s+7\s/);
    expect(second.stdout).toMatch(/sum_clamped\s+deterministic kept\s+0\s+0\s+2\s+1100\s+token budget exhausted \(1100 > 1000\)/);
    expect(second.stdout).toMatch(/^model calls\s+9$/m);
    // the plan (550 tokens) fit, the write's first reply (1100 in all) did not: the writer was stopped there
    expect(server.requests).toHaveLength(7 + 2);
    expect(readFileSync(join(crate, 'src/stats.rs'), 'utf8')).toBe(stats);

    // and a third at its cost budget (the config prices tokens at $1000 per million)
    server.enqueue(...(conversionReplies()[2]?.replies ?? []).map((t) => reply(t, usage)));
    const third = await jc2r(base, TARGET, ['transpile', 'proj', '--model', '--function', 'average', '--max-cost', '0.6', '--json']).done;
    expect(third.code, third.stderr).toBe(0);
    const rep3 = JSON.parse(third.stdout) as Report & { functions: { cost: number }[] };
    expect(rep3.functions[2]).toMatchObject({ c_name: 'average', status: 'fallback', reason: 'cost budget exhausted ($1.1000 > $0.6)', cost: 1.1 });
    expect(server.requests).toHaveLength(11);
    expect(readFileSync(join(crate, 'src/stats.rs'), 'utf8')).toBe(stats);

    // someone edits the crate between runs: the next run refuses rather than throw the edit away
    writeFileSync(join(crate, 'src/stats.rs'), `${stats}// mine\n`);
    const edited = await jc2r(base, TARGET, ['transpile', 'proj', '--model', '--function', 'average']).done;
    expect(edited.code).toBe(2);
    expect(edited.stderr).toMatch(/changed since the model stage's last step \(uncommitted: src\/stats.rs\)/);
    expect(edited.stderr).toMatch(/--reset-progress/);
    expect(readFileSync(join(crate, 'src/stats.rs'), 'utf8')).toBe(`${stats}// mine\n`);
    expect(server.requests).toHaveLength(11);
    const unknown = await jc2r(base, TARGET, ['transpile', 'proj', '--model', '--function', 'nope', '--reset-progress']).done;
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no translated C function named nope/);
  });
});
