import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withRoot } from '../../../../test/support/sec-parse.js';
import type { RawFinding } from '../finding.js';
import { RUST_RULE_LIST, analyzeRust } from './index.js';

const FIXTURE = join(import.meta.dirname, '../../../../test/fixtures/jsec/rust-crate');

async function scanFixture(rel: string): Promise<{ findings: RawFinding[]; marks: Array<{ line: number; kind: string; rule: string }> }> {
  const source = readFileSync(join(FIXTURE, rel), 'utf8');
  const findings = await withRoot(source, 'rust', (root) => analyzeRust(root, rel));
  const marks = source.split('\n').flatMap((text, i) => {
    const m = /\b(FLAW|FIXED|LOW) (rust\.[\w-]+)/.exec(text);
    return m ? [{ line: i + 1, kind: m[1] as string, rule: m[2] as string }] : [];
  });
  return { findings, marks };
}

describe('Rust rules on the fixture crate', () => {
  it('flags every FLAW line and no FIXED line', async () => {
    const { findings, marks } = await scanFixture('src/lib.rs');
    const at = (line: number, rule: string) => findings.filter((f) => f.line === line && f.rule === rule);
    for (const m of marks) {
      if (m.kind === 'FLAW') expect(at(m.line, m.rule), `${m.rule} at line ${m.line}`).not.toHaveLength(0);
      if (m.kind === 'FIXED') expect(at(m.line, m.rule), `${m.rule} at line ${m.line}`).toHaveLength(0);
    }
  });

  it('covers every Rust rule', async () => {
    const { marks } = await scanFixture('src/lib.rs');
    const flawed = new Set(marks.filter((m) => m.kind === 'FLAW').map((m) => m.rule));
    expect([...flawed].sort()).toEqual(RUST_RULE_LIST.map((r) => r.id).sort());
  });

  it('lowers confidence and severity where a SAFETY comment argues soundness', async () => {
    const { findings, marks } = await scanFixture('src/lib.rs');
    const plain = findings.find((f) => f.rule === 'rust.unsafe-block' && f.line === marks.find((m) => m.kind === 'FLAW' && m.rule === 'rust.unsafe-block')?.line);
    for (const low of marks.filter((m) => m.kind === 'LOW')) {
      const f = findings.find((x) => x.rule === low.rule && x.line === low.line);
      expect(f, `line ${low.line}`).toBeDefined();
      expect(f?.confidence).toBeLessThan(plain?.confidence ?? 0);
      expect(f?.severity).toBe('low');
      expect(f?.description).toMatch(/SAFETY comment/);
    }
  });

  it('skips panics in tests and in tests/ files', async () => {
    const lib = await scanFixture('src/lib.rs');
    const testLine = lib.marks.filter((m) => m.rule === 'rust.unwrap' && m.kind === 'FIXED').map((m) => m.line);
    expect(lib.findings.filter((f) => f.rule === 'rust.unwrap' && testLine.includes(f.line))).toEqual([]);
    const integration = await scanFixture('tests/integration.rs');
    expect(integration.findings).toEqual([]);
  });

  it('lowers other findings inside #[cfg(test)]', async () => {
    const src = 'fn f(p: *const u8) -> u8 { unsafe { *p } }\n#[cfg(test)]\nmod tests {\n  fn g(p: *const u8) -> u8 { unsafe { *p } }\n}\n';
    const found = await withRoot(src, 'rust', (root) => analyzeRust(root, 'src/x.rs'));
    const blocks = found.filter((f) => f.rule === 'rust.unsafe-block');
    expect(blocks.map((f) => f.line)).toEqual([1, 4]);
    expect(blocks[1]?.confidence).toBeLessThan(blocks[0]?.confidence ?? 0);
  });

  it('ignores code in comments and strings', async () => {
    const src = '// unsafe { mem::transmute(x) }\n/* x.unwrap() */\nfn f() -> &\'static str { "unsafe impl Send for X {}" }\n';
    expect(await withRoot(src, 'rust', (root) => analyzeRust(root, 'src/x.rs'))).toEqual([]);
  });
});
