/**
 * `npm run bench juliet`: our scan, flawfinder and cppcheck on ../shared/bench/juliet-dev in one
 * run, all scored by the same scorer (src/apps/sec/bench/juliet.ts), with wall times.
 * JULIET_ROOT overrides the directory; JULIET_CWE=121,122 limits the CWEs (ours only).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { cppcheckFindings, findingsFromSarif, runTool, sharedPath, which } from '../src/apps/sec/bench/external.js';
import { scoreJuliet, scoreRows, type JulietScore } from '../src/apps/sec/bench/juliet.js';
import { caseFilesOf, runJuliet } from '../src/apps/sec/bench/juliet-run.js';
import { formatTable } from '../src/util/output.js';

const ROOT = process.env.JULIET_ROOT ?? sharedPath(import.meta.dirname, 'bench', 'juliet-dev');

/** The tool's wall time; a failed run is an error here (both tools exit 0 on Juliet). */
async function timed(cmd: string, args: string[], cwd: string, stdoutFile?: string): Promise<number> {
  const run = await runTool(cmd, args, cwd, stdoutFile);
  if (run.code !== 0) throw new Error(`${cmd} exited with ${run.code}: ${run.stderr.slice(0, 200)}`);
  return run.ms;
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
      print('cppcheck --enable=warning,portability --inconclusive -j2 (errors only)', scoreJuliet(sources, cppcheckFindings(readFileSync(xml, 'utf8')).filter((f) => f.level === 'error')), ms);
    } else console.log('\ncppcheck not installed: apt-get install flawfinder cppcheck');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
