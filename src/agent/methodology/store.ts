import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JarvisError, writeFileAtomicSync } from '../../util/index.js';

/**
 * Methodologies (docs/methodology.md): how to go about a kind of problem, as markdown, one
 * file per problem type. Global ones live in `<data dir>/methodologies/`, project ones in
 * `<project>/.jarvis/methodologies/`; a project file wins over a global one of the same name.
 * A file is `# <problem type>` followed by the method; the file name is the problem type's slug.
 */

export type MethodologyScope = 'project' | 'global';

export interface Methodology {
  /** file name without `.md`; the key for show/share/sync */
  name: string;
  problemType: string;
  content: string;
  scope: MethodologyScope;
  path: string;
}

export interface MethodologyPlaces {
  /** the project root (its `.jarvis/methodologies/`) */
  root: string;
  /** the user's data dir (`userDataDir`), holding `methodologies/` */
  dataDir: string;
}

export function methodologyDir(places: MethodologyPlaces, scope: MethodologyScope): string {
  return scope === 'project' ? join(places.root, '.jarvis', 'methodologies') : join(places.dataDir, 'methodologies');
}

/** `Fix a failing C build!` → `fix-a-failing-c-build`; letters of any script are kept. */
export function methodologySlug(problemType: string): string {
  const slug = problemType
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  if (!slug) throw new JarvisError('usage', 'a methodology needs a problem type with at least one letter or digit');
  return slug;
}

export function parseMethodologyFile(text: string, name: string): { problemType: string; content: string } {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const first = lines.findIndex((l) => l.trim() !== '');
  const heading = first >= 0 ? /^#\s+(.+?)\s*#*\s*$/.exec(lines[first] as string) : null;
  if (heading) return { problemType: heading[1] as string, content: lines.slice(first + 1).join('\n').trim() };
  return { problemType: name.replace(/-/g, ' '), content: text.trim() };
}

export function renderMethodologyFile(problemType: string, content: string): string {
  return `# ${problemType.replace(/\s+/g, ' ').trim()}\n\n${content.trim()}\n`;
}

/** The methodologies of one directory, by name; unreadable files are skipped. */
export function readMethodologyDir(dir: string, scope: MethodologyScope): Methodology[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.md') && !n.startsWith('.')).sort();
  } catch {
    return [];
  }
  const out: Methodology[] = [];
  for (const file of names) {
    const path = join(dir, file);
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      continue;
    }
    const name = file.slice(0, -3);
    const { problemType, content } = parseMethodologyFile(text, name);
    if (content === '') continue;
    out.push({ name, problemType, content, scope, path });
  }
  return out;
}

/** Global and project methodologies; a project one hides the global one of the same name. */
export function listMethodologies(places: MethodologyPlaces): Methodology[] {
  const byName = new Map<string, Methodology>();
  for (const m of readMethodologyDir(methodologyDir(places, 'global'), 'global')) byName.set(m.name, m);
  for (const m of readMethodologyDir(methodologyDir(places, 'project'), 'project')) byName.set(m.name, m);
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export function findMethodology(places: MethodologyPlaces, name: string): Methodology | undefined {
  const key = name.endsWith('.md') ? name.slice(0, -3) : name;
  const all = listMethodologies(places);
  return all.find((m) => m.name === key) ?? all.find((m) => m.problemType.toLowerCase() === name.trim().toLowerCase());
}

export interface SaveMethodologyInput {
  problemType: string;
  content: string;
  /** default `project` */
  scope?: MethodologyScope;
}

/**
 * Writes a methodology atomically; one for the same problem type in that scope is replaced
 * (a better method supersedes the old one). This is what the task analyzer's tool calls.
 */
export function saveMethodology(places: MethodologyPlaces, input: SaveMethodologyInput): Methodology {
  const problemType = input.problemType.replace(/\s+/g, ' ').trim();
  const content = input.content.trim();
  if (!content) throw new JarvisError('usage', 'a methodology needs content');
  const name = methodologySlug(problemType);
  const scope = input.scope ?? 'project';
  const path = join(methodologyDir(places, scope), `${name}.md`);
  writeFileAtomicSync(path, renderMethodologyFile(problemType, content));
  return { name, problemType, content, scope, path };
}

