import { stagedDiff, withAffixes, type MessageWriter } from './commit-message.js';
import { git, gitOk, headHash } from './git.js';
import { changedPaths, renderPreview, stagedChanges, totals, type FileChange } from './diff-preview.js';
import { restorePaths, SAVE_MAX_BYTES, type Snapshot } from './snapshot.js';
import { recordChange } from './stats.js';

/**
 * What happens to a change an action made: preview per file, then a commit (automatic when
 * nobody is there to ask; the person's accept or reject otherwise). A reject puts the files
 * back as they were before the action.
 */

export interface CommitFlowOptions {
  root: string;
  runId: string;
  /** the paths the action changed */
  paths: readonly string[];
  /** the tree before the action, for a reject */
  before: Snapshot;
  interactive: boolean;
  confirm?: (question: string, defaultYes: boolean) => Promise<boolean>;
  /** commit message parts: `<prefix> <subject> <suffix>` (empty parts dropped) */
  prefix?: string;
  suffix?: string;
  subject: string;
  /** writes the message from the staged diff (a model); undefined from it, or no writer: the template */
  writeMessage?: MessageWriter;
  /** shows the preview and outcome to the person */
  print: (text: string) => void;
}

export interface CommitOutcome {
  accepted: boolean;
  /** the new commit; absent when rejected, when nothing differed from HEAD, or when git refused */
  commit?: string;
  /** why git refused the commit (a hook, no identity…) */
  commitError?: string;
  changes: FileChange[];
  insertions: number;
  deletions: number;
  /** the per-file preview, for the conversation */
  preview: string;
  /** the message committed with, and who wrote it */
  message?: string;
  messageBy?: 'model' | 'template';
}

export function commitMessage(subject: string, prefix = '', suffix = ''): string {
  return [prefix.trim(), subject.trim(), suffix.trim()].filter((p) => p !== '').join(' ');
}

export async function commitChange(o: CommitFlowOptions): Promise<CommitOutcome> {
  await gitOk(o.root, ['add', '-A', '--', ...o.paths]);
  const changes = await stagedChanges(o.root, o.paths);
  const preview = renderPreview(changes);
  const t = totals(changes);
  const files = changedPaths(changes);
  if (changes.length === 0) {
    // the action's net effect equals HEAD (e.g. it undid an uncommitted change): nothing to commit
    await git(o.root, ['reset', '-q', '--', ...o.paths]);
    return { accepted: true, changes, ...t, preview };
  }
  if (o.interactive && o.confirm) {
    // the person decides on what they see; non-interactive runs show it with the action's result
    o.print(preview);
    const ok = await o.confirm(`Commit these changes (${files.length} file${files.length > 1 ? 's' : ''}, +${t.insertions} -${t.deletions})? No puts the files back`, true);
    if (!ok) {
      const kept = await restorePaths(o.root, o.before, o.paths);
      if (kept.length > 0) o.print(`not restored (over ${SAVE_MAX_BYTES / 1024 / 1024} MB, no copy was kept): ${kept.join(', ')}`);
      recordChange(o.root, { time: new Date().toISOString(), runId: o.runId, accepted: false, files, ...t });
      o.print('change rejected; the files are back as they were');
      return { accepted: false, changes, ...t, preview };
    }
  }
  const written = o.writeMessage ? await o.writeMessage(await stagedDiff(o.root, files)) : undefined;
  const message = written ? withAffixes(written, o.prefix, o.suffix) : commitMessage(o.subject, o.prefix, o.suffix);
  const messageBy = written ? 'model' : 'template';
  const r = await git(o.root, ['commit', '-q', '-m', message, '--only', '--', ...files]);
  if (r.exitCode !== 0) {
    const why = (r.stderr || r.stdout).trim().split('\n').slice(-3).join(' ');
    recordChange(o.root, { time: new Date().toISOString(), runId: o.runId, accepted: true, commitError: why, files, ...t });
    o.print(`git commit failed: ${why}; the change stays in the work tree, uncommitted`);
    return { accepted: true, commitError: why, changes, ...t, preview, message, messageBy };
  }
  const commit = await headHash(o.root);
  recordChange(o.root, { time: new Date().toISOString(), runId: o.runId, accepted: true, ...(commit ? { commit } : {}), files, ...t });
  o.print(`committed ${commit?.slice(0, 10) ?? ''}: ${message.split('\n')[0]}`);
  return { accepted: true, ...(commit ? { commit } : {}), changes, ...t, preview, message, messageBy };
}
