import { children, child, type ClangNode } from './clang-ast.js';

/** What constant evaluation needs from the unit: enumerator values and type sizes. */
export interface ConstEnv {
  enumConsts: Map<string, { value: bigint }>;
  sizeOfType?: (qualType: string) => number | undefined;
}

/**
 * Integer constant expressions (case labels, enumerators, array sizes, bitfield widths).
 * clang attaches the value to some ConstantExpr nodes but not all (a case label naming an
 * enumerator has none), so the common operators are evaluated here. Undefined when unknown.
 */
export function evalInt(n: ClangNode, env: ConstEnv): bigint | undefined {
  if ((n.kind === 'ConstantExpr' || n.kind === 'IntegerLiteral' || n.kind === 'CharacterLiteral') && n.value !== undefined) {
    try {
      return BigInt(n.value);
    } catch {
      return undefined;
    }
  }
  switch (n.kind) {
    case 'ConstantExpr':
    case 'ParenExpr':
      return evalInt(child(n), env);
    case 'ImplicitCastExpr':
    case 'CStyleCastExpr': {
      const v = evalInt(child(n), env);
      return v === undefined ? undefined : truncTo(v, n.type?.qualType ?? 'int', env);
    }
    case 'DeclRefExpr': {
      const r = n.referencedDecl;
      if (r?.kind === 'EnumConstantDecl' && r.name) return env.enumConsts.get(r.name)?.value;
      return undefined;
    }
    case 'UnaryOperator': {
      const v = evalInt(child(n), env);
      if (v === undefined) return undefined;
      switch (n.opcode) {
        case '-':
          return truncTo(-v, n.type?.qualType ?? 'int', env);
        case '+':
          return v;
        case '~':
          return truncTo(~v, n.type?.qualType ?? 'int', env);
        case '!':
          return v === 0n ? 1n : 0n;
        default:
          return undefined;
      }
    }
    case 'BinaryOperator': {
      const a = evalInt(child(n, 0), env);
      const b = evalInt(child(n, 1), env);
      if (a === undefined || b === undefined) return undefined;
      const r = binary(n.opcode ?? '', a, b);
      return r === undefined ? undefined : truncTo(r, n.type?.qualType ?? 'int', env);
    }
    case 'ConditionalOperator': {
      const c = evalInt(child(n, 0), env);
      if (c === undefined) return undefined;
      return evalInt(child(n, c !== 0n ? 1 : 2), env);
    }
    case 'UnaryExprOrTypeTraitExpr': {
      if (n.name !== 'sizeof' || !env.sizeOfType) return undefined;
      const arg = (n.argType as { qualType?: string } | undefined)?.qualType ?? children(n)[0]?.type?.qualType;
      const s = arg ? env.sizeOfType(arg) : undefined;
      return s === undefined ? undefined : BigInt(s);
    }
    default:
      return undefined;
  }
}

function binary(op: string, a: bigint, b: bigint): bigint | undefined {
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return b === 0n ? undefined : a / b;
    case '%':
      return b === 0n ? undefined : a % b;
    case '<<':
      return a << b;
    case '>>':
      return a >> b;
    case '&':
      return a & b;
    case '|':
      return a | b;
    case '^':
      return a ^ b;
    case '<':
      return a < b ? 1n : 0n;
    case '>':
      return a > b ? 1n : 0n;
    case '<=':
      return a <= b ? 1n : 0n;
    case '>=':
      return a >= b ? 1n : 0n;
    case '==':
      return a === b ? 1n : 0n;
    case '!=':
      return a !== b ? 1n : 0n;
    case '&&':
      return a !== 0n && b !== 0n ? 1n : 0n;
    case '||':
      return a !== 0n || b !== 0n ? 1n : 0n;
    default:
      return undefined;
  }
}

const WIDTHS: [RegExp, number, boolean][] = [
  [/^(unsigned char|_Bool)$/, 8, false],
  [/^(char|signed char)$/, 8, true],
  [/^unsigned short( int)?$/, 16, false],
  [/^(short|short int|signed short)$/, 16, true],
  [/^unsigned( int)?$/, 32, false],
  [/^(int|signed|signed int)$/, 32, true],
  [/^unsigned long( long)?( int)?$/, 64, false],
  [/^(long|long long|long int|long long int|signed long)$/, 64, true],
];

/** Wraps a value to the C type's width when the type is a plain integer name; otherwise unchanged. */
function truncTo(v: bigint, qualType: string, _env: ConstEnv): bigint {
  for (const [re, bits, signed] of WIDTHS) {
    if (!re.test(qualType)) continue;
    return signed ? BigInt.asIntN(bits, v) : BigInt.asUintN(bits, v);
  }
  return v;
}

/** Values of an enum's constants in order: explicit ones evaluated, the rest previous + 1. */
export function evalEnumValues(d: ClangNode, env: ConstEnv, record: (c: ClangNode, v: bigint) => void): [ClangNode, bigint][] {
  const out: [ClangNode, bigint][] = [];
  let next = 0n;
  for (const c of children(d)) {
    if (c.kind !== 'EnumConstantDecl') continue;
    const init = children(c)[0];
    const v = init ? (evalInt(init, env) ?? next) : next;
    out.push([c, v]);
    record(c, v);
    next = v + 1n;
  }
  return out;
}
