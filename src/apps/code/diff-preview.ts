import { gitOk } from './git.js';

/**
 * What the person (and the model) sees of a change: one section per file. A deleted file is
 * a one-line note; a file with more than LARGE_CHANGE_LINES changed lines shows counts only,
 * so a big rewrite does not flood the terminal or the context.
 */

export const LARGE_CHANGE_LINES = 300;

export interface FileChange {
  path: string;
  status: 'added' | 'modified' | 'deleted' | 'renamed';
  /** a renamed file's old path */
  from?: string;
  /** null for a binary file */
  insertions: number | null;
  deletions: number | null;
  /** the unified diff, or a summary line for deleted, large and binary files */
  preview: string;
}

/** Every path a change touches: a rename's old path too (a commit must take both). */
export function changedPaths(changes: readonly FileChange[]): string[] {
  return changes.flatMap((c) => (c.from !== undefined ? [c.from, c.path] : [c.path]));
}

/**
 * The staged changes of `paths` against HEAD (or the empty tree before the first commit). A file
 * moved (with or without changes git still sees as the same file) is one rename, not a deletion
 * and an addition.
 */
export async function stagedChanges(root: string, paths: readonly string[]): Promise<FileChange[]> {
  if (paths.length === 0) return [];
  const names = (await gitOk(root, ['diff', '--cached', '-M', '--name-status', '-z', '--', ...paths])).split('\0');
  const numstat = (await gitOk(root, ['diff', '--cached', '-M', '--numstat', '-z', '--', ...paths])).split('\0');
  const counts = new Map<string, [string, string]>();
  for (let i = 0; i < numstat.length; i++) {
    const m = /^(-|\d+)\t(-|\d+)\t(.*)$/s.exec(numstat[i] as string);
    if (!m) continue;
    // a rename's record has an empty path, then the old and the new path
    if (m[3] === '') {
      counts.set(numstat[i + 2] as string, [m[1] as string, m[2] as string]);
      i += 2;
    } else counts.set(m[3] as string, [m[1] as string, m[2] as string]);
  }
  const out: FileChange[] = [];
  for (let i = 0; i < names.length; ) {
    const s = names[i] ?? '';
    if (s === '') {
      i++;
      continue;
    }
    const renamed = s.startsWith('R');
    const from = renamed ? names[i + 1] : undefined;
    const path = (renamed ? names[i + 2] : names[i + 1]) as string;
    i += renamed ? 3 : 2;
    const [ins, del] = counts.get(path) ?? ['0', '0'];
    const change: FileChange = {
      path,
      status: renamed ? 'renamed' : s === 'A' ? 'added' : s === 'D' ? 'deleted' : 'modified',
      ...(from !== undefined ? { from } : {}),
      insertions: ins === '-' ? null : Number(ins),
      deletions: del === '-' ? null : Number(del),
      preview: '',
    };
    change.preview = await previewOf(root, change);
    out.push(change);
  }
  return out;
}

async function previewOf(root: string, c: FileChange): Promise<string> {
  if (c.status === 'deleted') return `deleted ${c.path}${c.deletions !== null ? ` (${c.deletions} lines)` : ''}`;
  const name = c.from !== undefined ? `${c.from} → ${c.path}` : c.path;
  const head = c.from !== undefined ? `renamed ${name}` : '';
  if (c.insertions === null || c.deletions === null) return `${c.from !== undefined ? head : `${c.status} ${c.path}`} (binary file, no diff shown)`;
  if (c.from !== undefined && c.insertions + c.deletions === 0) return `${head} (content unchanged)`;
  if (c.insertions + c.deletions > LARGE_CHANGE_LINES) {
    return `${c.from !== undefined ? head : `${c.status} ${c.path}`}: +${c.insertions} -${c.deletions} lines (more than ${LARGE_CHANGE_LINES} changed lines; diff not shown)`;
  }
  const diff = await gitOk(root, ['diff', '--cached', '-M', '--no-color', '--', ...(c.from !== undefined ? [c.from] : []), c.path]);
  const text = diff.trimEnd() || `${c.status} ${c.path} (no textual change)`;
  return c.from !== undefined ? `${head}\n${text}` : text;
}

export function renderPreview(changes: readonly FileChange[]): string {
  return changes.map((c) => c.preview).join('\n\n');
}

export function totals(changes: readonly FileChange[]): { insertions: number; deletions: number } {
  let insertions = 0;
  let deletions = 0;
  for (const c of changes) {
    insertions += c.insertions ?? 0;
    deletions += c.deletions ?? 0;
  }
  return { insertions, deletions };
}
