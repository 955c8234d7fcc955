import { children, initListParts, skipParens, type ClangNode } from './clang-ast.js';
import { Unsupported } from './contexts.js';
import { evalInt } from './const-eval.js';
import { canon, intKind, type CType } from './ctype.js';
import type { Exprs } from './expr.js';
import { stringArray } from './literals.js';
import type { FieldInfo, RecordInfo } from './registry.js';
import { bareName } from './rust-names.js';
import { atom, block, P, type RExpr } from './rexpr.js';

/** Past this many trailing fillers an array initialiser is built by assignment, not listed. */
const LIST_LIMIT = 32;

/**
 * An initialiser for a value of type `t`: nested braces, designators (clang gives the semantic,
 * fully braced form with implicit zeros), strings for char arrays, unions by their named member.
 */
export function initValue(x: Exprs, n: ClangNode, t: CType, _inStatic: boolean): RExpr {
  const s = skipParens(n);
  const c = canon(t);
  if (s.kind === 'ImplicitValueInitExpr') return zeroOf(x, t);
  if (s.kind === 'StringLiteral' && c.k === 'array') return stringOf(s, t);
  if (s.kind !== 'InitListExpr') return x.value(s);
  const { inits, filler } = initListParts(s);
  if (c.k === 'array') {
    if (inits.length === 1 && skipParens(inits[0] as ClangNode).kind === 'StringLiteral' && intKind(c.of)) return stringOf(skipParens(inits[0] as ClangNode), t);
    const elems = inits.map((e) => initValue(x, e, c.of, _inStatic).code);
    const size = c.size ?? elems.length;
    if (elems.length >= size) return atom(`[${elems.join(', ')}]`);
    const fill = filler ? initValue(x, filler, c.of, _inStatic).code : x.mod.types.zero(c.of);
    if (elems.length === 0) return atom(`[${fill}; ${size}]`);
    if (size - elems.length <= LIST_LIMIT) return atom(`[${[...elems, ...Array<string>(size - elems.length).fill(fill)].join(', ')}]`);
    const a = x.fn.temp('init');
    return block([`let mut ${a}: ${x.rt(t)} = [${fill}; ${size}];`, ...elems.map((e, i) => `${a}[${i}] = ${e};`)], a);
  }
  if (c.k === 'record') {
    const info = x.mod.reg.record(c);
    if (!info.complete) throw new Unsupported(`initialiser for incomplete type ${info.cName}`);
    if (info.tag === 'union') {
      const fname = (s.field as { name?: string } | undefined)?.name;
      const f = info.fields.find((fi) => fi.cName === fname) ?? info.fields[0];
      if (!f || inits.length === 0) return zeroOf(x, t);
      if (f.bitWidth !== undefined) throw new Unsupported('initialiser of a union bitfield');
      return atom(`${info.rustName} { ${f.rustName}: ${initValue(x, inits[0] as ClangNode, f.type, _inStatic).code} }`);
    }
    return structInit(x, info, inits, _inStatic);
  }
  if (c.k === 'vector') throw new Unsupported('vector initialiser');
  // Scalar in braces: `int x = {5};`
  return inits[0] ? initValue(x, inits[0], t, _inStatic) : zeroOf(x, t);
}

function stringOf(s: ClangNode, t: CType): RExpr {
  try {
    return stringArray(s, t, '', undefined);
  } catch (e) {
    throw new Unsupported((e as Error).message);
  }
}

export function zeroOf(x: Exprs, t: CType): RExpr {
  return atom(x.mod.types.zero(t));
}

function structInit(x: Exprs, info: RecordInfo, inits: ClangNode[], inStatic: boolean): RExpr {
  const parts: string[] = [];
  const setters: string[] = [];
  const runBits = new Map<number, bigint>();
  info.fields.forEach((f, i) => {
    const init = inits[i];
    if (f.bitWidth !== undefined) {
      const run = f.run ?? 0;
      if (!runBits.has(run)) runBits.set(run, 0n);
      if (!init || skipParens(init).kind === 'ImplicitValueInitExpr') return;
      const v = evalInt(init, x.mod.scope);
      if (v !== undefined) runBits.set(run, (runBits.get(run) as bigint) | packBits(info, f, v));
      else if (inStatic) throw new Unsupported('non-constant bitfield initialiser in a static');
      else setters.push(`.set_${bareName(f.rustName)}(${x.value(init).code});`);
      return;
    }
    parts.push(`${f.rustName}: ${init ? initValue(x, init, f.type, inStatic).code : x.mod.types.zero(f.type)}`);
  });
  for (const [run, bits] of runBits) {
    const r = info.runs?.[run];
    if (!r) continue;
    const bytes: number[] = [];
    for (let k = 0; k < r.end - r.start; k++) bytes.push(Number((bits >> BigInt(8 * k)) & 0xffn));
    parts.push(`${r.name}: [${bytes.join(', ')}]`);
  }
  for (const pad of info.pads ?? []) parts.push(`${pad.name}: [0; ${pad.bytes}]`);
  const lit = `${info.rustName} { ${parts.join(', ')} }`;
  if (setters.length === 0) return atom(lit);
  const t = x.fn.temp('init');
  return block([`let mut ${t} = ${lit};`, ...setters.map((s) => `${t}${s}`)], t);
}

/** A bitfield's value positioned inside its storage run (little-endian). */
function packBits(info: RecordInfo, f: FieldInfo, v: bigint): bigint {
  const r = info.runs?.[f.run ?? 0];
  const w = BigInt(f.bitWidth ?? 0);
  const off = BigInt(f.bit - (r?.start ?? 0) * 8);
  return (BigInt.asUintN(Number(w), v) & ((1n << w) - 1n)) << off;
}

export { children, P };
