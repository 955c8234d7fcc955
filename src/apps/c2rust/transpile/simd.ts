import { child, skipParens, type ClangNode } from './clang-ast.js';
import { Unsupported } from './contexts.js';
import { evalInt } from './const-eval.js';
import type { Exprs } from './expr.js';
import { P, type RExpr } from './rexpr.js';

const ARCH = 'core::arch::x86_64';

/** Headers of compiler intrinsics (`immintrin.h` & co): their functions are `core::arch` functions. */
export function isIntrinsicHeader(file: string): boolean {
  return /\/lib\/(clang|gcc)\/.*\/include\/[a-z0-9_]*intrin\.h$/i.test(file) || /\/[a-z0-9]*(mm|intrin)[a-z0-9]*\.h$/i.test(file) && /\/lib\/(clang|gcc)\//.test(file);
}

/** An Intel intrinsic by its C name, from `core::arch::x86_64` (same names, same semantics). */
export function intrinsicPath(name: string): string | undefined {
  return /^(_mm|_m_|__rdtsc|_rdtsc|_bswap|__cpuid)/.test(name) ? `${ARCH}::${name}` : undefined;
}

/**
 * Builtins that the intrinsic *macros* expand to (those with an immediate operand):
 * builtin → [Rust intrinsic, index of the immediate argument].
 */
const MACRO_BUILTINS: Record<string, [string, number]> = {
  __builtin_ia32_vec_ext_v16qi: ['_mm_extract_epi8', 1],
  __builtin_ia32_vec_ext_v8hi: ['_mm_extract_epi16', 1],
  __builtin_ia32_vec_ext_v4si: ['_mm_extract_epi32', 1],
  __builtin_ia32_vec_ext_v2di: ['_mm_extract_epi64', 1],
  __builtin_ia32_pshufd: ['_mm_shuffle_epi32', 1],
  __builtin_ia32_pshuflw: ['_mm_shufflelo_epi16', 1],
  __builtin_ia32_pshufhw: ['_mm_shufflehi_epi16', 1],
  __builtin_ia32_pslldqi128_byteshift: ['_mm_bslli_si128', 1],
  __builtin_ia32_psrldqi128_byteshift: ['_mm_bsrli_si128', 1],
  __builtin_ia32_aeskeygenassist128: ['_mm_aeskeygenassist_si128', 1],
};

/** A builtin an intrinsic macro expanded to, as the `core::arch` intrinsic with a const generic. */
export function macroIntrinsic(x: Exprs, name: string, args: ClangNode[], call: ClangNode): RExpr | undefined {
  const m = MACRO_BUILTINS[name];
  if (!m) return undefined;
  const [rust, immAt] = m;
  const imm = args[immAt];
  const v = imm ? evalInt(imm, x.mod.scope) : undefined;
  if (v === undefined) throw new Unsupported(`${rust} with a non-constant immediate`);
  const rest = args.filter((_, i) => i !== immAt).map((a) => x.value(stripVectorCasts(a)).code);
  const code = `${ARCH}::${rust}::<${v}>(${rest.join(', ')})`;
  // The builtin's C result type (char for extract_epi8) may be narrower than Rust's i32.
  const rt = x.rt(x.ty(call));
  return /::__m\d+/.test(rt) || rt === 'c_int' ? { code, prec: P.POSTFIX } : { code: `${code} as ${rt}`, prec: P.AS };
}

/** `(__v16qi)(__m128i)(x)` → `x`: every 128-bit integer vector is `__m128i` in Rust. */
function stripVectorCasts(n: ClangNode): ClangNode {
  let s = skipParens(n);
  while ((s.kind === 'CStyleCastExpr' || s.kind === 'ImplicitCastExpr') && (s.castKind === 'BitCast' || s.castKind === 'NoOp')) s = skipParens(child(s));
  return s;
}
