/**
 * Syntax helpers for the Rust rules: callee names, comment-free text, what a function and the
 * file declare (parameters, locals, structs, enums, `impl Drop`, functions returning `Result`).
 * Everything is read from one file's tree; nothing is resolved across files.
 */
import type { SyntaxNode } from '../../../lang/index.js';

/** The called function's own name: `transmute` in `std::mem::transmute::<A, B>(x)`, `unwrap` in `x.unwrap()`. */
export function calleeName(call: SyntaxNode): string | undefined {
  let fn = call.childForFieldName('function');
  if (fn?.type === 'generic_function') fn = fn.childForFieldName('function');
  if (!fn) return undefined;
  if (fn.type === 'identifier') return fn.text;
  if (fn.type === 'scoped_identifier') return fn.childForFieldName('name')?.text;
  if (fn.type === 'field_expression') return fn.childForFieldName('field')?.text;
  return undefined;
}

/** The callee of a path call without generic arguments (`std::mem::transmute`), '' for a method call. */
export function calleePath(call: SyntaxNode): string {
  let fn = call.childForFieldName('function');
  if (fn?.type === 'generic_function') fn = fn.childForFieldName('function');
  if (!fn || fn.type === 'field_expression') return '';
  return fn.text.replace(/\s+/g, '').replace(/::<[^>]*>/g, '');
}

/** `recv` in `recv.name(args)`, for a method call. */
export function methodReceiver(call: SyntaxNode): SyntaxNode | undefined {
  let fn = call.childForFieldName('function');
  if (fn?.type === 'generic_function') fn = fn.childForFieldName('function');
  return fn?.type === 'field_expression' ? (fn.childForFieldName('value') ?? undefined) : undefined;
}

export function callArgs(call: SyntaxNode): SyntaxNode[] {
  return (call.childForFieldName('arguments')?.namedChildren ?? []).filter((a) => !isComment(a));
}

export function isComment(n: SyntaxNode): boolean {
  return n.type === 'line_comment' || n.type === 'block_comment';
}

function blankComments(node: SyntaxNode, comments: readonly SyntaxNode[]): string {
  const text = node.text;
  const base = node.startIndex;
  const parts: string[] = [];
  let at = 0;
  for (const c of comments) {
    const from = c.startIndex - base;
    const to = c.endIndex - base;
    if (from < at) continue;
    parts.push(text.slice(at, from), ' '.repeat(to - from));
    at = to;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

export function hasKeyword(node: SyntaxNode, word: string): boolean {
  return node.children.some((c) => !c.isNamed && c.type === word);
}

/** Drops parentheses, and an `unsafe { e }` or `{ e }` whose only content is the expression `e`. */
export function unwrapExpr(e: SyntaxNode): SyntaxNode {
  for (;;) {
    if (e.type === 'parenthesized_expression' && e.namedChildren.length === 1) e = e.namedChildren[0] as SyntaxNode;
    else if (e.type === 'unsafe_block' || e.type === 'block') {
      const block = e.type === 'unsafe_block' ? e.namedChildren.find((c) => c.type === 'block') : e;
      const inner = block?.namedChildren.filter((c) => !isComment(c)) ?? [];
      if (inner.length !== 1 || !isExpression(inner[0] as SyntaxNode)) return e;
      e = inner[0] as SyntaxNode;
    } else return e;
  }
}

function isExpression(n: SyntaxNode): boolean {
  return !/statement$|_declaration$|_item$/.test(n.type);
}

const LITERAL = /^(string_literal|raw_string_literal|integer_literal|float_literal|char_literal|boolean_literal|byte_string_literal|negative_literal)$/;

/** A literal, a constant (`MAX_LEN`, `u8::MAX`), or an expression built only from those. */
export function isConstantExpr(e: SyntaxNode): boolean {
  const n = unwrapExpr(e);
  if (LITERAL.test(n.type)) return true;
  if (n.type === 'identifier') return /^[A-Z][A-Z0-9_]*$/.test(n.text);
  if (n.type === 'scoped_identifier') return /(^|::)[A-Z][A-Z0-9_]*$/.test(n.text);
  if (n.type === 'unary_expression' || n.type === 'binary_expression' || n.type === 'reference_expression' || n.type === 'type_cast_expression') {
    const parts = n.namedChildren.filter((c) => !/type$|^primitive_type$|^generic_type$|^mutable_specifier$/.test(c.type));
    return parts.length > 0 && parts.every(isConstantExpr);
  }
  if (n.type === 'array_expression' || n.type === 'tuple_expression') return n.namedChildren.every(isConstantExpr);
  if (n.type === 'macro_invocation') return /^(env|concat|stringify|include_str|include_bytes|option_env)$/.test(n.childForFieldName('macro')?.text ?? '');
  return false;
}

// ---------------------------------------------------------------------------------------------
// Functions

export interface FnInfo {
  node: SyntaxNode;
  name: string;
  pub: boolean;
  unsafe: boolean;
  /** `extern "C"` (or another foreign ABI): callable from foreign code */
  extern: boolean;
  /** `#[no_mangle]` or `#[export_name]`: an exported symbol */
  exported: boolean;
  /** parameter name → type text */
  params: Map<string, string>;
  returnType: string;
  body: SyntaxNode | undefined;
  /** a `/// # Safety` section (or a SAFETY comment) that states the caller's obligations */
  safetyDoc: boolean;
  /** the type of `Self` when the function is in an `impl` */
  selfType: string | undefined;
  /** `let` declarations of the body, in order (computed on first use) */
  lets?: SyntaxNode[];
  /** call expressions of the body, in order (computed on first use) */
  calls?: SyntaxNode[];
}

export function fnLets(fn: FnInfo): SyntaxNode[] {
  return (fn.lets ??= fn.body?.descendantsOfType('let_declaration') ?? []);
}

export function fnCalls(fn: FnInfo): SyntaxNode[] {
  return (fn.calls ??= fn.body?.descendantsOfType('call_expression') ?? []);
}

export function enclosingFunction(node: SyntaxNode): SyntaxNode | undefined {
  for (let n: SyntaxNode | null = node.parent; n; n = n.parent) if (n.type === 'function_item') return n;
  return undefined;
}

/** Comments and attributes directly above an item, nearest last. */
export function leadingTrivia(item: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  let next = item;
  for (let s = item.previousNamedSibling; s && (isComment(s) || s.type === 'attribute_item'); s = s.previousNamedSibling) {
    // a blank line (or more) ends what belongs to the item
    if (next.startPosition.row - s.endPosition.row > (s.text.endsWith('\n') ? 1 : 2)) break;
    out.unshift(s);
    next = s;
  }
  return out;
}

export function fnInfo(fn: SyntaxNode, safetyDoc: (item: SyntaxNode) => boolean): FnInfo {
  const mods = fn.namedChildren.find((c) => c.type === 'function_modifiers');
  const ext = mods?.namedChildren.find((c) => c.type === 'extern_modifier');
  const abi = ext ? (/"([^"]*)"/.exec(ext.text)?.[1] ?? 'C') : undefined;
  const params = new Map<string, string>();
  for (const p of fn.childForFieldName('parameters')?.namedChildren ?? []) {
    if (p.type !== 'parameter') continue;
    const pat = p.childForFieldName('pattern');
    const name = pat?.type === 'mut_pattern' ? pat.namedChildren.find((c) => c.type === 'identifier')?.text : pat?.text;
    if (name) params.set(name, p.childForFieldName('type')?.text ?? '');
  }
  const attrs = leadingTrivia(fn).filter((s) => s.type === 'attribute_item').map((s) => s.text);
  let selfType: string | undefined;
  for (let n: SyntaxNode | null = fn.parent; n; n = n.parent) {
    if (n.type === 'impl_item') {
      selfType = n.childForFieldName('type')?.text;
      break;
    }
  }
  return {
    node: fn,
    name: fn.childForFieldName('name')?.text ?? '',
    pub: fn.namedChildren.some((c) => c.type === 'visibility_modifier'),
    unsafe: !!mods && hasKeyword(mods, 'unsafe'),
    extern: abi !== undefined && abi !== 'Rust',
    exported: attrs.some((a) => /\b(no_mangle|export_name)\b/.test(a)),
    params,
    returnType: fn.childForFieldName('return_type')?.text ?? '',
    body: fn.childForFieldName('body') ?? undefined,
    safetyDoc: safetyDoc(fn),
    selfType,
  };
}

export interface Binding {
  name: string;
  /** declared type text, if written */
  type?: string;
  /** the initialiser, if any */
  value?: SyntaxNode;
  /** the declaring node (a parameter or a `let`) */
  node: SyntaxNode;
  param: boolean;
}

/** The binding of `name` visible at `at` in `fn`: the nearest `let` before it, else a parameter. */
export function bindingAt(name: string, at: SyntaxNode, fn: FnInfo | undefined): Binding | undefined {
  if (!fn?.body) return undefined;
  let best: Binding | undefined;
  for (const d of fnLets(fn)) {
    if (d.startIndex >= at.startIndex) break;
    const pat = d.childForFieldName('pattern');
    const id = pat?.type === 'mut_pattern' ? pat.namedChildren.find((c) => c.type === 'identifier') : pat;
    if (id?.type !== 'identifier' || id.text !== name) continue;
    // the let must enclose `at` in its scope: its block is an ancestor of `at`
    if (d.parent && !(d.parent.startIndex <= at.startIndex && at.endIndex <= d.parent.endIndex)) continue;
    best = { name, type: d.childForFieldName('type')?.text, value: d.childForFieldName('value') ?? undefined, node: d, param: false };
  }
  if (best) return best;
  const t = fn.params.get(name);
  return t !== undefined ? { name, type: t, node: fn.node, param: true } : undefined;
}

// ---------------------------------------------------------------------------------------------
// The file

export interface StructInfo {
  /** field name (`0`, `1`… for a tuple struct) → type text */
  fields: Map<string, string>;
  transparent: boolean;
  reprC: boolean;
}

export interface FileFacts {
  structs: Map<string, StructInfo>;
  /** fieldless enums: whether a variant has discriminant 0; enums with data: false */
  enums: Map<string, { zeroVariant: boolean }>;
  /** types with an `impl Drop` */
  dropTypes: Set<string>;
  /** functions and methods of the file whose return type is a `Result` */
  resultFns: Set<string>;
  /** other functions and methods of the file (not returning `Result`) */
  otherFns: Set<string>;
  /** functions by name (for following a call one level) */
  fns: Map<string, SyntaxNode>;
  /** names of struct fields whose type is a raw pointer */
  pointerFields: Set<string>;
  /** functions and methods of the file marked `#[must_use]` */
  mustUseFns: Set<string>;
  /** foreign functions declared in `extern` blocks of the file → return type text ('' for none) */
  foreignFns: Map<string, string>;
  /** names imported from libc (`use libc::{stat, sockaddr_in}`): C types, plain data */
  cTypes: Set<string>;
  /** the file's text without comments */
  code: string;
}

const typeName = (t: string) => t.replace(/<.*$/s, '').replace(/^.*::/, '').trim();

export function fileFacts(root: SyntaxNode): FileFacts {
  const f: FileFacts = {
    structs: new Map(), enums: new Map(), dropTypes: new Set(), resultFns: new Set(), otherFns: new Set(),
    fns: new Map(), pointerFields: new Set(), cTypes: new Set(), foreignFns: new Map(), mustUseFns: new Set(), code: '',
  };
  // one walk over the tree; the node kinds are read in the order below
  const by = new Map<string, SyntaxNode[]>();
  const comments: SyntaxNode[] = [];
  for (const n of root.descendantsOfType(['line_comment', 'block_comment', 'function_signature_item', 'use_declaration', 'type_item', 'struct_item', 'enum_item', 'impl_item', 'function_item'])) {
    if (isComment(n)) comments.push(n);
    else by.set(n.type, [...(by.get(n.type) ?? []), n]);
  }
  f.code = blankComments(root, comments);
  const all = (t: string) => by.get(t) ?? [];
  for (const sig of all('function_signature_item')) {
    let inForeign = false;
    for (let p = sig.parent; p; p = p.parent) if (p.type === 'foreign_mod_item') inForeign = true;
    const name = sig.childForFieldName('name')?.text;
    if (inForeign && name) f.foreignFns.set(name, sig.childForFieldName('return_type')?.text ?? '');
  }
  for (const u of all('use_declaration')) {
    const t = u.text.replace(/\s+/g, '');
    const m = /^(pub(\([^)]*\))?)?use(::)?libc::(\{(.*)\}|(\w+)(as\w+)?);$/.exec(t);
    if (!m) continue;
    for (const name of (m[5] ?? m[6] ?? '').split(',')) if (/^[a-z_]\w*$/.test(name)) f.cTypes.add(name);
  }
  const resultAliases = new Set(['Result']);
  for (const t of all('type_item')) {
    const name = t.childForFieldName('name')?.text;
    if (name && /\bResult\s*</.test(t.childForFieldName('type')?.text ?? '')) resultAliases.add(name);
  }
  for (const s of all('struct_item')) {
    const name = s.childForFieldName('name')?.text;
    if (!name) continue;
    const attrs = leadingTrivia(s).filter((a) => a.type === 'attribute_item').map((a) => a.text).join(' ');
    const fields = new Map<string, string>();
    const body = s.childForFieldName('body');
    if (body?.type === 'field_declaration_list') {
      for (const d of body.namedChildren.filter((c) => c.type === 'field_declaration')) {
        const fname = d.childForFieldName('name')?.text;
        const ftype = d.childForFieldName('type')?.text ?? '';
        if (fname) fields.set(fname, ftype);
      }
    } else if (body?.type === 'ordered_field_declaration_list') {
      body.namedChildren.filter((c) => !isComment(c) && c.type !== 'visibility_modifier' && c.type !== 'attribute_item').forEach((c, i) => fields.set(String(i), c.text));
    }
    for (const [fname, ftype] of fields) if (/^\*\s*(const|mut)\b/.test(ftype)) f.pointerFields.add(fname);
    f.structs.set(name, { fields, transparent: /repr\s*\(\s*transparent/.test(attrs), reprC: /repr\s*\([^)]*\bC\b/.test(attrs) });
  }
  for (const e of all('enum_item')) {
    const name = e.childForFieldName('name')?.text;
    if (!name) continue;
    const variants = e.childForFieldName('body')?.namedChildren.filter((c) => c.type === 'enum_variant') ?? [];
    const fieldless = variants.every((v) => !v.childForFieldName('body'));
    let zero = false;
    let next = 0;
    for (const v of variants) {
      const value = v.childForFieldName('value')?.text;
      const d = value !== undefined && /^-?\d+$/.test(value.replace(/_/g, '')) ? Number(value.replace(/_/g, '')) : value === undefined ? next : NaN;
      if (d === 0) zero = true;
      next = d + 1;
    }
    f.enums.set(name, { zeroVariant: fieldless && zero });
  }
  for (const i of all('impl_item')) {
    if (i.childForFieldName('trait')?.text.replace(/^.*::/, '') === 'Drop') {
      const t = i.childForFieldName('type')?.text;
      if (t) f.dropTypes.add(typeName(t));
    }
  }
  for (const fn of all('function_item')) {
    const name = fn.childForFieldName('name')?.text;
    if (!name) continue;
    f.fns.set(name, fn);
    if (leadingTrivia(fn).some((a) => a.type === 'attribute_item' && /^#\[\s*must_use\b/.test(a.text))) f.mustUseFns.add(name);
    const ret = fn.childForFieldName('return_type')?.text ?? '';
    if (resultAliases.has(typeName(ret)) || /(^|::)Result\s*</.test(ret)) f.resultFns.add(name);
    else f.otherFns.add(name);
  }
  for (const name of f.resultFns) f.otherFns.delete(name);
  return f;
}

export function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
