/**
 * Runs the data-flow analysis over a group of files: parse each once, collect file-scope
 * definitions, then analyse every entry function (one no other function in the scan is known to
 * use), following calls into any function of the scan with the caller's values. Files outside the
 * group are loaded on demand as context (c/project.ts says where each name is defined); their
 * own findings belong to their own group. Functions never reached are analysed on their own
 * afterwards with unknown parameters.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import type { SyntaxNode } from '../../../lang/tree-sitter.js';
import type { FileInput, RawFinding } from '../finding.js';
import { scanNames } from './collect.js';
import { destroyLocals, rootThis } from './cpp-class.js';
import { report, type FileCtx, type FnDef, type Frame, type Group, type Run } from './context.js';
import { runPaths } from './exec.js';
import { attach, CallerError, loadFile, parsers, type LoadedFile, type ParserFor } from './files.js';
import type { Outcome } from './paths.js';
import { bytePointer, entryParams, type EntryKind } from './params.js';
import { checkRecursion } from './recursion.js';
import { mergeFindings } from './merge.js';
import { definesFunction, nearest, resolveInclude, type ProjectIndex } from './project.js';
import { reachableObjs, State } from './state.js';
import type { Val } from './values.js';

/**
 * Steps (statements, expressions, branch tests) one entry function may take, callees included.
 * Path-sensitive states cost about 2.5x per step what joined ones did: at 10k, ITC, Juliet and the
 * realistic pairs score the same as at 40k, and zlib's largest roots (gzread, minizip's main) stop
 * at a fraction of the time; the findings given up there were its noisiest (bench notes, BENCHMARKS.md).
 * JSEC_BUDGET overrides it for experiments.
 */
const ROOT_BUDGET = Number(process.env.JSEC_BUDGET ?? 10_000);
/** JSEC_PROFILE: each entry function's steps, time and costliest callees on stderr */
const PROFILE = !!process.env.JSEC_PROFILE;
/** context files parsed and kept per worker, shared by its groups */
const CONTEXT_CACHE = 512;
const CONTEXT_MAX_BYTES = 2 * 1024 * 1024;
/** a context header larger than this that defines no function is not loaded */
const CONTEXT_DATA_BYTES = 256 * 1024;

export interface GroupResult {
  file: string;
  findings: RawFinding[];
  parseErrors: number;
}

const cache = new Map<string, LoadedFile | null>();
let cacheRoot = '';

/** The rest of the scan, loaded as a group needs it. */
class Context {
  private attached = new Set<string>();
  private includes = new Map<string, string | undefined>();

  constructor(private group: Group, private project: ProjectIndex, private parser: ParserFor, private owned: Map<string, LoadedFile>) {
    if (cacheRoot !== project.root) {
      cache.clear();
      cacheRoot = project.root;
    }
  }

  /** The loaded file at `path`: one of the group's own, or parsed from disk once per worker. */
  load(path: string): LoadedFile | undefined {
    const own = this.owned.get(path);
    if (own) return own;
    let loaded = cache.get(path);
    if (loaded === undefined) {
      loaded = this.read(path) ?? null;
      if (cache.size >= CONTEXT_CACHE) cache.delete(cache.keys().next().value as string);
      cache.set(path, loaded);
    }
    if (!loaded) return undefined;
    if (!this.attached.has(path)) {
      this.attached.add(path);
      attach(loaded, this.group);
    }
    return loaded;
  }

  private read(path: string): LoadedFile | undefined {
    try {
      const abs = join(this.project.root, path);
      const size = statSync(abs).size;
      if (size > CONTEXT_MAX_BYTES) return undefined;
      const buf = readFileSync(abs);
      if (buf.subarray(0, 8192).includes(0)) return undefined;
      const text = new TextDecoder().decode(buf);
      // a large header of data only (zlib's crc32.h: 600 KB of tables) costs a parse per worker
      // and gives calls into its includer nothing but constants read as unknown without it
      if (size > CONTEXT_DATA_BYTES && /\.(h|hh|hpp|hxx|inc)$/i.test(path) && !definesFunction(text)) return undefined;
      const cpp = /\.(cc|cpp|cxx|hpp|hh|hxx|ipp|inl)$/i.test(path) || cppHeader(path, text);
      // being loaded marks the file, so a header including itself (or a cycle) stops here
      cache.set(path, null);
      return loadFile(path, text, cpp ? 'cpp' : 'c', this.parser(cpp ? 'cpp' : 'c'), {
        owned: false, findings: [], include: (from, name) => this.include(from, name),
      });
    } catch {
      return undefined;
    }
  }

  include(from: FileCtx, name: string): FileCtx | undefined {
    const dir = from.path.slice(0, from.path.lastIndexOf('/') + 1);
    const key = `${dir}\0${name}`;
    let path = this.includes.get(key);
    if (path === undefined && !this.includes.has(key)) {
      path = resolveInclude(this.project, from.path, name);
      this.includes.set(key, path);
    }
    return path && path !== from.path ? this.load(path)?.file : undefined;
  }

  fn(name: string, from: FileCtx): FnDef | undefined {
    const where = this.project.fns[name];
    if (!where) return undefined;
    const path = nearest(from.path, where.filter((f) => f !== from.path));
    return path ? this.load(path)?.file.fns.get(name) : undefined;
  }

  global(name: string): boolean {
    const where = this.project.globals[name];
    const path = where ? nearest('', where) : undefined;
    if (!path) return false;
    this.load(path);
    // assigned in some file of the scan: its initialiser is not its value
    if (this.assigned.has(name)) this.group.assigned.add(`g:${name}`);
    return this.group.globals.has(`g:${name}`);
  }

  private assignedNames: Set<string> | undefined;
  private get assigned(): Set<string> {
    this.assignedNames ??= new Set(this.project.assigned);
    return this.assignedNames;
  }
}

/** A `.h` file written in C++ (classes, templates, namespaces): parsed as C++. */
function cppHeader(path: string, source: string): boolean {
  return /\.h$/i.test(path) && /^\s*(class|template\s*<|namespace)\b|\b(public|private|protected)\s*:|::\s*\w+\s*\(/m.test(source);
}

export async function analyzeGroup(
  inputs: FileInput[],
  onTree?: (input: FileInput, root: SyntaxNode, picked?: SyntaxNode[]) => void,
  project?: ProjectIndex,
  pick?: ReadonlySet<string>,
): Promise<GroupResult[]> {
  const g0 = Date.now();
  const group: Group = { files: [], fns: new Map(), globals: new Map(), structs: new Map(), referenced: new Set(), assigned: new Set() };
  const parser = await parsers();
  const owned = new Map<string, LoadedFile>();
  const context = project && !process.env.JSEC_NOPROJ ? new Context(group, project, parser, owned) : undefined;
  if (context) group.external = { fn: (name, from) => context.fn(name, from), global: (name) => context.global(name) };
  const results: GroupResult[] = [];
  const loadedFiles: LoadedFile[] = [];
  for (const input of inputs) {
    const result: GroupResult = { file: input.file, findings: [], parseErrors: 0 };
    results.push(result);
    try {
      const cpp = input.language === 'cpp' || cppHeader(input.file, input.source);
      const loaded = loadFile(input.file, input.source, cpp ? 'cpp' : 'c', parser(cpp ? 'cpp' : 'c'), {
        owned: true,
        findings: result.findings,
        onTree: onTree ? (root, picked) => onTree(input, root, picked) : undefined,
        pick,
        include: (from, name) => context?.include(from, name),
      });
      if (!loaded) continue;
      result.parseErrors = loaded.errors;
      owned.set(input.file, loaded);
      loadedFiles.push(loaded);
    } catch (e) {
      if (e instanceof CallerError) throw e.cause;
      // an unparseable or pathological file yields no findings; the others still run
      result.parseErrors = Math.max(1, result.parseErrors);
    }
  }
  // the group's own definitions come first: a name they define is theirs, whatever else defines it
  for (const loaded of loadedFiles) {
    attach(loaded, group);
    group.files.push(loaded.file);
    const methods = loaded.file.cpp ? (group.calledMethods ??= new Set()) : undefined;
    for (const fn of loaded.fns) scanNames(fn.body, loaded.file.src, group.referenced, group.assigned, methods);
    for (const n of loaded.decls) if (n.t === 'declaration') scanNames(n, loaded.file.src, group.referenced, new Set(), methods);
  }
  const assignedKeys = new Set<string>();
  for (const [key] of group.globals) {
    const name = key.slice(key.lastIndexOf(':') + 1);
    if (group.assigned.has(name)) assignedKeys.add(key);
  }
  group.assigned = assignedKeys;
  const visited = new Set<FnDef>();
  const all = loadedFiles.flatMap((l) => l.fns);
  const roots = all.filter((f) => !group.referenced.has(f.name) && !(f.cls && group.calledMethods?.has(f.name)));
  for (const fn of roots) analyzeRoot(fn, group, visited, fn.name === 'main' ? 'main' : fn.exported ? 'exported' : 'internal');
  // a library (no main in the scan) is entered at each exported function, also at one its own
  // code calls too: `probe_all(hosts)` calling `probe_host(hosts[i])` says nothing of what the
  // library's users hand to probe_host
  const library = !all.some((f) => f.name === 'main' || f.name === 'wmain' || f.name === 'WinMain');
  // (only for what a caller's text can inject: its memory findings come from the calls the library makes)
  if (library) for (const fn of all) if (fn.exported && !fn.cls && !roots.includes(fn) && takesText(fn)) analyzeRoot(fn, group, visited, 'exported', INJECTION);
  for (const fn of all) if (!visited.has(fn)) analyzeRoot(fn, group, visited, 'internal');
  // (written at once: a worker's console output may be lost when it is stopped)
  if (PROFILE) writeSync(2, `GROUP ${inputs[0]?.file} ${g0 % 100000} ${Date.now() % 100000} ${Date.now() - g0}ms ${isMainThread ? 'main' : 'worker'} ${[...(group.spent ?? [])].sort((a, b) => b[1].steps - a[1].steps).slice(0, 12).map(([f, x]) => `${f.name}:${x.steps}/${x.calls}${group.heavy?.has(f) ? '*' : ''}`).join(' ')}\n`);
  try {
    checkRecursion(group);
  } catch (e) {
    if (process.env.JSEC_DEBUG) console.error(e);
  }
  // one finding per flaw: the duplicates of one operation or one mistake fold into the most confident
  for (const loaded of loadedFiles) {
    const f = loaded.file;
    const merged = mergeFindings(f, f.findings, f.subjects ?? []);
    f.findings.length = 0;
    f.findings.push(...merged);
  }
  return results;
}

/** A parameter a caller hands text or bytes through (`const char *`, `const uint8_t *`). */
function takesText(fn: FnDef): boolean {
  return fn.params.some((p) => bytePointer(p.type));
}

/**
 * the findings outside text makes by what it says, not by its size: commands, queries, paths. (Not
 * formats: a sink that prints its parameter as the format is judged by the callers the scan sees,
 * as Juliet's good format sinks must be; the wrappers' own callers are followed in context.)
 */
const INJECTION: ReadonlySet<string> = new Set(['c.command.tainted', 'c.sql.tainted', 'c.path.traversal']);

function analyzeRoot(fn: FnDef, group: Group, visited: Set<FnDef>, kind: EntryKind, only?: ReadonlySet<string>): void {
  const run: Run = { group, budget: ROOT_BUDGET, nextObj: 1, nextFrame: 1, quiet: 0, visited, literals: new Map(), inputReads: 0, ...(only ? { only } : {}) };
  const fr: Frame = {
    fn, file: fn.file, id: run.nextFrame++, names: new Map(), types: new Map(), returns: [], retVals: [], breaks: [], conts: [], depth: 0,
    callers: [], callSites: [],
  };
  const st = new State();
  entryParams(fn, kind, fr, st, run);
  if (fn.cls) rootThis(fn, fr, st, run);
  visited.add(fn);
  const t0 = PROFILE ? performance.now() : 0;
  try {
    // each way out of the entry function is judged on its own: a block freed on the normal exit
    // still leaks on the early `return -1`
    for (const o of runPaths(fr, st, run, true)) {
      destroyLocals(fr, o.state, run);
      if (!only) reportLeaks(o, group);
    }
  } catch (e) {
    if (process.env.JSEC_DEBUG) console.error(e);
    // an engine limitation on odd code must not cost the other functions their findings
  }
  if (PROFILE) {
    const top = [...(run.prof?.values() ?? [])].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([n, s, c]) => `${n}:${s}/${c}`).join(' ');
    console.error(`ROOT ${fn.file.path}:${fn.name} steps=${ROOT_BUDGET - run.budget} ms=${(performance.now() - t0).toFixed(0)} ${top}`);
  }
}

/**
 * Blocks still reachable when the entry function returns are not leaks: returned ones, ones
 * handed on (stored globally, given to unknown code, stored in a caller's memory), and anything
 * their pointer slots lead to (a struct returned with a string in one of its members).
 */
function reachable(state: State, ret: Val): Set<number> {
  const start: number[] = ret.k === 'ptr' ? ret.t.map((t) => t.o) : [];
  for (const o of state.objs.values()) if (o.escaped || !o.local) start.push(o.id);
  return reachableObjs(start, state);
}

function reportLeaks(exit: Outcome, group: Group): void {
  const { state, ret } = exit;
  if (state.dead) return;
  const live = reachable(state, ret);
  for (const o of state.objs.values()) {
    if (o.kind !== 'heap' || !o.local || o.freed !== 0 || o.partial || live.has(o.id) || !o.at) continue;
    const at = o.at;
    const file = group.files.find((f) => f.path === at.file);
    if (!file) continue;
    const fr = { file, callSites: [] as Frame['callSites'] } as Frame;
    // leaked on an early `return`: reported there (the free that path forgot); never freed at all:
    // reported where it was allocated
    const line = exit.early && exit.line !== undefined && exit.file === at.file ? exit.line : at.line;
    report(fr, { t: 'call_expression', s: line === at.line ? at.s : lineStart(file.src, line), e: at.s, line, c: [] }, {
      rule: 'c.memory.leak',
      pattern: o.name.replace(/^.* from /, ''),
      description: `${o.name[0]?.toUpperCase() ?? ''}${o.name.slice(1)} is never freed and no pointer to it survives ${line === at.line ? 'the function' : 'this return'}.`,
      confidence: 0.7,
      trace: [{ line: o.line, note: 'allocated here' }],
    }, { quiet: 0 } as Run);
  }
}

function lineStart(src: string, line: number): number {
  let off = 0;
  for (let i = 1; i < line && off !== -1; i++) off = src.indexOf('\n', off) + 1;
  return Math.max(0, off);
}
