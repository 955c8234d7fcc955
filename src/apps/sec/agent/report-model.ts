import type { Finding } from '../finding.js';
import type { ScanResult } from '../scan.js';
import { agentIssue, type AgentIssue, type ResumeState } from './artifacts.js';
import type { Candidate } from './candidates.js';

/** What the agent report shows, built only from committed state so a resumed run reports the same. */
export interface AgentReport {
  root: string;
  /** `verified`: every candidate decided; `scan-fallback`: no model, or the agent stage failed */
  mode: 'verified' | 'scan-fallback';
  /** why the report falls back, for the reader */
  note?: string;
  candidates: number;
  scannedFiles: number;
  lines: number;
  confirmed: AgentIssue[];
  rejected: Array<{ gid: number; finding: Finding; reason: string; condition: string }>;
  /** the model gave no usable verdict, or the stage never reached them: the scan's word stands */
  unverified: Array<{ gid: number; finding: Finding; reason: string }>;
}

export interface ReportInput {
  scan: ScanResult;
  candidates: readonly Candidate[];
  bySignature: Map<string, { candidate: Candidate; finding: Finding }>;
  state: ResumeState;
  /** set when the agent stage did not run or did not finish */
  fallback?: string;
}

export function buildAgentReport(i: ReportInput): AgentReport {
  const confirmed: AgentReport['confirmed'] = [];
  const rejected: AgentReport['rejected'] = [];
  const unverified: AgentReport['unverified'] = [];
  for (const c of i.candidates) {
    const finding = i.bySignature.get(c.signature)?.finding;
    if (!finding) continue;
    const v = i.state.verdicts.get(c.signature);
    if (v?.has_risk) {
      confirmed.push(agentIssue(finding, c.gid, v));
    } else if (v) rejected.push({ gid: c.gid, finding, reason: v.reason ?? '', condition: v.verification });
    else {
      const why = i.state.unverified.get(c.signature);
      unverified.push({ gid: c.gid, finding, reason: why ? `no usable verdict: ${why}` : 'not verified' });
    }
  }
  return {
    root: i.scan.root,
    mode: i.fallback === undefined ? 'verified' : 'scan-fallback',
    ...(i.fallback !== undefined ? { note: i.fallback } : {}),
    candidates: i.candidates.length,
    scannedFiles: i.scan.scannedFiles,
    lines: i.scan.lines,
    confirmed,
    rejected,
    unverified,
  };
}
