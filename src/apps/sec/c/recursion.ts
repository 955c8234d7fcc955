/**
 * Uncontrolled recursion (CWE-674): a cycle of calls (a function calling itself, or `expr →
 * term → factor → expr`) whose depth the input decides, with nothing counting the depth.
 *
 * The depth follows input when the cycle walks something the input shapes: text it parses
 * (it advances a cursor and compares characters), a directory tree (it lists or enters
 * directories), or a linked structure (it recurses into a member pointing to its own type, in a
 * program that reads input and allocates such nodes). A cycle is bounded when a depth travels
 * with it (a parameter passed as `depth + 1`, or a counter stepped around the call) and is
 * compared somewhere in the cycle, or when each call halves what it works on (`mid`, `n / 2`).
 * Numeric recursion (`fact(n - 1)`) is left alone.
 */
import type { N } from './ast.js';
import { report, type FileCtx, type FnDef, type Frame, type Group, type Run } from './context.js';

interface Edge {
  from: FnDef;
  to: FnDef;
  call: N;
}

const INPUT_CALLS = /^(fgets|fread|read|recv|recvfrom|recvmsg|getline|getdelim|scanf|fscanf|sscanf|getc|fgetc|getchar|gets)$/;
const DIR_CALLS = /^(opendir|fdopendir|readdir|readdir_r|scandir|chdir|fchdir|openat|fstatat|nftw|ftw|fts_open|fts_read|S_ISDIR)$/;

function calls(fn: FnDef): N[] {
  const out: N[] = [];
  const stack: N[] = [fn.body];
  while (stack.length > 0) {
    const n = stack.pop() as N;
    if (n.t === 'call_expression') out.push(n);
    for (const c of n.c) stack.push(c);
    if (n.parts) for (const p of n.parts) if (p) stack.push(p);
  }
  return out.sort((a, b) => a.s - b.s);
}

const src = (fn: FnDef, n: N) => fn.file.src.slice(n.s, n.e);
const flat = (s: string) => s.replace(/\s+/g, '');

function calleeName(fn: FnDef, call: N): string | undefined {
  const c = call.c[0];
  return c?.t === 'identifier' ? src(fn, c) : undefined;
}

/** Strongly connected components with a cycle, each as its functions and the edges inside it. */
function cycles(fns: FnDef[], edges: Edge[]): Array<{ fns: FnDef[]; edges: Edge[] }> {
  const index = new Map<FnDef, number>();
  const low = new Map<FnDef, number>();
  const onStack = new Set<FnDef>();
  const stack: FnDef[] = [];
  const out: Array<{ fns: FnDef[]; edges: Edge[] }> = [];
  const next = new Map<FnDef, FnDef[]>();
  for (const e of edges) {
    const list = next.get(e.from);
    if (list) list.push(e.to);
    else next.set(e.from, [e.to]);
  }
  let counter = 0;
  const visit = (v: FnDef) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const comp: FnDef[] = [];
      let w: FnDef;
      do {
        w = stack.pop() as FnDef;
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      const set = new Set(comp);
      const inner = edges.filter((e) => set.has(e.from) && set.has(e.to));
      if (comp.length > 1 || inner.length > 0) out.push({ fns: comp, edges: inner });
    }
  };
  for (const f of fns) if (!index.has(f)) visit(f);
  return out;
}

/** A depth that travels with the recursion and is tested: `f(x, depth + 1)` and `depth > MAX`; `ctx->depth++` and a test of it. */
function depthLimited(cycle: { fns: FnDef[]; edges: Edge[] }): boolean {
  const conds: string[] = [];
  const up = new Set<string>();
  const down = new Set<string>();
  for (const fn of cycle.fns) {
    const stack: N[] = [fn.body];
    while (stack.length > 0) {
      const n = stack.pop() as N;
      if (n.t === 'if_statement' || n.t === 'while_statement' || n.t === 'conditional_expression' || n.t === 'switch_statement') {
        if (n.c[0]) conds.push(flat(src(fn, n.c[0])));
      } else if (n.t === 'for_statement' && n.parts?.[1]) conds.push(flat(src(fn, n.parts[1])));
      else if (n.t === 'return_statement' && n.c[0]?.t === 'conditional_expression' && n.c[0].c[0]) conds.push(flat(src(fn, n.c[0].c[0])));
      if ((n.t === 'update_expression' || (n.t === 'assignment_expression' && (n.op === '+=' || n.op === '-='))) && n.c[0]) {
        const dir = n.t === 'update_expression' ? n.op : n.op === '+=' ? '++' : '--';
        (dir === '++' ? up : down).add(flat(src(fn, n.c[0])));
      }
      for (const c of n.c) stack.push(c);
      if (n.parts) for (const p of n.parts) if (p) stack.push(p);
    }
  }
  const tested = (name: string) => {
    const esc = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const re = new RegExp(`(^|[^\\w.>])${esc}\\s*(<|<=|>|>=|==|!=)|(<|<=|>|>=|==|!=)\\s*${esc}($|[^\\w])|^!?${esc}$`);
    return conds.some((c) => re.test(c) || re.test(c.replace(/^\((.*)\)$/, '$1')));
  };
  // a parameter passed on as itself plus or minus something
  for (const e of cycle.edges) {
    const args = e.call.c[1]?.c ?? [];
    for (const a of args) {
      const t = flat(src(e.from, a));
      const m = /^(?:\(?([A-Za-z_]\w*(?:(?:->|\.)\w+)*)\)?[-+]\d+|(?:\+\+|--)([A-Za-z_]\w*(?:(?:->|\.)\w+)*)|([A-Za-z_]\w*(?:(?:->|\.)\w+)*)(?:\+\+|--))$/.exec(t);
      const name = m?.[1] ?? m?.[2] ?? m?.[3];
      // a pointer moved along is a cursor, not a depth
      const param = name ? e.from.params.find((p) => p.name === name) : undefined;
      if (name && (!param || (param.type.ptr === 0 && param.type.arr === undefined)) && tested(name)) return true;
    }
  }
  // a counter stepped up and back down in the cycle (`++ctx->depth` … `ctx->depth--`) and tested
  // there (a cursor only moves forward)
  for (const s of up) if (down.has(s) && tested(s)) return true;
  return false;
}

/** Each call works on half of what its caller had: `sort(a, lo, mid)`, `f(n / 2)`. */
function halving(cycle: { fns: FnDef[]; edges: Edge[] }): boolean {
  for (const e of cycle.edges) {
    const text = flat(src(e.from, e.call));
    if (/\/2\b|>>1\b/.test(text)) return true;
    const body = flat(src(e.from, e.from.body));
    for (const a of e.call.c[1]?.c ?? []) {
      const name = flat(src(e.from, a)).replace(/[-+]\d+$/, '');
      if (!/^\w+$/.test(name)) continue;
      if (new RegExp(`\\b${name}=[^;]*(/2\\b|>>1\\b)`).test(body)) return true;
    }
  }
  return false;
}

type Shape = 'text' | 'directory' | 'linked';

const localCache = new WeakMap<FnDef, Set<string>>();

/** Names declared in the function's body. */
function localsOf(fn: FnDef): Set<string> {
  let out = localCache.get(fn);
  if (out) return out;
  out = new Set();
  const stack: N[] = [fn.body];
  while (stack.length > 0) {
    const n = stack.pop() as N;
    if (n.t === 'declaration' || n.t === 'init_declarator') {
      for (const c of n.c) {
        let d: N | undefined = c;
        while (d && d.t !== 'identifier' && d.t.endsWith('declarator')) d = d.c.find((x) => x.t === 'identifier' || x.t.endsWith('declarator'));
        if (d?.t === 'identifier') out.add(src(fn, d));
      }
    }
    for (const c of n.c) stack.push(c);
    if (n.parts) for (const p of n.parts) if (p) stack.push(p);
  }
  localCache.set(fn, out);
  return out;
}

/** A variable declared at file scope in the function's file. */
function isGlobal(fn: FnDef, name: string): boolean {
  return fn.file.root.c.some((d) => d.t === 'declaration' && new RegExp(`\\b${name}\\b`).test(fn.file.src.slice(d.s, d.e)) && !/\(/.test(fn.file.src.slice(d.s, d.e)));
}

/** What the cycle walks, when it is something the input shapes. */
function shape(cycle: { fns: FnDef[]; edges: Edge[] }, group: Group): Shape | undefined {
  let advances = false;
  let comparesChars = false;
  for (const fn of cycle.fns) {
    for (const c of calls(fn)) if (DIR_CALLS.test(calleeName(fn, c) ?? '')) return 'directory';
    const text = src(fn, fn.body);
    if (/\bDT_DIR\b|\bS_ISDIR\s*\(/.test(text)) return 'directory';
    const stack: N[] = [fn.body];
    while (stack.length > 0) {
      const n = stack.pop() as N;
      // a cursor moved through memory the function was given: `p++`, `s->pos++`, `ps->p += n`
      if ((n.t === 'update_expression' || (n.t === 'assignment_expression' && (n.op === '+=' || n.op === '='))) && n.c[0]) {
        const target = n.c[0];
        const params = new Set(fn.params.map((p) => p.name));
        const root = /[A-Za-z_]\w*/.exec(src(fn, target))?.[0] ?? '';
        const moving = n.t !== 'assignment_expression' || n.op === '+=' || /^\(?\s*\w+\s*(\+|->|\.)/.test(src(fn, n.c[1] ?? target));
        // a cursor handed in (`s->pos++`, `(*p)++`), or one at file scope (`static const char *pos;`)
        const global = !params.has(root) && !localsOf(fn).has(root) && isGlobal(fn, root);
        if (moving && ((params.has(root) && (target.t === 'field_expression' || fn.params.find((p) => p.name === root)?.type.ptr)) || global)) advances = true;
      }
      // a character of the text tested against a character constant
      if ((n.t === 'binary_expression' && (n.op === '==' || n.op === '!=') && n.c.some((c) => c.t === 'char_literal')) || (n.t === 'case_statement' && n.c[0]?.t === 'char_literal')) comparesChars = true;
      for (const c of n.c) stack.push(c);
      if (n.parts) for (const p of n.parts) if (p) stack.push(p);
    }
  }
  // or the cursor handed on one further: `parse(p + 1)`
  for (const e of cycle.edges) {
    for (const [i, a] of (e.call.c[1]?.c ?? []).entries()) {
      const m = /^\(?([A-Za-z_]\w*)\)?\+\w+$|^\+\+([A-Za-z_]\w*)$/.exec(flat(src(e.from, a)));
      const name = m?.[1] ?? m?.[2];
      if (name && e.from.params.find((p) => p.name === name)?.type.ptr && e.to.params[i]?.type.ptr) advances = true;
    }
  }
  if (advances && comparesChars) return 'text';
  return linked(cycle, group) ? 'linked' : undefined;
}

/**
 * The recursion follows a member that points to its own struct type (`n->next`, `t->left`) in
 * a file that reads input and allocates such nodes: a list or tree as long or deep as the input.
 */
function linked(cycle: { fns: FnDef[]; edges: Edge[] }, group: Group): boolean {
  for (const e of cycle.edges) {
    const callee = e.to;
    for (const [i, a] of (e.call.c[1]?.c ?? []).entries()) {
      const m = /^\(?([A-Za-z_]\w*)(?:->|\.)(\w+)(?:\[[^\]]*\])?\)?$/.exec(flat(src(e.from, a)));
      const p = callee.params[i];
      if (!m || !p || p.type.ptr === 0) continue;
      const info = group.structs.get(p.type.base);
      const field = info?.fields.get(m[2] as string);
      if (!field || field.type.base !== p.type.base || field.type.ptr === 0) continue;
      const file = e.from.file;
      const text = file.src.slice(0, file.srcLen);
      const reads = [...file.fns.values()].some((fn) => calls(fn).some((c) => INPUT_CALLS.test(calleeName(fn, c) ?? '')));
      const allocs = new RegExp(`\\b(malloc|calloc|realloc)\\s*\\([^;]*sizeof\\s*\\(?\\s*(\\*|struct\\s+${p.type.base}\\b|${p.type.base}\\b)`).test(text);
      if (reads && allocs) return true;
    }
  }
  return false;
}

/** The call that closes the cycle, seen from where the program enters it. */
function closingCall(cycle: { fns: FnDef[]; edges: Edge[] }, entry: FnDef): Edge | undefined {
  const seen = new Set<FnDef>();
  const path = new Set<FnDef>();
  let found: Edge | undefined;
  const dfs = (f: FnDef) => {
    seen.add(f);
    path.add(f);
    for (const e of cycle.edges.filter((x) => x.from === f).sort((a, b) => a.call.s - b.call.s)) {
      if (found) return;
      if (path.has(e.to)) found = e;
      else if (!seen.has(e.to)) dfs(e.to);
    }
    path.delete(f);
  };
  dfs(entry);
  return found;
}

const CONFIDENCE: Record<Shape, number> = { text: 0.7, directory: 0.7, linked: 0.55 };
const WHAT: Record<Shape, string> = {
  text: 'how deeply the parsed text nests',
  directory: 'how deep the directory tree goes',
  linked: 'how long or deep the linked structure built from input is',
};

/** Reports the recursion cycles of the group's own files whose depth the input decides. */
export function checkRecursion(group: Group): void {
  const fns = group.files.filter((f) => f.owned).flatMap((f) => [...f.fns.values()]);
  const resolve = (file: FileCtx, name: string) => file.fns.get(name) ?? group.fns.get(name);
  const edges: Edge[] = [];
  const calledFromOutside = new Set<FnDef>();
  for (const fn of fns) {
    for (const call of calls(fn)) {
      const name = calleeName(fn, call);
      const to = name ? resolve(fn.file, name) : undefined;
      if (to) edges.push({ from: fn, to, call });
    }
  }
  for (const cycle of cycles(fns, edges)) {
    const inside = new Set(cycle.fns);
    for (const e of edges) if (!inside.has(e.from) && inside.has(e.to)) calledFromOutside.add(e.to);
    if (depthLimited(cycle) || halving(cycle)) continue;
    const kind = shape(cycle, group);
    if (!kind) continue;
    const ordered = [...cycle.fns].sort((a, b) => a.line - b.line);
    const entry = ordered.find((f) => calledFromOutside.has(f)) ?? ordered[0];
    const close = entry ? closingCall(cycle, entry) : undefined;
    if (!close || !close.from.file.owned) continue;
    const names = [...new Set([...cycle.fns].sort((a, b) => a.line - b.line).map((f) => f.name))];
    const via = names.length > 1 ? ` (through ${names.join(', ')})` : '';
    report({ file: close.from.file, callSites: [] } as unknown as Frame, close.call, {
      rule: 'c.recursion.unbounded',
      pattern: kind,
      description: `${close.to.name}() is entered again here${via}; the depth of the recursion is ${WHAT[kind]}, and nothing counts or limits it: deep enough input exhausts the stack.`,
      confidence: CONFIDENCE[kind],
      trace: [{ line: close.to.line, note: `${close.to.name}() defined here` }],
    }, { quiet: 0 } as Run);
  }
}
