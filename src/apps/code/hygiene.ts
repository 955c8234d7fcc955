import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { git, gitOk, headHash } from './git.js';

/**
 * Repository hygiene when jca starts (docs/jca.md, "Repository hygiene"): a warning when the
 * repository mixes line endings (edits keep each file's own, src/edit), and the language's
 * build outputs added to `.gitignore` once per repository, in a commit of its own, so that a
 * build jca runs never shows up as a change to commit.
 */

export interface LineEndings {
  lf: number;
  crlf: number;
  /** files holding both */
  mixed: string[];
  /** .gitattributes sets `text`/`eol` for the repository */
  attributes: boolean;
}

export async function lineEndings(root: string): Promise<LineEndings> {
  const r = await git(root, ['ls-files', '--eol', '-z']);
  const out: LineEndings = { lf: 0, crlf: 0, mixed: [], attributes: false };
  if (r.exitCode !== 0) return out;
  for (const rec of r.stdout.split('\0')) {
    const tab = rec.indexOf('\t');
    if (tab < 0) continue;
    const index = rec.slice(0, tab).trim().split(/\s+/)[0];
    if (index === 'i/lf') out.lf++;
    else if (index === 'i/crlf') out.crlf++;
    else if (index === 'i/mixed') out.mixed.push(rec.slice(tab + 1));
  }
  const attrs = join(root, '.gitattributes');
  out.attributes = existsSync(attrs) && /(^|\s)(text|eol)(=|\s|$)/m.test(readFileSync(attrs, 'utf8'));
  return out;
}

/** The warning for a repository that mixes line endings, or undefined. */
export function lineEndingWarning(e: LineEndings): string | undefined {
  if (e.attributes) return undefined;
  if (!((e.lf > 0 && e.crlf > 0) || e.mixed.length > 0)) return undefined;
  const mixed = e.mixed.length > 0 ? `, ${e.mixed.length} with both (${e.mixed.slice(0, 3).join(', ')}${e.mixed.length > 3 ? ', …' : ''})` : '';
  return (
    `the repository mixes line endings: ${e.lf} file(s) with LF, ${e.crlf} with CRLF${mixed}. ` +
    "jca keeps each file's own; to settle it, add a .gitattributes (e.g. `* text=auto eol=lf`) and run `git add --renormalize .`"
  );
}

/** Build outputs by the files that show a language or build system is in use. */
const OUTPUTS: readonly { marker: (root: string) => boolean; patterns: string[] }[] = [
  { marker: (r) => existsSync(join(r, 'Cargo.toml')), patterns: ['target/'] },
  {
    marker: (r) => ['CMakeLists.txt', 'meson.build', 'Makefile', 'makefile', 'GNUmakefile', 'configure.ac'].some((f) => existsSync(join(r, f))),
    patterns: ['build/', '*.o'],
  },
  { marker: (r) => existsSync(join(r, 'package.json')), patterns: ['node_modules/'] },
];

/** The marker that the check ran in this repository: it runs once, so a pattern the person removes stays removed. */
const CHECKED = join('.jarvis', 'code', 'gitignore-checked');

export interface IgnoreOutcome {
  added: string[];
  commit?: string;
  /** why nothing was done although patterns were missing */
  skipped?: string;
}

/**
 * Adds the missing build-output patterns to `.gitignore` and commits that alone. Runs once per
 * repository; a `.gitignore` with uncommitted changes of the person's is left alone.
 */
export async function ensureBuildIgnores(root: string): Promise<IgnoreOutcome> {
  const marker = join(root, CHECKED);
  if (existsSync(marker)) return { added: [] };
  const wanted = [...new Set(OUTPUTS.filter((o) => o.marker(root)).flatMap((o) => o.patterns))];
  const file = join(root, '.gitignore');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const lines = new Set(text.split(/\r?\n/).map((l) => l.trim().replace(/^\//, '')));
  const missing = wanted.filter((p) => !lines.has(p) && !lines.has(p.replace(/\/$/, '')));
  const done = (o: IgnoreOutcome): IgnoreOutcome => {
    mkdirSync(dirname(marker), { recursive: true });
    writeFileSync(marker, `${new Date().toISOString()}\n`);
    return o;
  };
  if (missing.length === 0) return done({ added: [] });
  const dirty = (await gitOk(root, ['status', '--porcelain', '--', '.gitignore'])).trim();
  if (dirty !== '') return { added: [], skipped: '.gitignore has uncommitted changes' };
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const head = text === '' || text.endsWith('\n') ? '' : eol;
  writeFileSync(file, `${text}${head}${text === '' ? '' : eol}# build outputs (added by jca)${eol}${missing.join(eol)}${eol}`);
  await gitOk(root, ['add', '--', '.gitignore']);
  const r = await git(root, ['commit', '-q', '-m', `chore: ignore build outputs (${missing.join(', ')})`, '--only', '--', '.gitignore']);
  if (r.exitCode !== 0) {
    // leave the tree as it was: the person's .gitignore, or none
    await git(root, ['reset', '-q', '--', '.gitignore']);
    writeFileSync(file, text);
    if (text === '') await git(root, ['clean', '-q', '-f', '--', '.gitignore']);
    return { added: missing, skipped: `git commit failed: ${(r.stderr || r.stdout).trim().split('\n').at(-1) ?? ''}` };
  }
  return done({ added: missing, ...(await headHash(root).then((h) => (h ? { commit: h } : {}))) });
}
