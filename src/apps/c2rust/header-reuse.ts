import type { Expansion } from './expansion.js';
import type { Located, TuFacts } from './extract.js';

/**
 * Facts of header regions (see `HeaderRun`) that parsed as whole top-level declarations, so a
 * later unit that includes the identical text can skip parsing it and take these instead.
 */
export class HeaderReuse {
  private readonly regions = new Map<string, Pick<TuFacts, 'functions' | 'decls' | 'vars' | 'types'>>();

  get keys(): ReadonlySet<string> {
    return new Set(this.regions.keys());
  }

  get(key: string) {
    return this.regions.get(key);
  }

  set(key: string, facts: Pick<TuFacts, 'functions' | 'decls' | 'vars' | 'types'>): void {
    this.regions.set(key, facts);
  }
}

/**
 * Registers the header runs of this unit that are whole top-level declarations (no node crosses
 * their edges, no parse error inside) with the facts found in them.
 */
export function offerRuns(exp: Expansion, spans: { start: number; end: number; bad: boolean }[], facts: TuFacts, reuse: HeaderReuse): void {
  for (const run of exp.runs) {
    if (reuse.get(run.key)) continue;
    const clean = spans.every((n) => n.end < run.startRow || n.start > run.endRow || (n.start >= run.startRow && n.end <= run.endRow && !n.bad));
    if (!clean) continue;
    const inRun = (f: Located) => f.file === run.file && f.startLine >= run.firstLine && f.startLine <= run.lastLine;
    reuse.set(run.key, {
      functions: facts.functions.filter(inRun),
      decls: facts.decls.filter(inRun),
      vars: facts.vars.filter(inRun),
      types: facts.types.filter(inRun),
    });
  }
}

