import type { RawFinding } from '../finding.js';
import { findingFor } from '../rule-meta.js';
import type { SyntaxNode } from '../../../lang/index.js';
import { baseText, callArgs, conditionNodes, declaredName, enclosingFunction, literalText, stripCasts } from './c-ast.js';
import { callsOf, type HygieneContext } from './context.js';
import { HYGIENE_RULES } from './rules.js';

/** scanf-family calls and the index of their format argument. */
const SCANF: Record<string, number> = {
  scanf: 0, vscanf: 0, wscanf: 0, fscanf: 1, vfscanf: 1, fwscanf: 1, sscanf: 1, vsscanf: 1, swscanf: 1, __isoc99_scanf: 0, __isoc99_fscanf: 1, __isoc99_sscanf: 1,
};

/**
 * The `%s`/`%[` conversions of a scanf format that store without a width. `%*s` stores nothing
 * and `%ms` (POSIX) allocates its own buffer, so neither can overflow.
 */
export function unboundedConversions(fmt: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < fmt.length; i++) {
    if (fmt[i] !== '%') continue;
    const start = i++;
    if (fmt[i] === '%') continue;
    const suppressed = fmt[i] === '*';
    if (suppressed) i++;
    let width = '';
    while (i < fmt.length && /\d/.test(fmt[i] ?? '')) width += fmt[i++];
    const allocates = fmt[i] === 'm';
    if (allocates) i++;
    while (i < fmt.length && /[hlLjztq]/.test(fmt[i] ?? '')) i++;
    const conv = fmt[i];
    if (conv === '[') {
      // a set: `]` right after `[` or `[^` is a member, not the end
      let j = i + 1;
      if (fmt[j] === '^') j++;
      if (fmt[j] === ']') j++;
      while (j < fmt.length && fmt[j] !== ']') j++;
      i = j;
    }
    if ((conv === 's' || conv === '[' || conv === 'S') && !suppressed && !allocates && !width) out.push(fmt.slice(start, i + 1));
  }
  return out;
}

export function checkScanf(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  for (const call of callsOf(ctx, Object.keys(SCANF))) {
    const name = call.childForFieldName('function')?.text.replace(/^(std)?::/, '') ?? 'scanf';
    const fmt = literalText(callArgs(call)[SCANF[name] ?? 0]);
    if (fmt === undefined) continue;
    const bad = unboundedConversions(fmt);
    if (bad.length === 0) continue;
    // sscanf reads a string the program already holds: bounded by it, so less often exploitable
    const fromString = /s(w)?scanf$/.test(name);
    out.push(findingFor(HYGIENE_RULES.scanfNoWidth, `Give every ${bad[0]} a width one less than the buffer size (e.g. %63s for char buf[64]), or use %ms and free the result.`, {
      node: call,
      pattern: `${name} ${bad[0]}`,
      confidence: fromString ? 0.6 : 0.8,
      description: `${name}() reads ${bad.join(', ')} with no width: ${fromString ? 'a source string longer than the destination' : 'input longer than the destination'} overflows it.`,
    }));
  }
  return out;
}

const ATOI = ['atoi', 'atol', 'atoll', 'atof', '_wtoi', '_wtol'];

/**
 * Is the struct a member store writes one the function hands to its caller: reached through a
 * parameter (`cfg->port`, `opts->lim.max`), or a local it returns (`Config c; … return c;`)?
 * A member of the function's own scratch record (`m = &items[n]; m->num = …`) is not.
 */
function handedBack(member: SyntaxNode, fn: SyntaxNode): boolean {
  let n: SyntaxNode | null = member;
  while (n && (n.type === 'field_expression' || n.type === 'subscript_expression' || n.type === 'parenthesized_expression' || n.type === 'pointer_expression')) {
    n = n.childForFieldName(n.type === 'field_expression' || n.type === 'subscript_expression' || n.type === 'pointer_expression' ? 'argument' : 'expression') ?? n.namedChildren[0] ?? null;
  }
  if (n?.type !== 'identifier') return false;
  const name = n.text;
  const params = fn.childForFieldName('declarator')?.descendantsOfType('parameter_declaration') ?? [];
  if (params.some((p) => declaredName(p.childForFieldName('declarator')) === name)) return true;
  return fn.descendantsOfType('return_statement').some((r) => stripCasts(r.namedChildren[0])?.text === name);
}

/**
 * The struct member a parse result is stored into as it is (`cfg->port = atoi(s);`,
 * `lim.ratio = (double)atof(v);`) when the function never tests that member afterwards: the
 * unvalidated number leaves the function as settings other code relies on.
 */
function uncheckedMember(call: SyntaxNode): SyntaxNode | undefined {
  let n = call;
  while (n.parent && (n.parent.type === 'parenthesized_expression' || n.parent.type === 'cast_expression')) n = n.parent;
  const a = n.parent;
  if (a?.type !== 'assignment_expression' || a.childForFieldName('right')?.id !== n.id || a.childForFieldName('operator')?.text !== '=') return undefined;
  const left = a.childForFieldName('left');
  if (left?.type !== 'field_expression') return undefined;
  const fn = enclosingFunction(call);
  if (!fn || !handedBack(left, fn)) return undefined;
  const member = baseText(left);
  const tested = conditionNodes(fn).some((c) => c.startIndex > call.startIndex && c.text.replace(/\s+/g, '').includes(member));
  // a relational test anywhere after the store (conditionNodes lists only &&/||/==/!= operands on their own)
  const compared = fn.descendantsOfType('binary_expression').some((b) => b.startIndex > call.startIndex && /^[<>]=?$/.test(b.childForFieldName('operator')?.text ?? '') && b.text.replace(/\s+/g, '').includes(member));
  return tested || compared ? undefined : left;
}

export function checkAtoi(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  for (const call of callsOf(ctx, ATOI)) {
    const arg = callArgs(call)[0];
    if (!arg || literalText(arg) !== undefined) continue;
    const name = call.childForFieldName('function')?.text.replace(/^(std)?::/, '') ?? 'atoi';
    const member = uncheckedMember(call);
    out.push(findingFor(HYGIENE_RULES.atoi, `Use strtol()/strtoul()/strtod() with an end pointer and errno, and check the range before using the value.`, {
      node: call,
      pattern: name,
      // stored unchecked into a struct member (settings read later): nothing downstream in view
      // validates it, unlike a local the function goes on to test or use
      confidence: member ? 0.45 : 0.35,
      description: `${name}(${arg.text.slice(0, 40)}) cannot tell "0" from garbage and has undefined behaviour when the value is out of range${member ? `; the result goes into ${member.text} unchecked` : ''}.`,
    }));
  }
  return out;
}
