/**
 * The rule matrix: every rule `jsec scan` can report has a flawed and a fixed snippet under
 * test/fixtures/jsec/rules/<rule-id>/ (`bad.<ext>`/`good.<ext>`, or `bad-<variant>`/`good-<variant>`
 * pairs for a rule that covers several seed families). The real scanner must report the rule in
 * the flawed file and not in the fixed one. docs/jsec-rules.md maps the seed's rule list to these.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../src/apps/sec/rule-catalog.js';
import { scanPath } from '../src/apps/sec/scan.js';

const ROOT = join(import.meta.dirname, 'fixtures', 'jsec', 'rules');

/**
 * Data-flow cases the C engine does not catch yet. Each stays in the matrix as an expected
 * failure: when the engine starts catching one, its test fails and the entry must go. Key:
 * `<rule-id>/<variant>` (`bad` for the plain pair). Empty: the engine catches every pair.
 */
const ENGINE_PENDING: Record<string, string> = {
};

/**
 * A fixed file whose first line says `jsec-matrix: below-default` keeps the construct with its
 * justification (a SAFETY comment, a null check): the rule may still report it, but only as an
 * informational finding below the default --min-confidence (0.4), which `jsec scan` hides.
 */
const BELOW_DEFAULT = 0.4;
async function reportedByDefault(file: string, rule: string): Promise<boolean> {
  const informational = /jsec-matrix:\s*below-default/.test(readFileSync(file, 'utf8').split('\n')[0] ?? '');
  if (!informational) return (await rulesIn(file)).includes(rule);
  const r = await scanPath(file, { writeArtifacts: false, jobs: 1, gitignore: false, minConfidence: 0 });
  return r.findings.some((f) => f.rule === rule && f.confidence >= BELOW_DEFAULT);
}

interface Pair {
  rule: string;
  variant: string;
  bad: string;
  good: string;
}

function pairs(): Pair[] {
  const out: Pair[] = [];
  for (const rule of readdirSync(ROOT).sort()) {
    const files = readdirSync(join(ROOT, rule));
    for (const bad of files.filter((f) => f.startsWith('bad'))) {
      const good = bad.replace(/^bad/, 'good');
      if (!files.includes(good)) throw new Error(`${rule}/${bad} has no ${good}`);
      out.push({ rule, variant: bad.replace(/\.[^.]+$/, ''), bad: join(ROOT, rule, bad), good: join(ROOT, rule, good) });
    }
  }
  return out;
}

async function rulesIn(file: string): Promise<string[]> {
  // every finding, informational ones included: the matrix asks whether the rule fires at all
  const r = await scanPath(file, { writeArtifacts: false, jobs: 1, gitignore: false, minConfidence: 0 });
  return r.findings.map((f) => f.rule);
}

const PAIRS = pairs();

describe('rule matrix: a flawed and a fixed snippet per rule', () => {
  it('covers every rule in the catalog, and nothing else', () => {
    expect([...new Set(PAIRS.map((p) => p.rule))].sort()).toEqual(ALL_RULES.map((r) => r.id).sort());
  });

  it('lists only existing pairs as pending, each with a reason', () => {
    const keys = new Set(PAIRS.map((p) => `${p.rule}/${p.variant}`));
    for (const [key, reason] of Object.entries(ENGINE_PENDING)) {
      expect(keys.has(key), key).toBe(true);
      expect(reason.length, key).toBeGreaterThan(10);
    }
  });

  for (const p of PAIRS) {
    const key = `${p.rule}/${p.variant}`;
    const test = ENGINE_PENDING[key] ? it.fails : it;
    test(`${key}: reported in the flawed file, not in the fixed one`, async () => {
      expect(await rulesIn(p.bad)).toContain(p.rule);
      expect(await reportedByDefault(p.good, p.rule)).toBe(false);
    });
  }
});
