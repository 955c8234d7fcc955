import { resolve } from 'node:path';
import type { Command } from 'commander';
import { updateC2rustConfig, type C2rustConfig, type ConfigUpdate } from '../../apps/c2rust/index.js';
import { colors, errColors, formatTable, JarvisError } from '../../util/index.js';
import { positionalPath } from '../flags.js';

interface ConfigFlags {
  files?: string[];
  rootSymbols: string[];
  disable: string[];
  notes?: string;
  allowCrates?: boolean;
  minConfidence?: string;
  testCommand: string[];
  crate?: string;
  budget: string[];
  reset?: boolean;
  ccRoot?: string;
  json?: boolean;
}

const collectList = (v: string, prev: string[]) => [...prev, v];

function showConfig(c: C2rustConfig): string {
  const budgets = Object.entries(c.budgets)
    .map(([stage, b]) => `${stage}: ${Object.entries(b).map(([k, v]) => `${k}=${v}`).join(' ')}`)
    .join('; ');
  const roots = c.root_symbols.length > 8 ? `${c.root_symbols.slice(0, 8).join(', ')} … (${c.root_symbols.length})` : c.root_symbols.join(', ');
  return formatTable([
    ['key', 'value'],
      ['root symbols', roots || '(none: the scan\'s roots)'],
      ['root files', c.root_files.join(', ') || '-'],
      ['disabled libraries', c.disabled_libraries.join(', ') || '-'],
      ['extra notes', c.extra_notes ? c.extra_notes.split('\n')[0] + (c.extra_notes.includes('\n') ? ' …' : '') : '-'],
      ['allow crates', String(c.allow_crates)],
      ['min confidence', String(c.min_confidence)],
      ['test commands', c.test_commands.join(' ; ') || '(the project\'s test programs)'],
      ['crate', c.crate_dir ?? '(<root>_rs)'],
      ['budgets', budgets || '-'],
  ]);
}

/** `jc2r config [PATH]`: what the pipeline's model stages are told about the project. */
export function registerConfig(program: Command): void {
  program
    .command('config')
    .description('set or show the pipeline config (.jarvis/c2rust/config.json): root symbols, disabled libraries, notes, budgets')
    .argument('[path]', 'C project root (default: the current directory)')
    .option('--files <file...>', 'headers or .c files whose functions become the root symbols (as `jc2r collect` reads them)')
    .option('--root-symbols <names>', 'root symbol names, comma or space separated (repeatable; joined with --files)', collectList, [])
    .option('--disable <libraries>', 'libraries a replacement must not use, e.g. regex,std (repeatable; replaces the list)', collectList, [])
    .option('--notes <text>', 'notes appended to every model prompt of the pipeline ("" clears them)')
    .option('--allow-crates', 'third-party crates may replace C code (the crate then needs crates.io)')
    .option('--no-allow-crates', 'only std replaces C code (the default)')
    .option('--min-confidence <n>', 'a library replacement below this confidence (0..1) is not applied')
    .option('--test-command <cmd>', 'a differential test command, {bin} as in `jc2r equiv --run` (repeatable; replaces the list)', collectList, [])
    .option('--crate <dir>', 'the crate directory (default <root>_rs)')
    .option('--budget <STAGE.KEY=N>', 'a stage budget, e.g. transpile.tokens=200000 (KEY: calls, tokens, cost, rounds; 0 = no limit; repeatable)', collectList, [])
    .option('--reset', 'start from the defaults before applying the other options')
    .option('--cc-root <dir>', 'directory (or path) of compile_commands.json, for reading --files')
    .option('--json', 'print the config (and the roots read) as JSON')
    .action(async (pathArg: string | undefined, flags: ConfigFlags) => {
      const root = resolve(positionalPath(pathArg, undefined, '', '.') ?? '.');
      const minConfidence = flags.minConfidence === undefined ? undefined : Number(flags.minConfidence);
      if (minConfidence !== undefined && !(flags.minConfidence?.trim() !== '' && minConfidence >= 0 && minConfidence <= 1)) {
        throw new JarvisError('usage', `--min-confidence ${flags.minConfidence}: a number from 0 to 1`);
      }
      const r: ConfigUpdate = await updateC2rustConfig(root, {
        ...(flags.files ? { files: flags.files } : {}),
        ...(flags.rootSymbols.length > 0 ? { rootSymbols: flags.rootSymbols } : {}),
        ...(flags.disable.length > 0 ? { disabledLibraries: flags.disable } : {}),
        ...(flags.notes !== undefined ? { notes: flags.notes } : {}),
        ...(flags.allowCrates !== undefined ? { allowCrates: flags.allowCrates } : {}),
        ...(minConfidence !== undefined ? { minConfidence } : {}),
        ...(flags.testCommand.length > 0 ? { testCommands: flags.testCommand } : {}),
        ...(flags.crate !== undefined ? { crateDir: flags.crate } : {}),
        ...(flags.budget.length > 0 ? { budgets: flags.budget } : {}),
        ...(flags.reset ? { reset: true } : {}),
        ...(flags.ccRoot ? { ccRoot: flags.ccRoot } : {}),
      });
      for (const f of r.roots?.files ?? []) if (f.skipped) process.stderr.write(`${errColors.dim('skipped:')} ${f.file}: ${f.skipped}\n`);
      if (flags.json) {
        process.stdout.write(`${JSON.stringify({ path: r.path, changed: r.changed, config: r.config, ...(r.roots ? { roots: r.roots } : {}) }, null, 2)}\n`);
        return;
      }
      process.stdout.write(`${showConfig(r.config)}\n`);
      process.stdout.write(`\n${colors.dim(r.changed ? 'written:' : 'unchanged:')} ${r.path}\n`);
    });
}
