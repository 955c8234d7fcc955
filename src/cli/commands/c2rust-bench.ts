import { resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { benchCrust, c2rustDir, crustProjects, loadC2rustConfig, type CrustBenchReport } from '../../apps/c2rust/index.js';
import { colors, errColors, formatTable, JarvisError, writeFileAtomicSync } from '../../util/index.js';
import { positionalPath } from '../flags.js';
import { addLlmGroupOption } from '../llm-options.js';
import { endPipelineModel, NO_MODEL_HINT, pipelineModel } from './c2rust-pipeline-model.js';
import { usageLine } from './c2rust-progress.js';

interface CrustFlags {
  root?: string;
  llmGroup?: string;
  only: string[];
  rounds: string;
  workDir?: string;
  output?: string;
  json?: boolean;
}

const collectList = (v: string, prev: string[]) => [...prev, ...v.split(',').map((x) => x.trim()).filter(Boolean)];

/** The figures table: one row per project, then the totals. */
export function crustTable(r: CrustBenchReport): string {
  const rows = r.projects.map((p) => [p.project, p.passesAll ? 'yes' : 'no', p.compiles ? 'yes' : 'no', `${p.tests.passed}/${p.tests.passed + p.tests.failed}`, String(p.unsafeLines), String(p.rounds), [p.note, p.notAsked ? `not asked (not in lib.rs): ${p.notAsked.join(', ')}` : undefined].filter(Boolean).join('; ')]);
  const t = r.totals;
  rows.push(['all', `${t.passingAll}/${t.projects}`, `${t.compiling}/${t.projects}`, `${t.testsPassed}/${t.testsPassed + t.testsFailed}`, String(t.unsafeLines), '', '']);
  return formatTable([['project', 'all tests pass', 'compiles', 'tests passed', 'unsafe lines', 'answers', 'note'], ...rows]);
}

/** `jc2r bench crust DIR`: CRUST-Bench with the configured model. */
export function registerBench(program: Command): void {
  const bench = program.command('bench').description('measure the pipeline on benchmark suites');
  addLlmGroupOption(bench.command('crust'))
    .description("translate each CRUST-Bench C project against its hand-written Rust interfaces with the model, and run its Rust tests offline")
    .argument('[dir]', 'the CRUST-Bench tree (the folder holding CBench/ and RBench/)')
    .addOption(new Option('--root <dir>', 'the older spelling of the dir argument').hideHelp())
    .option('--only <projects>', 'only these projects (comma separated, repeatable)', collectList, [])
    .option('--rounds <n>', 'answers per interface file: the first and repairs from cargo errors', '3')
    .option('--work-dir <dir>', 'where the filled-in crates go (default .jarvis/c2rust/crust/ here)')
    .option('-o, --output <file>', 'also write the JSON report here')
    .option('--json', 'print the report as JSON')
    .action(async (dirArg: string | undefined, flags: CrustFlags) => {
      const dir = positionalPath(dirArg, flags.root, '--root');
      if (dir === undefined) throw new JarvisError('usage', 'jc2r bench crust needs the CRUST-Bench tree', { hint: 'jc2r bench crust DIR (the folder holding CBench/ and RBench/)' });
      const rounds = Number(flags.rounds);
      if (!Number.isInteger(rounds) || rounds < 1 || rounds > 20) throw new JarvisError('usage', `--rounds must be an integer from 1 to 20, got "${flags.rounds}"`);
      const cwd = process.cwd();
      // a wrong tree or project name is found before any model is opened
      crustProjects(resolve(dir), flags.only);
      const model = await pipelineModel(flags, cwd, 'jc2r bench crust');
      if (!model) throw new JarvisError('config_missing_model', `jc2r bench crust needs a model: ${NO_MODEL_HINT}`);
      let report: CrustBenchReport;
      try {
        const notes = loadC2rustConfig(cwd).extra_notes;
        report = await benchCrust({
          root: resolve(dir),
          workDir: resolve(flags.workDir ?? `${c2rustDir(cwd)}/crust`),
          agents: model.agents,
          rounds,
          only: flags.only,
          ...(notes ? { notes } : {}),
          onProgress: (line) => {
            if (!flags.json) process.stderr.write(`${errColors.dim(line)}\n`);
          },
        });
      } catch (e) {
        endPipelineModel(model, (e as Error).message);
        throw e;
      }
      endPipelineModel(model);
      if (flags.output) writeFileAtomicSync(resolve(flags.output), `${JSON.stringify(report, null, 2)}\n`);
      if (flags.json) {
        process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
        return;
      }
      process.stdout.write(`${crustTable(report)}\n\n${usageLine(report.usage)}\n`);
      if (report.unpaired.length > 0) process.stdout.write(colors.dim(`C projects without a Rust crate: ${report.unpaired.join(', ')}\n`));
    });
}
