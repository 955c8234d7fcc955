/**
 * ITC benchmark scorer (Toyota ITC, C part, as laid out in ../shared/bench/itc-dev): defect lines
 * in `01.w_Defects/*.c` carry a "should detect" / `ERROR:` comment, their fixed twins in
 * `02.wo_Defects/*.c` a "should not detect" / `No ERROR` comment. A defect line is found when a
 * finding in the same file lies within ±1 line; a finding within ±1 of a marked twin line is a
 * false positive. recall = found / defect lines; precision = found / (found + false positives).
 */

export const DEFECT_DIR = '01.w_Defects';
export const FIXED_DIR = '02.wo_Defects';

/** A defect line: "should detect" in any spacing/case, or a comment opening with `ERROR:`. */
const DEFECT_MARK = /should\s*detect|\/\*\s*ERROR\s*:/i;
/** A twin line: "should not detect" (or "not should detect") or `No ERROR`. */
const FIXED_MARK = /(should\s+not|not\s+should)\s+detect|No\s*ERROR/i;

/** 1-based line numbers of the marked lines of one file. */
export function markedLines(source: string, kind: 'defect' | 'fixed'): number[] {
  const out: number[] = [];
  source.split('\n').forEach((text, i) => {
    if (kind === 'defect' ? DEFECT_MARK.test(text) && !FIXED_MARK.test(text) : FIXED_MARK.test(text)) out.push(i + 1);
  });
  return out;
}

/** The `Defect Type:` of a file header (`Numerical defects`…), or `other`. */
export function defectType(source: string): string {
  return /Defect Type:\s*([^\n*]+)/i.exec(source.slice(0, 2000))?.[1]?.trim() || 'other';
}

export interface ItcFile {
  /** base name, e.g. `bit_shift.c` */
  name: string;
  type: string;
  lines: number[];
}

export interface ItcTruth {
  defects: ItcFile[];
  fixed: ItcFile[];
}

/** Ground truth from the sources: `defect` and `fixed` map base names to file text. */
export function itcTruth(defect: ReadonlyMap<string, string>, fixed: ReadonlyMap<string, string>): ItcTruth {
  const types = new Map<string, string>();
  const defects = [...defect].map(([name, src]) => {
    const type = defectType(src);
    types.set(name, type);
    return { name, type, lines: markedLines(src, 'defect') };
  });
  // a twin takes its type from its flawed file (the fixed headers are the same, but one name differs)
  const fixedFiles = [...fixed].map(([name, src]) => ({ name, type: types.get(name) ?? defectType(src), lines: markedLines(src, 'fixed') }));
  return { defects: defects.filter((f) => f.lines.length > 0), fixed: fixedFiles.filter((f) => f.lines.length > 0) };
}

/** A finding located by directory (defect or fixed side), base name and line. */
export interface ItcFinding {
  side: 'defect' | 'fixed';
  name: string;
  line: number;
}

export interface ItcScore {
  defectLines: number;
  found: number;
  falsePositives: number;
  recall: number;
  precision: number;
}

function score(defectLines: number, found: number, falsePositives: number): ItcScore {
  return {
    defectLines,
    found,
    falsePositives,
    recall: defectLines ? found / defectLines : 0,
    precision: found + falsePositives ? found / (found + falsePositives) : 0,
  };
}

/** Overall and per defect type. Lines are counted once however many findings hit them. */
export function scoreItc(truth: ItcTruth, findings: readonly ItcFinding[]): { overall: ItcScore; perType: Array<{ type: string } & ItcScore> } {
  const hitLines = (side: ItcFinding['side']) => {
    const byFile = new Map<string, number[]>();
    for (const f of findings) if (f.side === side) byFile.set(f.name, [...(byFile.get(f.name) ?? []), f.line]);
    return (file: ItcFile) => file.lines.filter((l) => (byFile.get(file.name) ?? []).some((x) => Math.abs(x - l) <= 1)).length;
  };
  const foundIn = hitLines('defect');
  const falseIn = hitLines('fixed');
  const types = [...new Set(truth.defects.map((f) => f.type))].sort();
  const tally = (type?: string) => {
    const d = truth.defects.filter((f) => type === undefined || f.type === type);
    const x = truth.fixed.filter((f) => type === undefined || f.type === type);
    return score(d.reduce((n, f) => n + f.lines.length, 0), d.reduce((n, f) => n + foundIn(f), 0), x.reduce((n, f) => n + falseIn(f), 0));
  };
  return { overall: tally(), perType: types.map((type) => ({ type, ...tally(type) })) };
}
