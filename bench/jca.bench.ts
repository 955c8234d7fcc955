/**
 * jca's own costs around a model turn, model time excluded:
 * 1. Output parsing: all parsers over a large real gcc log (compiled here), against splitting
 *    the same text into lines (the floor any line parser pays).
 * 2. After-action work on a repository of 2,000 files with one file changed: snapshot before,
 *    change detection after, preview and commit; against a bare `git add f && git commit` of the
 *    same change (the floor any commit-per-change flow pays).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { commitChange } from '../src/apps/code/commit-flow.js';
import { changedSince, takeSnapshot } from '../src/apps/code/snapshot.js';
import { parseOutput } from '../src/apps/code/verify/parsers/index.js';

function gccLog(dir: string): string {
  const body = Array.from({ length: 400 }, (_, i) => `int f${i}(void) { return undeclared_${i} + "x" }`).join('\n');
  writeFileSync(join(dir, 'many.c'), `${body}\n`);
  const r = spawnSync('gcc', ['-c', 'many.c', '-o', '/dev/null', '-fmax-errors=0'], { cwd: dir, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } });
  return r.stderr;
}

function time(fn: () => void, reps: number): number {
  fn();
  const t = performance.now();
  for (let i = 0; i < reps; i++) fn();
  return (performance.now() - t) / reps;
}

async function timeAsync(fn: (i: number) => Promise<void>, reps: number): Promise<number> {
  await fn(-1);
  const t = performance.now();
  for (let i = 0; i < reps; i++) await fn(i);
  return (performance.now() - t) / reps;
}

export default async function bench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'jca-bench-'));
  try {
    const one = gccLog(dir);
    const log = one.repeat(Math.ceil((4 * 1024 * 1024) / one.length));
    const mb = Buffer.byteLength(log) / 1024 / 1024;
    const found = parseOutput(log).length;
    const parseMs = time(() => parseOutput(log), 5);
    const splitMs = time(() => log.split('\n'), 5);
    console.log(`parsers: ${mb.toFixed(1)} MB gcc log (${found} diagnostics): parseOutput ${parseMs.toFixed(0)} ms = ${(mb / (parseMs / 1000)).toFixed(1)} MB/s; split into lines ${splitMs.toFixed(1)} ms`);

    const repo = join(dir, 'repo');
    mkdirSync(repo);
    for (let i = 0; i < 2000; i++) {
      mkdirSync(join(repo, `d${i % 40}`), { recursive: true });
      writeFileSync(join(repo, `d${i % 40}`, `f${i}.c`), `int v${i} = ${i};\n`.repeat(20));
    }
    const git = (...a: string[]) => execFileSync('git', a, { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
    git('init', '-q');
    git('config', 'user.name', 'b');
    git('config', 'user.email', 'b@x');
    git('config', 'commit.gpgsign', 'false');
    git('add', '-A');
    git('commit', '-q', '-m', 'init');
    const target = join(repo, 'd0', 'f0.c');
    const reps = 20;
    const jcaMs = await timeAsync(async (i) => {
      const before = await takeSnapshot(repo);
      writeFileSync(target, `int changed = ${i};\n`);
      const paths = await changedSince(repo, before);
      await commitChange({ root: repo, runId: 'bench', paths, before, interactive: false, subject: 'bench', print: () => undefined });
    }, reps);
    const bareMs = await timeAsync(async (i) => {
      writeFileSync(target, `int bare = ${i};\n`);
      git('add', 'd0/f0.c');
      git('commit', '-q', '-m', 'bare');
    }, reps);
    console.log(`after-action on 2,000 files, one changed: jca snapshot+detect+preview+commit ${jcaMs.toFixed(0)} ms; bare git add+commit ${bareMs.toFixed(0)} ms (mean of ${reps})`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
