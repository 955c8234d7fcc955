import { gitOk } from './git.js';

/**
 * What the person (and the model) sees of a change: one section per file. A deleted file is
 * a one-line note; a file with more than LARGE_CHANGE_LINES changed lines shows counts only,
 * so a big rewrite does not flood the terminal or the context.
 */

export const LARGE_CHANGE_LINES = 300;

export interface FileChange {
  path: string;
  status: 'added' | 'modified' | 'deleted';
  /** null for a binary file */
  insertions: number | null;
  deletions: number | null;
  /** the unified diff, or a summary line for deleted, large and binary files */
  preview: string;
}

/** The staged changes of `paths` against HEAD (or the empty tree before the first commit). */
export async function stagedChanges(root: string, paths: readonly string[]): Promise<FileChange[]> {
  if (paths.length === 0) return [];
  const numstat = await gitOk(root, ['diff', '--cached', '--no-renames', '--numstat', '-z', '--', ...paths]);
  const names = await gitOk(root, ['diff', '--cached', '--no-renames', '--name-status', '-z', '--', ...paths]);
  const statusOf = new Map<string, string>();
  const nameParts = names.split('\0');
  for (let i = 0; i + 1 < nameParts.length; i += 2) statusOf.set(nameParts[i + 1] as string, nameParts[i] as string);
  const out: FileChange[] = [];
  for (const rec of numstat.split('\0')) {
    const m = /^(-|\d+)\t(-|\d+)\t(.*)$/s.exec(rec);
    if (!m) continue;
    const [, ins, del, path] = m as unknown as [string, string, string, string];
    const s = statusOf.get(path) ?? 'M';
    const change: FileChange = {
      path,
      status: s === 'A' ? 'added' : s === 'D' ? 'deleted' : 'modified',
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
  if (c.insertions === null || c.deletions === null) return `${c.status} ${c.path} (binary file, no diff shown)`;
  if (c.insertions + c.deletions > LARGE_CHANGE_LINES) {
    return `${c.status} ${c.path}: +${c.insertions} -${c.deletions} lines (more than ${LARGE_CHANGE_LINES} changed lines; diff not shown)`;
  }
  const diff = await gitOk(root, ['diff', '--cached', '--no-renames', '--no-color', '--', c.path]);
  return diff.trimEnd() || `${c.status} ${c.path} (no textual change)`;
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
