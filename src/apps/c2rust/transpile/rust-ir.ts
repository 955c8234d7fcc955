import { negateExpr, type RExpr } from './rexpr.js';

/** Structured control flow produced from a graph, before it is printed as Rust. */
export type IR =
  | { k: 'seq'; items: IR[] }
  | { k: 'stmts'; lines: string[] }
  | { k: 'if'; cond: RExpr; then: IR; else: IR }
  | { k: 'match'; scrut: string; arms: { pats: string[]; body: IR }[] }
  | { k: 'loop'; label: string; body: IR }
  | { k: 'block'; label: string; body: IR }
  | { k: 'break'; label: string }
  | { k: 'continue'; label: string };

const EMPTY: IR = { k: 'seq', items: [] };

function isEmpty(ir: IR): boolean {
  return (ir.k === 'seq' && ir.items.every(isEmpty)) || (ir.k === 'stmts' && ir.lines.length === 0);
}

/** Removes jumps that only go where control would go anyway, then labels nobody jumps to. */
export function simplify(ir: IR): IR {
  switch (ir.k) {
    case 'seq': {
      const items: IR[] = [];
      for (const it of ir.items.map(simplify)) {
        if (isEmpty(it)) continue;
        if (it.k === 'seq') items.push(...it.items);
        else items.push(it);
      }
      return items.length === 1 ? (items[0] as IR) : { k: 'seq', items };
    }
    case 'if':
      return { k: 'if', cond: ir.cond, then: simplify(ir.then), else: simplify(ir.else) };
    case 'match':
      return { k: 'match', scrut: ir.scrut, arms: ir.arms.map((a) => ({ pats: a.pats, body: simplify(a.body) })) };
    // Bottom-up, once: simplifying a body again after stripping its tail would redo every
    // nested level (exponential in the nesting depth a large state machine produces).
    case 'loop': {
      const body = stripTail(simplify(ir.body), 'continue', ir.label);
      return { k: 'loop', label: refs(body, ir.label) > 0 ? ir.label : '', body };
    }
    case 'block': {
      const body = stripTail(simplify(ir.body), 'break', ir.label);
      if (refs(body, ir.label) === 0) return body;
      return { k: 'block', label: ir.label, body };
    }
    default:
      return ir;
  }
}

/** Drops `kind label` where it is the last thing done (falling off the end does the same). */
function stripTail(ir: IR, kind: 'break' | 'continue', label: string): IR {
  switch (ir.k) {
    case 'break':
    case 'continue':
      return ir.k === kind && ir.label === label ? EMPTY : ir;
    case 'seq': {
      if (ir.items.length === 0) return ir;
      const items = [...ir.items];
      const last = stripTail(items[items.length - 1] as IR, kind, label);
      if (isEmpty(last)) items.pop();
      else items[items.length - 1] = last;
      return { k: 'seq', items };
    }
    case 'if':
      return { ...ir, then: stripTail(ir.then, kind, label), else: stripTail(ir.else, kind, label) };
    case 'match':
      return { ...ir, arms: ir.arms.map((a) => ({ pats: a.pats, body: stripTail(a.body, kind, label) })) };
    case 'block':
      return { ...ir, body: stripTail(ir.body, kind, label) };
    default:
      return ir;
  }
}

function refs(ir: IR, label: string): number {
  switch (ir.k) {
    case 'break':
    case 'continue':
      return ir.label === label ? 1 : 0;
    case 'seq':
      return ir.items.reduce((n, i) => n + refs(i, label), 0);
    case 'if':
      return refs(ir.then, label) + refs(ir.else, label);
    case 'match':
      return ir.arms.reduce((n, a) => n + refs(a.body, label), 0);
    case 'loop':
    case 'block':
      return refs(ir.body, label);
    default:
      return 0;
  }
}

export function printIr(ir: IR): string[] {
  switch (ir.k) {
    case 'seq':
      return ir.items.flatMap(printIr);
    case 'stmts':
      return ir.lines;
    case 'break':
      return [`break ${ir.label};`];
    case 'continue':
      return [`continue ${ir.label};`];
    case 'if': {
      const t = printIr(ir.then);
      const e = printIr(ir.else);
      const c = ir.cond.code;
      if (t.length === 0 && e.length === 0) return [`let _ = ${c};`];
      if (t.length === 0) return [`if ${negateExpr(ir.cond).code} {`, ...e, '}'];
      if (e.length === 0) return [`if ${c} {`, ...t, '}'];
      if (ir.else.k === 'if' && e[0]?.startsWith('if ')) return [`if ${c} {`, ...t, `} else ${e[0]}`, ...e.slice(1)];
      return [`if ${c} {`, ...t, '} else {', ...e, '}'];
    }
    case 'match':
      return [`match ${ir.scrut} {`, ...ir.arms.flatMap((a) => [`${a.pats.join(' | ')} => {`, ...printIr(a.body), '}']), '}'];
    case 'loop':
      return [`${ir.label ? `${ir.label}: ` : ''}loop {`, ...printIr(ir.body), '}'];
    case 'block':
      return [`${ir.label}: {`, ...printIr(ir.body), '}'];
  }
}
