import type { OrderStep, SymbolRecord } from './symbols.js';

/** Function → functions it uses (calls or takes the address of), by id; self-calls stay in. */
export function functionGraph(symbols: readonly SymbolRecord[]): Map<number, number[]> {
  const fnIds = new Set(symbols.filter((s) => s.category === 'function' && s.defined !== false).map((s) => s.id));
  const graph = new Map<number, number[]>();
  for (const s of symbols) {
    if (!fnIds.has(s.id)) continue;
    graph.set(s.id, [...new Set(s.ref_ids.filter((id) => fnIds.has(id)))]);
  }
  return graph;
}

/**
 * Strongly connected components, iterative Tarjan (no recursion limit on deep call chains).
 * Components come out callees first: each one after every component it can reach.
 */
export function stronglyConnected(graph: ReadonlyMap<number, readonly number[]>): number[][] {
  const index = new Map<number, number>();
  const low = new Map<number, number>();
  const onStack = new Set<number>();
  const stack: number[] = [];
  const out: number[][] = [];
  let counter = 0;
  const nodes = [...graph.keys()].sort((a, b) => a - b);
  for (const start of nodes) {
    if (index.has(start)) continue;
    const work: { v: number; i: number }[] = [{ v: start, i: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const top = work[work.length - 1] as { v: number; i: number };
      const edges = graph.get(top.v) ?? [];
      if (top.i < edges.length) {
        const w = edges[top.i++] as number;
        if (!graph.has(w) || w === top.v) continue;
        if (!index.has(w)) {
          index.set(w, counter);
          low.set(w, counter++);
          stack.push(w);
          onStack.add(w);
          work.push({ v: w, i: 0 });
        } else if (onStack.has(w)) low.set(top.v, Math.min(low.get(top.v) as number, index.get(w) as number));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.v, Math.min(low.get(parent.v) as number, low.get(top.v) as number));
      if (low.get(top.v) === index.get(top.v)) {
        const comp: number[] = [];
        let w: number;
        do {
          w = stack.pop() as number;
          onStack.delete(w);
          comp.push(w);
        } while (w !== top.v);
        out.push(comp.sort((a, b) => a - b));
      }
    }
  }
  return out;
}

/** One step per component, callees before callers; mutually recursive functions share a step. */
export function translationOrder(symbols: readonly SymbolRecord[]): OrderStep[] {
  const byId = new Map(symbols.map((s) => [s.id, s]));
  return stronglyConnected(functionGraph(symbols)).map((ids, i) => ({
    step: i + 1,
    ids,
    items: ids.map((id) => byId.get(id) as SymbolRecord),
  }));
}

/**
 * Functions nobody else calls (`main` among them). A cycle that nothing outside calls would
 * otherwise be unreachable from every root, so its lowest id stands in as a root.
 */
export function findRoots(symbols: readonly SymbolRecord[]): number[] {
  const graph = functionGraph(symbols);
  const called = new Set<number>();
  for (const [from, tos] of graph) for (const to of tos) if (to !== from) called.add(to);
  const roots = new Set([...graph.keys()].filter((id) => !called.has(id)));
  const comps = stronglyConnected(graph);
  const compOf = new Map<number, number>();
  comps.forEach((c, i) => c.forEach((id) => compOf.set(id, i)));
  const enteredFromOutside = new Set<number>();
  for (const [from, tos] of graph) for (const to of tos) if (compOf.get(from) !== compOf.get(to)) enteredFromOutside.add(compOf.get(to) as number);
  comps.forEach((c, i) => {
    if (c.length > 1 && !enteredFromOutside.has(i)) roots.add(c[0] as number);
  });
  return [...roots].sort((a, b) => a - b);
}

/** Components that are real cycles: two or more functions, or one that calls itself. */
export function countCycles(symbols: readonly SymbolRecord[]): number {
  const self = new Set(symbols.filter((s) => s.category === 'function' && s.ref_ids.includes(s.id)).map((s) => s.id));
  return stronglyConnected(functionGraph(symbols)).filter((c) => c.length > 1 || self.has(c[0] as number)).length;
}
