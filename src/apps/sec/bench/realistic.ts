/**
 * Scorer for realistic flawed/fixed program pairs (bench/data/realistic/<case>/bad.c|good.c): each
 * flaw line of `bad` carries a trailing `/* FLAW: CWE-<n> *\/`, `good` has none. Only findings a
 * tool reports at warning level or above count.
 *
 * - A flawed program is *found* when a finding lies within ±1 line of a FLAW line, or has a CWE
 *   of a flaw's CWE family (the Juliet families; a CWE outside them is its own family).
 * - A fixed program is *flagged* when it has any finding.
 * - Per-program points, as the 250-program set scores them: +5 for a found flawed program, +2 for
 *   a fixed program left clean, −1 for every other finding (in a flawed program: neither near a
 *   flaw line nor of a flaw's family). That set also gives a bonus for top-25 CWEs, whose size
 *   it does not publish; it is left out here.
 */
import { CWE_FAMILIES, familyOf } from './juliet.js';

export interface Flaw {
  line: number;
  cwe: number;
}

const FLAW_MARK = /\/\*\s*FLAW:\s*CWE-(\d+)\s*\*\//i;

/** The FLAW markers of one file, 1-based lines. */
export function parseFlaws(source: string): Flaw[] {
  const out: Flaw[] = [];
  source.split('\n').forEach((text, i) => {
    const m = FLAW_MARK.exec(text);
    if (m?.[1]) out.push({ line: i + 1, cwe: Number(m[1]) });
  });
  return out;
}

/** CWEs that count as the same flaw as `cwe`. */
export function familyMembers(cwe: number): readonly number[] {
  const family = familyOf(cwe);
  return family ? (CWE_FAMILIES[family] ?? [cwe]) : [cwe];
}

export interface LocatedFinding {
  line: number;
  cwe: readonly number[];
}

export interface ProgramScore {
  kind: 'flawed' | 'fixed';
  findings: number;
  /** flawed: a finding near a flaw line or of its family */
  found: boolean;
  /** flawed: a finding within ±1 line of a flaw line */
  onLine: boolean;
  /** findings that are neither (every finding, in a fixed program) */
  offTarget: number;
  points: number;
}

/** Scores one program; `findings` are the ones at warning level or above. */
export function scoreProgram(flaws: readonly Flaw[], findings: readonly LocatedFinding[]): ProgramScore {
  if (flaws.length === 0) {
    return { kind: 'fixed', findings: findings.length, found: false, onLine: false, offTarget: findings.length, points: findings.length === 0 ? 2 : -findings.length };
  }
  const near = (f: LocatedFinding) => flaws.some((x) => Math.abs(x.line - f.line) <= 1);
  const related = (f: LocatedFinding) => flaws.some((x) => f.cwe.some((c) => familyMembers(x.cwe).includes(c)));
  const onTarget = findings.filter((f) => near(f) || related(f));
  const offTarget = findings.length - onTarget.length;
  const found = onTarget.length > 0;
  return { kind: 'flawed', findings: findings.length, found, onLine: findings.some(near), offTarget, points: (found ? 5 : 0) - offTarget };
}

export interface RealisticTotals {
  flawed: number;
  found: number;
  foundOnLine: number;
  fixed: number;
  flagged: number;
  findings: number;
  offTarget: number;
  points: number;
}

export function totals(programs: readonly ProgramScore[]): RealisticTotals {
  const flawed = programs.filter((p) => p.kind === 'flawed');
  const fixed = programs.filter((p) => p.kind === 'fixed');
  return {
    flawed: flawed.length,
    found: flawed.filter((p) => p.found).length,
    foundOnLine: flawed.filter((p) => p.onLine).length,
    fixed: fixed.length,
    flagged: fixed.filter((p) => p.findings > 0).length,
    findings: programs.reduce((n, p) => n + p.findings, 0),
    offTarget: programs.reduce((n, p) => n + p.offTarget, 0),
    points: programs.reduce((n, p) => n + p.points, 0),
  };
}
