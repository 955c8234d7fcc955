import { Option, type Command } from 'commander';
import { optimizeCrate, summaryTable } from '../../apps/c2rust/index.js';
import { JarvisError, errColors } from '../../util/index.js';
import { acceptDeprecatedShort, positionalPath } from '../flags.js';
import { addLlmGroupOption } from '../llm-options.js';
import { endOptimizeModel, optimizeModel } from './c2rust-optimize-model.js';

interface OptimizeFlags {
  crateDir?: string;
  unsafe?: boolean;
  structure?: boolean;
  visibility?: boolean;
  doc?: boolean;
  maxChecks: string;
  dryRun?: boolean;
  include?: string[];
  exclude?: string[];
  maxFiles?: string;
  resume: boolean;
  resetProgress?: boolean;
  buildFixRetries: string;
  gitGuard: boolean;
  json?: boolean;
  llmGroup?: string;
  model?: boolean;
}

function count(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new JarvisError('usage', `${flag} must be a whole number >= 0, got "${value}"`);
  return n;
}

const collect = (v: string, prev: string[] = []) => [...prev, v];

/** `jc2r optimize`: conservative, verified, reversible clean-up of a Rust crate. */
export function registerOptimize(program: Command): void {
  const command = addLlmGroupOption(program.command('optimize'))
    .description('make a Rust crate safer and tidier without breaking it (unsafe, duplicates, visibility, docs)')
    .argument('[crate-dir]', 'the crate (default: the current directory, else the sibling <dir>_rs)')
    .addOption(new Option('--crate-dir <dir>', 'the older spelling of the crate-dir argument').hideHelp())
    .option('--unsafe', 'remove unneeded unsafe blocks and qualifiers (default)')
    .option('--no-unsafe', 'skip the unsafe pass')
    .option('--structure', 'tag duplicate functions; with a model, merge the safe ones (default)')
    .option('--no-structure', 'skip the duplicates pass')
    .option('--visibility', 'narrow pub to pub(crate) where nothing outside needs it (default)')
    .option('--no-visibility', 'skip the visibility pass')
    .option('--doc', 'add missing module and item docs (default)')
    .option('--no-doc', 'skip the docs pass')
    .option('-m, --max-checks <n>', 'at most this many cargo check/test runs (0 = no limit)', '0')
    .option('--dry-run', 'change nothing; report what the passes would touch')
    .option('--include <glob>', 'files to optimise, relative to the crate (repeatable; default src/**/*.rs)', collect)
    .option('--exclude <glob>', 'files to leave alone (repeatable)', collect)
    .option('-F, --max-files <n>', 'process at most this many files in this run')
    .option('--resume', 'skip files an earlier run processed (default)')
    .option('--no-resume', 'process files again even if an earlier run did')
    .option('--reset-progress', 'forget which files earlier runs processed')
    .option('-R, --build-fix-retries <n>', 'repair rounds allowed when errors cannot be tied to one change', '2')
    .option('--git-guard', 'snapshot the crate in git before each pass (default)')
    .option('--no-git-guard', 'no snapshots; a failed pass is undone from memory')
    .option('--json', 'print the report as JSON instead of a table')
    .option('--no-model', 'deterministic passes only, even when a model is configured');
  // -n and -r were --max-files and --build-fix-retries here; elsewhere they are --non-interactive and --requirement
  acceptDeprecatedShort(command, { short: '-n', option: '--max-files', now: '-F/--max-files', why: '-n means --non-interactive in jarvis and jca' });
  acceptDeprecatedShort(command, { short: '-r', option: '--build-fix-retries', now: '-R/--build-fix-retries', why: '-r means --requirement in jca' });
  command.action(async (crateArg: string | undefined, flags: OptimizeFlags) => {
    const say = (m: string) => process.stderr.write(`${errColors.dim(m)}\n`);
    const model = await optimizeModel(flags, process.cwd(), say);
    const report = await optimizeCrate({
      cwd: process.cwd(),
      crateDir: positionalPath(crateArg, flags.crateDir, '--crate-dir'),
      passes: {
        unsafe: flags.unsafe !== false,
        structure: flags.structure !== false,
        visibility: flags.visibility !== false,
        doc: flags.doc !== false,
      },
      include: flags.include,
      exclude: flags.exclude,
      maxFiles: count(flags.maxFiles, '--max-files'),
      resume: flags.resume !== false,
      resetProgress: flags.resetProgress === true,
      maxChecks: count(flags.maxChecks, '--max-checks') ?? 0,
      dryRun: flags.dryRun === true,
      buildFixRetries: count(flags.buildFixRetries, '--build-fix-retries') ?? 2,
      gitGuard: flags.gitGuard !== false,
      onProgress: flags.json ? undefined : say,
      ...(model ? { agents: model.agents } : {}),
    }).catch((e: unknown) => {
      endOptimizeModel(model, e instanceof Error ? e.message : String(e));
      throw e;
    });
    endOptimizeModel(model, report.errors.length > 0 ? report.errors.join('; ') : undefined);
    process.stdout.write(flags.json ? `${JSON.stringify(report, null, 2)}\n` : `${summaryTable(report)}\n`);
    if (report.files_scanned === 0 && report.files_skipped > 0 && !flags.json) {
      process.stderr.write(`${errColors.dim('every selected file was processed by an earlier run: pass --reset-progress or --no-resume to run again')}\n`);
    }
    if (report.errors.length > 0) process.exitCode = 1;
  });
}
