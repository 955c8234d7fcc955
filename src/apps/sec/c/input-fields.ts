/**
 * Struct members a file fills from input and never range-checks anywhere: `sscanf(line, "%d",
 * &rec[n].bit)` or `r->bit = atoi(tok)`, and no `->bit <` / `.bit >=` test in the whole file.
 * Values stored into arrays of structs are not followed by the engine, so a sink using such a
 * member (a shift amount) would otherwise see "nothing known" and say nothing.
 */
import type { N } from './ast.js';
import type { FileCtx } from './context.js';

const PARSERS = /^(atoi|atol|atoll|strtol|strtoul|strtoll|strtoull|strtoimax|strtoumax)$/;
const SCANF = /^(scanf|fscanf|sscanf|vscanf|vfscanf|vsscanf)$/;
const CMP = new Set(['<', '<=', '>', '>=']);

const cache = new WeakMap<N, Set<string>>();

/** The member a field lvalue ends in (`&recs[i].bit`, `p->bit` → `bit`). */
function memberOf(n: N | undefined, src: string): string | undefined {
  let c = n;
  while (c && (c.t === 'parenthesized_expression' || c.t === 'cast_expression' || (c.t === 'pointer_expression' && c.op === '&'))) c = c.c[c.c.length - 1];
  if (c?.t !== 'field_expression') return undefined;
  const f = c.c[1];
  return f ? src.slice(f.s, f.e) : undefined;
}

/** Members of `file` filled from input with no range check anywhere in the file. */
export function uncheckedInputFields(file: FileCtx): Set<string> {
  let out = cache.get(file.root);
  if (out) return out;
  const src = file.src;
  const filled = new Set<string>();
  const checked = new Set<string>();
  const stack: N[] = [file.root];
  while (stack.length > 0) {
    const n = stack.pop() as N;
    if (n.t === 'call_expression' && n.c[0]?.t === 'identifier' && SCANF.test(src.slice(n.c[0].s, n.c[0].e))) {
      for (const a of n.c[1]?.c ?? []) {
        const m = a.t === 'pointer_expression' && a.op === '&' ? memberOf(a, src) : undefined;
        if (m) filled.add(m);
      }
    } else if (n.t === 'assignment_expression' && n.op === '=' && n.c[1]?.t === 'call_expression' && n.c[1].c[0]?.t === 'identifier' && PARSERS.test(src.slice(n.c[1].c[0].s, n.c[1].c[0].e))) {
      const m = memberOf(n.c[0], src);
      if (m) filled.add(m);
    } else if (n.t === 'binary_expression' && n.op && CMP.has(n.op)) {
      for (const side of n.c) {
        const m = memberOf(side, src);
        if (m) checked.add(m);
      }
    }
    for (const c of n.c) stack.push(c);
    if (n.parts) for (const p of n.parts) if (p) stack.push(p);
  }
  out = new Set([...filled].filter((m) => !checked.has(m)));
  cache.set(file.root, out);
  return out;
}

/** `p->bit`, `(int)rec[i].bit`: the member an expression reads, when it is one. */
export function readMember(n: N, src: string): string | undefined {
  return memberOf(n, src);
}
