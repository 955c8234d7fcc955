/**
 * Juliet scorer: turns findings into recall, precision and discrimination exactly as
 * `bench/README.md` of the shared data defines them, so every tool is judged by one rule.
 *
 * A test case is the set of files with the same name up to a trailing `a`..`e` letter or a
 * `_bad`/`_good*` suffix. A case is detected when a finding of the case's CWE family lies in
 * an OMITBAD region, and has a false alarm when one lies in an OMITGOOD region.
 */
import { basename, dirname } from 'node:path';

export const CWE_FAMILIES: Record<string, readonly number[]> = {
  buffer: [119, 120, 121, 122, 124, 125, 126, 127, 129, 131, 170, 193, 680, 785, 787, 788, 805, 806],
  integer: [128, 190, 191, 194, 195, 196, 197, 680, 681, 682],
  divide: [369],
  memory: [401, 404, 415, 416, 590, 664, 672, 761, 762, 763, 771, 772, 775, 825],
  null: [252, 253, 476, 690],
  uninitialised: [457, 665, 824, 908, 909],
  format: [134],
  command: [77, 78, 88],
};

/** The family a case's own CWE belongs to (the first family listing it wins: 680 → buffer). */
export function familyOf(cwe: number): string | undefined {
  for (const [name, ids] of Object.entries(CWE_FAMILIES)) if (ids.includes(cwe)) return name;
  return undefined;
}

export interface Region {
  kind: 'bad' | 'good';
  /** 1-based, inclusive */
  start: number;
  end: number;
}

/**
 * OMITBAD/OMITGOOD regions of one file. Nested conditionals are counted so the region ends at
 * its own `#endif`, whatever comment follows it.
 */
export function parseRegions(source: string): Region[] {
  const regions: Region[] = [];
  const lines = source.split('\n');
  let open: { kind: 'bad' | 'good'; start: number; depth: number } | undefined;
  let depth = 0;
  lines.forEach((text, i) => {
    const m = /^\s*#\s*(ifndef|ifdef|if|endif)\b\s*(\w*)/.exec(text);
    if (!m) return;
    if (m[1] === 'endif') {
      depth--;
      if (open && depth === open.depth) {
        regions.push({ kind: open.kind, start: open.start, end: i + 1 });
        open = undefined;
      }
      return;
    }
    if (!open && m[1] === 'ifndef' && (m[2] === 'OMITBAD' || m[2] === 'OMITGOOD')) {
      open = { kind: m[2] === 'OMITBAD' ? 'bad' : 'good', start: i + 1, depth };
    }
    depth++;
  });
  if (open) regions.push({ kind: open.kind, start: open.start, end: lines.length });
  return regions;
}

/** Case key of a file path: directory plus the name without its part letter or bad/good suffix. */
export function caseKey(path: string): string {
  let name = basename(path).replace(/\.[^.]+$/, '');
  const part = /^(.*\d)[a-e]$/.exec(name);
  if (part?.[1]) name = part[1];
  else name = name.replace(/_(bad|good\w*)$/, '');
  return `${dirname(path)}/${name}`;
}

/** The CWE a case tests, from its file name (`CWE121_…`). */
export function caseCwe(path: string): number | undefined {
  const m = /^CWE(\d+)_/.exec(basename(path));
  return m?.[1] ? Number(m[1]) : undefined;
}

export interface ScoredFinding {
  file: string;
  line: number;
  cwe: readonly number[];
}

export interface CaseResult {
  key: string;
  cwe: number;
  detected: boolean;
  falseAlarm: boolean;
}

export interface Score {
  cases: number;
  detected: number;
  falseAlarms: number;
  /** detected and no false alarm */
  clean: number;
  recall: number;
  precision: number;
  discrimination: number;
}

export interface JulietScore {
  overall: Score;
  perCwe: Array<{ cwe: number } & Score>;
  cases: CaseResult[];
}

function score(results: readonly CaseResult[]): Score {
  const cases = results.length;
  const detected = results.filter((r) => r.detected).length;
  const falseAlarms = results.filter((r) => r.falseAlarm).length;
  const clean = results.filter((r) => r.detected && !r.falseAlarm).length;
  return {
    cases,
    detected,
    falseAlarms,
    clean,
    recall: cases ? detected / cases : 0,
    precision: detected + falseAlarms ? detected / (detected + falseAlarms) : 0,
    discrimination: cases ? clean / cases : 0,
  };
}

/**
 * Scores findings against the files of a Juliet tree. `files` maps every case file (path as the
 * findings name it) to its source; files whose name carries no CWE are not cases and are ignored.
 */
export function scoreJuliet(files: ReadonlyMap<string, string>, findings: readonly ScoredFinding[]): JulietScore {
  const byFile = new Map<string, ScoredFinding[]>();
  for (const f of findings) {
    const list = byFile.get(f.file) ?? [];
    list.push(f);
    byFile.set(f.file, list);
  }
  const cases = new Map<string, CaseResult>();
  for (const [path, source] of files) {
    const cwe = caseCwe(path);
    const family = cwe === undefined ? undefined : familyOf(cwe);
    if (cwe === undefined || !family) continue;
    const key = caseKey(path);
    const result = cases.get(key) ?? { key, cwe, detected: false, falseAlarm: false };
    cases.set(key, result);
    const members = CWE_FAMILIES[family] ?? [];
    const regions = parseRegions(source);
    for (const f of byFile.get(path) ?? []) {
      if (!f.cwe.some((c) => members.includes(c))) continue;
      const region = regions.find((r) => f.line >= r.start && f.line <= r.end);
      if (region?.kind === 'bad') result.detected = true;
      else if (region?.kind === 'good') result.falseAlarm = true;
    }
  }
  const all = [...cases.values()].sort((a, b) => a.key.localeCompare(b.key));
  const cwes = [...new Set(all.map((c) => c.cwe))].sort((a, b) => a - b);
  return {
    overall: score(all),
    perCwe: cwes.map((cwe) => ({ cwe, ...score(all.filter((c) => c.cwe === cwe)) })),
    cases: all,
  };
}

export { findingsFromSarif } from './external.js';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** Table rows (header first) of a score: one line per CWE, then the overall line. */
export function scoreRows(s: JulietScore): string[][] {
  const row = (name: string, x: Score) => [name, String(x.cases), String(x.detected), String(x.falseAlarms), pct(x.recall), pct(x.precision), pct(x.discrimination)];
  return [
    ['CWE', 'cases', 'detected', 'false-alarm cases', 'recall', 'precision', 'discrimination'],
    ...s.perCwe.map((c) => row(String(c.cwe), c)),
    row('all', s.overall),
  ];
}
