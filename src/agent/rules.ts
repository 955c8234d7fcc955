import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import picomatch from 'picomatch';
import { parse as parseYaml } from 'yaml';

/**
 * Rules files (docs/agent.md, "Rules"): `<dataDir>/rules/*.md`, `<root>/.jarvis/rules/*.md`,
 * then `<root>/AGENTS.md`. A rules file may start with YAML front matter naming `globs:`; such a
 * file applies only once a file matching one of them is in play in the run (named in the task,
 * read or edited), so a rule for the C parser does not cost tokens in a task on the docs.
 */

export interface RuleFile {
  /** where it came from, shown in the prompt so the model can cite it */
  source: string;
  text: string;
  /** from the front matter: the rule applies only when a matching file is in play */
  globs?: string[];
}

/** One rules file is capped: a huge AGENTS.md must not eat the context. */
const MAX_RULE_CHARS = 20_000;

/**
 * Rules in precedence order, general to specific. Files in a directory are taken in name
 * order; unreadable ones are skipped.
 */
export function loadRules(root: string, dataDir: string | undefined): RuleFile[] {
  const out: RuleFile[] = [];
  const dirs = [...(dataDir ? [join(dataDir, 'rules')] : []), join(root, '.jarvis', 'rules')];
  for (const dir of dirs) {
    let names: string[];
    try {
      names = readdirSync(dir).filter((n) => n.endsWith('.md')).sort();
    } catch {
      continue;
    }
    for (const n of names) pushFile(out, join(dir, n));
  }
  pushFile(out, join(root, 'AGENTS.md'));
  return out;
}

function pushFile(out: RuleFile[], path: string): void {
  try {
    if (!existsSync(path) || !statSync(path).isFile()) return;
    const { body, globs } = frontMatter(readFileSync(path, 'utf8'));
    let text = body.trim();
    if (!text) return;
    if (text.length > MAX_RULE_CHARS) text = `${text.slice(0, MAX_RULE_CHARS)}\n[… cut: the file is longer than ${MAX_RULE_CHARS} characters]`;
    out.push({ source: path, text, ...(globs ? { globs } : {}) });
  } catch {
    // an unreadable rules file is not worth failing a run over
  }
}

/**
 * `---\nglobs: ["src/**\/*.c", "*.h"]\n---\n` at the top of a file. `globs` may be a list or
 * one comma-separated string (as other tools write it). Front matter that is not YAML, or
 * without globs, leaves the file a rule that always applies (its text without the front matter).
 */
export function frontMatter(raw: string): { body: string; globs?: string[] } {
  const m = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(raw);
  if (!m) return { body: raw };
  const body = raw.slice(m[0].length);
  let meta: unknown;
  try {
    meta = parseYaml(m[1] as string);
  } catch {
    return { body };
  }
  const g = typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>).globs : undefined;
  const list = Array.isArray(g) ? g.filter((x): x is string => typeof x === 'string') : typeof g === 'string' ? g.split(',') : [];
  const globs = list.map((x) => x.trim()).filter((x) => x !== '');
  return globs.length > 0 ? { body, globs } : { body };
}

/** Matches paths relative to the root (`src/a.c`) against a rule's globs; `*.c` also matches in subdirectories. */
export function ruleMatcher(globs: readonly string[]): (path: string) => boolean {
  const isMatch = picomatch([...globs], { dot: true, matchBase: false });
  const base = picomatch(globs.filter((g) => !g.includes('/')), { dot: true, basename: true });
  const hasBase = globs.some((g) => !g.includes('/'));
  return (p) => {
    const path = p.replace(/\\/g, '/').replace(/^\.\//, '');
    return isMatch(path) || (hasBase && base(path));
  };
}

/** Path-like words of a task (`src/parse.c`, `util.h`): what "named in the task" means. */
export function pathsNamed(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/[\w@+~-][\w@+~./-]*\.[A-Za-z0-9]+|[\w@+~.-]+\/[\w@+~./-]*/g)) {
    out.add(m[0].replace(/[.,;:]+$/, '').replace(/^\.\//, ''));
  }
  return [...out];
}

export function renderRules(rules: readonly RuleFile[]): string {
  if (rules.length === 0) return '';
  const body = rules.map((r) => `# From ${r.source}${r.globs ? ` (for ${r.globs.join(', ')})` : ''}\n${r.text}`).join('\n\n');
  return `<rules>\nFollow these project and user rules; where they conflict, the later one wins.\n\n${body}\n</rules>`;
}
