import { existsSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { ActionInfo } from './events.js';
import { pathsNamed, ruleMatcher, type RuleFile } from './rules.js';

/**
 * The files a run has in play (docs/agent.md, "Rules" and "Read before edit"): named in the
 * task, read by a tool, or written by an edit. Rules files with `globs:` apply once one of
 * them matches, and the read-before-edit guard refuses an edit to an existing file the agent
 * has neither read nor written in this run.
 */
export class FilesInPlay {
  /** relative to the root, `/`-separated: what rule globs are matched against */
  private readonly inPlay = new Set<string>();
  /** absolute paths the agent has seen the content of (read, or wrote itself) */
  private readonly known = new Set<string>();

  constructor(private readonly root: string) {}

  /** Paths named in a task or an answer of the person. */
  noteText(text: string): void {
    for (const p of pathsNamed(text)) this.inPlay.add(this.rel(p));
  }

  /** A finished action: a tool's reads count as read; an edit's writes as known (it wrote them). */
  noteAction(action: ActionInfo, failed: boolean): void {
    if (failed) return;
    const files = action.kind === 'edit' ? (action.writes ?? []) : action.kind === 'tool' ? (action.reads ?? []) : [];
    for (const f of files) {
      if (f === '.' || f === '') continue;
      this.inPlay.add(this.rel(f));
      this.known.add(resolve(this.root, f));
    }
    if (action.kind === 'tool') for (const f of action.writes ?? []) if (f !== '.') this.inPlay.add(this.rel(f));
  }

  /** Files the agent marks read without a tool call (jca's gather step). */
  markRead(paths: readonly string[]): void {
    for (const p of paths) {
      this.inPlay.add(this.rel(p));
      this.known.add(resolve(this.root, p));
    }
  }

  /** The rules that apply now: every rule without globs, and those whose globs match a file in play. */
  activeRules(rules: readonly RuleFile[]): RuleFile[] {
    const files = [...this.inPlay];
    return rules.filter((r) => !r.globs || files.some(ruleMatcher(r.globs)));
  }

  /**
   * The existing files an edit would change that the agent has not read in this run. A file the
   * edit creates is not among them: there is nothing to read first.
   */
  unread(action: ActionInfo): string[] {
    if (action.kind !== 'edit') return [];
    return (action.writes ?? []).filter((f) => f !== '.' && existsSync(resolve(this.root, f)) && !this.known.has(resolve(this.root, f)));
  }

  private rel(p: string): string {
    const abs = resolve(this.root, p);
    const r = relative(this.root, abs);
    return (r === '' || r.startsWith('..') || isAbsolute(r) ? abs : r).split(sep).join('/');
  }
}

/** What the model reads when the guard refuses an edit. */
export function readFirstMessage(files: readonly string[]): string {
  const list = files.join(', ');
  return `${list} ${files.length > 1 ? 'have' : 'has'} not been read in this run. Read ${files.length > 1 ? 'them' : 'it'} first (read_code), then make the edit against what ${files.length > 1 ? 'they contain' : 'it contains'}.`;
}
