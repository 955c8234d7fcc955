import { existsSync, readFileSync } from 'node:fs';
import { writeFileAtomicSync } from '../../../util/index.js';
import { artifactPath } from '../artifacts.js';
import { fileHash, hashOf, loadC2rustConfig, promptNotes, type C2rustConfig } from '../config/index.js';
import { findRoots, functionGraph, translationOrder } from '../order.js';
import { askForAnswer, type StageModel } from '../pipeline/stage-model.js';
import { loadSymbols, type SymbolRecord } from '../symbols.js';
import { callGraph, dominatedBy, immediateDominators, prunedFunctions, reachable } from './call-graph.js';
import { Checkpoint, type StoredVerdict } from './checkpoint.js';
import { EVALUATOR_ROLE, evaluationTask } from './prompt.js';
import { decide, parseVerdict, VERDICT_TAG, VERDICT_USAGE, type Verdict } from './verdict.js';

/** Functions that are a program's entry: never replaced themselves, their callees are judged. */
const ENTRY_NAMES = new Set(['main']);

export interface LibReplaceOptions {
  root: string;
  model: StageModel;
  config?: C2rustConfig;
  /** the model group's name: verdicts of another model are not reused */
  group?: string;
  onProgress?: (done: number, total: number, name: string) => void;
}

/** One line of library_replacements.jsonl. */
export interface ReplacementRecord {
  id: number;
  name: string;
  file: string;
  start_line: number;
  /** `std`: applied by the model transpile stage with std APIs; `crate`: needs a dependency */
  kind: 'std' | 'crate';
  applied: boolean;
  /** why it was not applied */
  reason?: string;
  libraries: string[];
  apis: string[];
  confidence: number;
  notes: string;
  /** the callees it takes with it (it dominates them) */
  pruned: { id: number; name: string }[];
}

export interface LibReplaceResult {
  /** functions the walk judged (model answers plus checkpointed ones) */
  judged: number;
  fromCheckpoint: number;
  replaced: ReplacementRecord[];
  /** replaceable, but a gate said no (disabled library, confidence, crates off) */
  notApplied: ReplacementRecord[];
  pruned: number;
  functionsBefore: number;
  functionsAfter: number;
  /** functions left unjudged because the budget ran out */
  notJudged: number;
  budgetNote?: string;
  /** answers the model could not get right within its tries */
  invalid: { name: string; reason: string }[];
  /** root names of the config that the scan does not know */
  unknownRoots: string[];
  paths: { replacements: string; symbols: string; order: string };
}

/** The roots lib-replace starts from: the config's root symbols, else collect's roots.txt, else the scan's roots. */
function startRoots(root: string, config: C2rustConfig, fns: SymbolRecord[], scanRoots: number[]): { ids: number[]; unknown: string[] } {
  let names = config.root_symbols;
  const rootsTxt = artifactPath(root, 'roots');
  if (names.length === 0 && existsSync(rootsTxt)) names = readFileSync(rootsTxt, 'utf8').split('\n').map((l) => l.trim()).filter(Boolean);
  if (names.length === 0) return { ids: scanRoots, unknown: [] };
  const ids: number[] = [];
  const unknown: string[] = [];
  for (const n of names) {
    const hits = fns.filter((f) => f.name === n || f.qualified_name === n);
    if (hits.length === 0) unknown.push(n);
    ids.push(...hits.map((h) => h.id));
  }
  return { ids: [...new Set(ids)], unknown };
}

/**
 * `jc2r lib-replace` (docs/c2rust-pipeline.md): walks the call graph from the roots, parents
 * first; for each function the model judges whether a library replaces it and everything it
 * calls. A replaced function keeps its record (with `lib_replacement`) and takes with it only
 * the callees it dominates; a function that is not replaced has its callees judged in turn.
 * Writes library_replacements.jsonl, symbols_library_pruned.jsonl and
 * translation_order_pruned.jsonl; symbols.jsonl is never touched.
 */
export async function libReplace(o: LibReplaceOptions): Promise<LibReplaceResult> {
  const root = o.root;
  const config = o.config ?? loadC2rustConfig(root);
  const symbolsPath = artifactPath(root, 'symbols');
  const symbols = loadSymbols(symbolsPath);
  const fns = symbols.filter((s) => s.category === 'function' && s.defined !== false);
  const byId = new Map(symbols.map((s) => [s.id, s]));
  const graph = callGraph(functionGraph(symbols));
  const scanRoots = findRoots(symbols);
  const start = startRoots(root, config, fns, scanRoots);
  const entries = [...new Set([...scanRoots, ...start.ids])];
  const idom = immediateDominators(graph, entries);
  const checkpoint = new Checkpoint(root, hashOf('lib-replace/1', fileHash(symbolsPath), config.disabled_libraries, config.allow_crates, config.extra_notes, o.group ?? ''));

  const replaced = new Set<number>();
  const verdicts = new Map<number, Verdict>();
  const invalid: LibReplaceResult['invalid'] = [];
  let live = reachable(graph, entries);
  const inScope = reachable(graph, start.ids);
  const total = inScope.size;
  const queue = [...start.ids];
  const visited = new Set<number>();
  let judged = 0;
  let fromCheckpoint = 0;
  let budgetNote: string | undefined;
  while (queue.length > 0) {
    const id = queue.shift() as number;
    if (visited.has(id)) continue;
    visited.add(id);
    const fn = byId.get(id) as SymbolRecord;
    o.onProgress?.(visited.size, total, fn.name);
    // gone with a replaced caller that dominates it
    if (!live.has(id)) continue;
    const children = (graph.succ.get(id) ?? []).filter((c) => c !== id);
    if (ENTRY_NAMES.has(fn.name)) {
      queue.push(...children);
      continue;
    }
    let stored = checkpoint.get(id);
    if (stored) fromCheckpoint++;
    else {
      budgetNote = o.model.meter.exhausted();
      if (budgetNote) break;
      stored = await judge(o.model, root, config, { graph, byId, idom, id });
      checkpoint.put(id, stored);
    }
    judged++;
    if ('invalid' in stored) {
      invalid.push({ name: fn.name, reason: stored.invalid });
      queue.push(...children);
      continue;
    }
    verdicts.set(id, stored.verdict);
    if (decide(stored.verdict, config).apply) {
      replaced.add(id);
      live = reachable(graph, entries, replaced);
    } else queue.push(...children);
  }
  const notJudged = budgetNote ? [...inScope].filter((id) => !visited.has(id) && live.has(id) && !ENTRY_NAMES.has(byId.get(id)?.name ?? '')).length + 1 : 0;

  const pruned = prunedFunctions(graph, entries, replaced);
  // a function replaced early and later left unreachable by a replaced caller goes with that caller
  for (const id of pruned) replaced.delete(id);
  const records = buildRecords({ verdicts, replaced, pruned, config, byId, graph });
  const paths = writeOutputs(root, symbols, records, replaced, pruned);
  return {
    judged,
    fromCheckpoint,
    replaced: records.filter((r) => r.applied),
    notApplied: records.filter((r) => !r.applied),
    pruned: pruned.size,
    functionsBefore: fns.length,
    functionsAfter: fns.length - pruned.size,
    notJudged,
    ...(budgetNote ? { budgetNote } : {}),
    invalid,
    unknownRoots: start.unknown,
    paths,
  };
}

async function judge(
  model: StageModel,
  root: string,
  config: C2rustConfig,
  c: { graph: ReturnType<typeof callGraph>; byId: Map<number, SymbolRecord>; idom: Map<number, number>; id: number },
): Promise<StoredVerdict> {
  const fn = c.byId.get(c.id) as SymbolRecord;
  const task = evaluationTask(c.id, {
    projectRoot: root,
    graph: c.graph,
    byId: c.byId,
    dominated: dominatedBy(c.idom, c.id),
    disabled: config.disabled_libraries,
    allowCrates: config.allow_crates,
    notes: promptNotes(config),
  });
  const answer = await askForAnswer(model, {
    name: 'c2rust-lib-replace',
    role: EVALUATOR_ROLE,
    task,
    tag: VERDICT_TAG,
    usage: VERDICT_USAGE,
    parse: parseVerdict,
    root,
  });
  return answer.kind === 'answer' ? { name: fn.name, verdict: answer.value } : { name: fn.name, invalid: answer.reason };
}

function buildRecords(c: {
  verdicts: Map<number, Verdict>;
  replaced: Set<number>;
  pruned: Set<number>;
  config: C2rustConfig;
  byId: Map<number, SymbolRecord>;
  graph: ReturnType<typeof callGraph>;
}): ReplacementRecord[] {
  const out: ReplacementRecord[] = [];
  for (const [id, v] of [...c.verdicts].sort(([a], [b]) => a - b)) {
    if (!v.replaceable || c.pruned.has(id)) continue;
    const d = decide(v, c.config);
    const s = c.byId.get(id) as SymbolRecord;
    // what it takes with it: the pruned functions below it (one shared by two replaced callers is listed by both)
    const below = d.apply ? reachable(c.graph, [id]) : new Set<number>();
    const mine = [...c.pruned].filter((p) => below.has(p));
    out.push({
      id,
      name: s.name,
      file: s.file,
      start_line: s.start_line,
      kind: d.kind ?? 'std',
      applied: d.apply,
      ...(d.apply ? {} : { reason: d.reason }),
      libraries: v.libraries,
      apis: v.apis,
      confidence: v.confidence,
      notes: v.notes,
      pruned: mine.sort((a, b) => a - b).map((p) => ({ id: p, name: c.byId.get(p)?.name ?? String(p) })),
    });
  }
  return out;
}

function writeOutputs(root: string, symbols: SymbolRecord[], records: ReplacementRecord[], replaced: Set<number>, pruned: Set<number>): LibReplaceResult['paths'] {
  const byReplaced = new Map(records.filter((r) => r.applied).map((r) => [r.id, r]));
  const fnIds = new Set(symbols.filter((s) => s.category === 'function').map((s) => s.id));
  const kept = symbols
    .filter((s) => !pruned.has(s.id))
    .map((s) => {
      const r = byReplaced.get(s.id);
      if (!r || !replaced.has(s.id)) return s;
      // a replaced function calls the library now: it no longer waits for its callees in the order
      return { ...s, ref_ids: s.ref_ids.filter((id) => !fnIds.has(id)), lib_replacement: { kind: r.kind, libraries: r.libraries, apis: r.apis, confidence: r.confidence, notes: r.notes } };
    });
  const jsonl = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n') + (rows.length > 0 ? '\n' : '');
  const paths = { replacements: artifactPath(root, 'libraryReplacements'), symbols: artifactPath(root, 'symbolsLibraryPruned'), order: artifactPath(root, 'translationOrderPruned') };
  writeFileAtomicSync(paths.symbols, jsonl(kept));
  writeFileAtomicSync(paths.order, jsonl(translationOrder(kept)));
  writeFileAtomicSync(paths.replacements, jsonl(records));
  return paths;
}
