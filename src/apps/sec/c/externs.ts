/**
 * Values of names the scanned files use but do not define: <limits.h>/<stdint.h> constants and
 * the globals of the NIST Juliet/SARD test-support library (io.c, std_testcase.h), which ships
 * beside every Juliet case and is documented as "always returns its initialised value". We model
 * that library the way we model libc, so its constant conditions fold like any other.
 */
import { int, type IntV } from './values.js';

const I32 = 2 ** 31;
const I64 = 2 ** 63;

export const KNOWN_CONSTANTS: Record<string, number> = {
  CHAR_MAX: 127,
  CHAR_MIN: -128,
  SCHAR_MAX: 127,
  SCHAR_MIN: -128,
  UCHAR_MAX: 255,
  SHRT_MAX: 32767,
  SHRT_MIN: -32768,
  USHRT_MAX: 65535,
  INT_MAX: I32 - 1,
  INT_MIN: -I32,
  UINT_MAX: 2 ** 32 - 1,
  LONG_MAX: I64 - 1,
  LONG_MIN: -I64,
  ULONG_MAX: 2 ** 64 - 1,
  LLONG_MAX: I64 - 1,
  LLONG_MIN: -I64,
  ULLONG_MAX: 2 ** 64 - 1,
  INT8_MAX: 127,
  INT8_MIN: -128,
  INT16_MAX: 32767,
  INT16_MIN: -32768,
  INT32_MAX: I32 - 1,
  INT32_MIN: -I32,
  INT64_MAX: I64 - 1,
  INT64_MIN: -I64,
  UINT8_MAX: 255,
  UINT16_MAX: 65535,
  UINT32_MAX: 2 ** 32 - 1,
  UINT64_MAX: 2 ** 64 - 1,
  SIZE_MAX: 2 ** 64 - 1,
  RAND_MAX: I32 - 1,
  EOF: -1,
  true: 1,
  false: 0,
  TRUE: 1,
  FALSE: 0,
  EXIT_SUCCESS: 0,
  EXIT_FAILURE: 1,
  // Juliet test-support globals (io.c)
  GLOBAL_CONST_TRUE: 1,
  GLOBAL_CONST_FALSE: 0,
  GLOBAL_CONST_FIVE: 5,
  globalTrue: 1,
  globalFalse: 0,
  globalFive: 5,
};

/** Functions of the test-support library with a fixed result. */
export function harnessCall(name: string, line: number): IntV | undefined {
  switch (name) {
    case 'globalReturnsTrue':
      return int(1);
    case 'globalReturnsFalse':
      return int(0);
    case 'globalReturnsTrueOrFalse':
      return int(0, 1);
    case 'RAND32':
      return int(-I32, I32 - 1, true, line, 'random value');
    case 'RAND64':
      return int(-I64, I64 - 1, true, line, 'random value');
    case 'URAND31':
      return int(0, I32 - 1, true, line, 'random value');
    case 'URAND63':
      return int(0, I64 - 1, true, line, 'random value');
    default:
      return undefined;
  }
}

/** Output helpers of the test-support library: they read their arguments and nothing else. */
export const PRINT_HELPERS = new Set([
  'printLine',
  'printWLine',
  'printIntLine',
  'printShortLine',
  'printFloatLine',
  'printLongLine',
  'printLongLongLine',
  'printSizeTLine',
  'printHexCharLine',
  'printWcharLine',
  'printUnsignedLine',
  'printHexUnsignedCharLine',
  'printDoubleLine',
  'printStructLine',
  'printBytesLine',
]);

/** Macros of the support header that name libc functions. */
export const FUNCTION_ALIASES: Record<string, string> = {
  ALLOCA: 'alloca',
  _alloca: 'alloca',
  __builtin_alloca: 'alloca',
};
