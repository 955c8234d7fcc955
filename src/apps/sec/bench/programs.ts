/**
 * Labelled program sets beyond Juliet and ITC, all scored per program (bench/data/, see each
 * set's README):
 *
 * - `cwe-programs/<split>/CWE-<n>/<name>.c`: single-file programs over many CWEs, flawed ones
 *   carrying `/* FLAW: CWE-<n> *\/` on the flaw lines, clean ones none (scored like the
 *   250-program set of issue 16: +5 found, +2 clean left clean, −1 per other finding);
 * - `pairs/<split>/<case>/{bad,good}.<ext>` and `realistic/<case>/{bad,good}.<ext>`: flawed
 *   programs and their fixed twins, same markers and points;
 * - `seed-rules/<split>/<lang>/<family>/{bad,good}_<name>.<ext>`: small fixtures per rule family
 *   of the seed's checker; a bad file is *flagged* by any finding, a good one is *clean* with none.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CWE_FAMILIES } from './juliet.js';
import { parseFlaws, type Flaw, type LocatedFinding } from './realistic.js';

/** Families of the CWEs the program sets add to Juliet's (a CWE in none is its own family). */
export const EXTRA_FAMILIES: Record<string, readonly number[]> = {
  path: [22, 23, 35, 36, 73],
  sql: [89],
  crypto: [327, 328, 326, 916, 759, 760],
  random: [330, 331, 338],
  race: [362, 364, 366, 479, 663, 667, 820, 821],
  toctou: [367],
  assertion: [617],
  recursion: [674],
  credentials: [798, 259, 321, 256, 522],
  loop: [835],
  permissions: [732, 276, 277, 278, 279, 281],
  confusion: [843, 704, 588],
  resources: [770, 789, 400, 1325],
  shift: [1335],
};

/** The CWEs that count as the same flaw as `cwe`: its Juliet family, else its added family, else itself. */
export function programFamily(cwe: number): readonly number[] {
  for (const ids of Object.values(CWE_FAMILIES)) if (ids.includes(cwe)) return ids;
  for (const ids of Object.values(EXTRA_FAMILIES)) if (ids.includes(cwe)) return ids;
  return [cwe];
}

export interface LabelledProgram {
  /** the set it belongs to: `cwe-programs`, `pairs`, `realistic`, `seed-rules` */
  set: string;
  /** `dev`, `holdout`, or `-` for a set without splits */
  split: string;
  /** path relative to bench/data */
  path: string;
  /** the program's group: its CWE directory, pair case, or seed family (`c/unsafe_api`) */
  group: string;
  kind: 'flawed' | 'clean';
  flaws: Flaw[];
}

const SOURCE = /\.(c|cc|cpp|cxx|rs)$/;

function dirs(path: string): string[] {
  if (!existsSync(path)) return [];
  return readdirSync(path).filter((d) => statSync(join(path, d)).isDirectory()).sort();
}

function files(path: string): string[] {
  return readdirSync(path).filter((f) => SOURCE.test(f)).sort();
}

/** The splits of a set directory: `dev`/`holdout` when present, else the directory itself. */
function splits(setDir: string): Array<[string, string]> {
  const named = dirs(setDir).filter((d) => d === 'dev' || d === 'holdout');
  return named.length > 0 ? named.map((d) => [d, join(setDir, d)]) : [['-', setDir]];
}

/** Every labelled program under `dataDir` (bench/data). */
export function labelledPrograms(dataDir: string): LabelledProgram[] {
  const out: LabelledProgram[] = [];
  const add = (set: string, split: string, abs: string, group: string, kind: 'flawed' | 'clean' | undefined) => {
    const flaws = parseFlaws(readFileSync(abs, 'utf8'));
    const k = kind ?? (flaws.length > 0 ? 'flawed' : 'clean');
    if (set !== 'seed-rules' && k === 'flawed' && flaws.length === 0) throw new Error(`${relative(dataDir, abs)} is flawed but has no /* FLAW: CWE-<n> */ marker`);
    if (k === 'clean' && flaws.length > 0) throw new Error(`${relative(dataDir, abs)} is clean but carries FLAW markers`);
    out.push({ set, split, path: relative(dataDir, abs), group, kind: k, flaws });
  };
  for (const [split, root] of splits(join(dataDir, 'cwe-programs'))) {
    for (const cwe of dirs(root)) for (const f of files(join(root, cwe))) add('cwe-programs', split, join(root, cwe, f), cwe, undefined);
  }
  for (const set of ['pairs', 'realistic']) {
    for (const [split, root] of splits(join(dataDir, set))) {
      for (const c of dirs(root)) {
        for (const f of files(join(root, c)).filter((n) => /^(bad|good)\./.test(n))) add(set, split, join(root, c, f), c, f.startsWith('bad') ? 'flawed' : 'clean');
      }
    }
  }
  for (const [split, root] of splits(join(dataDir, 'seed-rules'))) {
    for (const lang of dirs(root)) {
      for (const fam of dirs(join(root, lang))) {
        for (const f of files(join(root, lang, fam)).filter((n) => /^(bad|good)/.test(n))) {
          add('seed-rules', split, join(root, lang, fam, f), `${lang}/${fam}`, f.startsWith('bad') ? 'flawed' : 'clean');
        }
      }
    }
  }
  return out;
}

export interface ProgramResult {
  program: LabelledProgram;
  findings: number;
  /** flawed: a finding within ±1 line of a flaw line, or of a flaw's CWE family (seed-rules: any finding) */
  found: boolean;
  /** findings that are neither (every finding, in a clean program) */
  offTarget: number;
  points: number;
}

/** Scores one program on the findings a tool reported in it. */
export function scoreLabelled(p: LabelledProgram, findings: readonly LocatedFinding[]): ProgramResult {
  if (p.kind === 'clean') return { program: p, findings: findings.length, found: false, offTarget: findings.length, points: findings.length === 0 ? 2 : -findings.length };
  if (p.set === 'seed-rules') return { program: p, findings: findings.length, found: findings.length > 0, offTarget: 0, points: findings.length > 0 ? 5 : 0 };
  const near = (f: LocatedFinding) => p.flaws.some((x) => Math.abs(x.line - f.line) <= 1);
  const related = (f: LocatedFinding) => p.flaws.some((x) => f.cwe.some((c) => programFamily(x.cwe).includes(c)));
  const onTarget = findings.filter((f) => near(f) || related(f)).length;
  const offTarget = findings.length - onTarget;
  return { program: p, findings: findings.length, found: onTarget > 0, offTarget, points: (onTarget > 0 ? 5 : 0) - offTarget };
}

export interface SetTotals {
  flawed: number;
  found: number;
  clean: number;
  flagged: number;
  findings: number;
  offTarget: number;
  points: number;
}

export function setTotals(results: readonly ProgramResult[]): SetTotals {
  const flawed = results.filter((r) => r.program.kind === 'flawed');
  const clean = results.filter((r) => r.program.kind === 'clean');
  return {
    flawed: flawed.length,
    found: flawed.filter((r) => r.found).length,
    clean: clean.length,
    flagged: clean.filter((r) => r.findings > 0).length,
    findings: results.reduce((n, r) => n + r.findings, 0),
    offTarget: results.reduce((n, r) => n + r.offTarget, 0),
    points: results.reduce((n, r) => n + r.points, 0),
  };
}
