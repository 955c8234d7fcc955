import type { ClangNode } from './clang-ast.js';
import { Unsupported } from './contexts.js';
import type { Exprs } from './expr.js';
import { asCast } from './expr-cast.js';
import { allocaCall } from './expr-call.js';
import { atom, method, P, wrap, type RExpr } from './rexpr.js';
import { intrinsicPath, macroIntrinsic } from './simd.js';

/** `__builtin_*` functions that are plain library functions under another name. */
const LIBC_ALIAS = /^__builtin_(memcpy|memmove|memset|memcmp|strlen|strcmp|strncmp|strcpy|strncpy|strcat|strchr|strrchr|strstr|printf|sprintf|snprintf|puts|putchar|malloc|calloc|realloc|free|abort|exit|abs|labs|fabs|fabsf|sqrt|sqrtf|floor|ceil|pow|exp|log|sin|cos|fmod|trunc|round)$/;

/** Compiler builtins as Rust: bit operations as integer methods, the rest per case. */
export function builtinCall(x: Exprs, name: string, args: ClangNode[], call: ClangNode): RExpr {
  const v = (i: number) => x.value(args[i] as ClangNode);
  const resultT = x.ty(call);
  const asResult = (e: RExpr) => (x.rt(x.ty(args[0] as ClangNode)) === x.rt(resultT) ? e : asCast(x, e, resultT));
  const simd = intrinsicPath(name);
  if (simd) return { code: `${simd}(${args.map((_, i) => v(i).code).join(', ')})`, prec: P.POSTFIX };
  const macro = macroIntrinsic(x, name, args, call);
  if (macro) return macro;
  const alias = LIBC_ALIAS.exec(name);
  if (alias) {
    const fn = x.mod.refFn(alias[1] as string);
    return { code: `${fn}(${args.map((_, i) => v(i).code).join(', ')})`, prec: P.POSTFIX };
  }
  switch (name) {
    case '__builtin_expect':
    case '__builtin_expect_with_probability':
      return v(0);
    case '__builtin_assume_aligned':
      return v(0);
    case '__builtin_constant_p':
      return atom('0');
    case '__builtin_unreachable':
      return atom('core::hint::unreachable_unchecked()');
    case '__builtin_trap':
      return atom('std::process::abort()');
    case '__builtin_prefetch':
      return atom('()');
    case '__builtin_bswap16':
    case '__builtin_bswap32':
    case '__builtin_bswap64':
      return method(v(0), 'swap_bytes');
    case '__builtin_clz':
    case '__builtin_clzl':
    case '__builtin_clzll':
      return asResult(method(v(0), 'leading_zeros'));
    case '__builtin_ctz':
    case '__builtin_ctzl':
    case '__builtin_ctzll':
      return asResult(method(v(0), 'trailing_zeros'));
    case '__builtin_popcount':
    case '__builtin_popcountl':
    case '__builtin_popcountll':
      return asResult(method(v(0), 'count_ones'));
    case '__builtin_parity':
    case '__builtin_parityl':
    case '__builtin_parityll':
      return { code: `(${wrap(method(v(0), 'count_ones'), P.MUL)} & 1) as ${x.rt(resultT)}`, prec: P.AS };
    case '__builtin_huge_val':
    case '__builtin_inf':
      return atom('f64::INFINITY');
    case '__builtin_huge_valf':
    case '__builtin_inff':
      return atom('f32::INFINITY');
    case '__builtin_nan':
      return atom('f64::NAN');
    case '__builtin_nanf':
      return atom('f32::NAN');
    case '__builtin_isnan':
      return { code: `${wrap(method(v(0), 'is_nan'), P.AS)} as c_int`, prec: P.AS };
    case '__builtin_isinf':
    case '__builtin_isinf_sign':
      return { code: `${wrap(method(v(0), 'is_infinite'), P.AS)} as c_int`, prec: P.AS };
    case '__builtin_object_size':
      return atom(`${x.rt(resultT)}::MAX`);
    case '__builtin_va_start':
    case '__builtin_va_end':
    case '__builtin_va_copy':
    case '__builtin_va_arg':
      throw new Unsupported('va_start/va_arg (a variadic function body)');
    case '__builtin_alloca':
      return allocaCall(x, args);
    case '__builtin_alloca_with_align':
      throw new Unsupported('alloca with alignment');
    case '__builtin_setjmp':
    case '__builtin_longjmp':
      throw new Unsupported('setjmp/longjmp');
    case '__builtin_frame_address':
    case '__builtin_return_address':
      throw new Unsupported(`${name} (stack introspection)`);
    default:
      if (name.startsWith('__builtin_ia32_')) throw new Unsupported(`SIMD builtin ${name}`);
      if (name.startsWith('__sync_') || name.startsWith('__atomic_')) throw new Unsupported(`atomic builtin ${name}`);
      throw new Unsupported(`builtin ${name}`);
  }
}
