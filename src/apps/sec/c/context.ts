/**
 * What the engine knows about a group of files (functions, globals, macros, structs) and the
 * per-call frames of an analysis run, plus the one place findings are recorded.
 */
import type { FlowStep, RawFinding, Tier } from '../finding.js';
import type { N } from './ast.js';
import { ruleMeta, type RuleId } from './rules.js';
import type { FnMacroDef } from './collect.js';
import type { Parser } from './files.js';
import type { Fork } from './paths.js';
import type { State } from './state.js';
import type { ClassInfo } from './cpp-class.js';
import type { CType, StructInfo } from './types.js';
import type { Obj, Val } from './values.js';
import type { FindingSubject } from './merge.js';

export interface FileCtx {
  path: string;
  /** the file's text; macro bodies and expansions are parsed and appended after it */
  src: string;
  /** length of the file's own text */
  srcLen: number;
  root: N;
  /** object-like macros parsed so far: name → body expression (undefined when it is not an expression, null when no macro has that name) */
  macros: Map<string, N | undefined | null>;
  /** object-like macro bodies as text (for files that include this one) */
  macroText?: Map<string, string>;
  /** function-like macro expansions parsed in this file, by call line and text */
  expansions?: Map<string, { node: N; statements: boolean } | null>;
  /** parses a macro body on first use (most macros are never evaluated) */
  parseMacro: (name: string) => N | undefined;
  macroNames: Set<string>;
  /** names with `#define`, for `#ifdef` */
  defined: Set<string>;
  /** function-like macros: a "call" may assign its arguments */
  fnMacros: Set<string>;
  /** functions this file (or a header it includes) declares as never returning */
  noreturn: Set<string>;
  /** functions defined in this file (static or not): calls from the file resolve here first */
  fns: Map<string, FnDef>;
  staticVars: Set<string>;
  /** name → global state key ('' when not a global), filled on first lookup after collection */
  globalKeys: Map<string, string>;
  findings: RawFinding[];
  /** rule:line → index in findings (one finding per rule and line; the most confident wins) */
  seen: Map<string, number>;
  /** what each finding is about (the memory block), by index in findings: merge.ts folds one flaw's findings */
  subjects?: Array<FindingSubject | undefined>;
  /** a file of the group being analysed (its findings are reported); false for context files */
  owned: boolean;
  /** files its `#include "…"` lines brought in, for macros */
  includes: FileCtx[];
  fnMacroDefs: Map<string, FnMacroDef>;
  /** for parsing macro expansions */
  parser: Parser;
  cpp: boolean;
  /** C++ classes this file defines (cpp-class.ts) */
  classes?: ClassInfo[];
  /** C++ functions this file defines more than once (overloads), by name */
  overloads?: Map<string, FnDef[]>;
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
  /** C++: the class this is a member function of, and which kind */
  cls?: string;
  member?: 'method' | 'ctor' | 'dtor' | 'static';
  /** the class it belongs to */
  owner?: ClassInfo;
  /** a constructor's member initialisers (`: a_(x), b_{}`) */
  inits?: N;
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
  /** the rest of the scan: functions and globals defined in files outside the group */
  external?: External;
  /** C++ classes by name (cpp-class.ts) */
  classes?: Map<string, ClassInfo>;
  /** C++ member functions some code calls as `obj.f(…)` / `p->f(…)` (not roots) */
  calledMethods?: Set<string>;
  /** functions of the scan whose inlined analysis proved costly: later calls treat them as unknown (call.ts) */
  heavy?: Set<FnDef>;
  /** steps spent inlining each function so far, and calls followed (call.ts) */
  spent?: Map<FnDef, { steps: number; calls: number }>;
}

export interface External {
  fn(name: string, from: FileCtx): FnDef | undefined;
  /** loads the file defining global `name`; true when it is now in the group's globals */
  global(name: string): boolean;
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
  /** call sites from the root down, for traces (and findings inside other parts of the scan) */
  callSites: Array<FlowStep & { file: string; ctx: FileCtx; s: number }>;
  /** pointer variables a loop grows with realloc: their size is the program's business */
  grown?: Set<string>;
  /** values passed for a variadic function's `...` (v*printf in it formats them) */
  varargs?: Val[];
  /**
   * Inside a chain of format wrappers (`log(const char *fmt, ...)`, `vlog(fmt, va_list)`): the call
   * that entered the chain from a function that is no wrapper. A format the wrapper forwards is
   * judged there (`log(msg)` in an exported function is the flaw, `log` itself is not).
   */
  fmtSite?: { line: number; s: number; file: string };
  /** C++ member function: the object `this` is, as the state key whose members are `key.m` */
  self?: { key: string; cls: string };
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
  /** loads of bytes an exported function's caller handed in (a weak source): a loop that does any
   * is driven by what the caller passes */
  callerReads?: number;
  /** the call the current statement splits on (paths.ts) */
  fork?: Fork;
  /** function-like macros being expanded (no macro expands inside itself) */
  expanding?: Set<string>;
  /** file of the code being run: objects created now belong to it */
  at?: string;
  /** on a loop's first pass, the variables its body assigns (their unassigned reads wait for the next pass) */
  loopAssigned?: ReadonlySet<string>;
  /** while a loop's body is run once more after a pass that freed memory (loops.ts): the only rules reported */
  only?: ReadonlySet<string>;
  /** the blocks standing for an array member of elements reached by a range index (fields.ts), by base block and member */
  members?: Map<string, number>;
  /** arithmetic whose result is stored straight into a narrower variable (`char r = c + 1`): checked in that type */
  dest?: { node: N; type: CType };
  /** JSEC_PROFILE: steps spent inlining each callee (inclusive), and calls */
  /** object-like macros being evaluated inside one another (eval.ts) */
  macroDepth?: number;
  /** steps spent in calls that were marked heavy (so their callers are judged on the rest) */
  heavySpent?: number;
  prof?: Map<string, [string, number, number]>;
}

export interface Report {
  rule: RuleId;
  pattern: string;
  description: string;
  confidence: number;
  trace?: FlowStep[];
  /** default `proven` */
  tier?: Tier;
  /** the memory object the finding is about, when there is one */
  obj?: Obj;
}

/**
 * Records a finding in the file of the frame's function, once per rule and line; when paths or
 * call contexts report the same line twice, the more confident report stays.
 */
export function report(fr: Frame, node: N, r: Report, run: Run): void {
  if (run.quiet > 0 || (run.only && !run.only.has(r.rule))) return;
  let file = fr.file;
  let line = node.line;
  let at = node.s;
  let description = r.description;
  let trace = [...(r.trace ?? [])];
  if (!file.owned) {
    // inside code of another part of the scan: reported at the call that led there, when the
    // memory at fault belongs to the calling code (that code's own flaws are its group's to report)
    const site = [...fr.callSites].reverse().find((c) => c.ctx.owned);
    if (!site || !r.obj?.file || !run.group?.files.some((f) => f.path === r.obj?.file)) return;
    description = `${description} (in ${fr.fn.name}, ${file.path}:${node.line})`;
    file = site.ctx;
    line = site.line;
    at = site.s;
    trace = [];
  }
  const key = `${r.rule}:${line}`;
  const confidence = Math.round(Math.min(1, Math.max(0, r.confidence)) * 100) / 100;
  const before = file.seen.get(key);
  if (before !== undefined && (file.findings[before]?.confidence ?? 1) >= confidence) return;
  const meta = ruleMeta(r.rule);
  const lineText = at < file.srcLen ? lineAt(file.src, at) : lineNumbered(file.src, line);
  // inside a followed call, the calls that led here (same-file lines only: other files' lines would mislead)
  trace.push(...fr.callSites.filter((c) => c.file === file.path && c.line !== line).map((c) => ({ line: c.line, note: c.note })));
  if (trace.length > 0 && trace[trace.length - 1]?.line !== line) trace.push({ line, note: meta.name.toLowerCase() });
  const finding: RawFinding = {
    rule: r.rule,
    category: meta.category,
    pattern: r.pattern,
    cwe: [...meta.cwe],
    line,
    evidence: lineText.length > 200 ? `${lineText.slice(0, 197)}...` : lineText,
    description,
    suggestion: meta.help,
    confidence,
    severity: meta.severity,
    trace,
    tier: r.tier ?? 'proven',
  };
  const subject: FindingSubject | undefined = r.obj ? { obj: `${r.obj.file ?? ''}:${r.obj.line}:${r.obj.name}` } : undefined;
  file.subjects ??= [];
  if (before !== undefined) {
    file.findings[before] = finding;
    file.subjects[before] = subject;
  } else {
    file.seen.set(key, file.findings.length);
    file.subjects[file.findings.length] = subject;
    file.findings.push(finding);
  }
}

/** Text of line `n` (1-based). */
function lineNumbered(src: string, n: number): string {
  let off = 0;
  for (let i = 1; i < n && off !== -1; i++) off = src.indexOf('\n', off) + 1;
  return lineAt(src, Math.max(0, off));
}

function lineAt(src: string, offset: number): string {
  const start = src.lastIndexOf('\n', offset - 1) + 1;
  const end = src.indexOf('\n', offset);
  return src.slice(start, end === -1 ? undefined : end).trim();
}

/** The body of object-like macro `name`; false when `name` is not a macro of the file. */
export function text(file: FileCtx, n: N): string {
  return file.src.slice(n.s, n.e);
}
