import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathsNamed } from '../../agent/index.js';
import { git } from './git.js';

/**
 * The gather step (docs/jca.md, "Before the first edit"): before the model's first turn, jca
 * lists the repository, searches it for the names the requirement mentions and reads the
 * files it names, within a budget, and hands that to the model with the requirement. The
 * model starts from what is there instead of spending its first turns looking, and the files
 * read count as read for the read-before-edit guard. A small repository is read whole.
 */

export interface GatherBudget {
  /** characters of file content in all */
  chars: number;
  /** files read at most */
  files: number;
  /** files listed at most */
  listed: number;
  /** names searched at most */
  searches: number;
}

export const GATHER_BUDGET: GatherBudget = { chars: 24_000, files: 8, listed: 200, searches: 4 };

export interface Gathered {
  /** tracked files, at most `listed` */
  listed: string[];
  total: number;
  /** name searched → files holding it */
  searched: Record<string, string[]>;
  /** files read whole (they count as read) */
  read: string[];
  /** the text for the model; '' when the repository has no tracked files */
  text: string;
}

/** Words that look like code names: `parse_args`, `readConfig`, `Parser::run`, `foo()`. */
export function codeNames(requirement: string): string[] {
  const out = new Set<string>();
  for (const m of requirement.matchAll(/\b([A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)*)(\(\))?/g)) {
    const w = m[1] as string;
    const code = m[2] !== undefined || w.includes('_') || w.includes('::') || /[a-z][A-Z]/.test(w);
    if (code && w.length >= 3) out.add(w.split('::').at(-1) as string);
  }
  return [...out];
}

export async function gather(root: string, requirement: string, budget: GatherBudget = GATHER_BUDGET): Promise<Gathered> {
  const ls = await git(root, ['ls-files', '-z', '--cached', '--others', '--exclude-standard']);
  const all = ls.exitCode === 0 ? ls.stdout.split('\0').filter((f) => f !== '' && !f.startsWith('.jarvis/')) : [];
  const listed = all.slice(0, budget.listed);
  const searched: Record<string, string[]> = {};
  for (const name of codeNames(requirement).slice(0, budget.searches)) {
    const r = await git(root, ['grep', '-l', '-w', '-I', '--untracked', '-F', '-e', name]);
    if (r.exitCode === 0) searched[name] = r.stdout.split('\n').filter((f) => f !== '').slice(0, 10);
  }
  // named in the requirement first, then where the searched names are, then (a small repository) the rest
  const named = pathsNamed(requirement).filter((p) => all.includes(p));
  const candidates = [...new Set([...named, ...Object.values(searched).flat(), ...all])];
  const read: { path: string; text: string }[] = [];
  let used = 0;
  for (const path of candidates) {
    if (read.length >= budget.files) break;
    const text = readText(join(root, path), budget.chars - used);
    if (text === undefined) continue;
    read.push({ path, text });
    used += text.length;
  }
  const parts: string[] = [];
  if (all.length > 0) {
    parts.push(`Files in the repository (${all.length}${all.length > listed.length ? `, the first ${listed.length} shown` : ''}):\n${listed.join('\n')}`);
  }
  for (const [name, files] of Object.entries(searched)) parts.push(`Files mentioning ${name}: ${files.length > 0 ? files.join(', ') : 'none'}`);
  for (const f of read) parts.push(`<file path="${f.path}">\n${f.text}${f.text.endsWith('\n') ? '' : '\n'}</file>`);
  const text = parts.length > 0 ? `Gathered before your first turn (you have read the files shown whole; read others before editing them):\n\n${parts.join('\n\n')}` : '';
  return { listed, total: all.length, searched, read: read.map((f) => f.path), text };
}

/** A text file's content when it fits in `room` whole; binary or too large is undefined. */
function readText(path: string, room: number): string | undefined {
  try {
    const st = statSync(path);
    if (!st.isFile() || st.size > room) return undefined;
    const buf = readFileSync(path);
    if (buf.includes(0)) return undefined;
    const text = buf.toString('utf8');
    return text.length <= room ? text : undefined;
  } catch {
    return undefined;
  }
}
