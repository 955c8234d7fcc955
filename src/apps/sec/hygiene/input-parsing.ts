import type { RawFinding } from '../finding.js';
import { findingFor } from '../rule-meta.js';
import { callArgs, literalText } from './c-ast.js';
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

export function checkAtoi(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  for (const call of callsOf(ctx, ATOI)) {
    const arg = callArgs(call)[0];
    if (!arg || literalText(arg) !== undefined) continue;
    const name = call.childForFieldName('function')?.text.replace(/^(std)?::/, '') ?? 'atoi';
    out.push(findingFor(HYGIENE_RULES.atoi, `Use strtol()/strtoul()/strtod() with an end pointer and errno, and check the range before using the value.`, {
      node: call,
      pattern: name,
      confidence: 0.35,
      description: `${name}(${arg.text.slice(0, 40)}) cannot tell "0" from garbage and has undefined behaviour when the value is out of range.`,
    }));
  }
  return out;
}
