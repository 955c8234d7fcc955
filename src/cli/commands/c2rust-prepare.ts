import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { artifactPath, ensureDeterministicCrate, loadC2rustConfig, prepareCrate, scannedCompileCommands, stageBudget, UsageMeter } from '../../apps/c2rust/index.js';
import { colors, errColors, formatTable, JarvisError } from '../../util/index.js';
import { positionalPath } from '../flags.js';
import { addLlmGroupOption } from '../llm-options.js';
import { endPipelineModel, NO_MODEL_HINT, pipelineModel } from './c2rust-pipeline-model.js';
import { usageLine } from './c2rust-progress.js';

interface PrepareFlags {
  llmGroup?: string;
  crate?: string;
  model?: boolean;
  json?: boolean;
}

/** `jc2r prepare [PATH]`: the crate's module layout, planned by the model (or the deterministic one). */
export function registerPrepare(program: Command): void {
  addLlmGroupOption(program.command('prepare'))
    .description("plan the crate's module layout with the model, apply it, commit and build it (no model: the deterministic layout)")
    .argument('[path]', 'C project root (default: the current directory)')
    .option('--crate <dir>', 'the crate (default: the config\'s, else <root>_rs; written by the deterministic translation when missing)')
    .option('--no-model', 'keep the deterministic layout, even when a model is configured')
    .option('--json', 'print the result as JSON')
    .action(async (pathArg: string | undefined, flags: PrepareFlags) => {
      const root = resolve(positionalPath(pathArg, undefined, '', '.') ?? '.');
      if (!existsSync(artifactPath(root, 'translationOrder'))) throw new JarvisError('usage', `no scan of ${root}: ${artifactPath(root, 'translationOrder')} is missing`, { hint: `run \`jc2r scan ${pathArg ?? '.'}\` first` });
      const config = loadC2rustConfig(root);
      const crateDir = resolve(flags.crate ?? config.crate_dir ?? join(dirname(root), `${basename(root)}_rs`));
      const say = (m: string) => {
        if (!flags.json) process.stderr.write(`${errColors.dim(m)}\n`);
      };
      const model = await pipelineModel(flags, root, 'jc2r prepare');
      if (!model && flags.model !== false) say(`${NO_MODEL_HINT}; keeping the deterministic layout`);
      const meter = new UsageMeter(stageBudget(config, 'prepare'));
      try {
        const ccRoot = scannedCompileCommands(root);
        const det = await ensureDeterministicCrate({ root, crateDir, ...(ccRoot ? { ccRoot } : {}) });
        if (det.written) say(`deterministic translation written to ${crateDir}`);
        const r = await prepareCrate({ root, crateDir, config, ...(model ? { model: { agents: model.agents, meter } } : {}), onProgress: say });
        endPipelineModel(model);
        if (flags.json) {
          process.stdout.write(`${JSON.stringify({ crate: crateDir, ...r, usage: meter.usage }, null, 2)}\n`);
          return;
        }
        process.stdout.write(`${formatTable([['module', 'purpose', 'functions'], ...r.plan.modules.map((m) => [m.name, m.purpose, String(m.functions.length)])])}\n\n`);
        process.stdout.write(`layout: ${r.plan.source === 'model' ? `the model's, in ${r.rounds} round(s)` : 'the deterministic translation\'s'}${r.fellBack ? ` (${r.fellBack})` : ''}; programs: ${r.plan.binaries.map((b) => b.name).join(', ') || 'none'}\n`);
        for (const [i, errs] of r.buildErrors.entries()) process.stdout.write(`round ${i + 1} did not build: ${errs[0] ?? ''}${errs.length > 1 ? ` (+${errs.length - 1})` : ''}\n`);
        if (model) process.stdout.write(`${usageLine(meter.usage)}\n`);
        process.stdout.write(`\n${colors.dim('written:')} ${r.planPath}; crate commit ${r.commit.slice(0, 12)} in ${crateDir}\n`);
      } catch (e) {
        endPipelineModel(model, (e as Error).message);
        throw e;
      }
    });
}
