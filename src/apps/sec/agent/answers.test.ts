import { describe, expect, it } from 'vitest';
import { parseClusters, parseReport } from './answers.js';

const describeGid = (g: number) => `check ${g}`;

describe('parseClusters', () => {
  it('accepts a valid list and gives left-out gids a cluster of their own', () => {
    const r = parseClusters('- verification: same buffer\n  gids: [3, 1]\n', [1, 2, 3], describeGid);
    expect(r).toEqual({
      ok: true,
      value: [
        { verification: 'same buffer', gids: [1, 3] },
        { verification: 'check 2', gids: [2], added: true },
      ],
    });
  });

  it.each([
    ['not YAML', '- verification: [unclosed\n  gids: [1]', /not valid YAML/],
    ['a mapping, not a list', 'verification: x\ngids: [1]', /must be a YAML list/],
    ['an empty list', '[]', /empty/],
    ['a gid from another batch', '- verification: x\n  gids: [9]', /gid 9 is not in this batch/],
    ['a gid twice', '- verification: x\n  gids: [1]\n- verification: y\n  gids: [1, 2]', /more than once/],
    ['an unknown key', '- verification: x\n  gids: [1]\n  why: y', /unknown key\(s\) why/],
    ['gids as text', '- verification: x\n  gids: "1, 2"', /list of integers/],
    ['no verification', '- gids: [1]', /verification/],
  ])('refuses %s', (_what, body, reason) => {
    const r = parseClusters(body, [1, 2], describeGid);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });
});

describe('parseReport', () => {
  const risk = '- gid: 4\n  has_risk: true\n  preconditions: p\n  trigger_path: |\n    a -> b: c\n  consequences: c\n  suggestions: s\n';

  it('reads confirmed and rejected verdicts in gid order', () => {
    const r = parseReport(`- gid: 5\n  has_risk: false\n  reason: guarded by a bound\n${risk}`, [4, 5]);
    expect(r).toEqual({
      ok: true,
      value: [
        { gid: 4, has_risk: true, preconditions: 'p', trigger_path: 'a -> b: c', consequences: 'c', suggestions: 's' },
        { gid: 5, has_risk: false, reason: 'guarded by a bound' },
      ],
    });
  });

  it.each([
    ['a confirmed risk without its texts', '- gid: 4\n  has_risk: true\n  preconditions: p', /no trigger_path, consequences, suggestions/],
    ['a rejection without a reason', '- gid: 4\n  has_risk: false', /no `reason`/],
    ['has_risk as text', '- gid: 4\n  has_risk: "yes"\n  reason: r', /true or false/],
    ['a missing gid', risk.replace('gid: 4', 'gid: 4'), /no verdict for gid 5/],
    ['a foreign gid', '- gid: 7\n  has_risk: false\n  reason: r', /gid 7 is not one of/],
    ['an unknown key', '- gid: 4\n  has_risk: false\n  reason: r\n  severity: high', /unknown key\(s\) severity/],
  ])('refuses %s', (_what, body, reason) => {
    const r = parseReport(body, [4, 5]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });
});
