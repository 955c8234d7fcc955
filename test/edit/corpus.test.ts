import { describe, expect, it } from 'vitest';
import { judge, loadCorpus, runCase } from './corpus-runner.js';

const cases = loadCorpus();

describe('edit corpus', () => {
  it('has at least 200 cases across the categories of issue 3', () => {
    expect(cases.length).toBeGreaterThanOrEqual(200);
    const categories = new Set(cases.map((c) => c.category));
    for (const cat of ['exact', 'crlf', 'tabs', 'unicode', 'trailing', 'indent', 'duplicates', 'missing', 'ranges', 'multi']) {
      expect(categories).toContain(cat);
    }
  });

  it.each(cases.map((c) => [`${c.id} ${c.name}`, c] as const))('%s', (_label, c) => {
    const verdict = judge(c, runCase(c));
    expect(verdict).toBeNull();
  });

  it('applies no edit at a wrong place and gives a reason for every refusal', () => {
    const wrong: string[] = [];
    let refused = 0;
    for (const c of cases) {
      const o = runCase(c);
      const v = judge(c, o);
      if (v && v.kind !== 'missed') wrong.push(`${c.id} ${c.name}: ${v.kind}: ${v.detail}`);
      if (o.report.outcome === 'refused') refused++;
    }
    expect(wrong).toEqual([]);
    // The corpus must exercise refusals, not only happy paths.
    expect(refused).toBeGreaterThanOrEqual(60);
  });
});
