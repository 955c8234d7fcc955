import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync, copyFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { runProcess } from '../../../util/index.js';

/**
 * Workspace protection: the sec agents must leave the analysed tree as they found it. After
 * every agent run the guard compares the tree with the state it took at the start and puts
 * back whatever changed. In a git work tree git says what changed (tracked files are checked
 * out from HEAD, new untracked files removed, and files that were already dirty at the start
 * are rewritten from the copy taken then); elsewhere a snapshot of size, mtime and hash of
 * every file, with a content copy under `.jarvis/sec/backup/`, does the same job. `.jarvis/`
 * is ours and never compared.
 */

export interface RestoreRecord {
  /** paths relative to the analysed root, sorted */
  restored: string[];
  removed: string[];
}

export interface WorkspaceGuard {
  readonly kind: 'git' | 'snapshot';
  /** compares with the start state and restores; undefined when nothing changed */
  check(): Promise<RestoreRecord | undefined>;
  /** drops what the guard kept (the snapshot's backup copies) */
  dispose(): void;
}

const JARVIS_DIR = '.jarvis';

async function git(cwd: string, args: string[]): Promise<{ ok: boolean; stdout: string; stderr: string }> {
  try {
    const r = await runProcess('git', args, { cwd, timeoutMs: 120_000, maxOutputBytes: 64 * 1024 * 1024 });
    return { ok: r.exitCode === 0, stdout: r.stdout, stderr: r.stderr };
  } catch {
    return { ok: false, stdout: '', stderr: 'git is not installed' };
  }
}

/** `git status` of the analysed root (paths relative to the top level), `.jarvis/` left out. */
async function gitStatus(root: string): Promise<Map<string, string>> {
  const r = await git(root, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', '.', `:(exclude)${JARVIS_DIR}`]);
  if (!r.ok) throw new Error(`git status failed: ${r.stderr.trim()}`);
  const out = new Map<string, string>();
  const parts = r.stdout.split('\0');
  for (let i = 0; i < parts.length; i++) {
    const entry = parts[i] ?? '';
    if (entry.length < 4) continue;
    const xy = entry.slice(0, 2);
    out.set(entry.slice(3), xy);
    // A rename or copy is followed by its source path, which changed too.
    if (xy[0] === 'R' || xy[0] === 'C') {
      i++;
      if (parts[i]) out.set(parts[i] as string, 'R?');
    }
  }
  return out;
}

function readOrNull(path: string): Buffer | null {
  try {
    return lstatSync(path).isFile() ? readFileSync(path) : null;
  } catch {
    return null;
  }
}

/**
 * Runs checks one at a time, and lets callers that arrive while one runs share the next one:
 * a check that starts after an agent finished covers that agent, so parallel agents need not
 * queue a `git status` each.
 */
function coalesced<T>(fn: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let queued: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const p = fn().finally(() => {
      if (running === p) running = undefined;
    });
    running = p;
    return p;
  };
  return () => {
    if (!running) return start();
    queued ??= running.then(
      () => undefined,
      () => undefined,
    ).then(() => {
      queued = undefined;
      return start();
    });
    return queued;
  };
}

async function gitGuard(root: string, top: string): Promise<WorkspaceGuard> {
  const toRoot = (p: string) => relative(root, join(top, p)).split(sep).join('/');
  const start = await gitStatus(root);
  // What was already dirty is put back from these copies, never from HEAD.
  const kept = new Map<string, Buffer | null>([...start.keys()].map((p) => [p, readOrNull(join(top, p))]));
  return {
    kind: 'git',
    check: coalesced(async () => {
      const now = await gitStatus(root);
      const restored: string[] = [];
      const removed: string[] = [];
      const fromHead: string[] = [];
      for (const [p, xy] of now) {
        if (kept.has(p)) continue;
        if (xy === '??') {
          rmSync(join(top, p), { force: true });
          removed.push(toRoot(p));
        } else fromHead.push(p);
      }
      if (fromHead.length > 0) {
        const r = await git(top, ['checkout', 'HEAD', '--', ...fromHead]);
        if (!r.ok) throw new Error(`git checkout failed: ${r.stderr.trim()}`);
        restored.push(...fromHead.map(toRoot));
      }
      for (const [p, content] of kept) {
        const abs = join(top, p);
        const current = readOrNull(abs);
        if (content === null) {
          if (current !== null) {
            rmSync(abs, { force: true });
            removed.push(toRoot(p));
          }
        } else if (current === null || !current.equals(content)) {
          mkdirSync(dirname(abs), { recursive: true });
          writeFileSync(abs, content);
          restored.push(toRoot(p));
        }
      }
      if (restored.length + removed.length === 0) return undefined;
      return { restored: restored.sort(), removed: removed.sort() };
    }),
    dispose: () => undefined,
  };
}

interface Entry {
  size: number;
  mtimeMs: number;
  hash: string;
}

function walk(root: string, dir: string, out: Map<string, { size: number; mtimeMs: number }>): void {
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    const abs = join(dir, d.name);
    const rel = relative(root, abs).split(sep).join('/');
    if (rel === JARVIS_DIR || rel === '.git') continue;
    if (d.isDirectory()) walk(root, abs, out);
    else if (d.isFile()) {
      const st = lstatSync(abs);
      out.set(rel, { size: st.size, mtimeMs: st.mtimeMs });
    }
  }
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function snapshotGuard(root: string, backupDir: string): WorkspaceGuard {
  rmSync(backupDir, { recursive: true, force: true });
  mkdirSync(backupDir, { recursive: true });
  const files = new Map<string, { size: number; mtimeMs: number }>();
  walk(root, root, files);
  const start = new Map<string, Entry>();
  for (const [rel, st] of files) {
    const content = readFileSync(join(root, rel));
    const hash = sha(content);
    const copy = join(backupDir, hash);
    if (!existsSync(copy)) writeFileSync(copy, content);
    start.set(rel, { ...st, hash });
  }
  return {
    kind: 'snapshot',
    check: coalesced(async () => {
      const now = new Map<string, { size: number; mtimeMs: number }>();
      walk(root, root, now);
      const restored: string[] = [];
      const removed: string[] = [];
      for (const rel of now.keys()) {
        if (!start.has(rel)) {
          unlinkSync(join(root, rel));
          removed.push(rel);
        }
      }
      for (const [rel, e] of start) {
        const cur = now.get(rel);
        // Size and mtime unchanged: the file was not written (hashing every file each time would be slow).
        if (cur && cur.size === e.size && cur.mtimeMs === e.mtimeMs) continue;
        const abs = join(root, rel);
        const content = readOrNull(abs);
        if (content !== null && sha(content) === e.hash) continue;
        mkdirSync(dirname(abs), { recursive: true });
        copyFileSync(join(backupDir, e.hash), abs);
        restored.push(rel);
      }
      if (restored.length + removed.length === 0) return undefined;
      // The restored copies have new mtimes; remember them so the next check is quiet.
      for (const rel of restored) {
        const st = lstatSync(join(root, rel));
        const e = start.get(rel) as Entry;
        start.set(rel, { ...e, size: st.size, mtimeMs: st.mtimeMs });
      }
      return { restored: restored.sort(), removed: removed.sort() };
    }),
    dispose: () => rmSync(backupDir, { recursive: true, force: true }),
  };
}

/** Takes the start state of `root`: git when it is inside a work tree, else a file snapshot. */
export async function guardWorkspace(root: string, backupDir: string): Promise<WorkspaceGuard> {
  const top = await git(root, ['rev-parse', '--show-toplevel']);
  if (top.ok && top.stdout.trim() !== '') return gitGuard(root, top.stdout.trim());
  return snapshotGuard(root, backupDir);
}
