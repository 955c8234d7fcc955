import type { Platform } from '../../llm/index.js';
import { describeError } from '../../util/index.js';
import { gitOk } from './git.js';

/**
 * Commit messages written by a model from the staged diff (docs/jca.md, "Commit messages"): a
 * conventional subject of at most 72 characters and a body saying why. Whatever the model
 * answers is checked; a reply that is not such a message, a failed call or no model at all
 * leaves the caller's template message.
 */

export const SUBJECT_MAX = 72;
/** The diff the model sees is cut here: the subject needs the gist, not every line. */
const DIFF_MAX_CHARS = 12_000;
const TYPES = ['feat', 'fix', 'docs', 'style', 'refactor', 'perf', 'test', 'build', 'ci', 'chore', 'revert'];
const CONVENTIONAL = new RegExp(`^(${TYPES.join('|')})(\\([\\w./ -]+\\))?!?: \\S.*$`);

/** Writes the message for the staged diff; undefined means "use the template". */
export type MessageWriter = (staged: { stat: string; diff: string }) => Promise<string | undefined>;

export function commitMessagePrompt(staged: { stat: string; diff: string }, intent: string | undefined): string {
  const diff = staged.diff.length > DIFF_MAX_CHARS ? `${staged.diff.slice(0, DIFF_MAX_CHARS)}\n[… diff cut at ${DIFF_MAX_CHARS} characters]` : staged.diff;
  return [
    'Write the git commit message for the staged change below.',
    `- First line: a Conventional Commits subject, \`type(scope): summary\` with type one of ${TYPES.join(', ')}; imperative mood, no final period, at most ${SUBJECT_MAX} characters.`,
    '- Then a blank line and a short body (1-4 lines, wrapped at 72) saying why the change is made, not repeating the diff.',
    '- Answer with the message only: no code fence, no quotes, no commentary.',
    ...(intent ? ['', `What the change is for (the user's request):\n${intent.trim().slice(0, 2000)}`] : []),
    '',
    `Files:\n${staged.stat.trim()}`,
    '',
    `Diff:\n${diff}`,
  ].join('\n');
}

/** The message in a model's reply, or undefined when it is not a usable conventional message. */
export function parseCommitMessage(reply: string): string | undefined {
  let text = reply.trim();
  const fence = /^```[\w-]*\n([\s\S]*?)\n```$/.exec(text);
  if (fence) text = (fence[1] as string).trim();
  const lines = text.split('\n').map((l) => l.trimEnd());
  const subject = (lines[0] ?? '').trim();
  if (subject.length === 0 || subject.length > SUBJECT_MAX || !CONVENTIONAL.test(subject)) return undefined;
  const body = lines.slice(1).join('\n').trim();
  return body ? `${subject}\n\n${body}` : subject;
}

/** The staged diff of `paths` (all staged changes when empty), for the prompt. */
export async function stagedDiff(root: string, paths: readonly string[] = []): Promise<{ stat: string; diff: string }> {
  const scope = paths.length > 0 ? ['--', ...paths] : [];
  const stat = await gitOk(root, ['diff', '--cached', '--stat', '--no-color', ...scope]);
  const diff = await gitOk(root, ['diff', '--cached', '--no-color', '-M', ...scope]);
  return { stat, diff };
}

/** A writer asking `platform`; failures warn and fall back to the template. */
export function modelMessageWriter(platform: Platform, o: { intent?: () => string | undefined; warn: (m: string) => void; signal?: AbortSignal }): MessageWriter {
  return async (staged) => {
    try {
      const r = await platform.chat({ messages: [{ role: 'user', content: commitMessagePrompt(staged, o.intent?.()) }], maxTokens: 400, ...(o.signal ? { signal: o.signal } : {}) });
      const message = parseCommitMessage(r.text);
      if (message === undefined) o.warn(`the model's commit message was not a conventional subject of at most ${SUBJECT_MAX} characters; using the template`);
      return message;
    } catch (e) {
      o.warn(`writing the commit message failed (${describeError(e)}); using the template`);
      return undefined;
    }
  };
}

/** `<prefix> <subject> <suffix>` on the first line, the body below it. */
export function withAffixes(message: string, prefix = '', suffix = ''): string {
  const [subject = '', ...rest] = message.split('\n');
  const first = [prefix.trim(), subject.trim(), suffix.trim()].filter((p) => p !== '').join(' ');
  return [first, ...rest].join('\n');
}
