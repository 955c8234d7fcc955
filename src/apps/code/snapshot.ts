import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { JarvisError } from '../../util/index.js';
import { git, gitOk, hasHead, status } from './git.js';

/**
 * What the work tree looked like before an action, so jca can tell which files the action
 * changed (whatever did it: PATCH, REWRITE or a script) and put them back on a reject.
 * Clean paths equal HEAD; every dirty path's content is stored as a blob in the object
 * database (`git hash-object -w`), so restoring needs no copy outside git.
 */
export interface Snapshot {
  /** dirty path → blob id of its content, or null when the path did not exist */
  dirty: Map<string, string | null>;
  /** dirty files too big to keep a copy of (build outputs, mostly): a reject leaves them as they are */
  unsaved: Set<string>;
}

/** Dirty files up to this size are kept as blobs; bigger ones are only hashed. */
export const SAVE_MAX_BYTES = 1024 * 1024;

export async function takeSnapshot(root: string, opts: { save?: boolean } = {}): Promise<Snapshot> {
  const save = opts.save ?? true;
  // jca's own run files are never part of a change, even where `.jarvis/` is not ignored yet
  const entries = (await status(root)).filter((e) => e.path !== '.jarvis' && !e.path.startsWith('.jarvis/'));
  const dirty = new Map<string, string | null>();
  const unsaved = new Set<string>();
  const sizes = new Map<string, number>();
  for (const e of entries) {
    const size = fileSize(join(root, e.path));
    if (size !== undefined) sizes.set(e.path, size);
  }
  const small = [...sizes].filter(([, n]) => n <= SAVE_MAX_BYTES).map(([p]) => p);
  const large = [...sizes].filter(([, n]) => n > SAVE_MAX_BYTES).map(([p]) => p);
  await hashInto(root, small, save, dirty);
  await hashInto(root, large, false, dirty);
  if (save) for (const p of large) unsaved.add(p);
  for (const e of entries) if (!dirty.has(e.path)) dirty.set(e.path, null);
  return { dirty, unsaved };
}

async function hashInto(root: string, paths: readonly string[], write: boolean, into: Map<string, string | null>): Promise<void> {
  if (paths.length === 0) return;
  const args = ['hash-object', ...(write ? ['-w'] : []), '--no-filters', '--stdin-paths'];
  const ids = (await gitOk(root, args, { input: `${paths.join('\n')}\n` })).trim().split('\n');
  paths.forEach((p, i) => into.set(p, ids[i] ?? null));
}

/** Paths whose content differs from the snapshot, sorted. */
export async function changedSince(root: string, before: Snapshot): Promise<string[]> {
  const after = await takeSnapshot(root, { save: false });
  const paths = new Set<string>();
  for (const [p, id] of after.dirty) if (before.dirty.get(p) !== id) paths.add(p);
  // dirty before and clean now: the action undid a change, which is a change too
  for (const p of before.dirty.keys()) if (!after.dirty.has(p)) paths.add(p);
  return [...paths].sort();
}

/** Puts `paths` back as they were in the snapshot (a rejected change); returns those it could not. */
export async function restorePaths(root: string, before: Snapshot, paths: readonly string[]): Promise<string[]> {
  const kept: string[] = [];
  const head = await hasHead(root);
  if (paths.length > 0) await git(root, ['reset', '-q', '--', ...paths]);
  for (const p of paths) {
    const abs = join(root, p);
    const saved = before.dirty.get(p);
    if (saved === undefined) {
      // clean before: HEAD's version, or absent when HEAD does not have it
      const inHead = head && (await git(root, ['cat-file', '-e', `HEAD:${p}`])).exitCode === 0;
      if (inHead) await gitOk(root, ['checkout', '-q', 'HEAD', '--', p]);
      else rmSync(abs, { force: true });
    } else if (before.unsaved.has(p)) {
      kept.push(p);
    } else if (saved === null) {
      rmSync(abs, { force: true });
    } else {
      const r = await runBlob(root, saved);
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, r);
    }
  }
  return kept;
}

async function runBlob(root: string, id: string): Promise<Buffer> {
  // bytes, not text: the process runner decodes UTF-8, which would alter a non-UTF-8 file
  const r = spawnSync('git', ['cat-file', 'blob', id], { cwd: root, maxBuffer: 256 * 1024 * 1024 });
  if (r.status !== 0) throw new JarvisError('tool', `git cat-file blob ${id} failed: ${String(r.stderr).trim()}`);
  return r.stdout;
}

/** Size of a regular file; undefined for anything else (missing, directory, symlink). */
function fileSize(p: string): number | undefined {
  try {
    const st = lstatSync(p);
    return st.isFile() ? st.size : undefined;
  } catch {
    return undefined;
  }
}
