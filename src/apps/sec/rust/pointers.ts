/**
 * Raw pointers: where a pointer comes from, where it is dereferenced, and whether that
 * dereference is guarded. A raw pointer that is only declared or passed along is harmless; the
 * risk is `*p`, `(*p).f`, `ptr::read(p)`, `CStr::from_ptr(p)`, `slice::from_raw_parts(p, n)`…
 * on a pointer nobody checked: a parameter (any caller may pass null), a pointer into a
 * collection that was reallocated since, a pointer moved by an offset from input.
 */
import type { SyntaxNode } from '../../../lang/index.js';
import { bindingAt, callArgs, calleeName, calleePath, escapeRe, isConstantExpr, methodReceiver, unwrapExpr, type FileFacts, type FnInfo } from './syntax.js';

export type Origin =
  /** a parameter of the function */
  | { kind: 'param'; key: string }
  /** a struct field of raw-pointer type (`self.head`, `(*n).next`) */
  | { kind: 'field'; key: string; field: string }
  /** `v.as_ptr()`/`v.as_mut_ptr()`: points into `owner`, valid until it reallocates or drops */
  | { kind: 'borrowed'; key: string; owner: string; from: SyntaxNode }
  /** `Box::into_raw`, `CString::into_raw`, `&x as *const T`: valid */
  | { kind: 'owned'; key: string }
  | { kind: 'null'; key: string }
  /** a raw-pointer local whose origin is not known */
  | { kind: 'unknown'; key: string };

export interface PtrExpr {
  origin: Origin;
  /** every name the pointer went by (`ptr`, then `let p = ptr as *const u8`): a check on any counts */
  names: string[];
  /** the non-constant offset applied with add/offset/sub, if any */
  offset?: SyntaxNode;
  /** derived from a shared borrow (`&x as *const T`, `v.as_ptr()`): writing through it is undefined behaviour */
  shared?: boolean;
  /** the pointee type it was last cast to (`buf.as_ptr() as *const u32` → `u32`) */
  cast?: string;
}

const ARITH = /^(add|offset|sub|wrapping_add|wrapping_offset|wrapping_sub|byte_add|byte_offset|byte_sub)$/;
const CASTS = /^(cast|cast_mut|cast_const)$/;

/** The raw pointer `e` evaluates to, or undefined when `e` is not (known to be) a raw pointer. */
export function rawPointer(e: SyntaxNode, fn: FnInfo | undefined, file: FileFacts, depth = 0): PtrExpr | undefined {
  if (depth > 6) return undefined;
  const r = rawPointerOf(unwrapExpr(e), fn, file, depth);
  if (r && !r.names.includes(r.origin.key)) r.names.push(r.origin.key);
  return r;
}

function rawPointerOf(n: SyntaxNode, fn: FnInfo | undefined, file: FileFacts, depth: number): PtrExpr | undefined {
  const at = (origin: Origin, names: string[] = []): PtrExpr => ({ origin, names });
  switch (n.type) {
    case 'type_cast_expression': {
      if (n.childForFieldName('type')?.type !== 'pointer_type') return undefined;
      const v = n.childForFieldName('value');
      if (!v) return undefined;
      const inner = rawPointer(v, fn, file, depth + 1);
      if (inner) return { ...inner, cast: n.childForFieldName('type')?.childForFieldName('type')?.text ?? inner.cast };
      // a reference cast to a pointer (`&x as *const T`, `self as *const Self`, `r as *const T` with r: &T) points at a live value
      if (isReference(unwrapExpr(v), fn)) return { ...at({ kind: 'owned', key: n.text }), shared: isSharedReference(unwrapExpr(v), fn) };
      return at({ kind: 'unknown', key: unwrapExpr(v).text });
    }
    case 'identifier': {
      const b = bindingAt(n.text, n, fn);
      if (!b) return undefined;
      if (b.param) return /^\*\s*(const|mut)\b/.test(b.type ?? '') ? at({ kind: 'param', key: n.text }) : undefined;
      if (b.value) {
        const inner = rawPointer(b.value, fn, file, depth + 1);
        // a local copy keeps its origin; a check on the local's own name counts too
        if (inner) return { ...inner, names: [...inner.names, n.text] };
      }
      return /^\*\s*(const|mut)\b/.test(b.type ?? '') ? at({ kind: 'unknown', key: n.text }) : undefined;
    }
    case 'field_expression': {
      const field = n.childForFieldName('field')?.text ?? '';
      return file.pointerFields.has(field) ? at({ kind: 'field', key: n.text.replace(/\s+/g, ''), field }) : undefined;
    }
    case 'call_expression': {
      const name = calleeName(n) ?? '';
      const path = calleePath(n);
      const recv = methodReceiver(n);
      if (recv && (name === 'as_ptr' || name === 'as_mut_ptr')) {
        // a raw pointer's own as_ptr (NonNull) keeps its origin; a collection's points into it
        return rawPointer(recv, fn, file, depth + 1) ?? { ...at({ kind: 'borrowed', key: n.text, owner: unwrapExpr(recv).text.replace(/\s+/g, ''), from: n }), shared: name === 'as_ptr' };
      }
      if (recv && ARITH.test(name)) {
        const base = rawPointer(recv, fn, file, depth + 1);
        if (!base) return undefined;
        const arg = callArgs(n)[0];
        return { ...base, offset: arg && !isConstantExpr(arg) ? arg : base.offset };
      }
      if (recv && CASTS.test(name)) return rawPointer(recv, fn, file, depth + 1);
      if (/(^|::)(into_raw|leak)$/.test(path) || (recv && name === 'into_raw')) return at({ kind: 'owned', key: n.text });
      if (/(^|::)ptr::(null|null_mut)$/.test(path) || /^(null|null_mut)$/.test(path)) return at({ kind: 'null', key: n.text });
      return undefined;
    }
    case 'macro_invocation':
      return /^(std::ptr::|core::ptr::|ptr::)?addr_of(_mut)?$/.test(n.childForFieldName('macro')?.text ?? '') ? at({ kind: 'owned', key: n.text }) : undefined;
    default:
      return undefined;
  }
}

function isReference(v: SyntaxNode, fn: FnInfo | undefined): boolean {
  if (v.type === 'reference_expression' || v.type === 'self') return true;
  if (v.type === 'unary_expression' && v.child(0)?.text === '*') return true;
  if (v.type === 'identifier') {
    const b = bindingAt(v.text, v, fn);
    return /^&/.test(b?.type?.trim() ?? '') || (b?.value?.type === 'reference_expression');
  }
  return false;
}

/** `&x` (not `&mut x`), or a variable of type `&T`. */
function isSharedReference(v: SyntaxNode, fn: FnInfo | undefined): boolean {
  if (v.type === 'reference_expression') return !v.namedChildren.some((c) => c.type === 'mutable_specifier');
  if (v.type === 'identifier') {
    const b = bindingAt(v.text, v, fn);
    const t = b?.type?.trim() ?? '';
    if (t) return /^&/.test(t) && !/^&\s*('\w+\s+)?mut\b/.test(t);
    const val = b?.value;
    return val?.type === 'reference_expression' && !val.namedChildren.some((c) => c.type === 'mutable_specifier');
  }
  return false;
}

/** Calls that read or take ownership through their first argument. */
const DEREF_CALLS = /(^|::)(ptr::)?(read|read_unaligned|read_volatile|write|write_unaligned|write_volatile|drop_in_place|replace|swap)$|(^|::)(CStr::from_ptr|slice::from_raw_parts|slice::from_raw_parts_mut|from_raw_parts|from_raw_parts_mut|Box::from_raw|CString::from_raw|Arc::from_raw|Rc::from_raw)$/;
/** Methods of a raw pointer that read or write through it. */
const DEREF_METHODS = /^(read|read_unaligned|read_volatile|write|write_unaligned|write_volatile|write_bytes|copy_from|copy_from_nonoverlapping|copy_to|copy_to_nonoverlapping|drop_in_place|replace|swap|as_uninit_slice)$/;

export interface Deref {
  node: SyntaxNode;
  ptr: PtrExpr;
  /** how the dereference reads: `*p`, `CStr::from_ptr`, `.read()`… */
  how: string;
  /** it writes through the pointer */
  write?: boolean;
}

/** `*p = v`, `(*p).f += v`, `p.write(v)`, `ptr::write(p, v)`. */
function isWrite(d: SyntaxNode, how: string): boolean {
  if (/write/.test(how)) return true;
  let n = d;
  while (n.parent && (n.parent.type === 'parenthesized_expression' || n.parent.type === 'field_expression' || n.parent.type === 'index_expression')) n = n.parent;
  const p = n.parent;
  return !!p && (p.type === 'assignment_expression' || p.type === 'compound_assignment_expr') && p.childForFieldName('left')?.id === n.id;
}

/** Dereferences of raw pointers inside `scope`. */
export function derefsIn(scope: SyntaxNode, fn: FnInfo | undefined, file: FileFacts): Deref[] {
  const out: Deref[] = [];
  for (const n of scope.descendantsOfType(['unary_expression', 'call_expression'])) {
    if (n.type === 'unary_expression') {
      if (n.child(0)?.text !== '*') continue;
      const operand = n.namedChildren[0];
      const ptr = operand && rawPointer(operand, fn, file);
      if (ptr) out.push({ node: n, ptr, how: '*', write: isWrite(n, '*') });
      continue;
    }
    const path = calleePath(n);
    const recv = methodReceiver(n);
    if (path && DEREF_CALLS.test(path) && !/^(read|write|replace|swap)$/.test(path)) {
      const arg = callArgs(n)[0];
      const ptr = arg && rawPointer(arg, fn, file);
      if (ptr) out.push({ node: n, ptr, how: path.replace(/^.*::(\w+::\w+)$/, '$1'), write: /write/.test(path) });
    } else if (recv && DEREF_METHODS.test(calleeName(n) ?? '')) {
      const ptr = rawPointer(recv, fn, file);
      if (ptr) out.push({ node: n, ptr, how: `.${calleeName(n) ?? ''}()`, write: /write|copy_from/.test(calleeName(n) ?? '') });
    }
  }
  return out;
}

/** Whether the code before `at` (within `scope`, whose comment-free text is `code`) rules out null for one of `names`. */
export function nullChecked(names: readonly string[], at: SyntaxNode, scope: SyntaxNode, code: string): boolean {
  return names.some((key) => nullCheckedName(key, at, scope, code));
}

function nullCheckedName(key: string, at: SyntaxNode, scope: SyntaxNode, code: string): boolean {
  const before = code.slice(0, Math.max(0, at.startIndex - scope.startIndex));
  const k = '(?<![\\w.])' + escapeRe(key.replace(/\s+/g, '')).replace(/\\\./g, '\\s*\\.\\s*');
  return new RegExp(`${k}\\s*\\.\\s*(is_null|as_ref|as_mut)\\s*\\(|NonNull::new\\s*\\(\\s*${k}\\s*\\)|${k}\\s*[!=]=\\s*(std::|core::)?ptr::null(_mut)?\\s*\\(|(std::|core::)?ptr::null(_mut)?\\s*\\(\\s*\\)\\s*[!=]=\\s*${k}\\b`).test(before);
}

const REALLOC = /^(push|push_str|push_back|push_front|insert|extend|extend_from_slice|reserve|reserve_exact|resize|resize_with|clear|truncate|append|remove|drain|shrink_to_fit|shrink_to|retain|dedup|swap_remove|split_off)$/;

/** A call between `from` and `to` that may move `owner`'s buffer (push, reserve, clear…) or drops it. */
export function invalidatedBetween(owner: string, from: SyntaxNode, to: SyntaxNode, calls: readonly SyntaxNode[]): SyntaxNode | undefined {
  for (const c of calls) {
    if (c.startIndex <= from.endIndex || c.startIndex >= to.startIndex) continue;
    const recv = methodReceiver(c);
    if (recv && REALLOC.test(calleeName(c) ?? '') && recv.text.replace(/\s+/g, '') === owner) return c;
    if (calleePath(c).replace(/^(std::)?(mem::)?/, '') === 'drop' && callArgs(c)[0]?.text === owner) return c;
  }
  return undefined;
}

/**
 * Whether the offset is bounded: a comparison of its variable (`off < len`, `i >= n`, `.min(`)
 * before `at`, a loop over a range, or an offset made of lengths and sizes (`v.len()`,
 * `size_of::<T>()`) or of the value's own fields (`self.len`, kept by the type's invariant).
 */
export function offsetBounded(offset: SyntaxNode, at: SyntaxNode, scope: SyntaxNode, code: string): boolean {
  if (/\.len\s*\(\s*\)|\bsize_of(_val)?\b|\balign_of\b|^\s*self\s*\.|^\s*\(?\s*\*?\s*self\s*\.\s*\w+\s*\)?\s*$/.test(offset.text)) return true;
  const names = offset.descendantsOfType('identifier').map((i) => i.text);
  if (offset.type === 'identifier') names.push(offset.text);
  if (names.length === 0) return false;
  const before = code.slice(0, Math.max(0, at.startIndex - scope.startIndex));
  return names.some((v) => new RegExp(`for\\s+${escapeRe(v)}\\s+in\\s+[^{]*\\.\\.|\\|\\s*${escapeRe(v)}\\s*\\||\\b${escapeRe(v)}\\s*(<|<=|>|>=)[^=]|[^=<>](<|<=|>|>=)\\s*${escapeRe(v)}\\b|\\b${escapeRe(v)}\\s*\\.\\s*(min|clamp)\\s*\\(|\\.get\\s*\\(\\s*${escapeRe(v)}\\b`).test(before) || /\.(min|clamp)\s*\(|%/.test(offset.text));
}
