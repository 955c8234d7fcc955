/**
 * Edit engine: (1) the whole corpus of test/edit with its outcome counts (wrong-place must be 0);
 * (2) applyPatch latency on a 20,000-line C file for an exact 10-DIFF patch, a re-indented
 * fallback and a not-found SEARCH (which runs every stage), with the same-run reference of a bare
 * indexOf + slice replacement of the same 10 texts, and the cost of the atomic write; (3) the
 * preview diff of a one-line change against the diff library run on the whole file.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createTwoFilesPatch } from 'diff';
import { applyPatch, unifiedDiff, type DiffSpec } from '../src/edit/index.js';
import { judge, loadCorpus, runCase } from '../test/edit/corpus-runner.js';

function corpus(): void {
  const cases = loadCorpus();
  const t0 = performance.now();
  const tally = { applied: 0, refused: 0, wrongPlace: 0, missed: 0, badRefusal: 0 };
  for (const c of cases) {
    const o = runCase(c);
    tally[o.report.outcome]++;
    const v = judge(c, o);
    if (v?.kind === 'wrong-place') tally.wrongPlace++;
    if (v?.kind === 'missed') tally.missed++;
    if (v?.kind === 'bad-refusal') tally.badRefusal++;
  }
  const ms = performance.now() - t0;
  console.log(`corpus: ${cases.length} cases in ${ms.toFixed(0)} ms (incl. temp files): ${JSON.stringify(tally)}`);
}

function bigFile(lines: number): string {
  const out: string[] = [];
  for (let f = 0; out.length < lines; f++) {
    out.push(`static int fn_${f}(int a, int b) {`, `    int v_${f} = a * ${f};`, `    if (v_${f} > b) {`, `        v_${f} -= b;`, '    }', `    return v_${f};`, '}', '');
  }
  return `${out.slice(0, lines).join('\n')}\n`;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

function time(runs: number, f: () => void): number {
  f();
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    f();
    xs.push(performance.now() - t0);
  }
  return median(xs);
}

function latency(): void {
  const root = mkdtempSync(join(tmpdir(), 'jarvis-edit-bench-'));
  try {
    const text = bigFile(20_000);
    const file = join(root, 'big.c');
    writeFileSync(file, text);
    const picks = Array.from({ length: 10 }, (_, i) => 200 + i * 240);
    const exact: DiffSpec[] = picks.map((f) => ({ kind: 'search', search: `    int v_${f} = a * ${f};\n`, replace: `    long v_${f} = (long)a * ${f};\n` }));
    const reindent: DiffSpec[] = [{ kind: 'search', search: 'if (v_2400 > b) {\n    v_2400 -= b;\n}\n', replace: 'if (v_2400 > b) {\n    v_2400 = b;\n}\n' }];
    const missing: DiffSpec[] = [{ kind: 'search', search: 'if (v_2400 > c) {\n    v_2400 -= c;\n}\n', replace: 'x\n' }];
    const rows: [string, number][] = [
      ['10 exact DIFFs, dry run', time(30, () => applyPatch({ root, file: 'big.c', diffs: exact, dryRun: true }))],
      ['1 re-indented DIFF, dry run', time(30, () => applyPatch({ root, file: 'big.c', diffs: reindent, dryRun: true }))],
      ['1 not-found DIFF (all stages)', time(30, () => applyPatch({ root, file: 'big.c', diffs: missing, dryRun: true }))],
      [
        '10 exact DIFFs, written (atomic write + fsync)',
        time(30, () => {
          writeFileSync(file, text);
          applyPatch({ root, file: 'big.c', diffs: exact });
        }),
      ],
      [
        'reference: bare indexOf + slice of the same 10 texts',
        time(30, () => {
          let s = text;
          for (const d of exact) {
            if (d.kind !== 'search') continue;
            const at = s.indexOf(d.search);
            s = s.slice(0, at) + d.replace + s.slice(at + d.search.length);
          }
        }),
      ],
    ];
    const oneEdit = text.replace('    int v_2400 = a * 2400;', '    long v_2400 = a * 2400;');
    rows.push(
      ['unifiedDiff, one changed line', time(30, () => unifiedDiff('big.c', text, oneEdit))],
      ['reference: diff library on the whole file, same change', time(30, () => createTwoFilesPatch('a/big.c', 'b/big.c', text, oneEdit))],
    );
    console.log(`latency on a ${text.length.toLocaleString('en')}-byte, 20,000-line file (median of 30):`);
    for (const [name, ms] of rows) console.log(`  ${name}: ${ms.toFixed(2)} ms`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

export default async function (): Promise<void> {
  corpus();
  latency();
}
