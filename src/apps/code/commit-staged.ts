import { JarvisError } from '../../util/index.js';
import { stagedDiff, withAffixes, type MessageWriter } from './commit-message.js';
import { git, gitCommonDir, gitOk, headHash, status } from './git.js';
import { isBuildOutput } from './build-outputs.js';
import { ensureIgnored } from './repo-setup.js';

/**
 * `jca commit` (docs/jca.md): commits changes made by hand with a message written from the
 * staged diff. What is staged is committed; with nothing staged, every change in the work
 * tree (new files included, ignored ones and untracked build products not) is staged first, and
 * unstaged again when the person declines the message.
 */

export interface CommitStagedOptions {
  root: string;
  writeMessage?: MessageWriter;
  prefix?: string;
  suffix?: string;
  /** shown the message; false keeps everything as it was */
  confirm?: (message: string) => Promise<boolean>;
}

export interface CommitStagedResult {
  /** absent when the person declined */
  commit?: string;
  message: string;
  messageBy: 'model' | 'template';
  files: string[];
  /** nothing was staged, so jca staged every change */
  stagedAll: boolean;
  /** untracked build products (objects, executables, build/ and target/ trees) left out when staging everything */
  leftOut: string[];
}

export async function commitStaged(o: CommitStagedOptions): Promise<CommitStagedResult> {
  // the run logs of this very command live in .jarvis/: never staged with the rest
  ensureIgnored(o.root, await gitCommonDir(o.root));
  let files = await stagedNames(o.root);
  let stagedAll = false;
  let leftOut: string[] = [];
  if (files.length === 0) {
    if ((await status(o.root)).length === 0) throw new JarvisError('usage', 'nothing to commit: the work tree is clean', { exitCode: 1 });
    leftOut = await stageWork(o.root);
    stagedAll = true;
    files = await stagedNames(o.root);
    if (files.length === 0) {
      throw new JarvisError('usage', `nothing to commit: the only changes are build outputs (${fileListPreview(leftOut)})`, {
        exitCode: 1,
        hint: 'stage them with git add if they belong in the repository',
      });
    }
  }
  const written = o.writeMessage ? await o.writeMessage(await stagedDiff(o.root)) : undefined;
  const message = withAffixes(written ?? templateMessage(files), o.prefix, o.suffix);
  const messageBy = written ? 'model' : 'template';
  if (o.confirm && !(await o.confirm(message))) {
    if (stagedAll) await git(o.root, ['reset', '-q']);
    return { message, messageBy, files, stagedAll, leftOut };
  }
  const r = await git(o.root, ['commit', '-q', '-F', '-'], { input: `${message}\n` });
  if (r.exitCode !== 0) {
    const why = (r.stderr || r.stdout).trim().split('\n').slice(-3).join(' ');
    throw new JarvisError('tool', `git commit failed: ${why}`, { exitCode: 1, hint: 'the changes are left staged' });
  }
  const commit = await headHash(o.root);
  return { ...(commit ? { commit } : {}), message, messageBy, files, stagedAll, leftOut };
}

/** Stages tracked changes and the untracked files that are not build products; returns those left out. */
async function stageWork(root: string): Promise<string[]> {
  await gitOk(root, ['add', '-u']);
  const untracked = (await gitOk(root, ['ls-files', '--others', '--exclude-standard', '-z'])).split('\0').filter((f) => f !== '');
  const leftOut = untracked.filter((f) => isBuildOutput(root, f));
  const wanted = untracked.filter((f) => !leftOut.includes(f));
  if (wanted.length > 0) await gitOk(root, ['add', '--pathspec-from-file=-', '--pathspec-file-nul', '--'], { input: `${wanted.join('\0')}\0` });
  return leftOut;
}

export function fileListPreview(files: readonly string[]): string {
  return files.length <= 3 ? files.join(', ') : `${files.slice(0, 3).join(', ')} and ${files.length - 3} more`;
}

/** The message without a model: a conventional subject naming the files. */
export function templateMessage(files: readonly string[]): string {
  const subject = `chore: update ${fileListPreview(files)}`;
  return subject.length <= 72 ? subject : `chore: update ${files.length} files`;
}

async function stagedNames(root: string): Promise<string[]> {
  return (await gitOk(root, ['diff', '--cached', '--name-only', '-z'])).split('\0').filter((f) => f !== '');
}
