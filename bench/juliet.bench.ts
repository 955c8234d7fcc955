/**
 * `npm run bench juliet`: our scan, flawfinder and cppcheck on ../shared/bench/juliet-dev in one
 * run, all scored by the same scorer (src/apps/sec/bench/juliet.ts), with wall times.
 * JULIET_ROOT overrides the directory; JULIET_CWE=121,122 limits the CWEs (ours only).
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { findingsFromSarif, scoreJuliet, scoreRows, type JulietScore, type ScoredFinding } from '../src/apps/sec/bench/juliet.js';
import { caseFilesOf, runJuliet } from '../src/apps/sec/bench/juliet-run.js';
import { formatTable } from '../src/util/output.js';

const ROOT = process.env.JULIET_ROOT ?? join(import.meta.dirname, '..', '..', 'shared', 'bench', 'juliet-dev');

function which(cmd: string): boolean {
  return (process.env.PATH ?? '').split(':').some((d) => d && existsSync(join(d, cmd)));
}

/** Runs a tool with stdout to a file (SARIF/XML of the whole tree is tens of MB); returns wall ms. */
function timed(cmd: string, args: string[], cwd: string, stdoutFile?: string): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const out = stdoutFile ? openSync(stdoutFile, 'w') : 'ignore';
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', out, 'ignore'] });
    child.on('error', reject);
    child.on('close', (code) => {
      if (typeof out === 'number') closeSync(out);
      if (code !== 0) reject(new Error(`${cmd} exited with ${code}`));
      else resolve(Date.now() - started);
    });
  });
}

/** cppcheck's XML, errors only (the baseline's setting): one finding per <error>, at its first location. */
function cppcheckFindings(xml: string): ScoredFinding[] {
  const out: ScoredFinding[] = [];
  for (const m of xml.matchAll(/<error\b([^>]*)>([\s\S]*?)<\/error>/g)) {
    const attrs = m[1] ?? '';
    if (!/severity="error"/.test(attrs)) continue;
    const cwe = /cwe="(\d+)"/.exec(attrs)?.[1];
    const loc = /<location\b[^>]*file="([^"]+)"[^>]*line="(\d+)"/.exec(m[2] ?? '');
    if (!loc?.[1] || !loc[2]) continue;
    out.push({ file: normalize(loc[1]), line: Number(loc[2]), cwe: cwe ? [Number(cwe)] : [] });
  }
  return out;
}

function print(name: string, score: JulietScore, ms: number | undefined): void {
  console.log(`\n${name}${ms === undefined ? '' : ` — ${(ms / 1000).toFixed(1)} s wall`}`);
  console.log(formatTable(scoreRows(score)));
}

export default async function julietBench(): Promise<void> {
  if (!existsSync(ROOT)) throw new Error(`no Juliet tree at ${ROOT} (set JULIET_ROOT)`);
  const cwes = process.env.JULIET_CWE?.split(',').map(Number);
  console.log(`Juliet tree: ${ROOT}${cwes ? ` (CWE ${cwes.join(', ')})` : ''}`);

  const ours = await runJuliet(ROOT, { cwes, jobs: 2 });
  print(`jsec scan (2 worker threads, ${ours.lines} lines)`, ours.score, ours.scanMs);
  if (cwes) return;

  // the same ground truth for the other tools
  const sources = new Map<string, string>();
  for (const f of await caseFilesOf(ROOT)) sources.set(f, readFileSync(join(ROOT, f), 'utf8'));

  const tmp = mkdtempSync(join(tmpdir(), 'jsec-juliet-'));
  try {
    if (which('flawfinder')) {
      const sarif = join(tmp, 'flawfinder.sarif');
      const ms = await timed('flawfinder', ['--sarif', 'testcases'], ROOT, sarif);
      const findings = findingsFromSarif(JSON.parse(readFileSync(sarif, 'utf8')), (uri) => normalize(uri));
      print('flawfinder --sarif (default level)', scoreJuliet(sources, findings), ms);
      console.log(`time: jsec ${(ours.scanMs / 1000).toFixed(2)} s vs flawfinder ${(ms / 1000).toFixed(2)} s (ratio ${(ours.scanMs / ms).toFixed(2)})`);
    } else console.log('\nflawfinder not installed: apt-get install flawfinder cppcheck');
    if (which('cppcheck')) {
      const xml = join(tmp, 'cppcheck.xml');
      const ms = await timed('cppcheck', ['--enable=warning,portability', '--inconclusive', '-j2', '--xml', `--output-file=${xml}`, '-q', 'testcases'], ROOT);
      print('cppcheck --enable=warning,portability --inconclusive -j2 (errors only)', scoreJuliet(sources, cppcheckFindings(readFileSync(xml, 'utf8'))), ms);
    } else console.log('\ncppcheck not installed: apt-get install flawfinder cppcheck');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
