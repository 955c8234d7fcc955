import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runProcess } from '../../src/util/process.js';
import { startCli, waitFor } from '../support/jarvis-cli.js';
import { hang, reply } from '../support/llm-server.js';
import { tempTree } from '../support/temp-tree.js';
import { TOOLCHAIN_ENV, jc2r, modelConfigs, useLoopbackServer, verdict, wordstatCopy } from './fixture.js';

const loop = useLoopbackServer();

const C2R = '.jarvis/c2rust';
const state = (root: string) => JSON.parse(readFileSync(join(root, C2R, 'run_state.json'), 'utf8')) as { stages: Record<string, { status: string; inputs: string }> };
const statuses = (stdout: string) => Object.fromEntries([...stdout.matchAll(/^(scan|lib-replace|prepare|transpile|optimize)\s+(ran|up to date|needs a model|not run)\b/gm)].map((m) => [m[1], m[2]]));

const COUNT = verdict({ replaceable: true, libraries: ['std'], apis: ['str::split_ascii_whitespace'], confidence: 0.95, notes: 'split and count' });
const HASH = verdict({ replaceable: false, confidence: 0.9, notes: 'project hash' });

describe('jc2r run', { timeout: 300_000 }, () => {
  it('without a model runs the deterministic stages, says which need a model, skips what finished, and --reset runs all again', async () => {
    const root = wordstatCopy();
    const cfg = modelConfigs(loop().openaiBaseUrl);
    const first = await jc2r(['run', '.'], root, cfg.none);
    expect(first.code, first.stderr).toBe(0);
    expect(statuses(first.stdout)).toEqual({ scan: 'ran', 'lib-replace': 'needs a model', prepare: 'needs a model', transpile: 'needs a model', optimize: 'ran' });
    expect(first.stderr.split('\n').filter((l) => l.startsWith('no model configured'))).toEqual([
      "no model configured: lib-replace, prepare, transpile ran without one (the deterministic translation stays); configure one with 'jarvis config init' to run them with a model",
    ]);
    const crate = `${root}_rs`;
    expect((await runProcess('cargo', ['build', '--offline'], { cwd: crate })).exitCode).toBe(0);
    const equiv = await jc2r(['equiv', '.'], root, cfg.none);
    expect(equiv.code, equiv.stdout + equiv.stderr).toBe(0);

    const symbolsAt = statSync(join(root, C2R, 'symbols.jsonl')).mtimeMs;
    const again = await jc2r(['run', '.'], root, cfg.none);
    expect(again.code, again.stderr).toBe(0);
    expect(statuses(again.stdout)).toEqual({ scan: 'up to date', 'lib-replace': 'needs a model', prepare: 'needs a model', transpile: 'needs a model', optimize: 'up to date' });
    expect(statSync(join(root, C2R, 'symbols.jsonl')).mtimeMs).toBe(symbolsAt);

    // a changed C file: every stage runs again on the new inputs
    writeFileSync(join(root, 'wordstat.c'), readFileSync(join(root, 'wordstat.c'), 'utf8').replace('h * 33u', 'h * 31u'));
    const changed = await jc2r(['run', '.', '--until', 'prepare'], root, cfg.none);
    expect(changed.code, changed.stderr).toBe(0);
    expect(statuses(changed.stdout)).toEqual({ scan: 'ran', 'lib-replace': 'needs a model', prepare: 'needs a model', transpile: 'not run', optimize: 'not run' });
    expect(readFileSync(join(crate, 'src/wordstat.rs'), 'utf8')).toMatch(/wrapping_mul\(31/);
    expect(Object.keys(state(root).stages)).toEqual(['scan', 'lib-replace', 'prepare']);

    const reset = await jc2r(['run', '.', '--reset', '--until', 'scan'], root, cfg.none);
    expect(statuses(reset.stdout)).toMatchObject({ scan: 'ran' });
    expect(Object.keys(state(root).stages)).toEqual(['scan']);
    const bad = await jc2r(['run', '.', '--until', 'deploy'], root, cfg.none);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--until deploy: one of scan, lib-replace, prepare, transpile, optimize');
  });

  it('a directory without C sources is an error that writes nothing, as jc2r transpile says it', async () => {
    const cfg = modelConfigs(loop().openaiBaseUrl);
    const empty = tempTree({ 'README.md': '# no code here\n' });
    const run = await jc2r(['run', '.'], empty, cfg.none);
    const transpile = await jc2r(['transpile', '.', '--no-model'], empty, cfg.none);
    expect([run.code, transpile.code]).toEqual([1, 1]);
    expect(run.stderr).toMatch(/^error: no C sources under .*nothing to translate$/m);
    expect(transpile.stderr).toMatch(/^error: no C sources under /m);
    expect(readdirSync(empty)).toEqual(['README.md']);
  });

  it('killed in the middle of lib-replace, runs on from its checkpoint to the records of an uninterrupted run', async () => {
    const cfg = modelConfigs(loop().openaiBaseUrl);
    const args = ['run', '.', '-g', 'loop', '--until', 'lib-replace'];
    const setup = async (root: string) => {
      expect((await jc2r(['config', '.', '--root-symbols', 'count_words,checksum'], root, cfg.none)).code).toBe(0);
    };
    // uninterrupted
    const plain = wordstatCopy();
    await setup(plain);
    loop().requests.length = 0;
    loop().enqueue(reply(COUNT), reply(HASH));
    const r1 = await jc2r(args, plain, cfg.model);
    expect(r1.code, r1.stderr).toBe(0);
    expect(loop().requests).toHaveLength(2);

    // killed while the model answers the second question
    const killed = wordstatCopy();
    await setup(killed);
    loop().requests.length = 0;
    loop().enqueue(reply(COUNT), hang());
    const p = startCli(resolve(import.meta.dirname, '../../bin/jc2r.js'), args, { cwd: killed, home: tempTree(), stdin: '', env: { ...TOOLCHAIN_ENV, JARVIS_CONFIG: cfg.model, C2R_LOOP_KEY: 'sk-loop' } });
    await waitFor(() => loop().requests.length === 2, 60_000, 'the second model request');
    p.child.kill('SIGKILL');
    await p.done;
    expect(Object.keys(state(killed).stages)).toEqual(['scan']);

    loop().requests.length = 0;
    loop().enqueue(reply(HASH));
    const r2 = await jc2r(args, killed, cfg.model);
    expect(r2.code, r2.stderr).toBe(0);
    // only the unanswered question is asked again
    expect(loop().requests).toHaveLength(1);
    expect(JSON.stringify(loop().requests[0]?.body)).toContain('Function to judge: checksum');
    expect(statuses(r2.stdout)).toMatchObject({ scan: 'up to date', 'lib-replace': 'ran' });
    for (const f of ['library_replacements.jsonl', 'symbols_library_pruned.jsonl', 'translation_order_pruned.jsonl', 'lib_replace_checkpoint.json']) {
      expect(readFileSync(join(killed, C2R, f), 'utf8'), f).toBe(readFileSync(join(plain, C2R, f), 'utf8'));
    }
    const rec = (root: string) => {
      const s = state(root).stages;
      return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, [v.status, v.inputs]]));
    };
    expect(rec(killed)).toEqual(rec(plain));
  });
});
