import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { artifactPath, libReplace, loadC2rustConfig, stageBudget, UsageMeter, type LibReplaceResult, type StageUsage } from '../../apps/c2rust/index.js';
import { colors, errColors, formatTable, JarvisError } from '../../util/index.js';
import { positionalPath } from '../flags.js';
import { addLlmGroupOption } from '../llm-options.js';
import { endPipelineModel, NO_MODEL_HINT, pipelineModel } from './c2rust-pipeline-model.js';
import { stageProgress, usageLine } from './c2rust-progress.js';

/** The one-screen summary of a lib-replace run. */
export function libReplaceSummary(r: LibReplaceResult, usage: StageUsage): string {
  const rows = [
    ...r.replaced.map((x) => [x.name, `${x.file}:${x.start_line}`, `replaced by ${x.libraries.join(', ')}`, x.pruned.length > 0 ? `takes ${x.pruned.map((p) => p.name).join(', ')}` : '-']),
    ...r.notApplied.map((x) => [x.name, `${x.file}:${x.start_line}`, 'kept', x.reason ?? '']),
  ];
  const lines = [
    rows.length > 0 ? formatTable([['function', 'where', 'decision', 'detail'], ...rows]) : 'no function is replaceable by a library',
    '',
    `${r.judged} function(s) judged (${r.fromCheckpoint} from the checkpoint), ${r.replaced.length} replaced, ${r.pruned} callee(s) pruned: ${r.functionsBefore} → ${r.functionsAfter} functions to translate`,
    usageLine(usage),
  ];
  if (r.invalid.length > 0) lines.push(`no usable answer for: ${r.invalid.map((i) => `${i.name} (${i.reason})`).join('; ')}`);
  if (r.unknownRoots.length > 0) lines.push(`root symbols the scan does not know: ${r.unknownRoots.join(', ')}`);
  if (r.budgetNote) lines.push(`stopped: ${r.budgetNote}; ${r.notJudged} function(s) not judged (they keep their translation; run again with a larger budget to judge them)`);
  return lines.join('\n');
}

/** `jc2r lib-replace [PATH]`: which subtrees of the call graph a library replaces (needs a model). */
export function registerLibReplace(program: Command): void {
  addLlmGroupOption(program.command('lib-replace'))
    .description('ask the model which call-graph subtrees std (or a crate) replaces whole; writes a pruned symbol table and order')
    .argument('[path]', 'C project root, scanned by `jc2r scan` (default: the current directory)')
    .option('--json', 'print the result as JSON')
    .action(async (pathArg: string | undefined, flags: { llmGroup?: string; json?: boolean }) => {
      const root = resolve(positionalPath(pathArg, undefined, '', '.') ?? '.');
      if (!existsSync(artifactPath(root, 'symbols'))) throw new JarvisError('usage', `no scan of ${root}: ${artifactPath(root, 'symbols')} is missing`, { hint: `run \`jc2r scan ${pathArg ?? '.'}\` first` });
      const config = loadC2rustConfig(root);
      const model = await pipelineModel(flags, root, 'jc2r lib-replace');
      if (!model) throw new JarvisError('config_missing_model', `jc2r lib-replace needs a model: ${NO_MODEL_HINT}`);
      const meter = new UsageMeter(stageBudget(config, 'lib-replace'));
      const progress = stageProgress('lib-replace', flags.json === true);
      let result: LibReplaceResult;
      try {
        result = await libReplace({ root, config, group: model.group, model: { agents: model.agents, meter }, onProgress: progress.update });
      } catch (e) {
        progress.stop();
        endPipelineModel(model, (e as Error).message);
        throw e;
      }
      progress.stop();
      endPipelineModel(model);
      if (flags.json) process.stdout.write(`${JSON.stringify({ ...result, usage: meter.usage }, null, 2)}\n`);
      else {
        process.stdout.write(`${libReplaceSummary(result, meter.usage)}\n`);
        process.stdout.write(`\n${colors.dim('written:')} ${result.paths.replacements}, ${result.paths.symbols}, ${result.paths.order}\n`);
      }
      if (result.budgetNote) {
        process.stderr.write(`${errColors.dim(`budget: ${result.budgetNote}`)}\n`);
        process.exitCode = 3;
      }
    });
}
