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
  // A large state machine (bzip2's decompressor: fifty cases falling through into loops) nests
  // labelled blocks past what anyone reads or rustfmt formats: a flat dispatch loop instead.
  if (depth(ir) > MAX_NESTING) return { lines: flatDispatch(blocks, entry, rpo), usesDispatch: true };
  return { lines: printIr(ir), usesDispatch };
}

const MAX_NESTING = 20;

function depth(ir: IR): number {
  switch (ir.k) {
    case 'seq':
      return Math.max(0, ...ir.items.map(depth));
    case 'if':
      return 1 + Math.max(depth(ir.then), depth(ir.else));
    case 'match':
      return 1 + Math.max(0, ...ir.arms.map((a) => depth(a.body)));
    case 'loop':
    case 'block':
      return 1 + depth(ir.body);
    default:
      return 0;
  }
}

/**
 * `loop { match current_block { … } }` with one arm per basic block (straight-line chains
 * merged into one arm), numbered in reverse postorder so the arms read top to bottom.
 */
function flatDispatch(blocks0: Map<number, BasicBlock>, entry0: number, rpo0: number[]): string[] {
  // The loop-entry dispatch blocks made earlier are redundant here: jump to their targets directly.
  const through = new Map<number, number>();
  for (const [id, b] of blocks0) {
    const m = b.stmts.length === 1 ? new RegExp(`^${DISPATCH_VAR} = (\\d+);$`).exec(b.stmts[0] as string) : null;
    const d = m && b.term?.k === 'goto' ? blocks0.get(b.term.to) : undefined;
    if (!m || d?.term?.k !== 'switch' || d.term.scrut !== DISPATCH_VAR) continue;
    through.set(id, d.term.arms.find((a) => a.pats.includes(m[1] as string))?.to ?? d.term.dflt);
  }
  const blocks = new Map<number, BasicBlock>();
  for (const [id, b] of blocks0) {
    if (through.has(id)) continue;
    const term = b.term ? cloneTerm(b.term) : undefined;
    if (term) for (const [from, to] of through) retarget(term, from, to);
    blocks.set(id, { ...b, term });
  }
  const entry = through.get(entry0) ?? entry0;
  const live = reachable(blocks, entry);
  for (const id of [...blocks.keys()]) if (!live.has(id)) blocks.delete(id);
  const rpo = reversePostorder(entry, (n) => successors(blocks.get(n)?.term));
  void rpo0;
  const preds = new Map<number, number>();
  for (const b of blocks.values()) for (const s of successors(b.term)) preds.set(s, (preds.get(s) ?? 0) + 1);
  const absorbed = new Set<number>();
  const arm = (id: number): string[] => {
    const out: string[] = [];
    let b = blocks.get(id) as BasicBlock;
    for (;;) {
      out.push(...b.stmts);
      const t = b.term as Term;
      // Follow a goto into a block nothing else jumps to: it is the same arm.
      if (t.k === 'goto' && t.to !== entry && (preds.get(t.to) ?? 0) === 1 && t.to !== id && !absorbed.has(t.to)) {
        absorbed.add(t.to);
        b = blocks.get(t.to) as BasicBlock;
        continue;
      }
      out.push(...jumpTo(t));
      return out;
    }
  };
  const number = new Map(rpo.map((n, i) => [n, i]));
  const go = (to: number) => `${DISPATCH_VAR} = ${number.get(to) ?? 0};`;
  const jumpTo = (t: Term): string[] => {
    switch (t.k) {
      case 'goto':
        return [go(t.to)];
      case 'if':
        return [`if ${t.cond.code} {`, go(t.then), '} else {', go(t.else), '}'];
      case 'switch':
        return [`${DISPATCH_VAR} = match ${t.scrut} {`, ...t.arms.map((a) => `${a.pats.join(' | ')} => ${number.get(a.to) ?? 0},`), `_ => ${number.get(t.dflt) ?? 0},`, '};'];
      default:
        return [t.code];
    }
  };
  const arms: string[] = [];
  for (const id of rpo) {
    if (absorbed.has(id)) continue;
    const body = arm(id);
    arms.push(`${number.get(id)} => {`, ...body, '}');
  }
  return [`${DISPATCH_VAR} = ${number.get(entry) ?? 0};`, 'loop {', `match ${DISPATCH_VAR} {`, ...arms, '_ => unreachable!(),', '}', '}'];
}

function cloneTerm(t: Term): Term {
  return t.k === 'switch' ? { ...t, arms: t.arms.map((a) => ({ ...a, pats: [...a.pats] })) } : { ...t };
}
