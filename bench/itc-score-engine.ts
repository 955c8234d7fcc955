/**
 * Quick scorer for the C engine's development sets, used while the shared `npm run bench itc` /
 * `npm run bench realistic` harnesses are built elsewhere. Run with tsx:
 *
 *   npx tsx bench/itc-score-engine.ts itc [--min-confidence X] [--verbose]
 *   npx tsx bench/itc-score-engine.ts realistic [--min-confidence X] [--verbose]
 *
 * itc: ../shared/bench/itc-dev scored as its README says (line ±1; a defect line is found when a
 * finding of the same file lies within one line of it; a finding within one line of a marked line
 * of the fixed twin is a false positive). realistic: bench/data/realistic/<case>/bad.* and good.*;
 * a case is found when a finding lies within one line of a `FLAW: CWE-n` marker of bad, and every
 * good file with any finding counts as flagged.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WARNING_CONFIDENCE, type Finding } from '../src/apps/sec/finding.js';
import { scanPath } from '../src/apps/sec/scan.js';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const mode = args[0] ?? 'itc';
const minIdx = args.indexOf('--min-confidence');
const minConfidence = minIdx >= 0 ? Number(args[minIdx + 1]) : 0;
const verbose = args.includes('--verbose');
/**
 * `--warning`: keep what reports show at SARIF level warning or error (a proven finding from 0.5,
 * a suspect from WARNING_CONFIDENCE, never a low-severity one), instead of a plain confidence cut.
 */
const warningOnly = args.includes('--warning');
const shown = (f: Finding): boolean =>
  !warningOnly || (f.severity !== 'low' && f.confidence >= 0.5 && (f.tier !== 'suspect' || f.confidence >= WARNING_CONFIDENCE));

function marked(src: string, re: RegExp): number[] {
  const out: number[] = [];
  src.split('\n').forEach((l, i) => {
    if (re.test(l)) out.push(i + 1);
  });
  return out;
}

/** ../shared seen from the checkout (or from a worktree one level deeper) */
function sharedDir(sub: string): string {
  for (const up of [['..', '..'], ['..', '..', '..']]) {
    const p = join(here, ...up, 'shared', sub);
    if (existsSync(p)) return p;
  }
  throw new Error(`no shared/${sub} next to the checkout (set ITC_ROOT)`);
}

const near = (lines: readonly number[], line: number): boolean => lines.some((l) => Math.abs(l - line) <= 1);

async function itc(): Promise<void> {
  const root = process.env.ITC_ROOT ?? sharedDir('bench/itc-dev');
  const started = Date.now();
  const r = await scanPath(root, { writeArtifacts: false, minConfidence, gitignore: false });
  r.findings = r.findings.filter(shown);
  const ms = Date.now() - started;
  const byFile = new Map<string, Finding[]>();
  for (const f of r.findings) byFile.set(f.file, [...(byFile.get(f.file) ?? []), f]);
  let defects = 0;
  let found = 0;
  let fp = 0;
  const perFile: string[] = [];
  for (const name of readdirSync(join(root, '01.w_Defects')).filter((f) => f.endsWith('.c')).sort()) {
    const bad = readFileSync(join(root, '01.w_Defects', name), 'latin1');
    const defectLines = marked(bad, /should\s*detect|\/\*\s*ERROR:/i).filter((l) => !/No\s*ERROR/i.test(bad.split('\n')[l - 1] ?? ''));
    const badFindings = byFile.get(`01.w_Defects/${name}`) ?? [];
    const hit = defectLines.filter((l) => badFindings.some((f) => Math.abs(f.line - l) <= 1));
    defects += defectLines.length;
    found += hit.length;
    const goodPath = join(root, '02.wo_Defects', name);
    let fileFp = 0;
    const fpList: string[] = [];
    if (existsSync(goodPath)) {
      const good = readFileSync(goodPath, 'latin1');
      const cleanLines = marked(good, /should\s*(not\s*)?detect|ERROR:/i);
      const seenLines = new Set<number>();
      for (const f of byFile.get(`02.wo_Defects/${name}`) ?? []) {
        // one flagged line is one false positive, however many rules fire on it
        if (near(cleanLines, f.line) && !seenLines.has(f.line)) {
          seenLines.add(f.line);
          fileFp++;
          fpList.push(`${f.line} ${f.rule} ${f.confidence}`);
        }
      }
    }
    fp += fileFp;
    const missed = defectLines.filter((l) => !hit.includes(l));
    perFile.push(`${name}: ${hit.length}/${defectLines.length} found, ${fileFp} fp${verbose && fpList.length ? ` [${fpList.join('; ')}]` : ''}${verbose && missed.length ? ` missed ${missed.join(',')}` : ''}`);
  }
  console.log(perFile.join('\n'));
  const prec = found + fp === 0 ? 0 : found / (found + fp);
  console.log(`\nitc-dev (${warningOnly ? 'warning and above' : `min-confidence ${minConfidence}`}): recall ${((100 * found) / defects).toFixed(1)}% (${found}/${defects}), precision ${(100 * prec).toFixed(1)}% (${fp} fp), ${r.findings.length} findings, ${(ms / 1000).toFixed(2)} s`);
}

async function realistic(): Promise<void> {
  const root = join(here, 'data', 'realistic');
  const r = await scanPath(root, { writeArtifacts: false, minConfidence, gitignore: false });
  r.findings = r.findings.filter(shown);
  const byFile = new Map<string, Finding[]>();
  for (const f of r.findings) byFile.set(f.file, [...(byFile.get(f.file) ?? []), f]);
  let cases = 0;
  let found = 0;
  let flagged = 0;
  let offTarget = 0;
  for (const c of readdirSync(root).sort()) {
    const files = readdirSync(join(root, c));
    const bad = files.find((f) => /^bad\.(c|cpp)$/.test(f));
    const good = files.find((f) => /^good\.(c|cpp)$/.test(f));
    if (!bad || !good) continue;
    cases++;
    const src = readFileSync(join(root, c, bad), 'utf8');
    const flaws = marked(src, /FLAW:\s*CWE-\d+/);
    const bf = byFile.get(`${c}/${bad}`) ?? [];
    const gf = byFile.get(`${c}/${good}`) ?? [];
    const hit = bf.some((f) => near(flaws, f.line));
    if (hit) found++;
    if (gf.length > 0) flagged++;
    const off = bf.filter((f) => !near(flaws, f.line));
    offTarget += off.length;
    const show = (fs: Finding[]) => fs.map((f) => `${f.line}:${f.rule}(${f.confidence}${(f as { tier?: string }).tier === 'suspect' ? 's' : ''})`).join(' ');
    console.log(`${hit ? 'FOUND ' : 'missed'} ${gf.length ? 'GOOD-FLAGGED' : 'good-clean  '} ${c}${verbose ? `\n    bad: ${show(bf)} (flaw lines ${flaws.join(',')})\n    good: ${show(gf)}` : ''}`);
  }
  console.log(`\nrealistic (${warningOnly ? 'warning and above' : `min-confidence ${minConfidence}`}): ${found}/${cases} flawed found (${((100 * found) / cases).toFixed(0)}%), ${flagged}/${cases} fixed files flagged (${((100 * flagged) / cases).toFixed(0)}%), ${offTarget} off-target findings in flawed files`);
}

if (mode === 'itc') await itc();
else if (mode === 'realistic') await realistic();
else {
  console.error('usage: tsx bench/itc-score-engine.ts itc|realistic [--min-confidence X] [--verbose]');
  process.exitCode = 2;
}
