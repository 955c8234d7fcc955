import { createHash } from 'node:crypto';
import type { Finding } from '../finding.js';

/** What a model sees of a finding: enough to locate and judge it, nothing it could confuse with an answer. */
export interface Candidate {
  /** global id 1..N within one `jsec agent` run */
  gid: number;
  /** stable across runs on the same tree: resume skips work by it */
  signature: string;
  language: string;
  category: string;
  rule: string;
  pattern: string;
  file: string;
  line: number;
  evidence: string;
  description: string;
  confidence: number;
  severity: string;
  /** `suspect`: the scanner could not bound the value or its source; the model decides */
  tier: string;
}

export interface Batch {
  /** 0-based, in file order */
  index: number;
  file: string;
  /** hash of the member signatures: names the batch in progress.jsonl and cluster_report.jsonl */
  key: string;
  candidates: Candidate[];
}

export const DEFAULT_CLUSTER_LIMIT = 50;

const short = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** The finding id survives line shifts but two identical lines of one file share it; the line tells them apart. */
export function candidateSignature(f: Pick<Finding, 'id' | 'line'>): string {
  return short(`${f.id}\0${f.line}`);
}

function byLocation(a: Finding, b: Finding): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  if (a.line !== b.line) return a.line - b.line;
  return a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0;
}

/**
 * Numbers the findings 1..N in file/line order, so the same scan always gives the same gids.
 * Every finding becomes a candidate whatever its tier or confidence: suspects are exactly what
 * the model's verification is for.
 */
export function toCandidates(findings: readonly Finding[]): { candidates: Candidate[]; byGid: Map<number, Finding> } {
  const sorted = [...findings].sort(byLocation);
  const byGid = new Map<number, Finding>();
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  for (const f of sorted) {
    const signature = candidateSignature(f);
    // A duplicate signature would be the same flaw reported twice; one verification covers it.
    if (seen.has(signature)) continue;
    seen.add(signature);
    const gid = candidates.length + 1;
    byGid.set(gid, f);
    candidates.push({
      gid,
      signature,
      language: f.language,
      category: f.category,
      rule: f.rule,
      pattern: f.pattern,
      file: f.file,
      line: f.line,
      evidence: f.evidence,
      description: f.description,
      confidence: f.confidence,
      severity: f.severity,
      tier: f.tier,
    });
  }
  return { candidates, byGid };
}

/** Groups candidates by file, then cuts each file's list into batches of at most `limit`. */
export function toBatches(candidates: readonly Candidate[], limit: number = DEFAULT_CLUSTER_LIMIT): Batch[] {
  const files = new Map<string, Candidate[]>();
  for (const c of candidates) {
    const list = files.get(c.file) ?? [];
    list.push(c);
    files.set(c.file, list);
  }
  const batches: Batch[] = [];
  for (const [file, list] of files) {
    for (let i = 0; i < list.length; i += limit) {
      const members = list.slice(i, i + limit);
      batches.push({ index: batches.length, file, key: short(members.map((m) => m.signature).join(',')), candidates: members });
    }
  }
  return batches;
}

/** The candidate list as the model reads it: YAML-ish lines, one candidate per block. */
export function describeCandidates(list: readonly Candidate[]): string {
  return list
    .map((c) =>
      [
        `- gid: ${c.gid}`,
        `  location: ${c.file}:${c.line}`,
        `  rule: ${c.rule} (${c.category}, ${c.severity}, confidence ${c.confidence}${c.tier === 'suspect' ? ', suspect: a dangerous sink whose bound or source the scanner could not pin down' : ''})`,
        `  evidence: ${JSON.stringify(c.evidence)}`,
        `  why flagged: ${c.description}`,
      ].join('\n'),
    )
    .join('\n');
}
