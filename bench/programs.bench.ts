/**
 * `npm run bench programs`: jsec, cppcheck and flawfinder on the labelled program sets of
 * bench/data (src/apps/sec/bench/programs.ts says what each holds and how it is scored), each
 * program scanned alone, in one run.
 *
 * Environment: PROGRAMS_SETS=cwe-programs,pairs (default: every set), PROGRAMS_SPLIT=dev|holdout,
 * PROGRAMS_TOOLS=jsec (skip the other tools), PROGRAMS_DETAIL=1 (list jsec's misses and the
 * findings in clean programs), PROGRAMS_DATA (default bench/data).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { cppcheckFindings, findingsFromSarif, runFlawfinder, runTool, which, type ToolFinding } from '../src/apps/sec/bench/external.js';
import { labelledPrograms, scoreLabelled, setTotals, type LabelledProgram, type ProgramResult } from '../src/apps/sec/bench/programs.js';
import { DEFAULT_MIN_CONFIDENCE } from '../src/apps/sec/finding.js';
import { atLeastWarning } from '../src/apps/sec/report/tiers.js';
import { scanPath } from '../src/apps/sec/scan.js';
import { formatTable } from '../src/util/output.js';

const DATA = process.env.PROGRAMS_DATA ?? join(import.meta.dirname, 'data');

interface Located extends ToolFinding {
  rule?: string;
  confidence?: number;
}

interface ToolRun {
  tool: string;
  ms: number;
  /** findings by program path */
  findings: Map<string, Located[]>;
}

async function jsecRun(progs: LabelledProgram[]): Promise<ToolRun> {
  const findings = new Map<string, Located[]>();
  let ms = 0;
  for (const p of progs) {
    const started = Date.now();
    const r = await scanPath(join(DATA, p.path), { writeArtifacts: false, jobs: 1, gitignore: false, minConfidence: 0 });
    ms += Date.now() - started;
    findings.set(p.path, r.findings.map((f) => ({ file: p.path, line: f.line, cwe: f.cwe, level: atLeastWarning(f) ? 'warning' : 'note', rule: f.rule, confidence: f.confidence })));
  }
  return { tool: 'jsec', ms, findings };
}

function byFile(list: ToolFinding[]): Map<string, Located[]> {
  const out = new Map<string, Located[]>();
  for (const f of list) {
    const k = normalize(f.file);
    out.set(k, [...(out.get(k) ?? []), f]);
  }
  return out;
}

async function otherTools(progs: LabelledProgram[]): Promise<ToolRun[]> {
  if (process.env.PROGRAMS_TOOLS === 'jsec') return [];
  const files = progs.filter((p) => !p.path.endsWith('.rs')).map((p) => p.path);
  const tmp = mkdtempSync(join(tmpdir(), 'jsec-programs-'));
  const out: ToolRun[] = [];
  try {
    if (which('cppcheck')) {
      const xml = join(tmp, 'cppcheck.xml');
      const run = await runTool('cppcheck', ['--enable=warning,portability', '--inconclusive', '--xml', `--output-file=${xml}`, '-q', ...files], DATA);
      if (run.code !== 0) throw new Error(`cppcheck exited with ${run.code}: ${run.stderr.slice(0, 200)}`);
      out.push({ tool: 'cppcheck', ms: run.ms, findings: byFile(cppcheckFindings(readFileSync(xml, 'utf8'))) });
    } else console.log('cppcheck not installed: apt-get install cppcheck');
    if (which('flawfinder')) {
      const sarif = join(tmp, 'flawfinder.sarif');
      const run = await runFlawfinder(files, DATA, sarif, () => files);
      out.push({ tool: 'flawfinder', ms: run.ms, findings: byFile(findingsFromSarif(JSON.parse(readFileSync(sarif, 'utf8')), (u) => u)) });
    } else console.log('flawfinder not installed: apt-get install flawfinder');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return out;
}

/** A tool's findings seen through a level filter: every finding, or warning and above. */
interface View {
  name: string;
  run: ToolRun;
  keep: (f: Located) => boolean;
}

function results(view: View, progs: LabelledProgram[]): ProgramResult[] {
  return progs.map((p) => scoreLabelled(p, (view.run.findings.get(normalize(p.path)) ?? []).filter(view.keep)));
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(0)}%` : '-');

export default async function programsBench(): Promise<void> {
  const sets = process.env.PROGRAMS_SETS?.split(',');
  const split = process.env.PROGRAMS_SPLIT;
  const progs = labelledPrograms(DATA).filter((p) => (!sets || sets.includes(p.set)) && (!split || p.split === split || p.split === '-'));
  if (progs.length === 0) throw new Error(`no labelled programs under ${DATA}`);
  const jsec = await jsecRun(progs);
  const others = await otherTools(progs);
  const views: View[] = [
    { name: 'jsec (all findings)', run: jsec, keep: () => true },
    { name: `jsec (default: confidence >= ${DEFAULT_MIN_CONFIDENCE})`, run: jsec, keep: (f) => (f.confidence ?? 1) >= DEFAULT_MIN_CONFIDENCE },
    { name: 'jsec (warning and above)', run: jsec, keep: (f) => f.level !== 'note' },
    ...others.map((run) => ({ name: run.tool, run, keep: () => true })),
  ];
  const groups = [...new Set(progs.map((p) => `${p.set}|${p.split}`))];
  const rows: string[][] = [['set', 'split', 'tool', 'flawed found', 'clean flagged', 'findings', 'off target', 'points', 'time']];
  for (const g of groups) {
    const mine = progs.filter((p) => `${p.set}|${p.split}` === g);
    const [set, sp] = g.split('|') as [string, string];
    for (const v of views) {
      const rs = results(v, mine.filter((p) => v.run.tool === 'jsec' || !p.path.endsWith('.rs')));
      if (rs.length === 0) continue;
      const t = setTotals(rs);
      rows.push([set, sp, v.name, `${t.found}/${t.flawed} (${pct(t.found, t.flawed)})`, `${t.flagged}/${t.clean}`, String(t.findings), pct(t.offTarget, t.findings), String(t.points), `${(v.run.ms / 1000).toFixed(1)} s`]);
    }
  }
  console.log(formatTable(rows));
  if (process.env.PROGRAMS_DETAIL === '1') {
    console.log(`\njsec (default output): missed flawed programs and findings in clean ones (@confidence; informational ones in brackets)`);
    for (const r of results(views[1] as View, progs)) {
      const fs = jsec.findings.get(r.program.path) ?? [];
      const list = fs.map((f) => ((f.confidence ?? 1) >= DEFAULT_MIN_CONFIDENCE ? `${f.line}:${f.rule}@${f.confidence}` : `[${f.line}:${f.rule}@${f.confidence}]`)).join(' ');
      if (r.program.kind === 'flawed' && !r.found) console.log(`MISS  ${r.program.path} flaws ${r.program.flaws.map((f) => `${f.line}:CWE-${f.cwe}`).join(',')}  ${list}`);
      else if (r.program.kind === 'clean' && r.findings > 0) console.log(`NOISE ${r.program.path}  ${list}`);
      else if (r.offTarget > 0) console.log(`OFF   ${r.program.path} flaws ${r.program.flaws.map((f) => `${f.line}:CWE-${f.cwe}`).join(',')}  ${list}`);
    }
  }
}
