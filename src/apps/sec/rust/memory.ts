/**
 * Memory rules judged by types and by what happens around the call: `transmute` (into which
 * type, from which), `mem::zeroed`/`mem::uninitialized`/`assume_init` (is every field written,
 * may the type be zero), `mem::forget` (what is not dropped: a lock guard, a value with `Drop`,
 * a buffer handed out as raw parts).
 */
import type { SyntaxNode } from '../../../lang/index.js';
import type { RuleContext } from './ctx.js';
import { RUST_RULES as R } from './rules.js';
import { bindingAt, callArgs, calleeName, calleePath, escapeRe, methodReceiver, unwrapExpr, type FnInfo } from './syntax.js';
import { destinationType, expressionType, typeParts, validity } from './types.js';

// ---------------------------------------------------------------------------------------------
// transmute

function norm(t: string): string {
  return t.replace(/'\w+\s*/g, '').replace(/\s+/g, '').replace(/^(std|core)::/, '');
}

/** `&[T]` → `T`, `&mut T` → `T`, `Vec<T>` → `T`, `*const T` → `T`: the element a container or reference points at. */
function element(t: string): { outer: string; inner: string } {
  const s = norm(t);
  let m = /^(&(?:mut)?|\*(?:const|mut))(.*)$/.exec(s);
  if (m) {
    const rest = element(m[2] as string);
    return { outer: (m[1] as string) + rest.outer, inner: rest.inner };
  }
  m = /^\[(.*)\]$/.exec(s);
  if (m && !(m[1] as string).includes(';')) return { outer: '[]', inner: m[1] as string };
  m = /^(Vec|Box|Rc|Arc|Option|NonNull)<(.*)>$/.exec(s);
  if (m) {
    const rest = element(m[2] as string);
    return { outer: `${m[1] as string}<${rest.outer}>`, inner: rest.inner };
  }
  return { outer: '', inner: s };
}

/**
 * A loop over the whole array writes every slot before `at`: `for s in arr.iter_mut()` (or
 * `.enumerate()`), or `for i in 0..arr.len()` / `0..N` writing `arr[i]`, with no `break`, `zip`,
 * `take` or early exit that could stop it part-way.
 */
function everySlotWritten(arr: string, at: SyntaxNode, fn: FnInfo, ctx: RuleContext): boolean {
  const body = fn.body as SyntaxNode;
  const a = escapeRe(arr);
  const len = /;\s*([^\]]+)\]\s*$/.exec(bindingAt(arr, at, fn)?.type ?? '')?.[1]?.replace(/\s+/g, '');
  for (const loop of body.descendantsOfType('for_expression')) {
    if (loop.startIndex >= at.startIndex) break;
    const iter = loop.childForFieldName('value')?.text.replace(/\s+/g, '') ?? '';
    const block = ctx.code(loop.childForFieldName('body') ?? loop);
    const whole = new RegExp(`^(&mut)?${a}(\\.iter_mut\\(\\)(\\.enumerate\\(\\))?)?$`).test(iter) || new RegExp(`^0\\.\\.(${a}\\.len\\(\\)${len ? `|${escapeRe(len)}` : ''})$`).test(iter);
    if (!whole || /\b(break|return)\b|\?/.test(block)) continue;
    if (/\.write\s*\(|=\s*MaybeUninit::new/.test(block)) return true;
  }
  return false;
}

/** A `#[repr(transparent)]` wrapper of the file and the type it wraps, on either side. */
function transparentPair(src: string | undefined, dst: string | undefined, ctx: RuleContext): boolean {
  const wraps = (wrapper: string, other: string | undefined) => {
    const st = ctx.facts.structs.get(typeParts(wrapper).name);
    if (!st?.transparent) return false;
    if (other === undefined) return true;
    const inner = [...st.fields.values()].map(norm).filter((f) => !/^PhantomData\b/.test(f));
    const o = element(other).inner;
    return inner.length === 1 && (inner[0] === o || ctx.facts.structs.get(typeParts(o).name)?.transparent === true);
  };
  const s = src ? element(src) : undefined;
  const d = dst ? element(dst) : undefined;
  if (s && d && s.outer !== d.outer) return false;
  return (!!d && wraps(d.inner, s?.inner)) || (!!s && wraps(s.inner, d?.inner));
}

export function judgeTransmute(call: SyntaxNode, name: string, ctx: RuleContext): void {
  const fn = ctx.fnOf(call);
  const fnNode = call.childForFieldName('function');
  const targs = fnNode?.type === 'generic_function' ? (fnNode.childForFieldName('type_arguments')?.namedChildren ?? []) : [];
  const arg = callArgs(call)[0];
  const known = (t: string | undefined) => (t && t.trim() !== '_' ? t : undefined);
  const src = known(targs[0]?.text) ?? (arg ? expressionType(arg, fn) : undefined);
  const dst = known(targs[1]?.text) ?? destinationType(call, fn);
  const types = `${src ?? '?'} → ${dst ?? '?'}`;
  const add = (c: number, why: string) => ctx.add(R.transmute, call, c, name, { description: `${name} ${types}: ${why}` });

  if (transparentPair(src, dst, ctx)) return add(0.25, 'one side is a #[repr(transparent)] wrapper of the other, so the layouts are the same by definition.');
  const s = src ? element(src) : undefined;
  const d = dst ? element(dst) : undefined;
  if (s && d && /^(Vec|Box|Rc|Arc)</.test(s.outer) && s.outer === d.outer && s.inner !== d.inner) {
    return add(0.85, 'a collection reinterpreted with another element type keeps the old length, capacity and alignment: the allocator and every index now disagree with the memory.');
  }
  const bare = (t: string) => t.replace(/\s+/g, '').replace(/<\s*'\w+\s*>|'\w+\s*,?\s*/g, '').replace(/<>/g, '');
  if (src && dst && src.replace(/\s+/g, '') !== dst.replace(/\s+/g, '') && bare(src) === bare(dst)) {
    return add(0.7, 'only a lifetime changes: the value can outlive what it borrows (use after free) unless something else keeps that alive.');
  }
  if (src && /\bMaybeUninit\b/.test(src) && !(dst && /\bMaybeUninit\b/.test(dst))) {
    const a = arg ? unwrapExpr(arg) : undefined;
    if (a?.type === 'identifier' && fn?.body && everySlotWritten(a.text, call, fn, ctx)) {
      return add(0.3, `every element of ${a.text} is written by a loop over the whole array before this.`);
    }
    const dv0 = dst ? validity(dst, ctx.facts, false) : 'unknown';
    return add(dv0 === 'niche' ? 0.85 : 0.7, 'this asserts that every element of the MaybeUninit was written (an assume_init in disguise): any slot a path skipped is read as uninitialised memory.');
  }
  const dv = dst ? validity(dst, ctx.facts, false) : 'unknown';
  if (dv === 'niche') return add(0.8, `not every bit pattern is a valid ${dst ?? ''} (bool, char, enum tags, references, non-null pointers): bytes from ${src ?? 'the source'} that are not one are undefined behaviour.`);
  const sv = src ? validity(src, ctx.facts, false) : 'unknown';
  if (dv === 'plain' && (sv === 'plain' || !src)) {
    const prim = /^(u|i|f)\d+$|^(usize|isize)$|^\[u8;/.test(norm(dst ?? '')) && /^(u|i|f)\d+$|^(usize|isize)$|^\[u8;/.test(norm(src ?? 'u8'));
    return add(0.5, prim ? 'sound for these plain numbers, but to_bits/from_bits/to_ne_bytes/from_ne_bytes say the same without unsafe (and without the next edit turning it unsound).' : 'the target accepts any bit pattern, but its layout (field order, padding, endianness) is the compiler\'s choice unless it is #[repr(C)].');
  }
  add(0.65, 'the compiler only checks that the sizes match; validity, alignment and lifetimes of the result are unchecked.');
}

// ---------------------------------------------------------------------------------------------
// mem::zeroed, mem::uninitialized, assume_init

function zeroedVerdict(t: string | undefined, ctx: RuleContext): { c: number; why: string } {
  if (!t) return { c: 0.45, why: 'the type is not known here: all-zero bytes are undefined behaviour for references, Box/Vec/String, NonNull, fn pointers and enums without a zero variant.' };
  const v = validity(t, ctx.facts, true);
  if (v === 'plain') return { c: 0.2, why: `${t} is plain data (integers, raw pointers, arrays and structs of them): all-zero bytes are a valid value.` };
  if (v === 'niche') return { c: 0.8, why: `${t} contains a type for which all-zero bytes are not a valid value (a reference, Box/Vec/String, NonNull, a fn pointer, an enum without a zero variant): this is undefined behaviour as soon as it is created.` };
  return { c: 0.45, why: `${t} is declared elsewhere: all-zero bytes are undefined behaviour if it holds a reference, Box/Vec/String, NonNull, a fn pointer or an enum without a zero variant.` };
}

export function judgeZeroed(call: SyntaxNode, ctx: RuleContext): void {
  const fn = ctx.fnOf(call);
  const fnNode = call.childForFieldName('function');
  const targ = fnNode?.type === 'generic_function' ? fnNode.childForFieldName('type_arguments')?.namedChildren[0]?.text : undefined;
  const t = targ ?? destinationType(call, fn);
  const v = zeroedVerdict(t, ctx);
  ctx.add(R.uninit, call, v.c, 'mem::zeroed', { description: `mem::zeroed(): ${v.why}` });
}

/** `MaybeUninit::<T>::uninit()` / `MaybeUninit::uninit()`: the T, from the turbofish or the let's type. */
function maybeUninitType(value: SyntaxNode | undefined, declared: string | undefined): string | undefined {
  const fromDecl = declared && /MaybeUninit\s*<(.*)>\s*$/s.exec(declared)?.[1];
  if (fromDecl) return fromDecl;
  const m = value && /MaybeUninit\s*::\s*<(.*)>\s*::\s*uninit/s.exec(value.text);
  return m?.[1];
}

/** The struct fields written through `p` (`addr_of_mut!((*p).f).write(…)`, `(*p).f = …`, `ptr::write(&mut (*p).f, …)`). */
function fieldsWritten(ptrNames: readonly string[], text: string): Set<string> {
  const out = new Set<string>();
  for (const p of ptrNames) {
    const re = new RegExp(`\\(\\s*\\*\\s*${escapeRe(p)}\\s*\\)\\s*\\.\\s*(\\w+)`, 'g');
    for (const m of text.matchAll(re)) out.add(m[1] as string);
  }
  return out;
}

export function judgeAssumeInit(call: SyntaxNode, name: string, ctx: RuleContext): void {
  const fn = ctx.fnOf(call);
  const recv = methodReceiver(call);
  const add = (c: number, why: string) => ctx.add(R.uninit, call, c, name, { description: `${name}(): ${why}` });
  if (!recv) return add(0.6, 'asserts the memory is initialised; if any path skips the write, this reads uninitialised memory.');
  const r = unwrapExpr(recv);
  // `MaybeUninit::uninit().assume_init()` into `[MaybeUninit<T>; N]`: the documented idiom, nothing is asserted
  if (r.type === 'call_expression' && /(^|::)uninit$/.test(calleePath(r))) {
    const t = destinationType(call, fn);
    if (t && /^\[\s*(std::mem::|core::mem::|mem::)?MaybeUninit\s*</.test(t.trim())) return;
    return add(0.75, `nothing has been written yet${t ? ` into this ${t}` : ''}: reading it is undefined behaviour.`);
  }
  if (r.type === 'call_expression' && /(^|::)zeroed$/.test(calleePath(r))) {
    const v = zeroedVerdict(destinationType(call, fn), ctx);
    return add(v.c, v.why);
  }
  if (r.type !== 'identifier' || !fn?.body) return add(0.45, `asserts ${r.text} is initialised; whether every path wrote it is not visible here.`);
  const b = bindingAt(r.text, call, fn);
  if (!b?.value || !/uninit\s*\(\s*\)/.test(b.value.text)) return add(0.5, `asserts ${r.text} is initialised; whether every path wrote it is not visible here.`);
  // what happens to the MaybeUninit between its creation and assume_init
  const between = ctx.code(fn.body).slice(b.node.endIndex - fn.body.startIndex, call.startIndex - fn.body.startIndex);
  const v = escapeRe(r.text);
  const whole = new RegExp(`\\b${v}\\s*\\.\\s*write\\s*\\(|\\b${v}\\s*=\\s*(std::mem::|mem::)?MaybeUninit::new|\\*\\s*${v}\\s*\\.\\s*as_mut_ptr\\s*\\(\\s*\\)\\s*=|\\b${v}\\s*\\.\\s*as_mut_ptr\\s*\\(\\s*\\)\\s*\\.\\s*write\\s*\\(|write\\s*\\(\\s*${v}\\s*\\.\\s*as_mut_ptr\\s*\\(`).test(between);
  if (whole) return add(0.3, `${r.text} is written as a whole before this.`);
  const ptrs = [...between.matchAll(new RegExp(`let\\s+(?:mut\\s+)?(\\w+)\\s*(?::[^=]*)?=\\s*${v}\\s*\\.\\s*as_mut_ptr\\s*\\(`, 'g'))].map((m) => m[1] as string);
  const t = maybeUninitType(b.value, b.type);
  const st = t ? ctx.facts.structs.get(typeParts(t).name) : undefined;
  if (ptrs.length > 0 && st) {
    const written = fieldsWritten(ptrs, between);
    const missing = [...st.fields.keys()].filter((f) => !written.has(f));
    if (missing.length === 0) return add(0.3, `every field of ${t ?? ''} is written through the pointer before this.`);
    return add(0.85, `field${missing.length > 1 ? 's' : ''} ${missing.map((m) => `\`${m}\``).join(', ')} of ${t ?? ''} ${missing.length > 1 ? 'are' : 'is'} never written: reading the value (or dropping it) touches uninitialised memory.`);
  }
  // handed to a function that fills it (an FFI out-parameter such as fstat(fd, st.as_mut_ptr()))
  if (new RegExp(`[(,]\\s*(&\\s*mut\\s+)?${v}\\s*\\.\\s*as_mut_ptr\\s*\\(`).test(between) || ptrs.some((p) => new RegExp(`[(,]\\s*${escapeRe(p)}\\b`).test(between))) {
    return add(0.35, `${r.text} is handed to a call that is expected to fill it; if that call can fail without writing, its result must be checked first.`);
  }
  add(0.75, `nothing visible writes ${r.text} between MaybeUninit::uninit() and this call.`);
}

export function judgeUninitialized(call: SyntaxNode, ctx: RuleContext): void {
  ctx.add(R.uninit, call, 0.85, 'mem::uninitialized', { description: 'mem::uninitialized() is deprecated because it is undefined behaviour for almost every type (even integers may not be uninitialised).' });
}

// ---------------------------------------------------------------------------------------------
// mem::forget

function forgottenType(arg: SyntaxNode, fn: FnInfo | undefined): { type?: string; origin?: string } {
  const a = unwrapExpr(arg);
  if (a.type !== 'identifier') return { origin: a.text };
  const b = bindingAt(a.text, a, fn);
  if (!b) {
    // bound by a pattern: `Ok(mut guard) => …` of a `match x.lock()`
    return {};
  }
  const value = b.value ? unwrapExpr(b.value) : undefined;
  const structName = value?.type === 'struct_expression' ? value.childForFieldName('name')?.text : undefined;
  const ctor = value?.type === 'call_expression' ? /^([\w:]+)::\w+$/.exec(calleePath(value))?.[1] : undefined;
  return { type: b.type ?? structName ?? ctor, origin: b.value?.text };
}

export function judgeForget(call: SyntaxNode, ctx: RuleContext): void {
  const arg = callArgs(call)[0];
  if (!arg) return;
  const fn = ctx.fnOf(call);
  const name = unwrapExpr(arg).text;
  if (name === 'self') {
    return ctx.add(R.forget, call, 0.3, 'mem::forget', { description: 'mem::forget(self): a method that has taken its parts out (ptr::read, into_raw) consumes the value without running Drop on them again; check that every owned part was moved out.' });
  }
  const { type, origin } = forgottenType(arg, fn);
  const scope = fn?.body;
  const before = scope ? ctx.before(scope, call) : '';
  const add = (c: number, why: string) => ctx.add(R.forget, call, c, 'mem::forget', { description: `mem::forget(${name}): ${why}` });
  // a guard: the lock (or RefCell borrow) is never released
  const guardFrom = new RegExp(`\\b${escapeRe(name)}\\b[^;{}]*=\\s*[^;]*\\.(lock|write|read|borrow_mut|borrow)\\s*\\(\\s*\\)|\\.(lock|write|read)\\s*\\(\\s*\\)[^{;]*\\{[^}]*\\b${escapeRe(name)}\\b`).test(before);
  if (/Guard\b|Ref(Mut)?\b/.test(type ?? '') || /\.(lock|write|read|borrow_mut)\s*\(\s*\)/.test(origin ?? '') || guardFrom) {
    return add(0.8, 'a lock guard (or RefCell borrow) that is never dropped is never released: the next lock() blocks forever.');
  }
  const tn = type ? typeParts(type).name : undefined;
  if (tn && ctx.facts.dropTypes.has(tn)) return add(0.75, `${tn} has a Drop impl in this file; forgetting it skips that cleanup.`);
  const rawParts = new RegExp(`\\b${escapeRe(name)}\\s*\\.\\s*(as_mut_ptr|as_ptr|as_raw_fd|as_raw_handle|as_raw_socket)\\s*\\(`).test(before);
  if (rawParts) {
    if (/\b(from_raw_parts|from_raw|from_raw_fd|from_raw_handle|from_raw_socket)\s*\(/.test(ctx.facts.code)) {
      return add(0.3, 'ownership moves to the raw parts taken before, and this file rebuilds the value from them (from_raw_parts/from_raw) to free it.');
    }
    return add(0.65, 'the raw parts handed out are never rebuilt into an owner (no from_raw_parts/from_raw in this file): the memory or handle leaks. ManuallyDrop or into_raw_parts/into_raw make the hand-off explicit.');
  }
  if (tn && /^(File|TcpStream|TcpListener|UdpSocket|UnixStream|Child|JoinHandle)$/.test(tn)) return add(0.6, `the ${tn}'s handle is never closed.`);
  add(0.5, 'skips Drop: memory, handles or locks owned by the value are never released.');
}

/** The call names the memory rules look at. */
export function judgeMemoryCall(call: SyntaxNode, ctx: RuleContext): void {
  const name = calleeName(call);
  const method = call.childForFieldName('function')?.type === 'field_expression';
  const fnText = call.childForFieldName('function')?.text ?? '';
  switch (name) {
    case 'transmute':
    case 'transmute_copy':
      if (!method) judgeTransmute(call, name, ctx);
      break;
    case 'forget':
      if (!method && /mem::forget|^forget/.test(fnText)) judgeForget(call, ctx);
      break;
    case 'uninitialized':
      if (!method && /mem::uninitialized|^uninitialized/.test(fnText)) judgeUninitialized(call, ctx);
      break;
    case 'zeroed':
      if (!method && /mem::zeroed|^zeroed/.test(fnText)) judgeZeroed(call, ctx);
      break;
    case 'assume_init':
    case 'assume_init_read':
    case 'assume_init_ref':
    case 'assume_init_mut':
    case 'array_assume_init':
      judgeAssumeInit(call, name, ctx);
      break;
  }
}
