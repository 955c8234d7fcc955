import type { Command } from 'commander';
import type { ConfigFlags } from '../util/config/index.js';

/**
 * Adds `-g, --llm-group <name>` to a command that talks to a model. When a parent command has
 * the option too (`jarvis` itself does), commander hands `-g` to the parent even after the
 * subcommand's name: the hook gives the value back to the subcommand that runs.
 */
export function addLlmGroupOption(command: Command): Command {
  return inheritFromParent(command.option('-g, --llm-group <name>', 'model group from llm_groups in the config (env JARVIS_LLM_GROUP)'), 'llmGroup');
}

/** A value the parent command took for an option this subcommand has too goes back to the subcommand. */
function inheritFromParent(command: Command, attribute: string): Command {
  return command.hook('preAction', (_self, action) => {
    if (!action.options.some((o) => o.attributeName() === attribute)) return;
    if (action.getOptionValue(attribute) !== undefined) return;
    const inherited: unknown = action.optsWithGlobals()[attribute];
    if (typeof inherited === 'string') action.setOptionValue(attribute, inherited);
  });
}

/** `-f, --config <file>`: this configuration file instead of the user's and the project's. */
export function addConfigFileOption(command: Command): Command {
  return inheritFromParent(
    command.option('-f, --config <file>', 'read this configuration file instead of ~/.jarvis/config.yaml and .jarvis/config.yaml (env JARVIS_CONFIG)'),
    'config',
  );
}

/**
 * What every agent command takes (docs/cli.md): `-g` the model group, `-G` the tool group,
 * `-f` the configuration file.
 */
export function addAgentConfigOptions(command: Command): Command {
  addLlmGroupOption(command);
  addConfigFileOption(command);
  return inheritFromParent(command.option('-G, --tool-group <name>', 'only the tools of this group from tool_groups in the config (env JARVIS_TOOL_GROUP)'), 'toolGroup');
}

/** The config flags a command's parsed options carry, for loadEffectiveConfig. */
export function configFlagsFrom(opts: { llmGroup?: unknown; nonInteractive?: unknown; plan?: unknown; toolGroup?: unknown; config?: unknown }): ConfigFlags {
  const flags: ConfigFlags = {};
  if (typeof opts.llmGroup === 'string') flags.llmGroup = opts.llmGroup;
  if (typeof opts.toolGroup === 'string') flags.toolGroup = opts.toolGroup;
  if (typeof opts.config === 'string') flags.configFile = opts.config;
  if (typeof opts.nonInteractive === 'boolean') flags.nonInteractive = opts.nonInteractive;
  if (typeof opts.plan === 'boolean') flags.plan = opts.plan;
  return flags;
}
