import { stronglyConnected } from '../order.js';
import type { BasicBlock, Term } from './cfg.js';

export function successors(t: Term | undefined): number[] {
  if (!t) return [];
  switch (t.k) {
    case 'goto':
      return [t.to];
    case 'if':
      return [t.then, t.else];
    case 'switch':
      return [...t.arms.map((a) => a.to), t.dflt];
    default:
      return [];
  }
}

/** Retargets every edge of `t` from `from` to `to`. */
export function retarget(t: Term, from: number, to: number): void {
  if (t.k === 'goto' && t.to === from) t.to = to;
  else if (t.k === 'if') {
    if (t.then === from) t.then = to;
    if (t.else === from) t.else = to;
  } else if (t.k === 'switch') {
    for (const a of t.arms) if (a.to === from) a.to = to;
    if (t.dflt === from) t.dflt = to;
  }
}

/** One edge per target: `if c {x} else {x}` is a goto; switch arms to one block share a pattern list. */
export function normalize(t: Term): Term {
  if (t.k === 'if' && t.then === t.else) return { k: 'goto', to: t.then };
  if (t.k === 'switch') {
    const byTarget = new Map<number, string[]>();
    for (const a of t.arms) {
      if (a.to === t.dflt) continue;
      byTarget.set(a.to, [...(byTarget.get(a.to) ?? []), ...a.pats]);
    }
    if (byTarget.size === 0) return { k: 'goto', to: t.dflt };
    return { k: 'switch', scrut: t.scrut, dflt: t.dflt, arms: [...byTarget].map(([to, pats]) => ({ pats, to })) };
  }
  return t;
}

/** Blocks reachable from the entry. */
export function reachable(blocks: Map<number, BasicBlock>, entry: number): Set<number> {
  const seen = new Set<number>();
  const stack = [entry];
  while (stack.length > 0) {
    const b = stack.pop() as number;
    if (seen.has(b)) continue;
    seen.add(b);
    for (const s of successors(blocks.get(b)?.term)) stack.push(s);
  }
  return seen;
}

/** Strongly connected components of the subgraph on `nodes` (the call graph's Tarjan). */
export function sccs(nodes: Set<number>, succ: (n: number) => number[]): number[][] {
  return stronglyConnected(new Map([...nodes].map((n) => [n, succ(n).filter((s) => nodes.has(s))])));
}

/** Reverse postorder from the entry. */
export function reversePostorder(entry: number, succ: (n: number) => number[]): number[] {
  const seen = new Set<number>();
  const post: number[] = [];
  const work: { n: number; it: number[]; i: number }[] = [{ n: entry, it: succ(entry), i: 0 }];
  seen.add(entry);
  while (work.length > 0) {
    const top = work[work.length - 1] as { n: number; it: number[]; i: number };
    if (top.i < top.it.length) {
      const w = top.it[top.i++] as number;
      if (!seen.has(w)) {
        seen.add(w);
        work.push({ n: w, it: succ(w), i: 0 });
      }
      continue;
    }
    work.pop();
    post.push(top.n);
  }
  return post.reverse();
}

/** Immediate dominators (Cooper, Harvey, Kennedy), over nodes in reverse postorder. */
export function dominators(rpo: number[], preds: (n: number) => number[]): Map<number, number> {
  const order = new Map(rpo.map((n, i) => [n, i]));
  const idom = new Map<number, number>();
  const entry = rpo[0] as number;
  idom.set(entry, entry);
  const intersect = (a: number, b: number): number => {
    while (a !== b) {
      while ((order.get(a) as number) > (order.get(b) as number)) a = idom.get(a) as number;
      while ((order.get(b) as number) > (order.get(a) as number)) b = idom.get(b) as number;
    }
    return a;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const n of rpo.slice(1)) {
      let nd: number | undefined;
      for (const p of preds(n)) {
        if (!idom.has(p) || !order.has(p)) continue;
        nd = nd === undefined ? p : intersect(p, nd);
      }
      if (nd !== undefined && idom.get(n) !== nd) {
        idom.set(n, nd);
        changed = true;
      }
    }
  }
  return idom;
}
