import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import type { ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { tempTree } from '../../../../test/support/temp-tree.js';
import { scanPath, type ScanResult } from '../scan.js';
import { formatJson, formatMarkdown, formatSarif } from './index.js';
import { levelOf, type ReportedFinding } from './tiers.js';

const require = createRequire(import.meta.url);
// ajv-draft-04 is CommonJS; the SARIF schema is draft-04, which plain ajv 8 no longer reads.
const Ajv = (require('ajv-draft-04') as { default: new (o: object) => AjvLike }).default;
const addFormats = (require('ajv-formats') as { default: (ajv: AjvLike) => void }).default;
interface AjvLike {
  compile(s: object): ValidateFunction;
}
// The official SARIF 2.1.0 schema (rtm.5, as published by OASIS), shipped inside an npm package.
const schema = JSON.parse(readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8')) as object;

const SOURCES = {
  'src/net.c': [
    'void f(pthread_mutex_t *m, int x) {',
    '  pthread_mutex_lock(m);',
    '  if (x) return;',
    '  pthread_mutex_unlock(m);',
    '}',
    'void g(void) { char n[20]; tmpnam(n); }',
  ].join('\n'),
  // bytes into a char: not every pattern is a valid char (a transmute into f32 would be sound, and a note)
  'src/lib.rs': 'pub fn f(b: [u8; 4]) -> char { unsafe { std::mem::transmute(b) } }\n',
  'bin.c': Buffer.from([0, 1, 2, 3]),
};

async function sampleScan(baseline = false): Promise<ScanResult> {
  const root = tempTree(SOURCES);
  const r = await scanPath(root, { writeArtifacts: false });
  if (!baseline) return r;
  const path = `${root}/base.json`;
  writeFileSync(path, JSON.stringify([r.findings[0]?.id]));
  return scanPath(root, { writeArtifacts: false, baseline: path });
}

describe('SARIF report', () => {
  // The schema's patterns are written for non-unicode regexes.
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  addFormats(ajv);
  const validate = ajv.compile(schema);

  it('validates against the SARIF 2.1.0 schema, with and without a baseline', async () => {
    for (const baseline of [false, true]) {
      const log = JSON.parse(formatSarif(await sampleScan(baseline))) as unknown;
      const ok = validate(log);
      expect(validate.errors ?? [], JSON.stringify(validate.errors?.slice(0, 3))).toEqual([]);
      expect(ok).toBe(true);
    }
  });

  it('the schema check catches a broken log', () => {
    expect(validate({ version: '2.1.0', runs: [{ tool: { driver: {} } }] })).toBe(false);
  });

  it('describes rules with CWE tags and help, and results with fingerprints, levels and code flows', async () => {
    const r = await sampleScan(true);
    const log = JSON.parse(formatSarif(r)) as {
      runs: Array<{
        tool: { driver: { rules: Array<{ id: string; properties: { tags: string[] }; help: { text: string } }> } };
        results: Array<Record<string, unknown> & { ruleId: string; ruleIndex: number; codeFlows?: unknown[] }>;
        invocations: Array<{ toolExecutionNotifications: Array<{ message: { text: string } }> }>;
      }>;
    };
    const run = log.runs[0];
    const rules = run?.tool.driver.rules ?? [];
    const tmp = rules.find((x) => x.id === 'c.hygiene.insecure-temp-file');
    expect(tmp?.properties.tags).toEqual(expect.arrayContaining(['security', 'external/cwe/cwe-377']));
    expect(tmp?.help.text).toMatch(/CWE-377/);
    const results = run?.results ?? [];
    expect(results.map((x) => x.ruleId).sort()).toEqual(r.findings.map((f) => f.rule).sort());
    for (const res of results) expect(rules[res.ruleIndex]?.id).toBe(res.ruleId);
    const unlock = results.find((x) => x.ruleId === 'c.hygiene.missing-unlock');
    expect(unlock).toMatchObject({ level: 'warning', baselineState: expect.stringMatching(/new|unchanged/) });
    expect(unlock?.codeFlows).toHaveLength(1);
    expect(results.filter((x) => x.baselineState === 'unchanged')).toHaveLength(1);
    expect(results.every((x) => typeof (x.partialFingerprints as Record<string, string>)['jsecFindingId/v1'] === 'string')).toBe(true);
    expect(run?.invocations[0]?.toolExecutionNotifications.map((n) => n.message.text)).toEqual([expect.stringMatching(/^bin\.c not analysed \(binary\)/)]);
  });
});

describe('Markdown and JSON reports', () => {
  it('Markdown has the summary tables, each finding with its trace, and skipped files', async () => {
    const md = formatMarkdown(await sampleScan());
    expect(md).toMatch(/^# jsec scan report/);
    expect(md).toMatch(/\*\*4 findings\*\*/);
    expect(md).toContain('### By category');
    expect(md).toContain('| src/net.c |');
    expect(md).toMatch(/`c\.hygiene\.missing-unlock` — src\/net\.c:3/);
    expect(md).toContain('1. line 2: m locked');
    expect(md).toContain('| bin.c | binary |');
  });

  it('JSON carries the summary, skipped files and baseline state', async () => {
    const j = JSON.parse(formatJson(await sampleScan(true))) as {
      summary: { total: number; newFindings: number; scannedFiles: number; byLanguage: Record<string, number> };
      findings: Array<{ baseline: string }>;
      skipped: Array<{ file: string }>;
    };
    expect(j.summary).toMatchObject({ total: 4, newFindings: 3, scannedFiles: 2, byLanguage: { c: 2, rust: 2 } });
    expect(j.findings.map((f) => f.baseline).sort()).toEqual(['existing', 'new', 'new', 'new']);
    expect(j.skipped.map((s) => s.file)).toEqual(['bin.c']);
  });
});

describe('tiers in every format', () => {
  it('levels: error only for proven high-confidence high severity, note for weak or low findings', () => {
    const f = (severity: 'high' | 'medium' | 'low', confidence: number, tier?: 'proven' | 'suspect') => levelOf({ severity, confidence, tier });
    expect([f('high', 0.7), f('high', 0.69), f('medium', 0.9), f('low', 0.95), f('high', 0.49)]).toEqual(['error', 'warning', 'warning', 'note', 'note']);
    expect([f('high', 0.9, 'suspect'), f('high', 0.6, 'suspect'), f('high', 0.59, 'suspect'), f('medium', 0.5, 'proven')]).toEqual(['warning', 'warning', 'note', 'warning']);
  });

  it('JSON, SARIF and Markdown show the tier; a suspect is never an error', async () => {
    const r = await sampleScan();
    const suspect = r.findings.find((x) => x.rule === 'rust.transmute') as ReportedFinding;
    suspect.tier = 'suspect';
    const json = JSON.parse(formatJson(r)) as { summary: { byTier: Record<string, number> }; findings: Array<{ rule: string; tier: string; level: string }> };
    expect(json.summary.byTier).toEqual({ proven: 3, suspect: 1 });
    expect(json.findings.find((x) => x.rule === 'rust.transmute')).toMatchObject({ tier: 'suspect', level: 'warning' });
    expect(json.findings.filter((x) => x.tier === 'proven')).toHaveLength(3);
    const sarif = JSON.parse(formatSarif(r)) as { runs: Array<{ results: Array<{ ruleId: string; level: string; properties: { tier: string } }> }> };
    const res = sarif.runs[0]?.results.find((x) => x.ruleId === 'rust.transmute');
    expect(res).toMatchObject({ level: 'warning', properties: { tier: 'suspect' } });
    const md = formatMarkdown(r);
    expect(md).toMatch(/3 proven, 1 suspect/);
    expect(md).toMatch(/HIGH suspect `rust\.transmute`/);
    expect(md).toContain('| suspect | 0 | 1 | 0 | 1 |');
  });
});
