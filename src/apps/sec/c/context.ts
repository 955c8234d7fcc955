/**
 * What the engine knows about a group of files (functions, globals, macros, structs) and the
 * per-call frames of an analysis run, plus the one place findings are recorded.
 */
import type { FlowStep, RawFinding, Tier } from '../finding.js';
import type { N } from './ast.js';
import { ruleMeta, type RuleId } from './rules.js';
import type { Fork } from './paths.js';
import type { State } from './state.js';
import type { CType, StructInfo } from './types.js';
import type { Val } from './values.js';

export interface FileCtx {
  path: string;
  src: string;
  root: N;
  /** object-like macros parsed so far: name → body expression (undefined when it is not an expression) */
  macros: Map<string, N | undefined>;
  /** parses a macro body on first use (most macros are never evaluated) */
  parseMacro: (name: string) => N | undefined;
  macroNames: Set<string>;
  /** names with `#define`, for `#ifdef` */
  defined: Set<string>;
  /** function-like macros: a "call" may assign its arguments */
  fnMacros: Set<string>;
  /** functions defined in this file (static or not): calls from the file resolve here first */
  fns: Map<string, FnDef>;
  staticVars: Set<string>;
  /** name → global state key ('' when not a global), filled on first lookup after collection */
  globalKeys: Map<string, string>;
  findings: RawFinding[];
  /** rule:line → index in findings (one finding per rule and line; the most confident wins) */
  seen: Map<string, number>;
}

export interface FnDef {
  name: string;
  body: N;
  params: Array<{ name: string; type: CType }>;
  retType: CType;
  file: FileCtx;
  line: number;
  /** declared with `...` */
  variadic: boolean;
  /** not `static`: callers outside the scan may exist */
  exported: boolean;
}

export interface GlobalDef {
  key: string;
  type: CType;
  init?: N;
  file: FileCtx;
  isConst: boolean;
  line: number;
}

export interface Group {
  files: FileCtx[];
  /** external-linkage functions by name */
  fns: Map<string, FnDef>;
  /** globals by key (`g:name`, or `g:file:name` for statics) */
  globals: Map<string, GlobalDef>;
  structs: Map<string, StructInfo>;
  /** identifiers used inside function bodies and initialisers, for root selection */
  referenced: Set<string>;
  /** global keys some function assigns or takes the address of (their initialiser is not a constant) */
  assigned: Set<string>;
}

export interface Frame {
  fn: FnDef;
  file: FileCtx;
  id: number;
  /** local name → state key */
  names: Map<string, string>;
  types: Map<string, CType>;
  returns: State[];
  retVals: Val[];
  /** line of each `return` in `returns` */
  retLines?: number[];
  breaks: State[][];
  conts: State[][];
  depth: number;
  callers: string[];
  /** call sites from the root down, for traces */
  callSites: Array<FlowStep & { file: string }>;
  /** pointer variables a loop grows with realloc: their size is the program's business */
  grown?: Set<string>;
  /** values passed for a variadic function's `...` (v*printf in it formats them) */
  varargs?: Val[];
}

export interface Run {
  group: Group;
  /** node visits left; when it reaches 0 calls are no longer followed */
  budget: number;
  nextObj: number;
  nextFrame: number;
  /** the first pass of a loop body may meet values the fixpoint later widens: stay quiet there */
  quiet: number;
  /** the object of each string literal evaluated in this run */
  literals: Map<N, number>;
  /** functions analysed at least once (the rest are analysed on their own afterwards) */
  visited: Set<FnDef>;
  /** input reads so far (source calls, loads of input bytes): a loop that does any is driven by input */
  inputReads: number;
  /** the call the current statement splits on (paths.ts) */
  fork?: Fork;
}

export interface Report {
  rule: RuleId;
  pattern: string;
  description: string;
  confidence: number;
  trace?: FlowStep[];
  /** default `proven` */
  tier?: Tier;
}

/**
 * Records a finding in the file of the frame's function, once per rule and line; when paths or
 * call contexts report the same line twice, the more confident report stays.
 */
export function report(fr: Frame, node: N, r: Report, run: Run): void {
  if (run.quiet > 0) return;
  const file = fr.file;
  const key = `${r.rule}:${node.line}`;
  const confidence = Math.round(Math.min(1, Math.max(0, r.confidence)) * 100) / 100;
  const before = file.seen.get(key);
  if (before !== undefined && (file.findings[before]?.confidence ?? 1) >= confidence) return;
  const meta = ruleMeta(r.rule);
  const lineText = lineAt(file.src, node.s);
  // inside a followed call, the calls that led here (same-file lines only: other files' lines would mislead)
  const calls = fr.callSites.filter((c) => c.file === file.path).map((c) => ({ line: c.line, note: c.note }));
  const trace = [...(r.trace ?? []), ...calls];
  if (trace.length > 0 && trace[trace.length - 1]?.line !== node.line) trace.push({ line: node.line, note: meta.name.toLowerCase() });
  const finding: RawFinding = {
    rule: r.rule,
    category: meta.category,
    pattern: r.pattern,
    cwe: [...meta.cwe],
    line: node.line,
    evidence: lineText.length > 200 ? `${lineText.slice(0, 197)}...` : lineText,
    description: r.description,
    suggestion: meta.help,
    confidence,
    severity: meta.severity,
    trace,
    tier: r.tier ?? 'proven',
  };
  if (before !== undefined) file.findings[before] = finding;
  else {
    file.seen.set(key, file.findings.length);
    file.findings.push(finding);
  }
}

function lineAt(src: string, offset: number): string {
  const start = src.lastIndexOf('\n', offset - 1) + 1;
  const end = src.indexOf('\n', offset);
  return src.slice(start, end === -1 ? undefined : end).trim();
}

/** The body of object-like macro `name`; false when `name` is not a macro of the file. */
export function macroBody(file: FileCtx, name: string): N | undefined | false {
  if (file.macros.has(name)) return file.macros.get(name);
  if (!file.macroNames.has(name)) return false;
  const body = file.parseMacro(name);
  file.macros.set(name, body);
  return body;
}

export function text(file: FileCtx, n: N): string {
  return file.src.slice(n.s, n.e);
}
