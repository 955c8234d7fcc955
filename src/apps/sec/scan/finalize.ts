import { createHash } from 'node:crypto';
import type { LanguageId } from '../../../lang/tree-sitter.js';
import { SEVERITY_WEIGHT, type Finding, type RawFinding } from '../finding.js';

export function normaliseEvidence(evidence: string): string {
  return evidence.replace(/\s+/g, ' ').trim();
}

/**
 * Gives every finding its stable id and score. The id hashes file, rule and normalised evidence
 * (not the line), so it survives edits elsewhere in the file; identical evidence twice in one
 * file is told apart by its occurrence number.
 */
export function finalizeFindings(items: Array<{ file: string; language: LanguageId; findings: RawFinding[] }>): Finding[] {
  const out: Finding[] = [];
  for (const { file, language, findings } of items) {
    const seen = new Map<string, number>();
    const ordered = [...findings].sort((a, b) => a.line - b.line || (a.column ?? 0) - (b.column ?? 0) || cmp(a.rule, b.rule));
    for (const f of ordered) {
      const key = `${file}\0${f.rule}\0${normaliseEvidence(f.evidence)}`;
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      const id = createHash('sha256').update(n === 1 ? key : `${key}\0${n}`).digest('hex').slice(0, 16);
      out.push({ ...f, tier: f.tier ?? 'proven', id, file, language, score: Math.round(f.confidence * SEVERITY_WEIGHT[f.severity] * 100) / 100 });
    }
  }
  return out.sort((a, b) => cmp(a.file, b.file) || a.line - b.line || (a.column ?? 0) - (b.column ?? 0) || cmp(a.rule, b.rule) || cmp(a.id, b.id));
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
