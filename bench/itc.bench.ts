/**
 * `npm run bench itc`: jsec, cppcheck and flawfinder on ../shared/bench/itc-dev in one run, all
 * scored by src/apps/sec/bench/itc.ts exactly as that directory's README says (line ±1, recall
 * over the marked defect lines, precision against the fixed twins). ITC_ROOT overrides the path.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { cppcheckFindings, findingsFromSarif, runFlawfinder, runTool, sharedPath, which, type ToolFinding } from '../src/apps/sec/bench/external.js';
import { DEFECT_DIR, FIXED_DIR, itcTruth, scoreItc, type ItcFinding, type ItcScore, type ItcTruth } from '../src/apps/sec/bench/itc.js';
import { atLeastWarning } from '../src/apps/sec/report/tiers.js';
import { scanPath } from '../src/apps/sec/scan.js';
import { formatTable } from '../src/util/output.js';

const ROOT = process.env.ITC_ROOT ?? sharedPath(import.meta.dirname, 'bench', 'itc-dev');

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function sources(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  // latin1 keeps every byte one character, so line numbers hold for cmp_funcadr.c too
  for (const f of readdirSync(join(ROOT, dir)).filter((n) => n.endsWith('.c')).sort()) out.set(f, readFileSync(join(ROOT, dir, f), 'latin1'));
  return out;
}

/** `01.w_Defects/x.c` → defect side; anything outside the two directories is ignored. */
function located(findings: Array<Pick<ToolFinding, 'file' | 'line'>>): ItcFinding[] {
  const out: ItcFinding[] = [];
  for (const f of findings) {
    const dir = basename(dirname(f.file));
    if (dir === DEFECT_DIR || dir === FIXED_DIR) out.push({ side: dir === DEFECT_DIR ? 'defect' : 'fixed', name: basename(f.file), line: f.line });
  }
  return out;
}

interface Row {
  tool: string;
  score: ReturnType<typeof scoreItc>;
  ms: number;
  findings: number;
}

function overallRow(r: Row): string[] {
  const o: ItcScore = r.score.overall;
  return [r.tool, String(r.findings), String(o.found), String(o.falsePositives), pct(o.recall), pct(o.precision), `${(r.ms / 1000).toFixed(2)} s`];
}

export default async function itcBench(): Promise<void> {
  if (!existsSync(join(ROOT, DEFECT_DIR))) throw new Error(`no ITC tree at ${ROOT} (set ITC_ROOT)`);
  const truth: ItcTruth = itcTruth(sources(DEFECT_DIR), sources(FIXED_DIR));
  const defectLines = truth.defects.reduce((n, f) => n + f.lines.length, 0);
  const twinLines = truth.fixed.reduce((n, f) => n + f.lines.length, 0);
  console.log(`ITC tree: ${ROOT}: ${defectLines} defect lines in ${truth.defects.length} files, ${twinLines} marked lines in their fixed twins`);
  const rows: Row[] = [];

  const started = Date.now();
  const ours = await scanPath(ROOT, { writeArtifacts: false, jobs: 2, gitignore: false });
  const ms = Date.now() - started;
  rows.push({ tool: 'jsec scan (all findings)', score: scoreItc(truth, located(ours.findings)), ms, findings: ours.findings.length });
  const warned = ours.findings.filter(atLeastWarning);
  rows.push({ tool: 'jsec scan (warning and above)', score: scoreItc(truth, located(warned)), ms, findings: warned.length });
  if (ours.invalidUtf8.length > 0) console.log(`jsec: decoded with replacement characters (lines kept): ${ours.invalidUtf8.join(', ')}`);

  const tmp = mkdtempSync(join(tmpdir(), 'jsec-itc-'));
  try {
    if (which('cppcheck')) {
      const xml = join(tmp, 'cppcheck.xml');
      // the README's baseline setting (27.6% / 93.1%), every severity it reports counted
      const run = await runTool('cppcheck', ['-I', 'include', '--enable=warning,portability', '--inconclusive', '--xml', `--output-file=${xml}`, '-q', '-j2', DEFECT_DIR, FIXED_DIR], ROOT);
      if (run.code !== 0) throw new Error(`cppcheck exited with ${run.code}: ${run.stderr.slice(0, 200)}`);
      const found = cppcheckFindings(readFileSync(xml, 'utf8'));
      rows.push({ tool: 'cppcheck -I include --enable=warning,portability --inconclusive (all severities)', score: scoreItc(truth, located(found)), ms: run.ms, findings: found.length });
    } else console.log('cppcheck not installed: apt-get install cppcheck');
    if (which('flawfinder')) {
      const sarif = join(tmp, 'flawfinder.sarif');
      const files = () => [DEFECT_DIR, FIXED_DIR].flatMap((d) => [...sources(d).keys()].map((f) => `${d}/${f}`));
      const run = await runFlawfinder([DEFECT_DIR, FIXED_DIR], ROOT, sarif, files);
      if (run.dropped.length > 0) console.log(`flawfinder aborted on ${run.dropped.join(', ')} (cannot decode it); scored on the run without ${run.dropped.length === 1 ? 'that file' : 'those files'}`);
      const found = findingsFromSarif(JSON.parse(readFileSync(sarif, 'utf8')), (u) => u);
      rows.push({ tool: 'flawfinder --sarif', score: scoreItc(truth, located(found)), ms: run.ms, findings: found.length });
    } else console.log('flawfinder not installed: apt-get install flawfinder');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }

  console.log(`\n${formatTable([['tool', 'findings', 'found', 'false positives', 'recall', 'precision', 'wall'], ...rows.map(overallRow)])}`);
  for (const r of rows) {
    console.log(`\n${r.tool}, per defect type:`);
    console.log(formatTable([
      ['defect type', 'lines', 'found', 'false positives', 'recall', 'precision'],
      ...r.score.perType.map((t) => [t.type, String(t.defectLines), String(t.found), String(t.falsePositives), pct(t.recall), pct(t.precision)]),
    ]));
  }
}
