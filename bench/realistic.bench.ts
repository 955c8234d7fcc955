/**
 * `npm run bench realistic`: jsec, cppcheck and flawfinder on the flawed/fixed program pairs in
 * bench/data/realistic/<case>/{bad,good}.<c|cpp>, in one run, scored by
 * src/apps/sec/bench/realistic.ts (warning level and above; found within ±1 line of a FLAW
 * marker or by CWE family; +5/+2/−1 per program). REALISTIC_ROOT overrides the directory.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { cppcheckFindings, findingsFromSarif, runFlawfinder, runTool, which, type ToolFinding } from '../src/apps/sec/bench/external.js';
import { parseFlaws, scoreProgram, totals, type ProgramScore, type RealisticTotals } from '../src/apps/sec/bench/realistic.js';
import { atLeastWarning } from '../src/apps/sec/report/tiers.js';
import { scanPath } from '../src/apps/sec/scan.js';
import { formatTable } from '../src/util/output.js';

const ROOT = process.env.REALISTIC_ROOT ?? join(import.meta.dirname, 'data', 'realistic');

interface Program {
  /** `<case>/bad.c`, relative to ROOT */
  path: string;
  flaws: ReturnType<typeof parseFlaws>;
}

function programs(): Program[] {
  const out: Program[] = [];
  for (const c of readdirSync(ROOT, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
    for (const f of readdirSync(join(ROOT, c)).filter((n) => /^(bad|good)\.(c|cc|cpp|cxx)$/.test(n)).sort()) {
      const path = `${c}/${f}`;
      const flaws = parseFlaws(readFileSync(join(ROOT, path), 'utf8'));
      if (f.startsWith('bad') && flaws.length === 0) throw new Error(`${path} has no /* FLAW: CWE-<n> */ marker`);
      if (f.startsWith('good') && flaws.length > 0) throw new Error(`${path} is a fixed program but carries FLAW markers`);
      out.push({ path, flaws });
    }
  }
  return out;
}

interface ToolResult {
  tool: string;
  ms: number;
  scores: Map<string, ProgramScore>;
}

function score(tool: string, ms: number, progs: Program[], findings: ToolFinding[]): ToolResult {
  const scores = new Map<string, ProgramScore>();
  for (const p of progs) {
    const mine = findings.filter((f) => normalize(f.file) === normalize(p.path) && f.level !== 'note');
    scores.set(p.path, scoreProgram(p.flaws, mine));
  }
  return { tool, ms, scores };
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(0)}%` : '-');

function totalRow(r: ToolResult): string[] {
  const t: RealisticTotals = totals([...r.scores.values()]);
  return [r.tool, `${t.found}/${t.flawed} (${t.foundOnLine} on the line)`, `${t.flagged}/${t.fixed}`, String(t.findings), pct(t.offTarget, t.findings), String(t.points), `${(r.ms / 1000).toFixed(2)} s`];
}

export default async function realisticBench(): Promise<void> {
  if (!existsSync(ROOT)) throw new Error(`no realistic pairs at ${ROOT} (set REALISTIC_ROOT)`);
  const progs = programs();
  console.log(`${ROOT}: ${progs.filter((p) => p.flaws.length > 0).length} flawed and ${progs.filter((p) => p.flaws.length === 0).length} fixed programs`);
  const results: ToolResult[] = [];

  // each program alone, as a user scans one tool: a pair's two mains must not meet in one group
  let ms = 0;
  const ours: ToolFinding[] = [];
  for (const p of progs) {
    const started = Date.now();
    const r = await scanPath(join(ROOT, p.path), { writeArtifacts: false, jobs: 1, gitignore: false });
    ms += Date.now() - started;
    for (const f of r.findings) ours.push({ file: p.path, line: f.line, cwe: f.cwe, level: atLeastWarning(f) ? 'warning' : 'note' });
  }
  results.push(score('jsec scan', ms, progs, ours));

  const tmp = mkdtempSync(join(tmpdir(), 'jsec-realistic-'));
  try {
    const files = progs.map((p) => p.path);
    if (which('cppcheck')) {
      const xml = join(tmp, 'cppcheck.xml');
      const run = await runTool('cppcheck', ['--enable=warning,portability', '--inconclusive', '--xml', `--output-file=${xml}`, '-q', ...files], ROOT);
      if (run.code !== 0) throw new Error(`cppcheck exited with ${run.code}: ${run.stderr.slice(0, 200)}`);
      results.push(score('cppcheck --enable=warning,portability --inconclusive', run.ms, progs, cppcheckFindings(readFileSync(xml, 'utf8'))));
    } else console.log('cppcheck not installed: apt-get install cppcheck');
    if (which('flawfinder')) {
      const sarif = join(tmp, 'flawfinder.sarif');
      const run = await runFlawfinder(files, ROOT, sarif, () => files);
      if (run.dropped.length > 0) console.log(`flawfinder could not decode ${run.dropped.join(', ')}; scored without`);
      results.push(score('flawfinder --sarif', run.ms, progs, findingsFromSarif(JSON.parse(readFileSync(sarif, 'utf8')), (u) => u)));
    } else console.log('flawfinder not installed: apt-get install flawfinder');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }

  console.log(`\n${formatTable([['tool', 'flawed found', 'fixed flagged', 'findings', 'off target', 'points (+5/+2/-1)', 'wall'], ...results.map(totalRow)])}`);
  const cases = [...new Set(progs.map((p) => p.path.split('/')[0] ?? ''))];
  const mark = (s: ProgramScore | undefined) => (!s ? '-' : s.kind === 'flawed' ? (s.found ? (s.onLine ? 'found' : 'family') : 'missed') : s.findings > 0 ? `flagged ${s.findings}` : 'clean');
  const cell = (r: ToolResult, c: string, kind: 'bad' | 'good') => mark([...r.scores].find(([k]) => k.startsWith(`${c}/${kind}.`))?.[1]);
  console.log(`\n${formatTable([['case', ...results.flatMap((r) => [`${r.tool.split(' ')[0]} bad`, 'good'])], ...cases.map((c) => [c, ...results.flatMap((r) => [cell(r, c, 'bad'), cell(r, c, 'good')])])])}`);
}
