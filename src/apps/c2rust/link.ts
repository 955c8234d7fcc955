import type { DeclFact, FnFact, TuFacts, TypeFact, VarFact } from './extract.js';
import type { SymbolRecord } from './symbols.js';

export interface LinkInput {
  facts: TuFacts;
  /** Function-like macros of a raw-parsed unit: calls to them count as calls in their bodies. */
  macros?: Map<string, string[]>;
}

export interface Linked {
  /** Defined functions and types: the content of symbols.jsonl. */
  symbols: SymbolRecord[];
  /** symbols plus header declarations without a definition and global variables. */
  raw: SymbolRecord[];
  stats: { callEdges: number; externalCalls: number; unresolvedCalls: number };
}

interface DefEntry {
  fact: FnFact;
  callNames: string[];
  targets: string[];
  fnValues: string[];
  unresolved: Map<string, { expr: string; line: number }>;
}

const keyOf = (f: { file: string; startLine: number; name: string }) => `${f.file}:${f.startLine}:${f.name}`;
const byPlace = (a: { file: string; startLine: number; name: string }, b: { file: string; startLine: number; name: string }) =>
  a.file < b.file ? -1 : a.file > b.file ? 1 : a.startLine - b.startLine || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * Resolves every unit's calls and merges the units into one symbol table. A call resolves to a
 * definition in its own unit first (so a static helper wins), then to an externally visible one
 * elsewhere; a name bound to a variable is a call through a pointer; anything else is a library call.
 */
export function link(inputs: LinkInput[]): Linked {
  const defs = new Map<string, DefEntry>();
  const external = new Map<string, string[]>();
  for (const { facts } of inputs) {
    for (const f of facts.functions) {
      const k = keyOf(f);
      if (!defs.has(k)) defs.set(k, { fact: f, callNames: [], targets: [], fnValues: [], unresolved: new Map() });
      if (f.storage !== 'static') {
        const list = external.get(f.name) ?? [];
        if (!list.includes(k)) list.push(k);
        external.set(f.name, list);
      }
    }
  }
  for (const list of external.values()) list.sort();

  for (const { facts, macros } of inputs) {
    const local = new Map<string, string>();
    for (const f of facts.functions) if (!local.has(f.name)) local.set(f.name, keyOf(f));
    const localVars = new Set(facts.vars.map((v) => v.name));
    const resolve = (name: string, fromFile: string): string | undefined => {
      const own = local.get(name);
      if (own) return own;
      const candidates = external.get(name);
      if (!candidates) return undefined;
      // Several programs in one tree may each define e.g. `main` or `usage`: prefer the nearest.
      const dir = fromFile.slice(0, fromFile.lastIndexOf('/') + 1);
      return candidates.find((k) => k.startsWith(fromFile + ':')) ?? candidates.find((k) => k.startsWith(dir) && !k.slice(dir.length).includes('/')) ?? candidates[0];
    };
    for (const f of facts.functions) {
      const entry = defs.get(keyOf(f)) as DefEntry;
      // A header definition seen by several units is resolved in each; the results are merged.
      const addCall = (name: string, line: number, depth: number) => {
        const target = resolve(name, f.file);
        if (target) {
          push(entry.callNames, name);
          push(entry.targets, target);
          return;
        }
        const macroCalls = macros?.get(name);
        if (macroCalls && depth < 8) {
          for (const inner of macroCalls) addCall(inner, line, depth + 1);
          return;
        }
        if (localVars.has(name)) {
          entry.unresolved.set(`${name}@${line}`, { expr: name, line });
          return;
        }
        push(entry.callNames, name);
      };
      for (const c of f.calls) addCall(c.name, c.line, 0);
      for (const u of f.unresolved) entry.unresolved.set(`${u.expr}@${u.line}`, u);
      for (const v of f.valueRefs) {
        if (localVars.has(v) && !local.has(v)) continue;
        const target = resolve(v, f.file);
        if (target && target !== keyOf(f)) push(entry.fnValues, target);
      }
    }
  }

  const fnEntries = [...defs.values()].sort((a, b) => byPlace(a.fact, b.fact));
  const types = dedupe(inputs.flatMap((i) => i.facts.types)).sort(byPlace);
  const ids = new Map<string, number>();
  let next = 1;
  for (const e of fnEntries) ids.set(keyOf(e.fact), next++);
  const typeIds = new Map<string, number>();
  for (const t of types) {
    const id = next++;
    ids.set(keyOf(t), id);
    if (!typeIds.has(t.name)) typeIds.set(t.name, id);
  }
  const nameOfId = new Map<number, string>();
  for (const e of fnEntries) nameOfId.set(ids.get(keyOf(e.fact)) as number, e.fact.name);

  let callEdges = 0;
  let externalCalls = 0;
  let unresolvedCalls = 0;
  const symbols: SymbolRecord[] = [];
  for (const e of fnEntries) {
    const f = e.fact;
    const targetIds = e.targets.map((k) => ids.get(k) as number);
    const valueIds = e.fnValues.map((k) => ids.get(k) as number).filter((id) => !targetIds.includes(id));
    const typeRefs = f.typeRefs.filter((t) => typeIds.has(t));
    const projectCallees = new Set(e.targets.map((k) => k.slice(k.lastIndexOf(':') + 1)));
    callEdges += e.targets.length;
    externalCalls += e.callNames.filter((n) => !projectCallees.has(n)).length;
    unresolvedCalls += e.unresolved.size;
    symbols.push({
      id: ids.get(keyOf(f)) as number,
      category: 'function',
      name: f.name,
      qualified_name: f.qualifiedName,
      file: f.file,
      start_line: f.startLine,
      end_line: f.endLine,
      signature: f.signature,
      return_type: f.returnType,
      params: f.params,
      ref: [...e.callNames, ...valueIds.map((id) => nameOfId.get(id) as string), ...typeRefs],
      ref_ids: [...targetIds, ...valueIds, ...typeRefs.map((t) => typeIds.get(t) as number)],
      language: f.language,
      defined: true,
      storage: f.storage,
      inline: f.inline,
      calls: e.callNames,
      unresolved_calls: [...e.unresolved.values()],
    });
  }
  for (const t of types) symbols.push(typeRecord(t, ids.get(keyOf(t)) as number, typeIds));

  const raw = [...symbols];
  const definedNames = new Set(fnEntries.map((e) => e.fact.name));
  for (const d of dedupe(inputs.flatMap((i) => i.facts.decls)).sort(byPlace)) {
    if (definedNames.has(d.name)) continue;
    raw.push(declRecord(d, next++));
  }
  for (const v of dedupe(inputs.flatMap((i) => i.facts.vars)).sort(byPlace)) raw.push(varRecord(v, next++, typeIds));
  return { symbols, raw, stats: { callEdges, externalCalls, unresolvedCalls } };
}

function typeRecord(t: TypeFact, id: number, typeIds: Map<string, number>): SymbolRecord {
  const refs = [...new Set([...t.typeRefs, ...t.fields.flatMap((f) => f.type.split(/[^A-Za-z0-9_]+/))])].filter((n) => n !== t.name && typeIds.has(n));
  return {
    id,
    category: 'type',
    name: t.name,
    qualified_name: t.qualifiedName,
    file: t.file,
    start_line: t.startLine,
    end_line: t.endLine,
    signature: t.signature,
    return_type: '',
    params: [],
    ref: refs,
    ref_ids: refs.map((r) => typeIds.get(r) as number),
    language: t.language,
    kind: t.kind,
    fields: t.fields,
    ...(t.underlying !== undefined ? { underlying: t.underlying } : {}),
  };
}

function declRecord(d: DeclFact, id: number): SymbolRecord {
  return {
    id,
    category: 'function',
    name: d.name,
    qualified_name: d.qualifiedName,
    file: d.file,
    start_line: d.startLine,
    end_line: d.endLine,
    signature: d.signature,
    return_type: d.returnType,
    params: d.params,
    ref: [],
    ref_ids: [],
    language: d.language,
    defined: false,
    storage: d.storage,
  };
}

function varRecord(v: VarFact, id: number, typeIds: Map<string, number>): SymbolRecord {
  const refs = v.type.split(/[^A-Za-z0-9_]+/).filter((n) => typeIds.has(n));
  return {
    id,
    category: 'variable',
    name: v.name,
    qualified_name: v.qualifiedName,
    file: v.file,
    start_line: v.startLine,
    end_line: v.endLine,
    signature: `${v.type} ${v.name}`,
    return_type: v.type,
    params: [],
    ref: refs,
    ref_ids: refs.map((r) => typeIds.get(r) as number),
    language: v.language,
    storage: v.storage,
  };
}

function dedupe<T extends { file: string; startLine: number; name: string }>(items: T[]): T[] {
  const seen = new Map<string, T>();
  for (const i of items) if (!seen.has(keyOf(i))) seen.set(keyOf(i), i);
  return [...seen.values()];
}

function push<T>(list: T[], v: T): void {
  if (!list.includes(v)) list.push(v);
}
