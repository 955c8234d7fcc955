/**
 * What a file declares at file scope: functions, globals, structs/unions and object-like macros,
 * following the conditional-compilation branches the file's own #defines select (so `#if 0`
 * and `#ifdef _WIN32` code is never analysed).
 */
import type { N } from './ast.js';
import type { FileCtx, Group } from './context.js';
import { preprocBranch } from './preproc.js';
import { declType, sizeOf, specType, type CType, type StructInfo } from './types.js';

export interface MacroDef {
  name: string;
  body: string;
  /** offset of the body in the file */
  s: number;
  line: number;
}

const CONTAINERS = new Set(['translation_unit', 'declaration_list', 'linkage_specification', 'namespace_definition']);

/** A function-like macro: `#define NAME(a, b) body`. */
export interface FnMacroDef {
  name: string;
  params: string[];
  variadic: boolean;
  body: string;
  line: number;
}

/**
 * Top-level nodes in source order, conditional blocks resolved. `include` is called for each
 * `#include "…"` as it is met, so the header's #defines count for the #ifs after it.
 */
export function topLevel(root: N, file: FileCtx, out: N[] = [], include?: (name: string) => void): N[] {
  for (const c of root.c) {
    if (c.t === 'preproc_include') {
      const m = /#\s*include\s*"([^"]+)"/.exec(file.src.slice(c.s, c.e));
      if (m?.[1]) include?.(m[1]);
      continue;
    }
    if (c.t === 'preproc_ifdef' || c.t === 'preproc_if') {
      for (const d of c.t === 'preproc_ifdef' || c.t === 'preproc_if' ? [c] : []) {
        const branch = preprocBranch(d, file.defined, file.src);
        // a #define inside the chosen branch counts for what follows
        topLevel({ ...c, c: branch }, file, out, include);
      }
    } else if (CONTAINERS.has(c.t)) {
      topLevel(c, file, out, include);
    } else {
      if (c.t === 'preproc_def' && c.c[0]) file.defined.add(file.src.slice(c.c[0].s, c.c[0].e));
      if (c.t === 'preproc_function_def' && c.c[0]) {
        file.defined.add(file.src.slice(c.c[0].s, c.c[0].e));
        file.fnMacros.add(file.src.slice(c.c[0].s, c.c[0].e));
      }
      out.push(c);
    }
  }
  return out;
}

export function fnMacroDefs(nodes: readonly N[], file: FileCtx): FnMacroDef[] {
  const out: FnMacroDef[] = [];
  for (const n of nodes) {
    if (n.t !== 'preproc_function_def') continue;
    const [name, params, value] = n.c;
    if (!name || params?.t !== 'preproc_params') continue;
    const ps = params.c.map((p) => file.src.slice(p.s, p.e));
    const raw = value ? file.src.slice(value.s, value.e) : '';
    out.push({
      name: file.src.slice(name.s, name.e),
      params: ps.filter((p) => p !== '...'),
      variadic: ps.includes('...') || /\.\.\.\s*\)/.test(file.src.slice(params.s, params.e)),
      body: raw.replace(/\\\r?\n/g, ' ').trim(),
      line: n.line,
    });
  }
  return out;
}

export function macroDefs(nodes: readonly N[], file: FileCtx): MacroDef[] {
  const out: MacroDef[] = [];
  for (const n of nodes) {
    if (n.t !== 'preproc_def') continue;
    const name = n.c[0];
    const value = n.c[1];
    if (!name || !value) continue;
    const raw = file.src.slice(value.s, value.e);
    const body = raw.replace(/\\\n/g, ' ').trim();
    const lead = raw.length - raw.trimStart().length;
    if (body) out.push({ name: file.src.slice(name.s, name.e), body, s: value.s + lead, line: n.line });
  }
  return out;
}

function fieldsOf(list: N, src: string, group: Group, union: boolean): StructInfo {
  const fields = new Map<string, { off: number; type: CType }>();
  let off = 0;
  let size = 0;
  let align = 1;
  for (const f of list.c) {
    if (f.t !== 'field_declaration') continue;
    const specs = f.c.filter((c) => !c.t.endsWith('declarator') && c.t !== 'field_identifier');
    const base = specType(specs, src);
    for (const d of f.c) {
      if (!(d.t.endsWith('declarator') || d.t === 'field_identifier')) continue;
      const { name, type } = declType(d, base, src, (e) => {
        const n = Number(src.slice(e.s, e.e));
        return Number.isInteger(n) ? n : undefined;
      });
      if (!name) continue;
      const s = sizeOf(type, group.structs) ?? 8;
      const a = type.ptr > 0 ? 8 : Math.min(8, Math.max(1, type.arr !== undefined ? s / type.arr : s));
      align = Math.max(align, a);
      if (union) {
        fields.set(name, { off: 0, type });
        size = Math.max(size, s);
      } else {
        off = Math.ceil(off / a) * a;
        fields.set(name, { off, type });
        off += s;
        size = off;
      }
    }
  }
  return { size: Math.ceil(size / align) * align, union, fields };
}

/** Records struct and union layouts from `typedef struct {…} T;` and `struct T {…};`. */
export function collectStruct(n: N, src: string, group: Group): void {
  const spec = n.c.find((c) => c.t === 'struct_specifier' || c.t === 'union_specifier');
  const body = spec?.c.find((c) => c.t === 'field_declaration_list');
  if (!spec || !body) return;
  const info = fieldsOf(body, src, group, spec.t === 'union_specifier');
  const tag = spec.c.find((c) => c.t === 'type_identifier');
  if (tag) group.structs.set(src.slice(tag.s, tag.e), info);
  if (n.t === 'type_definition') {
    for (const d of n.c) if (d.t === 'type_identifier') group.structs.set(src.slice(d.s, d.e), info);
  }
}

/** Names used in `n` (identifiers), for root selection and assigned-global detection. */
export function scanNames(n: N, src: string, used: Set<string>, assigned: Set<string>): void {
  const stack: N[] = [n];
  while (stack.length > 0) {
    const x = stack.pop() as N;
    if (x.t === 'identifier') used.add(src.slice(x.s, x.e));
    else if ((x.t === 'assignment_expression' || x.t === 'update_expression') && x.c[0]?.t === 'identifier') assigned.add(src.slice(x.c[0].s, x.c[0].e));
    else if (x.t === 'pointer_expression' && x.op === '&' && x.c[0]?.t === 'identifier') assigned.add(src.slice(x.c[0].s, x.c[0].e));
    for (const c of x.c) stack.push(c);
  }
}
