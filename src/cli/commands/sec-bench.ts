import { Option, type Command } from 'commander';
import { scoreRows, runJuliet } from '../../apps/sec/index.js';
import { JarvisError, colors, formatTable } from '../../util/index.js';
import { positionalPath } from '../flags.js';

interface BenchFlags {
  root?: string;
  cwe?: string;
  json?: boolean;
  jobs?: string;
}

function parseCwes(value: string | undefined): number[] | undefined {
  if (value === undefined) return undefined;
  const parts = value.split(',').map((p) => p.trim().replace(/^CWE-?/i, '')).filter(Boolean);
  const bad = parts.find((p) => !/^\d+$/.test(p));
  if (bad !== undefined || parts.length === 0) throw new JarvisError('usage', `--cwe takes CWE numbers separated by commas, got "${value}"`, { hint: 'e.g. --cwe 121,122,416' });
  return parts.map(Number);
}

/** `jsec bench juliet`: scan a Juliet tree and score it per CWE. */
export function registerSecBench(program: Command): void {
  const bench = program.command('bench').description('Score the scanner on labelled benchmark suites');
  bench
    .command('juliet')
    .description('Scan a NIST Juliet C tree and print recall, precision and discrimination per CWE')
    .argument('[root]', 'the Juliet tree (the directory holding testcases/)')
    .addOption(new Option('--root <dir>', 'the older spelling of the root argument').hideHelp())
    .option('--cwe <list>', 'only these CWEs, e.g. 121,122,416')
    .option('--jobs <n>', 'worker threads (default: all cores)')
    .option('--json', 'print the score as JSON')
    .action(async (rootArg: string | undefined, flags: BenchFlags) => {
      const root = positionalPath(rootArg, flags.root, '--root');
      if (root === undefined) throw new JarvisError('usage', 'jsec bench juliet needs the Juliet tree', { hint: 'jsec bench juliet DIR (the directory holding testcases/)' });
      const jobs = flags.jobs === undefined ? undefined : Number(flags.jobs);
      if (jobs !== undefined && (!Number.isInteger(jobs) || jobs < 1)) throw new JarvisError('usage', `--jobs must be a positive integer, got "${flags.jobs}"`);
      const result = await runJuliet(root, { cwes: parseCwes(flags.cwe), jobs });
      if (result.score.overall.cases === 0) {
        throw new JarvisError('not_found', `no Juliet test cases (files named CWE<n>_…) under ${root}`, { hint: 'give the directory holding testcases/' });
      }
      if (flags.json) {
        const { cases: _cases, ...score } = result.score;
        process.stdout.write(`${JSON.stringify({ ...score, files: result.files, lines: result.lines, scanMs: result.scanMs }, null, 2)}\n`);
        return;
      }
      process.stdout.write(`${formatTable(scoreRows(result.score))}\n`);
      process.stdout.write(
        colors.dim(`${result.score.overall.cases} cases, ${result.files} files, ${result.lines} lines scanned in ${(result.scanMs / 1000).toFixed(1)} s\n`),
      );
    });
}
