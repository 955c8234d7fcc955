import cliProgress from 'cli-progress';
import { Option, type Command } from 'commander';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { artifactPath, modelSummaryTable, runModelTranspile, transpileSummaryTable as summaryTable, transpileProject, type ModelTranspileReport } from '../../apps/c2rust/index.js';
import { colors, errColors, JarvisError } from '../../util/index.js';
import { addLlmGroupOption } from '../llm-options.js';
import { positionalPath } from '../flags.js';
import { endTranspileModel, transpileModel } from './c2rust-transpile-model.js';

interface TranspileFlags {
  project?: string;
  output?: string;
  ccRoot?: string;
  define: string[];
  include: string[];
  allSources?: boolean;
  model?: boolean;
  force?: boolean;
  json?: boolean;
  llmGroup?: string;
  function: string[];
  repairRounds?: string;
  reviewRounds?: string;
  maxTokens?: string;
  maxCost?: string;
  resetProgress?: boolean;
  equiv?: boolean;
  run: string[];
}

function count(flag: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new JarvisError('usage', `${flag} takes a number ≥ 0, not '${v}'`);
  return n;
}

const collectList = (v: string, prev: string[]) => [...prev, v];
/** Below this many units a progress bar would only flicker. */
const PROGRESS_MIN_UNITS = 8;

/** `jc2r transpile`: the deterministic C → Rust translation through clang's typed AST. */
export function registerTranspile(program: Command): void {
  addLlmGroupOption(program.command('transpile'))
    .description('translate a C project into a Rust crate that builds offline and behaves like the C (clang AST), then, with a model, each function into safe Rust')
    .argument('[path]', 'C project root (default: the current directory)')
    .addOption(new Option('-p, --project <root>', 'the older spelling of the path argument').hideHelp())
    .option('-o, --output <dir>', 'crate directory (default: <root>_rs beside the project)')
    .option('--cc-root <dir>', 'directory (or path) of compile_commands.json (default: the root or a build*/ folder, else generated from meson, CMake or make)')
    .option('--all-sources', 'also translate the sources the build does not compile (with default flags)')
    .option('-D, --define <macro>', 'define NAME or NAME=VALUE for every file (repeatable)', collectList, [])
    .option('-I, --include <dir>', 'extra include directory (repeatable)', collectList, [])
    .option('--model', 'require a model (default: use one when configured)')
    .option('--no-model', 'deterministic translation only')
    .option('--function <name>', 'with a model: convert only this C function (repeatable)', collectList, [])
    .option('--repair-rounds <n>', 'with a model: repair rounds per function (default 4)')
    .option('--review-rounds <n>', 'with a model: review rounds per function, 0 = no review (default 2)')
    .option('--max-tokens <n>', 'with a model: tokens per function, 0 = no limit (default 400000)')
    .option('--max-cost <usd>', 'with a model: cost per function in USD, 0 = no limit (default 0)')
    .option('--run <command>', 'with a model: differential test command as `jc2r equiv --run` takes it (repeatable; default each program once)', collectList, [])
    .option('--no-equiv', 'with a model: no differential tests after each function')
    .option('--reset-progress', 'with a model: back to the deterministic translation and convert every function again')
    .option('--force', 'replace a non-empty output directory')
    .option('--json', 'print the report as JSON')
    .action(async (pathArg: string | undefined, flags: TranspileFlags) => {
      const root = positionalPath(pathArg, flags.project, '-p', '.') ?? '.';
      const say = (m: string) => process.stderr.write(`${errColors.dim(m)}\n`);
      const budget = {
        repairRounds: count('--repair-rounds', flags.repairRounds),
        reviewRounds: count('--review-rounds', flags.reviewRounds),
        tokens: count('--max-tokens', flags.maxTokens),
        cost: count('--max-cost', flags.maxCost),
      };
      const stop = new AbortController();
      // The model stage stops between steps on the first Ctrl-C and undoes the function under way;
      // anywhere else (the deterministic translation) Ctrl-C ends the command at once, and exit
      // hooks remove the unfinished crate directory.
      let modelStage = false;
      const onSignal = () => {
        if (!modelStage || stop.signal.aborted) process.exit(130);
        stop.abort();
      };
      process.on('SIGINT', onSignal);
      const model = await transpileModel(flags, resolve(root), stop.signal, say);
      try {
        const crate = resolve(flags.output ?? `${resolve(root)}_rs`);
        // a model run under way resumes on its crate: translating again would throw its work away
        const resuming = model !== undefined && flags.force !== true && existsSync(artifactPath(resolve(root), 'progress')) && existsSync(join(crate, '.git'));
        if (resuming && flags.resetProgress === true) say(`starting the model stage over on ${crate}, from its deterministic translation`);
        else if (resuming) say(`resuming the model stage on ${crate} (--reset-progress starts over, --force translates again)`);
        else await deterministic(root, flags, say, model !== undefined);
        if (!model) return;
        modelStage = true;
        const report = await runModelTranspile({
          root,
          crateDir: crate,
          agents: model.agents,
          budget: Object.fromEntries(Object.entries(budget).filter(([, v]) => v !== undefined)),
          functions: flags.function,
          signal: stop.signal,
          resetProgress: flags.resetProgress === true,
          equiv: flags.equiv !== false,
          ...(flags.run.length > 0 ? { equivRuns: flags.run } : {}),
          onProgress: (e) => {
            if (!flags.json) say(`[${e.done}/${e.total}] ${e.message}`);
          },
        });
        endTranspileModel(model);
        printModelReport(report, flags.json === true);
      } catch (e) {
        endTranspileModel(model, e instanceof Error ? e.message : String(e));
        throw e;
      } finally {
        process.removeListener('SIGINT', onSignal);
      }
    });
}

function printModelReport(report: ModelTranspileReport, json: boolean): void {
  if (json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else process.stdout.write(`\n${modelSummaryTable(report)}\n`);
  if (!report.complete) process.exitCode = 130;
}

/** The deterministic translation (`--no-model`, and the first step with a model). */
async function deterministic(root: string, flags: TranspileFlags, say: (m: string) => void, modelNext: boolean): Promise<void> {
      let bar: cliProgress.SingleBar | undefined;
      const outcome = await transpileProject({
        root,
        outDir: flags.output,
        ccRoot: flags.ccRoot,
        defines: flags.define,
        includes: flags.include,
        allSources: flags.allSources === true,
        force: flags.force === true,
        onProgress: (stage, done, total) => {
          if (flags.json || !process.stderr.isTTY || total < PROGRESS_MIN_UNITS || stage !== 'parse') return;
          if (!bar) {
            bar = new cliProgress.SingleBar({ stream: process.stderr, format: 'jc2r transpile [{bar}] {value}/{total} units', hideCursor: true, clearOnComplete: true }, cliProgress.Presets.shades_classic);
            bar.start(total, done);
          } else bar.update(done);
        },
      }).finally(() => bar?.stop());
      if (flags.json) {
        if (!modelNext) process.stdout.write(`${JSON.stringify(outcome.report, null, 2)}\n`);
        return;
      }
      for (const n of outcome.notices) say(`notice: ${n}`);
      process.stdout.write(`${summaryTable(outcome.report)}\n`);
      process.stdout.write(`\n${colors.dim('written:')} ${outcome.outDir}, ${outcome.reportPath}, ${outcome.symbolMapPath}\n`);
      if (outcome.report.files.some((f) => f.status === 'error')) process.exitCode = 1;
}
