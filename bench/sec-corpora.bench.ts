/**
 * `npm run bench sec-corpora`: jsec scan on mature real code (bzip2, zlib from ../shared/corpora).
 * Prints findings per 1000 lines, the 20 highest-scored findings for hand triage in BENCHMARKS.md,
 * and the wall time of `jsec scan` as a user runs it (a fresh process, from `dist/` when built)
 * against flawfinder's on the same tree: median of 5, the two interleaved. cppcheck takes minutes
 * on zlib, so it runs once and only with SEC_CORPORA_CPPCHECK=1. Nothing is written into the corpora.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findingsPerKloc } from '../src/apps/sec/report/index.js';
import { atLeastWarning } from '../src/apps/sec/report/tiers.js';
import { runTool, sharedPath, which } from '../src/apps/sec/bench/external.js';
import { scanPath } from '../src/apps/sec/scan.js';
import { formatTable } from '../src/util/output.js';

const here = dirname(fileURLToPath(import.meta.url));
const CORPORA = sharedPath(here, 'corpora');
const JSEC = join(here, '..', 'bin', 'jsec.js');
const ROUNDS = 5;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function timing(name: string, root: string): Promise<void> {
  const tmp = mkdtempSync(join(tmpdir(), 'jsec-corpora-'));
  try {
    const jsec: number[] = [];
    const flaw: number[] = [];
    const hasFlawfinder = which('flawfinder');
    for (let i = 0; i < ROUNDS; i++) {
      const j = await runTool(process.execPath, [JSEC, 'scan', root, '--no-artifacts', '--format', 'json', '-o', join(tmp, 'jsec.json')], tmp);
      if (j.code !== 0 && j.code !== 1) throw new Error(`jsec scan ${root} exited ${String(j.code)}: ${j.stderr.slice(0, 400)}`);
      jsec.push(j.ms);
      if (hasFlawfinder) flaw.push((await runTool('flawfinder', ['-Q', '--sarif', root], tmp, join(tmp, 'ff.sarif'))).ms);
    }
    const rows = [['tool', `wall median of ${ROUNDS}`, 'best'], ['jsec scan (2 workers)', secs(median(jsec)), secs(Math.min(...jsec))]];
    if (hasFlawfinder) rows.push(['flawfinder -Q --sarif', secs(median(flaw)), secs(Math.min(...flaw))]);
    if (process.env.SEC_CORPORA_CPPCHECK === '1' && which('cppcheck')) {
      const c = await runTool('cppcheck', ['-q', '-j2', '--enable=warning,portability', '--inconclusive', '--xml', `--output-file=${join(tmp, 'cppcheck.xml')}`, root], tmp);
      rows.push(['cppcheck --enable=warning,portability -j2 (once)', secs(c.ms), '']);
    }
    console.log(`${name} timing (jsec and flawfinder interleaved):`);
    console.log(formatTable(rows));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

export default async function run(): Promise<void> {
  for (const name of ['bzip2', 'zlib']) {
    const root = join(CORPORA, name);
    if (!existsSync(root)) throw new Error(`${root} is missing (the corpora live in ../shared/corpora)`);
    const r = await scanPath(root, { writeArtifacts: false });
    console.log(`\n${name}: ${r.scannedFiles} files, ${r.lines} lines, ${r.findings.length} findings = ${findingsPerKloc(r)} per kLOC, ` +
      `${(r.durationMs / 1000).toFixed(2)} s, skipped ${r.skipped.length}, parse errors ${r.parseErrors}`);
    const warned = r.findings.filter(atLeastWarning);
    console.log(`warning and above (SARIF level): ${warned.length} = ${findingsPerKloc({ findings: warned, lines: r.lines })} per kLOC, ` +
      `of which c.hygiene.* ${warned.filter((f) => f.rule.startsWith('c.hygiene.')).length}`);
    console.log(`by severity: ${JSON.stringify(r.summary.bySeverity)}; by category: ${JSON.stringify(r.summary.byCategory)}`);
    const top = [...r.findings].sort((a, b) => b.score - a.score || (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line)).slice(0, 20);
    console.log(formatTable([
      ['#', 'score', 'location', 'rule', 'evidence'],
      ...top.map((f, i) => [String(i + 1), f.score.toFixed(2), `${f.file}:${f.line}`, f.rule, f.evidence.slice(0, 70)]),
    ]));
    await timing(name, root);
  }
}
