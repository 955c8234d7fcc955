import type { Command } from 'commander';
import { commitStaged, fileListPreview, findGitRoot, modelMessageWriter, type MessageWriter } from '../../apps/code/index.js';
import { openAgentKit, type OpenedAgentKit } from '../../agent/index.js';
import { finishRun, startRun, type Run } from '../../runs/index.js';
import { recordTranscript } from '../../llm/index.js';
import { colors, describeError, isJarvisError, JarvisError } from '../../util/index.js';
import { loadEffectiveConfig } from '../../util/config/index.js';
import { LineInput } from '../line-input.js';
import { addConfigFileOption, addLlmGroupOption, configFlagsFrom } from '../llm-options.js';
import { createPrompts } from '../prompts.js';

/**
 * `jca commit`: commit changes made by hand with a message the group's cheap model writes from
 * the staged diff (the seed's `jgc`). Without a model the template message is used, and the
 * command says how to configure one.
 */

interface CommitOptions {
  llmGroup?: string;
  config?: string;
  nonInteractive?: boolean;
  prefix?: string;
  suffix?: string;
  model?: boolean;
  json?: boolean;
}

export function registerCodeCommit(program: Command): void {
  const command = program.command('commit').description('commit the staged changes (or all changes) with a message written from the diff');
  addLlmGroupOption(command);
  addConfigFileOption(command)
    .option('-n, --non-interactive', 'commit without showing the message first (env JARVIS_NON_INTERACTIVE)')
    .option('--prefix <text>', 'put this before the subject')
    .option('--suffix <text>', 'put this after the subject')
    .option('--no-model', 'use the template message, without asking a model')
    .option('--json', 'print the result as one JSON line: commit, message, message_by, files')
    .action((o: CommitOptions) => commitCommand(o));
}

async function commitCommand(o: CommitOptions): Promise<void> {
  const root = await findGitRoot(process.cwd());
  if (!root) throw new JarvisError('usage', `${process.cwd()} is not in a git repository`, { hint: 'run jca commit inside the work tree' });
  const loaded = loadEffectiveConfig({ cwd: root, flags: configFlagsFrom(o) });
  const interactive = !(o.nonInteractive === true || loaded.config.agent.non_interactive) && !o.json;
  const notice = (t: string) => process.stderr.write(`${colors.yellow(t)}\n`);
  const model = o.model === false ? undefined : await openModel(o, root, loaded, notice);
  const input = interactive ? new LineInput() : undefined;
  const { confirm } = createPrompts({ input, out: process.stderr, notice });
  let error: string | undefined;
  try {
    const r = await commitStaged({
      root,
      ...(model ? { writeMessage: model.writer } : {}),
      ...(o.prefix ? { prefix: o.prefix } : {}),
      ...(o.suffix ? { suffix: o.suffix } : {}),
      ...(interactive ? { confirm: (m: string) => confirm(`${m}\n\nCommit with this message?`, true) } : {}),
    });
    if (r.leftOut.length > 0 && !o.json) notice(`not staged, build outputs: ${fileListPreview(r.leftOut)} (add them to .gitignore, or git add them if they belong)`);
    if (o.json) {
      process.stdout.write(`${JSON.stringify({ commit: r.commit ?? null, message: r.message, message_by: r.messageBy, files: r.files, left_out: r.leftOut })}\n`);
    } else if (r.commit) {
      process.stdout.write(`committed ${r.commit.slice(0, 10)}: ${r.message.split('\n')[0]}\n`);
    } else {
      process.stdout.write(`not committed${r.stagedAll ? '; the changes are unstaged again' : ''}\n`);
    }
  } catch (e) {
    error = describeError(e);
    throw e;
  } finally {
    input?.close();
    if (model) {
      finishRun(model.run, { status: error === undefined ? 'ok' : 'failed', ...(error === undefined ? {} : { error }) });
      void model.opened.close();
    }
  }
}

/** The cheap model (or the normal one) of the group, recorded in a run; undefined with a note when none is configured. */
async function openModel(
  o: CommitOptions,
  root: string,
  loaded: ReturnType<typeof loadEffectiveConfig>,
  notice: (t: string) => void,
): Promise<{ writer: MessageWriter; run: Run; opened: OpenedAgentKit } | undefined> {
  let opened: OpenedAgentKit;
  try {
    opened = await openAgentKit({ loaded, root, extensions: false, role: 'cheap', warn: notice });
  } catch (e) {
    if (o.llmGroup !== undefined || !(isJarvisError(e) && e.code === 'config_missing_model')) throw e;
    notice('no model configured: using the template message (configure one with jarvis config init, or pass --no-model)');
    return undefined;
  }
  const { run, writer } = startRun({ projectDir: root, command: 'jca commit', argv: process.argv.slice(2), secretEnvNames: opened.kit.secretEnvNames ?? [] });
  const platform = (await opened.kit.models(undefined)).normal;
  const recorded = recordTranscript(platform, writer, { agent: 'commit-message' });
  return { writer: modelMessageWriter(recorded, { warn: (m) => notice(`warning: ${m}`) }), run, opened };
}
