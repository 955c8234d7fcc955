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

/**
 * The value of a constant expression written with the file's macros (`4096 - (4 * 4)`,
 * `BUF_SIZE + 1`); undefined when anything in it is not a known constant.
 */
export function constValue(text: string, file: FileCtx, depth = 0): number | undefined {
  if (depth > 6) return undefined;
  let unknown = false;
  const expanded = text.replace(/\b([A-Za-z_]\w*)\b/g, (name) => {
    const body = macroText(file, name, new Set());
    if (body === undefined) {
      unknown = true;
      return '0';
    }
    const v = constValue(body, file, depth + 1);
    if (v === undefined) unknown = true;
    return String(v ?? 0);
  });
  if (unknown) return undefined;
  const bare = expanded.replace(/\b(0[xX][0-9a-fA-F]+|\d+)[uUlL]+\b/g, '$1');
  if (!/^[\d\sxXa-fA-F()+\-*/%<>&|^~]+$/.test(bare)) return undefined;
  try {
    // only numbers and operators remain: safe to evaluate
    const v = Number(new Function(`return (${bare});`)());
    return Number.isInteger(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

function macroText(file: FileCtx, name: string, seen: Set<FileCtx>): string | undefined {
  const own = file.macroText?.get(name);
  if (own !== undefined) return own;
  seen.add(file);
  for (const inc of file.includes) {
    if (seen.has(inc)) continue;
    const v = macroText(inc, name, seen);
    if (v !== undefined) return v;
  }
  return undefined;
}

function fieldsOf(list: N, file: FileCtx, group: Group, union: boolean): StructInfo {
  const src = file.src;
  const fields = new Map<string, { off: number; type: CType }>();
  let off = 0;
  let size: number | undefined = 0;
  let align = 1;
  for (const f of list.c) {
    if (f.t !== 'field_declaration' || size === undefined) continue;
    const specs = f.c.filter((c) => !c.t.endsWith('declarator') && c.t !== 'field_identifier');
    const base = specType(specs, src);
    for (const d of f.c) {
      if (!(d.t.endsWith('declarator') || d.t === 'field_identifier')) continue;
      const { name, type } = declType(d, base, src, (e) => constValue(src.slice(e.s, e.e), file));
      if (!name) continue;
      // a member whose size we cannot tell makes every later offset (and the whole size) unknown
      const known = sizeOf(type, group.structs);
      // a flexible array member (`unsigned char data[];`) starts where the struct ends
      if (known === undefined && type.arrUnknown && !union && type.ptr === 0) {
        const es = sizeOf({ ...type, arrUnknown: undefined }, group.structs) ?? 1;
        const a = Math.min(8, Math.max(1, es));
        align = Math.max(align, a);
        off = Math.ceil(off / a) * a;
        fields.set(name, { off, type });
        size = off;
        continue;
      }
      if (known === undefined && (type.arr !== undefined || type.arrUnknown || group.structs.has(type.base))) {
        if (union) fields.set(name, { off: 0, type });
        size = undefined;
        break;
      }
      const s = known ?? 8;
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
  return { size: size === undefined ? undefined : Math.ceil(size / align) * align, union, fields };
}

/**
 * A C++ struct or class whose declaration runs code: a constructor of its own, a member of class
 * type (`std::vector<T>`, `std::string`), or a member with a default initialiser.
 */
function constructed(body: N, tag: string | undefined, info: StructInfo, src: string): boolean {
  for (const [, f] of info.fields) if (f.type.ptr === 0 && /::|<|^(string|vector|map|array)$/.test(f.type.base)) return true;
  for (const c of body.c) {
    const txt = src.slice(c.s, c.e);
    if (tag && (c.t === 'function_definition' || c.t === 'declaration' || c.t === 'field_declaration') && new RegExp(`^(explicit\\s+)?${tag}\\s*\\(`).test(txt.trim())) return true;
    if (c.t === 'field_declaration' && c.c.some((x) => x.t === 'initializer_list' || x.t === 'default_value' || /_literal$|^number/.test(x.t))) return true;
  }
  return false;
}

/** Records struct and union layouts from `typedef struct {…} T;` and `struct T {…};`. */
export function collectStruct(n: N, file: FileCtx, group: Group): void {
  const src = file.src;
  const spec = n.c.find((c) => c.t === 'struct_specifier' || c.t === 'union_specifier');
  const body = spec?.c.find((c) => c.t === 'field_declaration_list');
  if (!spec || !body) return;
  const info = fieldsOf(body, file, group, spec.t === 'union_specifier');
  const tag = spec.c.find((c) => c.t === 'type_identifier');
  if (file.cpp && constructed(body, tag ? src.slice(tag.s, tag.e) : undefined, info, src)) info.ctor = true;
  if (tag) group.structs.set(src.slice(tag.s, tag.e), info);
  if (n.t === 'type_definition') {
    for (const d of n.c) if (d.t === 'type_identifier') group.structs.set(src.slice(d.s, d.e), info);
  }
}

/** Names used in `n` (identifiers), for root selection and assigned-global detection. */
export function scanNames(n: N, src: string, used: Set<string>, assigned: Set<string>, methods?: Set<string>): void {
  const stack: N[] = [n];
  while (stack.length > 0) {
    const x = stack.pop() as N;
    if (x.t === 'identifier') used.add(src.slice(x.s, x.e));
    // C++: member functions called on an object (`obj.f()`, `p->f()`), constructors of objects made here
    else if (methods && x.t === 'call_expression' && x.c[0]?.t === 'field_expression' && x.c[0].c[1]) methods.add(src.slice(x.c[0].c[1].s, x.c[0].c[1].e));
    else if (methods && (x.t === 'declaration' || x.t === 'new_expression')) {
      const t = x.c.find((c) => c.t === 'type_identifier' || c.t === 'qualified_identifier' || c.t === 'template_type');
      if (t) methods.add(src.slice(t.s, t.e).replace(/<.*$/, '').replace(/^.*::/, ''));
    }
    else if ((x.t === 'assignment_expression' || x.t === 'update_expression') && x.c[0]?.t === 'identifier') assigned.add(src.slice(x.c[0].s, x.c[0].e));
    else if (x.t === 'pointer_expression' && x.op === '&' && x.c[0]?.t === 'identifier') assigned.add(src.slice(x.c[0].s, x.c[0].e));
    for (const c of x.c) stack.push(c);
  }
}
