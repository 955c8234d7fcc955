/**
 * Unsafe code, raw pointers, the FFI boundary and `unsafe impl Send/Sync`: each judged by what
 * the code does (dereferences an unchecked pointer, can unwind into C, shares a `RefCell`
 * between threads) and by the argument it carries (a SAFETY comment stating the invariant, a
 * `# Safety` contract, a null check).
 */
import type { SyntaxNode } from '../../../lang/index.js';
import { lowerSeverity, safetyArgument } from './context.js';
import type { RuleContext } from './ctx.js';
import { derefsIn, invalidatedBetween, nullChecked, offsetBounded, rawPointer, type Deref } from './pointers.js';
import { RUST_RULES as R } from './rules.js';
import { bindingAt, callArgs, calleeName, calleePath, escapeRe, fnCalls, hasKeyword, isConstantExpr, methodReceiver, unwrapExpr, type FnInfo } from './syntax.js';
import { destinationType, typeParts } from './types.js';

/** SAFETY comments lower a finding to this share of its confidence. */
export const SAFETY_FACTOR = 0.6;

/**
 * Unchecked operations whose precondition the code itself can show, or fail to: an index
 * bounded before `get_unchecked(i)`, bytes validated before `from_utf8_unchecked`, a length
 * compared before `slice::from_raw_parts`, elements written before `Vec::set_len`. A SAFETY
 * comment does not make up for a missing check of that kind.
 */
function uncheckedOperation(block: SyntaxNode, ctx: RuleContext): { node: SyntaxNode; why: string } | undefined {
  const fn = ctx.fnOf(block);
  const body = fn?.body;
  const code = body ? ctx.code(body) : '';
  const before = (at: SyntaxNode) => (body ? ctx.before(body, at) : '');
  const root = (e: SyntaxNode) => {
    let r = unwrapExpr(e);
    while (r.type === 'reference_expression' || r.type === 'call_expression' || r.type === 'field_expression' || r.type === 'index_expression') {
      const next = r.type === 'call_expression' ? methodReceiver(r) : r.namedChildren[0];
      if (!next) break;
      r = unwrapExpr(next);
    }
    return r.type === 'identifier' ? r.text : undefined;
  };
  for (const c of block.descendantsOfType('call_expression')) {
    const name = calleeName(c) ?? '';
    const args = callArgs(c);
    if (name === 'get_unchecked' || name === 'get_unchecked_mut') {
      const idx = args[0];
      if (!idx || isConstantExpr(idx) || idx.type === 'range_expression') continue;
      if (body && offsetBounded(idx, c, body, code)) continue;
      return { node: c, why: `${name}(${idx.text}) reads without a bounds check, and nothing before it compares the index with the length` };
    }
    if (name === 'from_utf8_unchecked' || name === 'from_utf8_unchecked_mut') {
      const arg = args[0];
      const r = arg && root(arg);
      if (!arg || isConstantExpr(arg) || !r) continue;
      if (new RegExp(`from_utf8\\s*\\([^)]*\\b${escapeRe(r)}\\b|\\b${escapeRe(r)}\\b[\\w.()]*\\.\\s*(is_ascii|is_char_boundary|is_utf8)\\s*\\(`).test(before(c))) continue;
      return { node: c, why: `${name}(${arg.text}) trusts bytes nothing validated as UTF-8 (no from_utf8 or is_ascii check on ${r})` };
    }
    if (/(^|::)(from_raw_parts|from_raw_parts_mut)$/.test(calleePath(c)) && /slice::/.test(calleePath(c))) {
      const len = args[1];
      if (!len || isConstantExpr(len) || !body) continue;
      const ids = len.type === 'identifier' ? [len.text] : len.descendantsOfType('identifier').map((i) => i.text);
      // a length the caller passes with the pointer is the caller's contract
      if (ids.some((i) => fn?.params.has(i)) || offsetBounded(len, c, body, code)) continue;
      return { node: c, why: `slice::${calleeName(c) ?? ''} with length ${len.text}, which nothing compares with the size of the allocation` };
    }
    if (name === 'set_len') {
      const v = methodReceiver(c);
      const n = args[0];
      if (!v || !n || /^0$/.test(n.text) || new RegExp(`\\b${escapeRe(v.text)}\\s*\\.\\s*len\\s*\\(\\s*\\)\\s*-`).test(n.text)) continue;
      if (new RegExp(`\\b${escapeRe(v.text)}\\s*\\.\\s*(as_mut_ptr|spare_capacity_mut)\\s*\\(|ptr::write|copy_nonoverlapping|\\.write\\s*\\(`).test(before(c))) continue;
      return { node: c, why: `${v.text}.set_len(${n.text}) with no write into the spare capacity before it: the new elements are uninitialised memory` };
    }
    if (name === 'unwrap_unchecked') {
      const r = methodReceiver(c);
      const rt = r ? root(r) : undefined;
      if (rt && new RegExp(`\\b${escapeRe(rt)}\\b[\\w.()]*\\.\\s*(is_some|is_ok|is_empty|len)\\s*\\(`).test(before(c))) continue;
      return { node: c, why: `unwrap_unchecked() on a value nothing checked: None/Err here is undefined behaviour` };
    }
  }
  return undefined;
}

/** `unsafe { MaybeUninit::uninit().assume_init() }` into `[MaybeUninit<T>; N]`: the documented idiom, it asserts nothing. */
function uninitArrayIdiom(block: SyntaxNode, ctx: RuleContext): boolean {
  if (!/^unsafe\s*\{\s*((std|core)::)?(mem::)?MaybeUninit(::<[^>]*>)?::uninit\s*\(\s*\)\s*\.\s*assume_init\s*\(\s*\)\s*\}$/.test(ctx.code(block))) return false;
  return /^\[\s*((std|core)::)?(mem::)?MaybeUninit\s*</.test(destinationType(block, ctx.fnOf(block))?.trim() ?? '');
}

export function judgeUnsafeBlock(block: SyntaxNode, ctx: RuleContext): void {
  // inside an unsafe fn, the fn's own `# Safety` contract is the argument its blocks rely on
  const fn = ctx.fnOf(block);
  const arg = safetyArgument(block) ?? (fn?.unsafe && fn.safetyDoc ? `the # Safety contract of ${fn.name}` : undefined);
  const unchecked = uncheckedOperation(block, ctx);
  if (!unchecked && uninitArrayIdiom(block, ctx)) {
    ctx.add(R.unsafeBlock, block, 0.3, 'unsafe', { severity: 'low', description: 'An array of MaybeUninit created with uninit().assume_init(): the documented idiom, it asserts nothing about the elements.' });
  } else if (unchecked) {
    ctx.add(R.unsafeBlock, block, arg ? 0.55 : 0.7, 'unsafe', { severity: 'high', description: `${unchecked.why}${arg ? ' (the SAFETY comment does not show that check)' : ''}.` });
  } else if (arg) {
    ctx.add(R.unsafeBlock, block, 0.6 * SAFETY_FACTOR, 'unsafe', { severity: lowerSeverity(R.unsafeBlock.severity), description: `${R.unsafeBlock.help} A SAFETY comment argues why this is sound ("${clip(arg)}"); review that argument.` });
  } else ctx.add(R.unsafeBlock, block, 0.6, 'unsafe', { description: `${R.unsafeBlock.help} No SAFETY comment says which invariant makes this sound.` });
}

export function judgeUnsafeFn(fn: FnInfo, ctx: RuleContext): void {
  const traitImpl = fn.node.parent?.parent?.type === 'impl_item' && !!fn.node.parent.parent.childForFieldName('trait');
  if (fn.safetyDoc) ctx.add(R.unsafeFn, fn.node, 0.3, 'unsafe fn', { severity: 'low', description: `unsafe fn ${fn.name} documents its callers' obligations (# Safety); each caller must uphold them.` });
  else if (traitImpl) ctx.add(R.unsafeFn, fn.node, 0.3, 'unsafe fn', { severity: 'low', description: `unsafe fn ${fn.name} implements a trait method: the trait documents the callers' obligations.` });
  else if (!fn.pub) ctx.add(R.unsafeFn, fn.node, 0.35, 'unsafe fn', { severity: 'low', description: `unsafe fn ${fn.name} has no \`# Safety\` section; it is private, so its callers are in this module.` });
  else ctx.add(R.unsafeFn, fn.node, 0.5, 'unsafe fn', { description: `public unsafe fn ${fn.name} has no \`# Safety\` section: callers cannot know what they must guarantee.` });
}

function clip(s: string): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > 80 ? `${one.slice(0, 77)}...` : one;
}

// ---------------------------------------------------------------------------------------------
// Raw pointers

/** One note per statement or item that names a raw pointer type: passing pointers along is not a flaw by itself. */
export function judgePointerType(n: SyntaxNode, seen: Set<number>, ctx: RuleContext): void {
  let owner: SyntaxNode = n;
  for (let p = n.parent; p; p = p.parent) {
    // declarations of foreign functions are the extern block's concern; a callback's type is its signature's
    // (and a signature without a body or a type alias has nothing to dereference)
    if (p.type === 'foreign_mod_item' || p.type === 'function_type' || p.type === 'function_signature_item' || p.type === 'type_item') return;
    owner = p;
    if (p.type.endsWith('_item') || /statement$|^let_declaration$|^field_declaration$|^parameter$/.test(p.type)) {
      if (p.type === 'parameter' || p.type === 'field_declaration') continue;
      break;
    }
  }
  if (seen.has(owner.id)) return;
  seen.add(owner.id);
  ctx.add(R.rawPointer, n, 0.25, n.text.startsWith('*mut') ? '*mut' : '*const', { description: 'A raw pointer type: no lifetime or aliasing guarantee, but nothing is read through it here. Dereferences are reported where they happen.', noSafetyDiscount: true });
}

export interface DerefVerdict {
  deref: Deref;
  confidence: number;
  why: string;
  checked: boolean;
  safety?: string;
}

function nullAssigned(field: string, code: string): boolean {
  return new RegExp(`\\b${escapeRe(field)}\\s*[:=]\\s*(std::|core::)?(ptr::)?null(_mut)?\\s*\\(`).test(code);
}

/** How likely the dereference `d` in function `fn` is a real fault. */
export function judgeDeref(d: Deref, fn: FnInfo | undefined, ctx: RuleContext): DerefVerdict {
  const body = fn?.body;
  const code = body ? ctx.code(body) : '';
  const checked = !!body && nullChecked(d.ptr.names, d.node, body, code);
  const o = d.ptr.origin;
  let c: number;
  let why: string;
  const freed = body && fn ? freedBefore(d.ptr.names, d.node, body, ctx, fn) : undefined;
  if (freed) {
    c = 0.8;
    why = `the memory was released at line ${freed.startPosition.row + 1} (${freed.text.replace(/\s+/g, ' ').slice(0, 40)}): this is a use after free`;
    return { deref: d, confidence: c, why, checked, safety: undefined };
  }
  switch (o.kind) {
    case 'param':
      if (checked) [c, why] = [0.3, `the parameter ${o.key} is checked for null first`];
      else if (fn?.unsafe) [c, why] = fn.safetyDoc ? [0.3, `${fn.name} is unsafe and its # Safety section puts ${o.key}'s validity on the caller`] : fn.pub ? [0.5, `${fn.name} is unsafe but documents no contract for ${o.key}`] : [0.4, `${fn.name} is a private unsafe fn with no documented contract for ${o.key}`];
      else if (fn?.pub || fn?.exported) [c, why] = [0.75, `${fn.name} is a safe ${fn.extern ? 'extern "C" ' : 'public '}function that dereferences its pointer argument ${o.key} unchecked: any caller can pass null or a dangling pointer`];
      else if (fn?.extern) [c, why] = [0.6, `the callback ${fn.name} dereferences its pointer argument ${o.key} unchecked; only the C code that calls it can guarantee it is valid`];
      else [c, why] = [0.55, `the pointer argument ${o.key} is dereferenced without a null check`];
      break;
    case 'borrowed': {
      const inv = fn ? invalidatedBetween(o.owner, o.from, d.node, fnCalls(fn)) : undefined;
      if (inv) [c, why] = [0.75, `the pointer into ${o.owner} is used after ${inv.text.replace(/\s+/g, ' ').slice(0, 40)} (line ${inv.startPosition.row + 1}), which may reallocate or free the buffer`];
      else if (d.ptr.cast && !/^(u8|i8|c_char|c_void|c_uchar|c_schar|\w+::c_(char|void|uchar|schar))$/.test(d.ptr.cast.trim()) && !/unaligned|from_raw_parts/.test(d.how)) {
        [c, why] = [0.6, `the pointer into ${o.owner} is cast to *${d.ptr.cast}: the address need not be aligned for ${d.ptr.cast} (use read_unaligned or from_le_bytes), and nothing here shows ${o.owner} holds a whole ${d.ptr.cast}`];
      } else [c, why] = [0.3, `the pointer comes from ${o.owner}, which is not changed before this use`];
      break;
    }
    case 'field':
      if (checked) [c, why] = [0.3, `${o.key} is checked for null first`];
      else if (nullAssigned(o.field, ctx.facts.code)) [c, why] = [0.65, `${o.key} is dereferenced without a null check, and this file sets ${o.field} to null`];
      else [c, why] = [0.5, `${o.key} is dereferenced without a null check`];
      break;
    case 'owned':
      [c, why] = [0.25, 'the pointer comes from a live allocation or reference (into_raw, addr_of!, &x as *const _)'];
      break;
    case 'null':
      [c, why] = [0.85, 'the pointer is null'];
      break;
    default:
      [c, why] = checked ? [0.3, `${o.key} is checked for null first`] : [0.45, `where ${o.key} points is not known here`];
  }
  if (d.write && d.ptr.shared) {
    [c, why] = [0.75, 'it writes through a pointer derived from a shared borrow (&x or as_ptr()): the compiler assumes that memory does not change, so this is undefined behaviour; use &mut, as_mut_ptr() or a Cell']
  }
  if (d.ptr.offset && body && !offsetBounded(d.ptr.offset, d.node, body, code)) {
    if (c < 0.7) [c, why] = [0.7, `the pointer is moved by ${d.ptr.offset.text}, which is not bounds-checked first (out-of-bounds read or write)`];
  }
  let safety: string | undefined;
  for (let n: SyntaxNode | null = d.node; n && n.id !== body?.id; n = n.parent) {
    if (n.type === 'unsafe_block') {
      safety = safetyArgument(n);
      break;
    }
  }
  safety ??= safetyArgument(d.node);
  if (safety) c *= o.kind === 'param' && !fn?.unsafe && fn?.pub && !checked ? 0.8 : SAFETY_FACTOR;
  return { deref: d, confidence: c, why, checked, safety };
}

const RELEASE_PATH = /(^|::)(Box::from_raw|CString::from_raw|Arc::from_raw|Rc::from_raw|Vec::from_raw_parts|String::from_raw_parts|free|dealloc|drop_in_place)$/;

/** The pointer a release call releases (its first argument, casts dropped). */
function releasedKey(call: SyntaxNode): string | undefined {
  const a = callArgs(call)[0];
  if (!a) return undefined;
  let e = unwrapExpr(a);
  while (e.type === 'type_cast_expression' && e.childForFieldName('value')) e = unwrapExpr(e.childForFieldName('value') as SyntaxNode);
  return e.type === 'identifier' || e.type === 'field_expression' ? e.text.replace(/\s+/g, '') : undefined;
}

/** Whether a release call frees the memory now: free/dealloc, or a from_raw whose owner is dropped at once. */
function releasesNow(call: SyntaxNode): boolean {
  const path = calleePath(call);
  if (!/from_raw/.test(path)) return true;
  let p = call.parent;
  // through `unsafe { … }`, `{ … }` and parentheses holding only the call
  while (p && (p.type === 'block' || p.type === 'unsafe_block' || p.type === 'parenthesized_expression') && p.namedChildren.filter((c) => c.type !== 'line_comment' && c.type !== 'block_comment').length === 1) p = p.parent;
  if (p?.type === 'expression_statement') return true;
  if (p?.type === 'let_declaration' && p.childForFieldName('pattern')?.text === '_') return false;
  if (p?.type === 'arguments' && p.parent?.type === 'call_expression' && /(^|::)drop$/.test(calleePath(p.parent))) return true;
  return false;
}

/** A call before `at` that released the memory one of `names` points to (with no new value assigned since). */
function freedBefore(names: readonly string[], at: SyntaxNode, body: SyntaxNode, ctx: RuleContext, fn: FnInfo): SyntaxNode | undefined {
  for (const c of fnCalls(fn)) {
    if (c.startIndex >= at.startIndex) break;
    if (!RELEASE_PATH.test(calleePath(c)) || !releasesNow(c)) continue;
    const key = releasedKey(c);
    if (!key || !names.includes(key)) continue;
    // released inside a branch that returns, or reassigned after: not this path
    const between = ctx.code(body).slice(c.endIndex - body.startIndex, at.startIndex - body.startIndex);
    if (new RegExp(`(?<![\\w.])${escapeRe(key)}\\s*=[^=]`).test(between)) continue;
    if (insideEarlyExit(c, at)) continue;
    return c;
  }
  return undefined;
}

/** `c` sits in a block that ends with return/break/continue and does not contain `at`. */
function insideEarlyExit(c: SyntaxNode, at: SyntaxNode): boolean {
  for (let b = c.parent; b; b = b.parent) {
    if (b.type === 'function_item') return false;
    if (b.type !== 'block') continue;
    if (b.startIndex <= at.startIndex && at.endIndex <= b.endIndex) return false;
    if (/\b(return|break|continue)\b/.test(b.text)) return true;
  }
  return false;
}

/** The same pointer given to two release calls (from_raw twice, free twice) in one function. */
function doubleRelease(fn: FnInfo, ctx: RuleContext): void {
  if (!fn.body) return;
  const seen = new Map<string, SyntaxNode>();
  for (const c of fnCalls(fn)) {
    if (!RELEASE_PATH.test(calleePath(c)) || calleePath(c).endsWith('drop_in_place')) continue;
    const key = releasedKey(c);
    if (!key) continue;
    const first = seen.get(key);
    if (first) {
      const between = ctx.code(fn.body).slice(first.endIndex - fn.body.startIndex, c.startIndex - fn.body.startIndex);
      const exclusive = first.parent && c.parent && sameIfOtherArm(first, c);
      if (!new RegExp(`(?<![\\w.])${escapeRe(key)}\\s*=[^=]`).test(between) && !exclusive && !insideEarlyExit(first, c)) {
        ctx.add(R.rawPointer, c, 0.8, 'double release', { description: `${key} is released twice: ${first.text.replace(/\s+/g, ' ').slice(0, 40)} at line ${first.startPosition.row + 1}, and again here (double free).`, severity: 'high', noSafetyDiscount: true });
        return;
      }
    }
    seen.set(key, c);
  }
}

/** `a` and `b` in different arms of the same if/match. */
function sameIfOtherArm(a: SyntaxNode, b: SyntaxNode): boolean {
  for (let p = a.parent; p; p = p.parent) {
    if (p.type === 'if_expression' || p.type === 'match_expression') {
      if (!(p.startIndex <= b.startIndex && b.endIndex <= p.endIndex)) continue;
      const armOf = (n: SyntaxNode) => {
        for (let q: SyntaxNode | null = n; q && q.parent; q = q.parent) if (q.parent.id === p.id || q.parent.parent?.id === p.id) return q.id;
        return -1;
      };
      return armOf(a) !== armOf(b);
    }
  }
  return false;
}

const OWNED_TEMP = /(^|::)(CString::new|CString::from_vec_unchecked|String::from|String::new|String::with_capacity|Vec::new|Vec::with_capacity|Vec::from|Box::new)$|^(to_string|to_owned|to_vec|into_bytes|collect|clone|concat|join|repeat|replace|to_uppercase|to_lowercase|into_boxed_slice|into_string)$/;

/** `CString::new(s).unwrap().as_ptr()` kept beyond its statement: the temporary is dropped at the `;`. */
function danglingTemporaries(fn: FnInfo, ctx: RuleContext): void {
  if (!fn.body) return;
  for (const c of fnCalls(fn)) {
    const name = calleeName(c);
    const recv = methodReceiver(c);
    if (!recv || (name !== 'as_ptr' && name !== 'as_mut_ptr')) continue;
    let r = unwrapExpr(recv);
    while ((r.type === 'call_expression' && /^(unwrap|expect|unwrap_or|unwrap_or_default|unwrap_or_else)$/.test(calleeName(r) ?? '') && methodReceiver(r)) || r.type === 'try_expression') {
      r = unwrapExpr(r.type === 'try_expression' ? (r.namedChildren[0] as SyntaxNode) : (methodReceiver(r) as SyntaxNode));
    }
    const temp = (r.type === 'call_expression' && OWNED_TEMP.test(methodReceiver(r) ? (calleeName(r) ?? '') : calleePath(r))) || (r.type === 'macro_invocation' && /^(format|vec)$/.test(r.childForFieldName('macro')?.text ?? ''));
    if (!temp) continue;
    // the pointer escapes its statement: bound, returned, stored, or the function's value
    let escapes = false;
    for (let p: SyntaxNode | null = c; p && p.id !== fn.body.id; p = p.parent) {
      const parent = p.parent;
      if (!parent || parent.type === 'arguments' || parent.type === 'macro_invocation' || parent.type === 'token_tree') break;
      if (parent.type === 'let_declaration' || parent.type === 'return_expression' || parent.type === 'field_initializer' || parent.type === 'assignment_expression' || (parent.type === 'block' && parent.id === fn.body.id)) {
        escapes = true;
        break;
      }
      if (parent.type === 'expression_statement') break;
    }
    if (escapes) {
      ctx.add(R.rawPointer, c, 0.85, `${name} of a temporary`, { description: `${name}() of a temporary (${r.text.replace(/\s+/g, ' ').slice(0, 40)}): the value is dropped at the end of the statement, so the pointer dangles (rustc: dangling_pointers_from_temporaries). Bind the owner to a variable that outlives the pointer.`, severity: 'high', noSafetyDiscount: true });
    }
  }
}

/** A function returning a raw pointer to one of its own locals, which die when it returns. */
function pointerToLocal(fn: FnInfo, ctx: RuleContext): void {
  if (!fn.body || !/^\*\s*(const|mut)\b/.test(fn.returnType.trim())) return;
  const outs = fn.body.descendantsOfType('return_expression').map((r) => r.namedChildren[0]).filter((x): x is SyntaxNode => !!x);
  const items = fn.body.namedChildren.filter((c) => c.type !== 'line_comment' && c.type !== 'block_comment');
  const tail = items[items.length - 1];
  if (tail && !/statement$|_declaration$/.test(tail.type)) outs.push(tail);
  for (const out of outs) {
    let e = unwrapExpr(out);
    while (e.type === 'type_cast_expression' && e.childForFieldName('value')) e = unwrapExpr(e.childForFieldName('value') as SyntaxNode);
    let local: SyntaxNode | undefined;
    if (e.type === 'reference_expression') local = e.namedChildren.find((c) => c.type === 'identifier');
    else if (e.type === 'call_expression' && /^(as_ptr|as_mut_ptr)$/.test(calleeName(e) ?? '')) {
      const r = methodReceiver(e);
      if (r && unwrapExpr(r).type === 'identifier') local = unwrapExpr(r);
    }
    if (!local) continue;
    const b = bindingAt(local.text, local, fn);
    if (!b || b.param) continue;
    const v = b.value ? unwrapExpr(b.value) : undefined;
    // a local holding a reference or a leaked/static value is not dropped with the frame
    if (/^&/.test(b.type?.trim() ?? '') || (v && (v.type === 'reference_expression' || /leak|into_raw|as_ref|as_mut|borrow/.test(v.text)))) continue;
    ctx.add(R.rawPointer, out, 0.85, 'pointer to a local', { description: `${fn.name} returns a pointer into its local ${local.text}, which is dropped when the function returns: the caller gets a dangling pointer.`, severity: 'high', noSafetyDiscount: true });
  }
}

/** Raw-pointer dereferences of one function: one finding per pointer, at its riskiest use. */
export function judgeDerefs(fn: FnInfo, ctx: RuleContext): DerefVerdict[] {
  if (!fn.body) return [];
  const code = ctx.code(fn.body);
  if (/\bas_(mut_)?ptr\s*\(/.test(code)) danglingTemporaries(fn, ctx);
  pointerToLocal(fn, ctx);
  // raw pointers are read and released only in unsafe code
  if (!fn.unsafe && !/\bunsafe\b/.test(code)) return [];
  // closures and nested functions: nested function items are judged on their own
  const derefs = derefsIn(fn.body, fn, ctx.facts).filter((d) => {
    for (let n = d.node.parent; n && n.id !== fn.body?.id; n = n.parent) if (n.type === 'function_item') return false;
    return true;
  });
  const verdicts = derefs.map((d) => judgeDeref(d, fn, ctx));
  doubleRelease(fn, ctx);
  const best = new Map<string, DerefVerdict>();
  for (const v of verdicts) {
    const k = v.deref.ptr.origin.key;
    const cur = best.get(k);
    if (!cur || v.confidence > cur.confidence) best.set(k, v);
  }
  for (const v of best.values()) {
    ctx.add(R.rawPointer, v.deref.node, v.confidence, `deref ${v.deref.how}`, {
      description: `Raw pointer dereference: ${v.why}.${v.safety ? ` A SAFETY comment argues it is valid ("${clip(v.safety)}").` : ''}`,
      severity: v.confidence >= 0.6 ? 'medium' : 'low',
      noSafetyDiscount: true,
    });
  }
  return verdicts;
}

// ---------------------------------------------------------------------------------------------
// FFI

const PANIC_MACROS = /^(panic|unreachable|todo|unimplemented|assert|assert_eq|assert_ne)$/;

function insideCatchUnwind(n: SyntaxNode, stop: SyntaxNode): boolean {
  for (let p = n.parent; p && p.id !== stop.id; p = p.parent) {
    if (p.type === 'closure_expression' && p.parent?.type === 'arguments' && p.parent.parent?.type === 'call_expression' && calleeName(p.parent.parent) === 'catch_unwind') return true;
  }
  return false;
}

/** Constructs in `body` that can panic, outside `catch_unwind`; calls into functions of this file are followed one level. */
export function panicSites(body: SyntaxNode, ctx: RuleContext, depth = 0): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (const n of body.descendantsOfType(['call_expression', 'macro_invocation', 'index_expression'])) {
    if (insideCatchUnwind(n, body)) continue;
    if (n.type === 'macro_invocation') {
      if (PANIC_MACROS.test(n.childForFieldName('macro')?.text.replace(/^.*::/, '') ?? '')) out.push(n);
    } else if (n.type === 'index_expression') {
      const index = n.namedChildren[1];
      if (index && !isConstantExpr(index)) out.push(n);
    } else {
      const name = calleeName(n) ?? '';
      if (methodReceiver(n) && /^(unwrap|expect|unwrap_err|expect_err)$/.test(name)) out.push(n);
      else if (!methodReceiver(n) && depth === 0) {
        const callee = ctx.facts.fns.get(calleePath(n).replace(/^(self|Self|crate)::/, ''));
        const cbody = callee?.childForFieldName('body');
        if (cbody && cbody.id !== body.id && panicSites(cbody, ctx, depth + 1).length > 0) out.push(n);
      }
    }
  }
  return out;
}

export function judgeExternFn(fn: FnInfo, verdicts: readonly DerefVerdict[], ctx: RuleContext): void {
  if (!fn.body) return;
  const unchecked = verdicts.filter((v) => v.deref.ptr.origin.kind === 'param' && !v.checked);
  const panics = panicSites(fn.body, ctx);
  const reasons: string[] = [];
  let c = 0.25;
  if (unchecked.length > 0) {
    const names = [...new Set(unchecked.map((v) => v.deref.ptr.origin.key))];
    const argued = unchecked.every((v) => v.safety);
    const exported = fn.pub || fn.exported;
    // a callback handed to one C library can rely on what that library guarantees, if the comment says so
    const cu = fn.unsafe && fn.safetyDoc ? 0.5 : argued && !exported ? 0.35 : argued ? 0.5 : 0.7;
    c = Math.max(c, cu);
    reasons.push(`dereferences the pointer argument${names.length > 1 ? 's' : ''} ${names.join(', ')} without a null check (is_null, as_ref, NonNull::new)${argued ? ', relying on a SAFETY comment' : ''}`);
  }
  if (panics.length > 0) {
    c = Math.max(c, 0.65);
    const p = panics[0] as SyntaxNode;
    reasons.push(`can panic (${p.text.replace(/\s+/g, ' ').slice(0, 40)}, line ${p.startPosition.row + 1}) outside catch_unwind: a panic cannot unwind into the C caller (undefined behaviour before Rust 1.81, an abort since)`);
  }
  const description = reasons.length > 0
    ? `extern "C" fn ${fn.name} ${reasons.join('; and ')}.`
    : `extern "C" fn ${fn.name} is callable from foreign code; its pointer arguments are checked before use and it does not panic.`;
  ctx.add(R.externC, fn.node, c, 'extern fn', { description, severity: c >= 0.6 ? 'high' : c >= 0.4 ? 'medium' : 'low', noSafetyDiscount: true });
}

export function judgeForeignMod(n: SyntaxNode, ctx: RuleContext): void {
  const abi = /extern\s*"([^"]*)"/.exec(n.text)?.[1] ?? 'C';
  if (abi === 'Rust') return;
  ctx.add(R.externC, n, 0.3, 'extern block', { description: 'Foreign functions declared here are trusted to match these signatures; every call to them is unsafe and reported (or argued) where it happens.', severity: 'low', noSafetyDiscount: true });
}

const C_ALLOC = /(^|::)(malloc|calloc|realloc|strdup|strndup)$/;

/** `free()` of memory Rust allocated, or `Box::from_raw`/`CString::from_raw` of memory C allocated. */
export function judgeAllocatorMismatch(call: SyntaxNode, ctx: RuleContext): void {
  const path = calleePath(call);
  const fn = ctx.fnOf(call);
  const arg = callArgs(call)[0];
  if (!arg || !path) return;
  if (/(^|::)free$/.test(path)) {
    const p = rawPointer(arg, fn, ctx.facts);
    const key = p?.origin.key ?? '';
    if (p && (p.origin.kind === 'owned' || p.origin.kind === 'borrowed') && /into_raw|as_mut_ptr|as_ptr|leak/.test(key)) {
      ctx.add(R.externC, call, 0.8, 'free of a Rust allocation', { description: `C's free() is given memory Rust allocated (${key.replace(/\s+/g, ' ').slice(0, 50)}): the allocators differ; rebuild it with Box::from_raw/CString::from_raw and drop it instead.`, severity: 'high', noSafetyDiscount: true });
    }
    return;
  }
  if (/(^|::)(Box|CString|Vec|String)::(from_raw|from_raw_parts)$/.test(path)) {
    const a = unwrapExpr(arg);
    const origin = a.type === 'identifier' ? (fn?.body ? new RegExp(`\\b${escapeRe(a.text)}\\s*(:[^=]*)?=\\s*(unsafe\\s*\\{\\s*)?([\\w:]*::)?(malloc|calloc|realloc|strdup|strndup)\\s*\\(`).test(ctx.before(fn.body, call)) : false) : a.type === 'call_expression' && C_ALLOC.test(calleePath(a));
    if (origin) ctx.add(R.externC, call, 0.8, 'Rust owner of a C allocation', { description: `${path} takes ownership of memory C's allocator returned; dropping it frees it with Rust's allocator. Free it with free() instead.`, severity: 'high', noSafetyDiscount: true });
  }
}

// ---------------------------------------------------------------------------------------------
// unsafe impl Send / Sync

/** `&self` methods of `type` that write through a raw-pointer field without a lock. */
function writesThroughShared(type: string, ctx: RuleContext): SyntaxNode | undefined {
  for (const impl of ctx.root.descendantsOfType('impl_item')) {
    if (impl.childForFieldName('trait') || typeParts(impl.childForFieldName('type')?.text ?? '').name !== type) continue;
    for (const f of impl.descendantsOfType('function_item')) {
      const self = f.childForFieldName('parameters')?.namedChildren.find((c) => c.type === 'self_parameter');
      if (!self || !/^&\s*('\w+\s+)?self$/.test(self.text.trim())) continue;
      const code = ctx.code(f);
      if (/\.\s*(lock|write|read)\s*\(\s*\)|Atomic/.test(code)) continue;
      for (const a of f.descendantsOfType(['assignment_expression', 'compound_assignment_expr'])) {
        const left = a.childForFieldName('left');
        if (left && /\*\s*\(?\s*self\s*\.\s*\w+/.test(left.text)) return a;
      }
      for (const c of f.descendantsOfType('call_expression')) {
        const recv = methodReceiver(c);
        if (recv && /^(write|write_bytes|copy_from|copy_from_nonoverlapping)$/.test(calleeName(c) ?? '') && /^self\s*\.\s*\w+/.test(recv.text)) return c;
      }
    }
  }
  return undefined;
}

export function judgeSendSync(impl: SyntaxNode, ctx: RuleContext): void {
  const trait = impl.childForFieldName('trait')?.text.replace(/^.*::/, '');
  if (!hasKeyword(impl, 'unsafe') || (trait !== 'Send' && trait !== 'Sync')) return;
  const typeText = impl.childForFieldName('type')?.text ?? '';
  const name = typeParts(typeText).name;
  const st = ctx.facts.structs.get(name);
  const fields = st ? [...st.fields.values()].join(' , ') : '';
  const arg = safetyArgument(impl);
  const add = (c: number, why: string, definite = false) => {
    const conf = arg && !definite ? c * 0.55 : c;
    ctx.add(R.unsafeSendSync, impl, conf, `unsafe impl ${trait}`, {
      description: `unsafe impl ${trait} for ${name}: ${why}${arg ? ` A SAFETY comment argues it ("${clip(arg)}").` : ''}`,
      severity: conf >= 0.6 ? 'high' : conf >= 0.4 ? 'medium' : 'low',
      noSafetyDiscount: true,
    });
  };
  if (st && /(^|[^\w])(Rc|rc::Weak)\s*</.test(fields)) return add(0.85, 'it holds an Rc, whose reference count is not atomic: two threads cloning or dropping it corrupt the count.', true);
  if (st && trait === 'Send' && /(^|[^\w])(MutexGuard|RwLockReadGuard|RwLockWriteGuard|RefMut|Ref)\s*</.test(fields)) {
    return add(0.85, 'it holds a lock guard or RefCell borrow, which must be released on the thread that took it.', true);
  }
  if (st && trait === 'Sync' && /(^|[^\w])(Cell|RefCell|UnsafeCell)\s*<|(?<!sync::)\bOnceCell\s*</.test(fields) && !/\b(Mutex|RwLock)\s*</.test(fields)) {
    return add(0.85, 'it holds a Cell/RefCell/UnsafeCell, whose interior mutability is not synchronised: shared between threads this is a data race.', true);
  }
  if (st && trait === 'Sync') {
    const w = writesThroughShared(name, ctx);
    if (w) return add(0.8, `a &self method writes through a raw pointer without a lock (line ${w.startPosition.row + 1}): with Sync, two threads can do that at once.`, true);
  }
  // generic parameters without the matching bound make X<Rc<…>> Send/Sync too
  const params = impl.childForFieldName('type_parameters')?.namedChildren.filter((p) => p.type === 'type_parameter' || p.type === 'type_identifier') ?? [];
  const where = impl.namedChildren.find((c) => c.type === 'where_clause')?.text ?? '';
  const unbounded = params
    .map((p) => ({ name: p.childForFieldName('name')?.text ?? p.text.replace(/:.*$/s, '').trim(), bounds: p.text }))
    .filter((p) => p.name && !new RegExp(`\\b${trait}\\b`).test(p.bounds) && !new RegExp(`\\b${escapeRe(p.name)}\\s*:[^,{]*\\b${trait}\\b`).test(where));
  if (unbounded.length > 0 && st && unbounded.some((p) => new RegExp(`\\b${escapeRe(p.name)}\\b`).test(fields))) {
    return add(0.75, `the impl does not require ${unbounded.map((p) => `${p.name}: ${trait}`).join(', ')}, so ${name} of a non-thread-safe type (an Rc, a RefCell) becomes ${trait} too.`);
  }
  if (!st) return add(0.6, 'thread safety of a type declared elsewhere is promised without the compiler\'s check.');
  add(0.6, 'the compiler could not prove thread safety (raw pointers or foreign handles); every field must be safe to send/share.');
}
