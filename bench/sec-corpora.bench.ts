/**
 * `npm run bench sec-corpora`: jsec scan on mature real code (bzip2, zlib from ../shared/corpora).
 * Prints findings per 1000 lines, timing, and the 20 highest-scored findings for hand triage in
 * BENCHMARKS.md. Nothing is written into the corpora.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findingsPerKloc } from '../src/apps/sec/report/index.js';
import { atLeastWarning } from '../src/apps/sec/report/tiers.js';
import { sharedPath } from '../src/apps/sec/bench/external.js';
import { scanPath } from '../src/apps/sec/scan.js';
import { formatTable } from '../src/util/output.js';

const here = dirname(fileURLToPath(import.meta.url));
const CORPORA = sharedPath(here, 'corpora');

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
  }
}
