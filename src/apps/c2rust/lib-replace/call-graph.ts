/**
 * The call graph lib-replace walks, and the dominator analysis that decides what a replaced
 * function takes with it. A callee goes only when every path from an entry to it passes
 * through replaced functions: a helper that a kept function still calls stays, or the crate
 * would lose a function it needs.
 */

export interface CallGraph {
  /** every function id, ascending */
  nodes: number[];
  succ: Map<number, number[]>;
  pred: Map<number, number[]>;
}

export function callGraph(succ: ReadonlyMap<number, readonly number[]>): CallGraph {
  const nodes = [...succ.keys()].sort((a, b) => a - b);
  const s = new Map<number, number[]>();
  const p = new Map<number, number[]>(nodes.map((n) => [n, []]));
  for (const n of nodes) {
    const out = [...new Set(succ.get(n) ?? [])].filter((m) => succ.has(m));
    s.set(n, out);
    for (const m of out) if (m !== n) p.get(m)?.push(n);
  }
  return { nodes, succ: s, pred: p };
}

/** Everything reachable from `from` (itself included), without following edges out of `stop`. */
export function reachable(g: CallGraph, from: Iterable<number>, stop: ReadonlySet<number> = new Set()): Set<number> {
  const seen = new Set<number>();
  const work = [...from].filter((n) => g.succ.has(n));
  for (const n of work) seen.add(n);
  while (work.length > 0) {
    const n = work.pop() as number;
    if (stop.has(n)) continue;
    for (const m of g.succ.get(n) ?? []) {
      if (!seen.has(m)) {
        seen.add(m);
        work.push(m);
      }
    }
  }
  return seen;
}

const ENTRY = -1;

/**
 * Immediate dominators of every function reachable from `entries`, seen from one virtual
 * entry that calls them all (Cooper, Harvey and Kennedy, "A Simple, Fast Dominance
 * Algorithm", 2001: iterate over reverse postorder until nothing changes). A function whose
 * only dominator is the virtual entry maps to -1.
 */
export function immediateDominators(g: CallGraph, entries: readonly number[]): Map<number, number> {
  const roots = [...new Set(entries)].filter((e) => g.succ.has(e));
  // reverse postorder from the virtual entry, iteratively (call chains can be deep)
  const post: number[] = [];
  const seen = new Set<number>([ENTRY]);
  const stack: { n: number; i: number }[] = [{ n: ENTRY, i: 0 }];
  const next = (n: number) => (n === ENTRY ? roots : (g.succ.get(n) ?? []));
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as { n: number; i: number };
    const out = next(top.n);
    if (top.i < out.length) {
      const m = out[top.i++] as number;
      if (!seen.has(m)) {
        seen.add(m);
        stack.push({ n: m, i: 0 });
      }
      continue;
    }
    stack.pop();
    post.push(top.n);
  }
  const order = new Map(post.map((n, i) => [n, i]));
  const rpo = [...post].reverse();
  const preds = (n: number) => [...(g.pred.get(n) ?? []), ...(roots.includes(n) ? [ENTRY] : [])].filter((p) => order.has(p));
  const idom = new Map<number, number>([[ENTRY, ENTRY]]);
  const intersect = (a: number, b: number) => {
    while (a !== b) {
      while ((order.get(a) as number) < (order.get(b) as number)) a = idom.get(a) as number;
      while ((order.get(b) as number) < (order.get(a) as number)) b = idom.get(b) as number;
    }
    return a;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const n of rpo) {
      if (n === ENTRY) continue;
      const done = preds(n).filter((p) => idom.has(p));
      if (done.length === 0) continue;
      let d = done[0] as number;
      for (const p of done.slice(1)) d = intersect(p, d);
      if (idom.get(n) !== d) {
        idom.set(n, d);
        changed = true;
      }
    }
  }
  idom.delete(ENTRY);
  return idom;
}

/** The functions `root` strictly dominates: the ones that go when it is replaced and nothing else is. */
export function dominatedBy(idom: ReadonlyMap<number, number>, root: number): number[] {
  const children = new Map<number, number[]>();
  for (const [n, d] of idom) if (n !== d) children.set(d, [...(children.get(d) ?? []), n]);
  const out: number[] = [];
  const work = [...(children.get(root) ?? [])];
  while (work.length > 0) {
    const n = work.pop() as number;
    out.push(n);
    work.push(...(children.get(n) ?? []));
  }
  return out.sort((a, b) => a - b);
}

/**
 * What goes when `replaced` are replaced by libraries: the functions no entry reaches any more
 * once the replaced functions' calls are cut. These are exactly the functions the replaced set
 * dominates; for a single replaced function, its dominator subtree. Replaced functions
 * themselves stay (they keep their record, now a library call).
 */
export function prunedFunctions(g: CallGraph, entries: readonly number[], replaced: ReadonlySet<number>): Set<number> {
  const before = reachable(g, entries);
  const after = reachable(g, entries, replaced);
  const out = new Set<number>();
  for (const n of before) if (!after.has(n)) out.add(n);
  return out;
}
