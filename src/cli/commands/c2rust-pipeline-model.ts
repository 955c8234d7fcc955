import { AgentFactory, openAgentKit, type OpenedAgentKit } from '../../agent/index.js';
import { finishRun, startRun, type Run } from '../../runs/index.js';
import { isJarvisError } from '../../util/index.js';
import { loadEffectiveConfig, resolveGroupName } from '../../util/config/index.js';
import { configFlagsFrom } from '../llm-options.js';

/** One line saying how to get a model, for the pipeline commands that need one. */
export const NO_MODEL_HINT = "no model is configured: add an llm group to the config ('jarvis config init', docs/config.md) or pass -g NAME";

export interface PipelineModel {
  agents: AgentFactory;
  /** the group's name, so answers of another model are not reused */
  group: string;
  run: Run;
  opened: OpenedAgentKit;
}

/**
 * The model of a pipeline command (`jc2r lib-replace`, `prepare`, `run`, `bench crust`): the
 * normal role of the group `-g` names, else the config's; every agent the command builds comes
 * from this factory and records into one run of the project. Returns undefined when no model
 * is configured (the caller says what that means for it); with `-g`, a bad group is an error.
 */
export async function pipelineModel(
  flags: { llmGroup?: string; model?: boolean },
  projectDir: string,
  command: string,
  signal?: AbortSignal,
): Promise<PipelineModel | undefined> {
  if (flags.model === false) return undefined;
  const loaded = loadEffectiveConfig({ cwd: projectDir, flags: configFlagsFrom(flags) });
  let opened: OpenedAgentKit;
  try {
    opened = await openAgentKit({ loaded, root: projectDir, extensions: false, warn: (m) => process.stderr.write(`${m}\n`) });
  } catch (e) {
    if (flags.llmGroup === undefined && isJarvisError(e) && e.code === 'config_missing_model') return undefined;
    throw e;
  }
  // the kit opened, so the group resolves; its name keys checkpoints (another model, other answers)
  const group = resolveGroupName(loaded.config, flags.llmGroup);
  const { run, writer } = startRun({ projectDir, command, argv: process.argv.slice(2), secretEnvNames: opened.kit.secretEnvNames ?? [] });
  return { agents: new AgentFactory(opened.kit, { transcript: writer, interactive: false, ...(signal ? { signal } : {}) }), group, run, opened };
}

/** Records how the run ended; `error` set means failed. */
export function endPipelineModel(model: PipelineModel | undefined, error?: string): void {
  if (!model) return;
  finishRun(model.run, { status: error === undefined ? 'ok' : 'failed', ...(error === undefined ? {} : { error }) });
  void model.opened.close();
}
