import type { SyntaxNode } from '../../../lang/index.js';
import type { RawFinding } from '../finding.js';
import { findingFor } from '../rule-meta.js';
import { baseText, callArgs, calleeName, conditionNodes, declaredName, enclosingFunction, findDeclaration, literalText, stripCasts, testsValueOf } from './c-ast.js';
import { callsOf, type HygieneContext } from './context.js';
import { HYGIENE_RULES } from './rules.js';

/** The operand of `sizeof x` / `sizeof(x)` as text, else undefined. */
function sizeofOperand(node: SyntaxNode | undefined): string | undefined {
  const n = stripCasts(node);
  if (n?.type !== 'sizeof_expression') return undefined;
  const v = n.childForFieldName('value') ?? n.childForFieldName('type');
  return v ? baseText(v) : undefined;
}

/** The declared element count of array `name` as written (`64`, `LEN`), if it is an array here. */
function arraySize(name: string, at: SyntaxNode, root: SyntaxNode): string | undefined {
  const decl = findDeclaration(name, enclosingFunction(at), root);
  let d: SyntaxNode | undefined = decl?.declarator;
  if (d?.type === 'init_declarator') d = d.childForFieldName('declarator') ?? undefined;
  return d?.type === 'array_declarator' ? d.childForFieldName('size')?.text.replace(/\s+/g, '') : undefined;
}

/** Is `size` the whole capacity of `dst` (`sizeof dst`, or the count it was declared with)? */
function wholeCapacity(size: SyntaxNode | undefined, dst: string, at: SyntaxNode, root: SyntaxNode): boolean {
  if (sizeofOperand(size) === dst) return true;
  const declared = /^\w+$/.test(dst) ? arraySize(dst, at, root) : undefined;
  return declared !== undefined && baseText(size) === declared;
}

/** Is `dst[...]` or `*(dst + ...)` set to 0 / '\0' after `call` in the same function? */
function terminatedAfter(call: SyntaxNode, dst: string): boolean {
  const fn = enclosingFunction(call);
  if (!fn) return false;
  return fn.descendantsOfType('assignment_expression').some((a) => {
    if (a.startIndex < call.endIndex) return false;
    const right = stripCasts(a.childForFieldName('right'));
    if (!right || !/^(0|'\\0'|L'\\0'|'\\x00'|NUL|'\\000')$/.test(right.text)) return false;
    const left = a.childForFieldName('left');
    const target = left?.type === 'subscript_expression' ? left.childForFieldName('argument') : left?.type === 'pointer_expression' ? left.childForFieldName('argument') : undefined;
    const base = baseText(target ?? undefined).replace(/^\(?([^+\-()]+).*$/, '$1');
    return base === dst;
  });
}

export function checkStrncpy(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  for (const call of callsOf(ctx, ['strncpy', 'wcsncpy', 'stpncpy'])) {
    const name = call.childForFieldName('function')?.text ?? 'strncpy';
    const [dstNode, src, size] = callArgs(call);
    const dst = baseText(dstNode);
    if (!dst || !size) continue;
    const srcText = literalText(src);
    const exact = /^strlen\((.*)\)$/.exec(baseText(size))?.[1];
    const whole = wholeCapacity(size, dst, call, ctx.root);
    if (!whole && !(exact !== undefined && exact === baseText(src))) continue;
    // a literal shorter than the buffer is padded with NULs
    if (whole && srcText !== undefined && !/\\/.test(srcText) && capacityExceeds(size, dst, call, ctx.root, srcText.length)) continue;
    if (terminatedAfter(call, dst)) continue;
    out.push(findingFor(HYGIENE_RULES.strncpyUnterminated, `Terminate it yourself after the copy (${dst}[sizeof ${dst} - 1] = '\\0'), or use snprintf(${dst}, sizeof ${dst}, "%s", src).`, {
      node: call,
      pattern: `${name}(…, ${baseText(size)})`,
      confidence: whole ? 0.6 : 0.75,
      description: whole
        ? `${name}() may fill all of ${dst} without a terminator, and nothing terminates it afterwards.`
        : `${name}() copies exactly strlen() characters, never the terminator, and nothing terminates ${dst} afterwards.`,
    }));
  }
  return out;
}

/** The buffer holds more than `len` characters (so a `len`-character literal gets its terminator). */
function capacityExceeds(size: SyntaxNode, dst: string, at: SyntaxNode, root: SyntaxNode, len: number): boolean {
  const declared = /^\w+$/.test(dst) ? arraySize(dst, at, root) : undefined;
  const n = Number(declared ?? baseText(size));
  return Number.isFinite(n) && n > len;
}

export function checkStrncat(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  for (const call of callsOf(ctx, ['strncat', 'wcsncat'])) {
    const [dstNode, , size] = callArgs(call);
    const dst = baseText(dstNode);
    if (!dst || !size) continue;
    const whole = wholeCapacity(size, dst, call, ctx.root);
    // `sizeof d - strlen(d)` leaves no room for the terminator strncat always adds
    const sub = stripCasts(size);
    const offByOne = sub?.type === 'binary_expression' && sub.childForFieldName('operator')?.text === '-' &&
      wholeCapacity(sub.childForFieldName('left') ?? undefined, dst, call, ctx.root) && baseText(sub.childForFieldName('right') ?? undefined) === `strlen(${dst})`;
    if (!whole && !offByOne) continue;
    out.push(findingFor(HYGIENE_RULES.strncatSize, `Pass the space left: sizeof ${dst} - strlen(${dst}) - 1, or build the string with snprintf.`, {
      node: call,
      pattern: `strncat(…, ${baseText(size)})`,
      confidence: whole ? 0.75 : 0.65,
      description: whole
        ? `strncat() may append ${baseText(size)} characters plus a terminator after what ${dst} already holds: it overflows as soon as ${dst} is not empty.`
        : `strncat() appends up to the space left plus a terminator: one byte past the end of ${dst} when the source is long enough.`,
    }));
  }
  return out;
}

const ALLOCS: Record<string, number> = { malloc: 0, realloc: 1, valloc: 0, pvalloc: 0, aligned_alloc: 1 };
const OVERFLOW_CHECK = /__builtin_\w*mul_overflow|ckd_mul|reallocarray|\b\w*_MAX\b/;

/** Factors of a product (`a * b * c`), or undefined when the expression is not a product. */
function factors(node: SyntaxNode | undefined): SyntaxNode[] | undefined {
  const n = stripCasts(node);
  if (n?.type !== 'binary_expression' || n.childForFieldName('operator')?.text !== '*') return undefined;
  return [n.childForFieldName('left'), n.childForFieldName('right')].flatMap((c) => (c ? (factors(c) ?? [stripCasts(c) ?? c]) : []));
}

const isConstant = (n: SyntaxNode) => n.type === 'number_literal' || n.type === 'sizeof_expression' || /^[A-Z][A-Z0-9_]*$/.test(n.text);

const identifiersIn = (n: SyntaxNode): string[] => (n.type === 'identifier' ? [n.text] : n.descendantsOfType('identifier').map((i) => i.text));

/**
 * `names` and the variables they were computed from before `at` in `fn` (`npix = (size_t)w * h`
 * adds w and h): a check of an input bounds what is derived from it.
 */
function sourcesOf(names: string[], fn: SyntaxNode, at: SyntaxNode): string[] {
  const out = new Set(names);
  const stores: [string, SyntaxNode][] = [];
  for (const a of fn.descendantsOfType(['assignment_expression', 'init_declarator'])) {
    if (a.startIndex >= at.startIndex) continue;
    const target = a.type === 'init_declarator' ? declaredName(a.childForFieldName('declarator')) : stripCasts(a.childForFieldName('left'))?.text;
    const value = a.childForFieldName(a.type === 'init_declarator' ? 'value' : 'right');
    if (target && value) stores.push([target, value]);
  }
  for (let grew = true; grew; ) {
    grew = false;
    for (const [target, value] of stores) {
      if (!out.has(target)) continue;
      for (const id of identifiersIn(value)) {
        if (out.has(id)) continue;
        out.add(id);
        grew = true;
      }
    }
  }
  return [...out];
}

const NARROW_TYPE = /^(?:const\s+)?(?:u?int(?:8|16|32)_t|(?:unsigned\s+|signed\s+)?(?:char|short|int)|unsigned|uint|u(?:8|16|32))$/;
const WIDE_CAST = /^\(\s*(?:size_t|uint64_t|int64_t|u?intmax_t|unsigned\s+long\s+long|long\s+long|off_t|ssize_t)\s*\)/;

/** The declared type of a variable or struct member `n` names is at most 32 bits wide (`uint32_t w`, `int h`). */
function narrowlyDeclared(n: SyntaxNode, fn: SyntaxNode | undefined, root: SyntaxNode): boolean {
  const typeText = (decl: SyntaxNode | null | undefined) => decl?.childForFieldName('type')?.text.replace(/\s+/g, ' ').trim() ?? '';
  const declOf = (d: SyntaxNode) => {
    let p: SyntaxNode | null = d;
    while (p && p.type !== 'declaration' && p.type !== 'parameter_declaration' && p.type !== 'field_declaration') p = p.parent;
    return p;
  };
  if (n.type === 'identifier') {
    const d = findDeclaration(n.text, fn, root);
    return d !== undefined && d.declarator.type !== 'preproc_def' && NARROW_TYPE.test(typeText(declOf(d.declarator)));
  }
  if (n.type === 'field_expression') {
    const field = n.childForFieldName('field')?.text;
    if (!field) return false;
    const decls = root.descendantsOfType('field_declaration').filter((f) => f.childrenForFieldName('declarator').some((d) => declaredName(d) === field));
    return decls.length > 0 && decls.every((f) => NARROW_TYPE.test(typeText(f)));
  }
  return false;
}

/**
 * `(size_t)w * h` with w and h declared 32 bits wide or less: the product of two such values
 * fits in 64 bits, so the widening cast is the overflow check.
 */
function widenedProduct(arg: SyntaxNode | undefined, fn: SyntaxNode | undefined, root: SyntaxNode): boolean {
  let n = arg;
  while (n?.type === 'parenthesized_expression') n = n.namedChildren[0] ?? undefined;
  if (n?.type !== 'binary_expression' || n.childForFieldName('operator')?.text !== '*') return false;
  const l = n.childForFieldName('left');
  const r = n.childForFieldName('right');
  if (!l || !r || l.type !== 'cast_expression' || !WIDE_CAST.test(l.text)) return false;
  const inner = stripCasts(l);
  const other = stripCasts(r);
  return Boolean(inner && other && narrowlyDeclared(inner, fn, root) && narrowlyDeclared(other, fn, root));
}

export function checkAllocSize(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  for (const call of callsOf(ctx, Object.keys(ALLOCS))) {
    const name = call.childForFieldName('function')?.text ?? 'malloc';
    const parts = factors(callArgs(call)[ALLOCS[name] ?? 0]);
    // the seed's rule: a product with no sizeof in it; `n * sizeof(T)` is the idiom, judged by the
    // engine, but `w * h * sizeof(T)` multiplies two run-time values before sizeof widens anything
    if (!parts) continue;
    const variables = parts.filter((p) => !isConstant(p) && p.type !== 'sizeof_expression');
    if (variables.length === 0 || (variables.length < 2 && parts.some((p) => p.type === 'sizeof_expression'))) continue;
    const fn = enclosingFunction(call);
    if (widenedProduct(callArgs(call)[ALLOCS[name] ?? 0], fn, ctx.root)) continue;
    const names = fn ? sourcesOf(variables.flatMap(identifiersIn), fn, call) : [];
    // a test of a factor's value before the call bounds it; one after it, or a call that only reads
    // into the factor (fread(&n, …) != 1), does not
    const tested = (c: SyntaxNode) => c.startIndex < call.startIndex && names.some((n) => testsValueOf(c, n));
    if (fn && (OVERFLOW_CHECK.test(fn.text) || conditionNodes(fn).some(tested))) continue;
    out.push(findingFor(HYGIENE_RULES.allocSizeOverflow, 'Check the product before allocating (if (n > SIZE_MAX / size) fail), or use calloc(n, size) / reallocarray().', {
      node: call,
      pattern: `${name}(a * b)`,
      confidence: 0.45,
      description: `${name}(${callArgs(call)[ALLOCS[name] ?? 0]?.text ?? ''}) multiplies run-time values with no overflow check; a wrapped product allocates too little.`,
    }));
  }
  return out;
}

/** Buffer and length arguments (by position) of the calls that take a buffer with its size. */
const SIZED_CALLS: Record<string, { bufs: number[]; sizes: number[] }> = {
  memcpy: { bufs: [0, 1], sizes: [2] },
  memmove: { bufs: [0, 1], sizes: [2] },
  memcmp: { bufs: [0, 1], sizes: [2] },
  memset: { bufs: [0], sizes: [2] },
  memchr: { bufs: [0], sizes: [2] },
  bzero: { bufs: [0], sizes: [1] },
  explicit_bzero: { bufs: [0], sizes: [1] },
  strncpy: { bufs: [0, 1], sizes: [2] },
  stpncpy: { bufs: [0, 1], sizes: [2] },
  strncmp: { bufs: [0, 1], sizes: [2] },
  strlcpy: { bufs: [0], sizes: [2] },
  strlcat: { bufs: [0], sizes: [2] },
  snprintf: { bufs: [0], sizes: [1] },
  vsnprintf: { bufs: [0], sizes: [1] },
  fgets: { bufs: [0], sizes: [1] },
  getcwd: { bufs: [0], sizes: [1] },
  gethostname: { bufs: [0], sizes: [1] },
  readlink: { bufs: [1], sizes: [2] },
  read: { bufs: [1], sizes: [2] },
  write: { bufs: [1], sizes: [2] },
  recv: { bufs: [1], sizes: [2] },
  send: { bufs: [1], sizes: [2] },
  fread: { bufs: [0], sizes: [1, 2] },
  fwrite: { bufs: [0], sizes: [1, 2] },
};

/** Is `name` declared (nearest first) as a pointer, or as an array parameter (which is one)? */
function declaredPointer(name: string, at: SyntaxNode, root: SyntaxNode): boolean {
  const decl = findDeclaration(name, enclosingFunction(at), root);
  if (!decl || decl.declarator.type === 'preproc_def') return false;
  let d: SyntaxNode | undefined = decl.declarator;
  if (d.type === 'init_declarator') d = d.childForFieldName('declarator') ?? undefined;
  if (d?.type === 'pointer_declarator') return true;
  // `void f(char buf[64])`: sizeof buf is the size of a char *
  return d?.type === 'array_declarator' && d.parent?.type === 'parameter_declaration';
}

/**
 * `memcpy(dst, src, sizeof(src))` with src a pointer: the length is the pointer's size, not the
 * buffer's (CWE-467). Only when the sizeof names one of the call's own buffer arguments as passed:
 * `memcpy(&p, &q, sizeof p)` copies the pointer itself and is right.
 */
export function checkSizeofPointer(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  for (const call of callsOf(ctx, Object.keys(SIZED_CALLS))) {
    const name = calleeName(call) ?? '';
    const spec = SIZED_CALLS[name];
    if (!spec) continue;
    const args = callArgs(call);
    const bufs = new Set(spec.bufs.map((i) => stripCasts(args[i])).filter((a) => a?.type === 'identifier').map((a) => a?.text));
    for (const i of spec.sizes) {
      const size = stripCasts(args[i]);
      if (size?.type !== 'sizeof_expression' || size.childForFieldName('type')) continue;
      const operand = stripCasts(size.childForFieldName('value'));
      if (operand?.type !== 'identifier' || !bufs.has(operand.text) || !declaredPointer(operand.text, call, ctx.root)) continue;
      out.push(findingFor(HYGIENE_RULES.sizeofPointer, `Pass the buffer's real size: its length variable, or sizeof of the array it points to (sizeof *${operand.text} times the element count).`, {
        node: call,
        pattern: `${name}(…, sizeof ${operand.text})`,
        confidence: 0.65,
        description: `${name}() is given sizeof(${operand.text}) as the length, but ${operand.text} is a pointer: that is the size of the pointer (4 or 8 bytes), not of the buffer it points to.`,
      }));
      break;
    }
  }
  return out;
}
