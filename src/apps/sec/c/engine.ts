/**
 * Runs the data-flow analysis over a group of files: parse each once, collect file-scope
 * definitions, then analyse every entry function (one no other function in the group uses),
 * following calls into the group's own functions with the caller's values. Functions never
 * reached that way are analysed on their own afterwards with unknown parameters.
 */
import { getParser, loadLanguage, type LanguageId, type SyntaxNode } from '../../../lang/tree-sitter.js';
import type { FileInput, RawFinding } from '../finding.js';
import { convertTree, type N } from './ast.js';
import { collectStruct, macroDefs, scanNames, topLevel, type MacroDef } from './collect.js';
import { report, type FileCtx, type FnDef, type Frame, type Group, type Run } from './context.js';
import { runPaths } from './exec.js';
import type { Outcome } from './paths.js';
import { entryParams, type EntryKind } from './params.js';
import { State } from './state.js';
import { declType, specType, type CType } from './types.js';
import type { Val } from './values.js';

const ROOT_BUDGET = 40_000;

/** An exception from the caller's onTree hook: it is theirs, so it leaves analyzeGroup unchanged. */
class CallerError {
  constructor(readonly cause: unknown) {}
}

export interface GroupResult {
  file: string;
  findings: RawFinding[];
  parseErrors: number;
}

async function parse(source: string, lang: LanguageId, onTree?: () => ((root: SyntaxNode) => void) | undefined): Promise<{ root: N; errors: number } | undefined> {
  await loadLanguage(lang);
  const parser = await getParser(lang);
  const tree = parser.parse(source);
  if (!tree) return undefined;
  try {
    const converted = convertTree(tree, source);
    const cb = onTree?.();
    if (cb) {
      try {
        cb(tree.rootNode);
      } catch (e) {
        throw new CallerError(e);
      }
    }
    return converted;
  } finally {
    tree.delete();
  }
}

const TRIVIAL: Array<[RegExp, string]> = [
  [/^[A-Za-z_]\w*$/, 'identifier'],
  [/^(0[xX][0-9a-fA-F]+|\d+(\.\d*)?([eE][-+]?\d+)?)[uUlLfF]*$/, 'number_literal'],
  [/^L?"(?:[^"\\\n]|\\.)*"$/, 'string_literal'],
  [/^L?'(?:[^'\\\n]|\\.)+'$/, 'char_literal'],
];

/**
 * Macro bodies are parsed when first evaluated. A plain name, number or string needs no parse:
 * its node points into the #define itself; anything else is parsed alone and appended after the
 * file's text so offsets stay valid.
 */
type Parser = Awaited<ReturnType<typeof getParser>>;

function macroParser(file: FileCtx, defs: MacroDef[], parser: Parser): (name: string) => N | undefined {
  const byName = new Map(defs.map((d) => [d.name, d]));
  return (name) => {
    const def = byName.get(name);
    if (!def) return undefined;
    for (const [re, t] of TRIVIAL) if (re.test(def.body)) return { t, s: def.s, e: def.s + def.body.length, line: def.line, c: [] };
    const synthetic = `void __jsec_m(void) { (${def.body}); }`;
    const tree = parser.parse(synthetic);
    if (!tree) return undefined;
    let converted: N;
    try {
      converted = convertTree(tree, synthetic).root;
    } finally {
      tree.delete();
    }
    const base = file.src.length + 1;
    file.src = `${file.src}\n${synthetic}`;
    const expr = converted.c[0]?.c.find((c) => c.t === 'compound_statement')?.c[0]?.c[0];
    if (!expr || hasError(expr)) return undefined;
    const inner = expr.t === 'parenthesized_expression' && expr.c[0] ? expr.c[0] : expr;
    return shiftNode(inner, base, def.line);
  };
}

function hasError(n: N): boolean {
  return n.t === 'ERROR' || n.c.some(hasError);
}

function shiftNode(n: N, base: number, line: number): N {
  return { ...n, s: n.s + base, e: n.e + base, line, c: n.c.map((c) => shiftNode(c, base, line)), parts: n.parts?.map((p) => (p ? shiftNode(p, base, line) : p)) };
}

function functionOf(n: N, file: FileCtx): FnDef | undefined {
  const body = n.c.find((c) => c.t === 'compound_statement');
  if (!body) return undefined;
  const specs = n.c.filter((c) => !c.t.endsWith('declarator') && c !== body);
  const retBase = specType(specs, file.src);
  let d: N | undefined = n.c.find((c) => c.t.endsWith('declarator'));
  let ptr = 0;
  while (d && d.t !== 'function_declarator') {
    if (d.t === 'pointer_declarator') ptr++;
    d = d.c.find((c) => c.t.endsWith('declarator'));
  }
  if (!d) return undefined;
  const nameNode = d.c[0];
  const params = d.c.find((c) => c.t === 'parameter_list');
  if (!nameNode) return undefined;
  const name = file.src.slice(nameNode.s, nameNode.e).replace(/^.*::/, '');
  const ps: Array<{ name: string; type: CType }> = [];
  for (const p of params?.c ?? []) {
    if (p.t !== 'parameter_declaration') continue;
    const pspecs = p.c.filter((c) => !c.t.endsWith('declarator') && c.t !== 'identifier');
    const decl = p.c.find((c) => c.t.endsWith('declarator') || c.t === 'identifier');
    const info = decl ? declType(decl, specType(pspecs, file.src), file.src, () => undefined) : undefined;
    if (info?.name) {
      // array parameters are pointers
      const type = info.type.arr !== undefined || info.type.arrUnknown ? { ...info.type, arr: undefined, arrUnknown: undefined, ptr: info.type.ptr + 1 } : info.type;
      ps.push({ name: info.name, type });
    } else ps.push({ name: `#${ps.length}`, type: specType(pspecs, file.src) });
  }
  const variadic = (params?.c ?? []).some((c) => c.t === 'variadic_parameter');
  return { name, body, params: ps, retType: { ...retBase, ptr: retBase.ptr + ptr }, file, line: n.line, variadic, exported: false };
}

function isStaticDecl(n: N): boolean {
  return n.c.some((c) => c.t === 'storage_class_specifier' && c.op === 'static');
}

function collectGlobals(n: N, file: FileCtx, group: Group): void {
  const specs = n.c.filter((c) => !c.t.endsWith('declarator') && c.t !== 'identifier');
  if (specs.some((c) => c.t === 'storage_class_specifier' && c.op === 'extern')) return;
  const isConst = specs.some((c) => c.t === 'type_qualifier' && c.op === 'const');
  const base = specType(specs, file.src);
  for (const d of n.c) {
    if (!(d.t.endsWith('declarator') || d.t === 'identifier')) continue;
    const info = declType(d, base, file.src, (e) => {
      const v = Number(file.src.slice(e.s, e.e));
      return Number.isInteger(v) ? v : undefined;
    });
    if (!info.name || info.fnPtr) continue;
    const isStatic = isStaticDecl(n);
    if (isStatic) file.staticVars.add(info.name);
    const key = isStatic ? `g:${file.path}:${info.name}` : `g:${info.name}`;
    group.globals.set(key, { key, type: info.type, init: info.init, file, isConst, line: d.line });
  }
}

export async function analyzeGroup(inputs: FileInput[], onTree?: (input: FileInput, root: SyntaxNode) => void): Promise<GroupResult[]> {
  const group: Group = { files: [], fns: new Map(), globals: new Map(), structs: new Map(), referenced: new Set(), assigned: new Set() };
  const results: GroupResult[] = [];
  const fnsOf = new Map<FileCtx, FnDef[]>();
  for (const input of inputs) {
    const result: GroupResult = { file: input.file, findings: [], parseErrors: 0 };
    results.push(result);
    try {
      const lang: LanguageId = input.language === 'cpp' ? 'cpp' : 'c';
      const parsed = await parse(input.source, lang, () => (onTree ? (root) => onTree(input, root) : undefined));
      if (!parsed) continue;
      result.parseErrors = parsed.errors;
      const file: FileCtx = {
        path: input.file, src: input.source, root: parsed.root, macros: new Map(), parseMacro: () => undefined, macroNames: new Set(), defined: new Set(), fnMacros: new Set(), fns: new Map(), staticVars: new Set(), globalKeys: new Map(),
        findings: result.findings, seen: new Map(),
      };
      const nodes = topLevel(parsed.root, file);
      const defs = macroDefs(nodes, file);
      file.macroNames = new Set(defs.map((d) => d.name));
      file.parseMacro = macroParser(file, defs, await getParser(lang));
      const fns: FnDef[] = [];
      for (const n of nodes) {
        if (n.t === 'function_definition') {
          const fn = functionOf(n, file);
          if (!fn) continue;
          fns.push(fn);
          // a call resolves to its own file's definition first: directories of example programs
          // define the same names (main, usage, helpers) once per program
          fn.exported = !isStaticDecl(n);
          if (!file.fns.has(fn.name)) file.fns.set(fn.name, fn);
          if (fn.exported && !group.fns.has(fn.name)) group.fns.set(fn.name, fn);
          scanNames(fn.body, file.src, group.referenced, group.assigned);
        } else if (n.t === 'declaration') {
          collectStruct(n, file.src, group);
          collectGlobals(n, file, group);
          scanNames(n, file.src, group.referenced, new Set());
        } else if (n.t === 'type_definition' || n.t === 'struct_specifier') {
          collectStruct(n.t === 'struct_specifier' ? { ...n, c: [n] } : n, file.src, group);
        }
      }
      fnsOf.set(file, fns);
      group.files.push(file);
    } catch (e) {
      if (e instanceof CallerError) throw e.cause;
      // an unparseable or pathological file yields no findings; the others still run
      result.parseErrors = Math.max(1, result.parseErrors);
    }
  }
  const assignedKeys = new Set<string>();
  for (const [key] of group.globals) {
    const name = key.slice(key.lastIndexOf(':') + 1);
    if (group.assigned.has(name)) assignedKeys.add(key);
  }
  group.assigned = assignedKeys;
  const visited = new Set<FnDef>();
  const all = [...fnsOf.values()].flat();
  const roots = all.filter((f) => !group.referenced.has(f.name));
  for (const fn of roots) analyzeRoot(fn, group, visited, fn.name === 'main' ? 'main' : fn.exported ? 'exported' : 'internal');
  for (const fn of all) if (!visited.has(fn)) analyzeRoot(fn, group, visited, 'internal');
  return results;
}

function analyzeRoot(fn: FnDef, group: Group, visited: Set<FnDef>, kind: EntryKind): void {
  const run: Run = { group, budget: ROOT_BUDGET, nextObj: 1, nextFrame: 1, quiet: 0, visited, literals: new Map(), inputReads: 0 };
  const fr: Frame = {
    fn, file: fn.file, id: run.nextFrame++, names: new Map(), types: new Map(), returns: [], retVals: [], breaks: [], conts: [], depth: 0,
    callers: [], callSites: [],
  };
  const st = new State();
  entryParams(fn, kind, fr, st, run);
  visited.add(fn);
  try {
    // each way out of the entry function is judged on its own: a block freed on the normal exit
    // still leaks on the early `return -1`
    for (const o of runPaths(fr, st, run, true)) reportLeaks(o, group);
  } catch (e) {
    if (process.env.JSEC_DEBUG) console.error(e);
    // an engine limitation on odd code must not cost the other functions their findings
  }
}

/**
 * Blocks still reachable when the entry function returns are not leaks: returned ones, ones
 * handed on (stored globally, given to unknown code, stored in a caller's memory), and anything
 * their pointer slots lead to (a struct returned with a string in one of its members).
 */
function reachable(state: State, ret: Val): Set<number> {
  const seen = new Set<number>();
  const todo: number[] = ret.k === 'ptr' ? ret.t.map((t) => t.o) : [];
  for (const o of state.objs.values()) if (o.escaped || !o.local) todo.push(o.id);
  while (todo.length > 0) {
    const id = todo.pop() as number;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const v of state.objs.get(id)?.slots?.values() ?? []) if (v.k === 'ptr') for (const t of v.t) todo.push(t.o);
  }
  return seen;
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
