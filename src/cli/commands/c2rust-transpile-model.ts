import { AgentFactory, openAgentKit, type OpenedAgentKit } from '../../agent/index.js';
import { finishRun, startRun, type Run } from '../../runs/index.js';
import { describeError, isJarvisError, JarvisError } from '../../util/index.js';
import { loadEffectiveConfig } from '../../util/config/index.js';
import { configFlagsFrom } from '../llm-options.js';

export interface TranspileModel {
  /** builds the stage's agents (plan, write, review) on the group's normal model, recording into the run's transcript */
  agents: AgentFactory;
  run: Run;
  opened: OpenedAgentKit;
}

/**
 * The model `jc2r transpile` uses: the normal role of the group `-g` names, else of the group
 * the config resolves to. `--model` (or `-g`) makes it required; without either a missing model
 * means the deterministic translation alone, as `--no-model` asks.
 */
export async function transpileModel(flags: { llmGroup?: string; model?: boolean }, projectDir: string, signal: AbortSignal, note: (m: string) => void): Promise<TranspileModel | undefined> {
  if (flags.model === false) return undefined;
  const required = flags.model === true || flags.llmGroup !== undefined;
  let opened: OpenedAgentKit;
  try {
    const loaded = loadEffectiveConfig({ cwd: projectDir, flags: configFlagsFrom(flags) });
    opened = await openAgentKit({ loaded, root: projectDir, extensions: false, warn: note });
  } catch (e) {
    if (!required) {
      if (!(isJarvisError(e) && e.code === 'config_missing_model')) note(`no model used (${describeError(e).split('\n')[0] ?? ''}); writing the deterministic translation only`);
      return undefined;
    }
    if (isJarvisError(e) && e.code === 'config_missing_model') {
      throw new JarvisError('config_missing_model', 'jc2r transpile --model needs a model', { hint: 'configure one under llm_groups in ~/.jarvis/config.yaml (docs/config.md), or pass --no-model' });
    }
    throw e;
  }
  const { run, writer } = startRun({ projectDir, command: 'jc2r transpile', argv: process.argv.slice(2), secretEnvNames: opened.kit.secretEnvNames ?? [] });
  return { agents: new AgentFactory(opened.kit, { transcript: writer, interactive: false, signal }), run, opened };
}

export function endTranspileModel(model: TranspileModel | undefined, error?: string): void {
  if (!model) return;
  finishRun(model.run, { status: error === undefined ? 'ok' : 'failed', ...(error === undefined ? {} : { error }) });
  void model.opened.close();
}
