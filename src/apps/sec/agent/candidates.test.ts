import { describe, expect, it } from 'vitest';
import type { Finding } from '../finding.js';
import { describeCandidates, toCandidates } from './candidates.js';

function finding(line: number, confidence: number, tier: 'proven' | 'suspect'): Finding {
  return {
    id: `id${line}`, language: 'c', rule: 'c.buffer.stack-overflow', category: 'buffer_overflow', pattern: 'strcpy', file: 'lib.c', line,
    evidence: 'strcpy(b, s);', description: 'copy', suggestion: '', confidence, severity: 'high', trace: [], score: confidence, cwe: [121], tier,
  };
}

describe('candidates for jsec agent', () => {
  it('keeps every finding, suspects at any confidence included, and says which are suspects', () => {
    const { candidates } = toCandidates([finding(3, 0.9, 'proven'), finding(7, 0.35, 'suspect')]);
    expect(candidates.map((c) => [c.line, c.tier])).toEqual([[3, 'proven'], [7, 'suspect']]);
    const text = describeCandidates(candidates);
    expect(text).toMatch(/confidence 0\.35, suspect: /);
    expect(text.split('suspect:').length).toBe(2);
  });
});
