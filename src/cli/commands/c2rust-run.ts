import { resolve } from 'node:path';
import type { Command } from 'commander';
import { runPipeline, STAGES, type PipelineReport, type StageName } from '../../apps/c2rust/index.js';
import { colors, errColors, formatTable, JarvisError } from '../../util/index.js';
import { positionalPath } from '../flags.js';
import { addLlmGroupOption } from '../llm-options.js';
import { endPipelineModel, pipelineModel } from './c2rust-pipeline-model.js';

interface RunFlags {
  llmGroup?: string;
  crate?: string;
  model?: boolean;
  reset?: boolean;
  until?: string;
  ccRoot?: string;
  define: string[];
  include: string[];
  json?: boolean;
}

const collectList = (v: string, prev: string[]) => [...prev, v];

/** The per-stage table: what ran, how long, what it cost, and its one-line result. */
export function pipelineTable(r: PipelineReport): string {
  const rows = r.stages.map((s) => [s.stage, s.status, s.seconds > 0 ? `${s.seconds.toFixed(1)} s` : '-', String(s.usage.calls), (s.usage.input_tokens + s.usage.output_tokens).toLocaleString('en-US'), s.usage.cost.toFixed(4), s.summary]);
  const t = r.total;
  rows.push(['total', '', '', String(t.calls), (t.input_tokens + t.output_tokens).toLocaleString('en-US'), t.cost.toFixed(4), '']);
  return formatTable([['stage', 'status', 'time', 'calls', 'tokens', 'cost', 'result'], ...rows]);
}

/** `jc2r run [PATH]`: the whole pipeline, each stage skipped when it finished on the same inputs. */
export function registerRun(program: Command): void {
  addLlmGroupOption(program.command('run'))
    .description('run the pipeline: scan → lib-replace → prepare → transpile → optimize, resuming where it stopped (no model: the deterministic stages)')
    .argument('[path]', 'C project root (default: the current directory)')
    .option('--crate <dir>', "the crate (default: the config's, else <root>_rs)")
    .option('--reset', 'forget which stages finished (run_state.json) and the lib-replace checkpoint: run everything again')
    .option('--until <stage>', `stop after this stage (${STAGES.join(', ')})`)
    .option('--no-model', 'the deterministic stages only, even when a model is configured')
    .option('--cc-root <dir>', 'directory (or path) of compile_commands.json')
    .option('-D, --define <macro>', 'define NAME or NAME=VALUE for every file (repeatable)', collectList, [])
    .option('-I, --include <dir>', 'extra include directory (repeatable)', collectList, [])
    .option('--json', 'print the report as JSON')
    .action(async (pathArg: string | undefined, flags: RunFlags) => {
      const root = resolve(positionalPath(pathArg, undefined, '', '.') ?? '.');
      if (flags.until !== undefined && !(STAGES as readonly string[]).includes(flags.until)) throw new JarvisError('usage', `--until ${flags.until}: one of ${STAGES.join(', ')}`);
      const abort = new AbortController();
      // first Ctrl-C: stop after the current step; second: at once (nothing is recorded as finished half-way)
      const onSigint = () => {
        if (abort.signal.aborted) process.exit(130);
        abort.abort();
        process.stderr.write('stopping after the current step (Ctrl-C again to stop now); `jc2r run` resumes\n');
      };
      process.on('SIGINT', onSigint);
      const model = await pipelineModel(flags, root, 'jc2r run', abort.signal);
      let report: PipelineReport;
      try {
        report = await runPipeline({
          root,
          ...(flags.crate ? { crateDir: flags.crate } : {}),
          ...(model ? { model: { agents: model.agents, group: model.group } } : {}),
          ...(flags.reset ? { reset: true } : {}),
          ...(flags.until ? { until: flags.until as StageName } : {}),
          ...(flags.ccRoot ? { ccRoot: flags.ccRoot } : {}),
          ...(flags.define.length > 0 ? { defines: flags.define } : {}),
          ...(flags.include.length > 0 ? { includes: flags.include } : {}),
          signal: abort.signal,
          onProgress: (_stage, line) => {
            if (!flags.json) process.stderr.write(`${errColors.dim(line)}\n`);
          },
        });
      } catch (e) {
        endPipelineModel(model, (e as Error).message);
        throw e;
      } finally {
        process.removeListener('SIGINT', onSigint);
      }
      endPipelineModel(model);
      if (report.modelNote) process.stderr.write(`${report.modelNote}\n`);
      if (flags.json) {
        process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
        return;
      }
      process.stdout.write(`${pipelineTable(report)}\n\n${colors.dim('crate:')} ${report.crateDir}\n`);
      if (abort.signal.aborted) process.exitCode = 130;
    });
}
