import type { Command } from 'commander';
import type { ConfigFlags } from '../util/index.js';

/**
 * Adds `-g, --llm-group <name>` to a command that talks to a model. When a parent command has
 * the option too (`jarvis` itself does), commander hands `-g` to the parent even after the
 * subcommand's name: the hook gives the value back to the subcommand that runs.
 */
export function addLlmGroupOption(command: Command): Command {
  return command
    .option('-g, --llm-group <name>', 'model group from llm_groups in the config (env JARVIS_LLM_GROUP)')
    .hook('preAction', (_self, action) => {
      if (!action.options.some((o) => o.attributeName() === 'llmGroup')) return;
      if (action.getOptionValue('llmGroup') !== undefined) return;
      const inherited: unknown = action.optsWithGlobals().llmGroup;
      if (typeof inherited === 'string') action.setOptionValue('llmGroup', inherited);
    });
}

/** The config flags a command's parsed options carry, for loadEffectiveConfig. */
export function configFlagsFrom(opts: { llmGroup?: unknown; nonInteractive?: unknown; plan?: unknown }): ConfigFlags {
  const flags: ConfigFlags = {};
  if (typeof opts.llmGroup === 'string') flags.llmGroup = opts.llmGroup;
  if (typeof opts.nonInteractive === 'boolean') flags.nonInteractive = opts.nonInteractive;
  if (typeof opts.plan === 'boolean') flags.plan = opts.plan;
  return flags;
}
