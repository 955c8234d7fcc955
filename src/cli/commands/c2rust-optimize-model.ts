import { AgentFactory, openAgentKit, type OpenedAgentKit } from '../../agent/index.js';
import { finishRun, startRun, type Run } from '../../runs/index.js';
import { describeError, isJarvisError } from '../../util/index.js';
import { loadEffectiveConfig } from '../../util/config/index.js';
import { configFlagsFrom } from '../llm-options.js';

export interface OptimizeModel {
  /** Builds the model stages' agents on the group's cheap model, recording into the run's transcript. */
  agents: AgentFactory;
  run: Run;
  opened: OpenedAgentKit;
}

/**
 * The model `jc2r optimize` may use: the cheap role of the group `-g` names, else of the
 * group the config resolves to. The model is optional here: without `-g`, no configured model
 * (or a config that does not resolve one) means the deterministic passes alone, and `note`
 * says why when there was something to say. With `-g`, a bad group is the user's error.
 */
export async function optimizeModel(
  flags: { llmGroup?: string; model?: boolean; dryRun?: boolean },
  projectDir: string,
  note: (message: string) => void,
): Promise<OptimizeModel | undefined> {
  // A dry run makes no edits, so there is nothing to ask a model about.
  if (flags.model === false || flags.dryRun === true) return undefined;
  let opened: OpenedAgentKit;
  try {
    const loaded = loadEffectiveConfig({ cwd: projectDir, flags: configFlagsFrom(flags) });
    // the model stages ask one question each and use no tools: no MCP server is started for them
    opened = await openAgentKit({ loaded, root: projectDir, extensions: false, role: 'cheap', warn: note });
  } catch (e) {
    if (flags.llmGroup !== undefined) throw e;
    if (!(isJarvisError(e) && e.code === 'config_missing_model')) note(`no model used (${describeError(e).split('\n')[0] ?? ''}); pass -g NAME or --no-model`);
    return undefined;
  }
  const { run, writer } = startRun({ projectDir, command: 'jc2r optimize', argv: process.argv.slice(2), secretEnvNames: opened.kit.secretEnvNames ?? [] });
  return { agents: new AgentFactory(opened.kit, { transcript: writer, interactive: false }), run, opened };
}

/** Records how the run ended; `error` set means failed. */
export function endOptimizeModel(model: OptimizeModel | undefined, error?: string): void {
  if (!model) return;
  finishRun(model.run, { status: error === undefined ? 'ok' : 'failed', ...(error === undefined ? {} : { error }) });
  void model.opened.close();
}
