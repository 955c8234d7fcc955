import type { BasicBlock, Term } from './cfg.js';
import { dominators, normalize, reachable, retarget, reversePostorder, sccs, successors } from './cfg-graph.js';
import { printIr, simplify, type IR } from './rust-ir.js';

export const DISPATCH_VAR = 'current_block';

/**
 * Structures a control-flow graph into Rust loops, labelled blocks, `break` and `continue`
 * (Ramsey, "Beyond Relooper", 2022): dominator-tree children with several forward
 * predecessors become labelled blocks that end just before them; loop headers become `loop`s.
 * That needs a reducible graph, so a loop entered at several points first gets one entry that
 * dispatches on a `current_block` variable set on the way in (c2rust's fallback, but only for
 * the loops that need it).
 */
export function structure(blocksIn: BasicBlock[], entry0: number): { lines: string[]; usesDispatch: boolean } {
  const blocks = new Map<number, BasicBlock>();
  for (const b of blocksIn) blocks.set(b.id, { ...b, stmts: [...b.stmts], term: b.term ? normalize(cloneTerm(b.term)) : { k: 'return', code: 'return;' } });
  let nextId = Math.max(...blocksIn.map((b) => b.id)) + 1;
  const live = reachable(blocks, entry0);
  for (const id of [...blocks.keys()]) if (!live.has(id)) blocks.delete(id);
  let entry = entry0;
  let usesDispatch = false;
  const newBlock = (stmts: string[], term: Term): number => {
    const id = nextId++;
    blocks.set(id, { id, stmts, term });
    return id;
  };
  const succ = (n: number) => successors(blocks.get(n)?.term);
  const predsOf = (): Map<number, number[]> => {
    const m = new Map<number, number[]>();
    for (const [id, b] of blocks) for (const s of successors(b.term)) m.set(s, [...(m.get(s) ?? []), id]);
    return m;
  };

  // Make every loop single-entry.
  const fix = (nodes: Set<number>): void => {
    for (const comp of sccs(nodes, succ)) {
      const set = new Set(comp);
      const only = comp[0] as number;
      if (comp.length === 1 && !succ(only).includes(only)) continue;
      const preds = predsOf();
      const entries = comp.filter((n) => n === entry || (preds.get(n) ?? []).some((p) => !set.has(p))).sort((a, b) => a - b);
      let header: number;
      if (entries.length > 1) {
        usesDispatch = true;
        const arms = entries.map((e, i) => ({ pats: [String(i)], to: e }));
        const last = arms.pop() as { pats: string[]; to: number };
        const d = newBlock([], { k: 'switch', scrut: DISPATCH_VAR, arms, dflt: last.to });
        // Every edge into an entry, from outside or from inside the loop, goes through the
        // dispatch: otherwise the cycles between entries would still be entered at two points.
        entries.forEach((e, i) => {
          for (const p of preds.get(e) ?? []) {
            const setter = newBlock([`${DISPATCH_VAR} = ${i};`], { k: 'goto', to: d });
            retarget(blocks.get(p)?.term as Term, e, setter);
            if (set.has(p)) set.add(setter);
          }
          if (e === entry) entry = newBlock([`${DISPATCH_VAR} = ${i};`], { k: 'goto', to: d });
        });
        set.add(d);
        header = d;
      } else header = entries[0] ?? only;
      set.delete(header);
      fix(set);
    }
  };
  fix(new Set(blocks.keys()));

  const rpo = reversePostorder(entry, succ);
  const order = new Map(rpo.map((n, i) => [n, i]));
  const preds = predsOf();
  const idom = dominators(rpo, (n) => preds.get(n) ?? []);
  const domChildren = new Map<number, number[]>();
  for (const n of rpo) {
    const d = idom.get(n);
    if (d !== undefined && d !== n) domChildren.set(d, [...(domChildren.get(d) ?? []), n]);
  }
  const rpoOf = (n: number) => order.get(n) ?? 0;
  const isBack = (from: number, to: number) => rpoOf(to) <= rpoOf(from);
  const forwardPreds = (n: number) => (preds.get(n) ?? []).filter((p) => order.has(p) && !isBack(p, n)).length;
  const isMerge = (n: number) => forwardPreds(n) >= 2;
  const isLoopHeader = (n: number) => (preds.get(n) ?? []).some((p) => order.has(p) && isBack(p, n));
  const labelOf = (n: number, kind: 'loop' | 'block') => `'${kind === 'loop' ? 'loop' : 'bb'}${n}`;

  type Ctx = { kind: 'loop' | 'block'; node: number }[];

  const doBranch = (from: number, to: number, ctx: Ctx): IR => {
    if (isBack(from, to)) return { k: 'continue', label: labelOf(to, 'loop') };
    if (isMerge(to)) return { k: 'break', label: labelOf(to, 'block') };
    return doTree(to, ctx);
  };

  const nodeWithin = (x: number, ys: number[], ctx: Ctx): IR => {
    if (ys.length === 0) {
      const b = blocks.get(x) as BasicBlock;
      return { k: 'seq', items: [{ k: 'stmts', lines: b.stmts }, termIr(x, b.term as Term, ctx)] };
    }
    const y = ys[ys.length - 1] as number;
    const inner = nodeWithin(x, ys.slice(0, -1), [{ kind: 'block', node: y }, ...ctx]);
    return { k: 'seq', items: [{ k: 'block', label: labelOf(y, 'block'), body: inner }, doTree(y, ctx)] };
  };

  const termIr = (x: number, t: Term, ctx: Ctx): IR => {
    switch (t.k) {
      case 'goto':
        return doBranch(x, t.to, ctx);
      case 'if':
        return { k: 'if', cond: t.cond, then: doBranch(x, t.then, ctx), else: doBranch(x, t.else, ctx) };
      case 'switch':
        return { k: 'match', scrut: t.scrut, arms: [...t.arms.map((a) => ({ pats: a.pats, body: doBranch(x, a.to, ctx) })), { pats: ['_'], body: doBranch(x, t.dflt, ctx) }] };
      default:
        return { k: 'stmts', lines: [t.code] };
    }
  };

  const doTree = (x: number, ctx: Ctx): IR => {
    const ys = (domChildren.get(x) ?? []).filter(isMerge).sort((a, b) => rpoOf(a) - rpoOf(b));
    if (isLoopHeader(x)) return { k: 'loop', label: labelOf(x, 'loop'), body: nodeWithin(x, ys, [{ kind: 'loop', node: x }, ...ctx]) };
    return nodeWithin(x, ys, ctx);
  };

  const ir = simplify(doTree(entry, []));
  return { lines: printIr(ir), usesDispatch };
}

function cloneTerm(t: Term): Term {
  return t.k === 'switch' ? { ...t, arms: t.arms.map((a) => ({ ...a, pats: [...a.pats] })) } : { ...t };
}
