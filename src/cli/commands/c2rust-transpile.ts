import cliProgress from 'cli-progress';
import { Option, type Command } from 'commander';
import { transpileSummaryTable as summaryTable, transpileProject } from '../../apps/c2rust/index.js';
import { colors, errColors, loadEffectiveConfig, resolveModel } from '../../util/index.js';
import { addLlmGroupOption, configFlagsFrom } from '../llm-options.js';
import { positionalPath } from '../flags.js';

interface TranspileFlags {
  project?: string;
  output?: string;
  ccRoot?: string;
  define: string[];
  include: string[];
  model?: boolean;
  force?: boolean;
  json?: boolean;
  llmGroup?: string;
}

const collectList = (v: string, prev: string[]) => [...prev, v];
/** Below this many units a progress bar would only flicker. */
const PROGRESS_MIN_UNITS = 8;

/** Whether the config names a model (only to say that the model stages do not exist yet). */
function modelConfigured(flags: TranspileFlags): boolean {
  if (flags.model === false) return false;
  try {
    const loaded = loadEffectiveConfig({ cwd: process.cwd(), flags: configFlagsFrom(flags) });
    resolveModel(loaded.config, { role: 'normal', ...(flags.llmGroup ? { group: flags.llmGroup } : {}) });
    return true;
  } catch {
    return false;
  }
}

/** `jc2r transpile`: the deterministic C → Rust translation through clang's typed AST. */
export function registerTranspile(program: Command): void {
  addLlmGroupOption(program.command('transpile'))
    .description('translate a C project into a Rust crate that builds offline and behaves like the C (clang AST, no model)')
    .argument('[path]', 'C project root (default: the current directory)')
    .addOption(new Option('-p, --project <root>', 'the older spelling of the path argument').hideHelp())
    .option('-o, --output <dir>', 'crate directory (default: <root>_rs beside the project)')
    .option('--cc-root <dir>', 'directory (or path) of compile_commands.json (default: the root or a build*/ folder)')
    .option('-D, --define <macro>', 'define NAME or NAME=VALUE for every file (repeatable)', collectList, [])
    .option('-I, --include <dir>', 'extra include directory (repeatable)', collectList, [])
    .option('--no-model', 'deterministic translation only (the default: no model stage exists yet)')
    .option('--force', 'replace a non-empty output directory')
    .option('--json', 'print the report as JSON')
    .action(async (pathArg: string | undefined, flags: TranspileFlags) => {
      const root = positionalPath(pathArg, flags.project, '-p', '.') ?? '.';
      const say = (m: string) => process.stderr.write(`${errColors.dim(m)}\n`);
      if (modelConfigured(flags)) say('a model is configured, but the model-driven translation stages are not available yet: writing the deterministic translation');
      let bar: cliProgress.SingleBar | undefined;
      const outcome = await transpileProject({
        root,
        outDir: flags.output,
        ccRoot: flags.ccRoot,
        defines: flags.define,
        includes: flags.include,
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
        process.stdout.write(`${JSON.stringify(outcome.report, null, 2)}\n`);
        return;
      }
      for (const n of outcome.notices) say(`notice: ${n}`);
      process.stdout.write(`${summaryTable(outcome.report)}\n`);
      process.stdout.write(`\n${colors.dim('written:')} ${outcome.outDir}, ${outcome.reportPath}, ${outcome.symbolMapPath}\n`);
      if (outcome.report.files.some((f) => f.status === 'error')) process.exitCode = 1;
    });
}
