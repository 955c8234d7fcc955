import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runProcess } from '../../src/util/process.js';
import { reply } from '../support/llm-server.js';
import { jc2r, modelConfigs, useLoopbackServer, wordstatCopy } from './fixture.js';

const loop = useLoopbackServer();

const plan = (modules: Record<string, string[]>) =>
  `<CRATE_PLAN>\nmodules:\n${Object.entries(modules)
    .map(([name, fns]) => `  - name: ${name}\n    purpose: ${name} functions\n    functions: [${fns.join(', ')}]`)
    .join('\n')}\n</CRATE_PLAN>`;
// is_space is `static` in C, private in the deterministic crate: re-exporting it elsewhere does not build (E0603)
const BREAKS = plan({ text: ['count_words', 'is_space'], hash: ['checksum'] });
const BUILDS = plan({ text: ['count_words', 'checksum'] });

const git = async (dir: string, ...args: string[]) => (await runProcess('git', args, { cwd: dir })).stdout.trim();

describe('jc2r prepare through a loopback OpenAI-compatible server', { timeout: 240_000 }, () => {
  it('feeds a real rustc error back to the planner, then applies, commits and builds the layout it fixed', async () => {
    const root = wordstatCopy();
    const crate = `${root}_rs`;
    const cfg = modelConfigs(loop().openaiBaseUrl);
    expect((await jc2r(['scan', '.'], root, cfg.none)).code).toBe(0);
    loop().enqueue(reply(BREAKS), reply(BUILDS));
    const r = await jc2r(['prepare', '.', '-g', 'loop', '--json'], root, cfg.model);
    expect(r.code, r.stderr).toBe(0);
    expect(loop().pending()).toBe(0);
    const second = JSON.stringify(loop().requests[1]?.body);
    expect(second).toContain('no longer builds');
    expect(second).toMatch(/E0603.*is_space/);
    const out = JSON.parse(r.stdout) as { rounds: number; buildErrors: string[][]; plan: { source: string } };
    expect(out).toMatchObject({ rounds: 2, plan: { source: 'model' } });
    expect(out.buildErrors[0]?.[0]).toMatch(/^error\[E0603\] at src\/text\.rs:\d+: function `is_space` is private/);
    expect(readFileSync(join(crate, 'src/lib.rs'), 'utf8')).toMatch(/^pub mod text;$/m);
    expect(readFileSync(join(crate, 'src/text.rs'), 'utf8')).toContain('pub use crate::wordstat::count_words;\npub use crate::wordstat::checksum;\n');
    expect(existsSync(join(crate, 'src/hash.rs'))).toBe(false);
    expect(await git(crate, 'log', '--format=%s')).toBe('jc2r prepare: module layout (text)\njc2r transpile: deterministic translation');
    expect(await git(crate, 'status', '--porcelain')).toBe('');
    const saved = JSON.parse(readFileSync(join(root, '.jarvis/c2rust/crate_plan.json'), 'utf8')) as { target: Record<string, string> };
    expect(saved.target).toEqual({ count_words: 'text', checksum: 'text', is_space: 'wordstat' });
    expect((await runProcess('cargo', ['check', '--offline'], { cwd: crate })).exitCode).toBe(0);
  });

  it('keeps the deterministic layout when every plan breaks the build, and says so', async () => {
    const root = wordstatCopy();
    const crate = `${root}_rs`;
    const cfg = modelConfigs(loop().openaiBaseUrl);
    expect((await jc2r(['scan', '.'], root, cfg.none)).code).toBe(0);
    expect((await jc2r(['config', '.', '--budget', 'prepare.rounds=2'], root, cfg.none)).code).toBe(0);
    loop().requests.length = 0;
    loop().enqueue(reply(BREAKS), reply(BREAKS));
    const r = await jc2r(['prepare', '.', '-g', 'loop'], root, cfg.model);
    expect(r.code, r.stderr).toBe(0);
    expect(loop().requests).toHaveLength(2);
    expect(r.stdout).toContain("layout: the deterministic translation's (no plan built within 2 round(s))");
    expect(r.stdout).toMatch(/round 1 did not build: error\[E0603\]/);
    expect(existsSync(join(crate, 'src/text.rs'))).toBe(false);
    expect(readFileSync(join(crate, 'src/lib.rs'), 'utf8')).not.toContain('pub mod text');
    expect(await git(crate, 'log', '--format=%s')).toBe('jc2r prepare: the deterministic layout\njc2r transpile: deterministic translation');
    expect((await runProcess('cargo', ['check', '--offline'], { cwd: crate })).exitCode).toBe(0);
  });
});
