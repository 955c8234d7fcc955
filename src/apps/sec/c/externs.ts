/**
 * Values of names the scanned files use but do not define: the constants of <limits.h>,
 * <stdint.h>, <stdio.h> and <stdlib.h>. Everything else a program uses comes from code in the
 * scan (its headers and support files are read like any other code) or is unknown.
 */

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
  // <limits.h> on Linux (from <linux/limits.h>): `char path[PATH_MAX]` is a 4096-byte array
  PATH_MAX: 4096,
  NAME_MAX: 255,
  // <stdio.h> (glibc)
  BUFSIZ: 8192,
  FILENAME_MAX: 4096,
  RAND_MAX: I32 - 1,
  EOF: -1,
  true: 1,
  false: 0,
  TRUE: 1,
  FALSE: 0,
  EXIT_SUCCESS: 0,
  EXIT_FAILURE: 1,
};

/** Other spellings of libc functions. */
export const FUNCTION_ALIASES: Record<string, string> = {
  _alloca: 'alloca',
  __builtin_alloca: 'alloca',
  __builtin_memcpy: 'memcpy',
  __builtin_memset: 'memset',
  __builtin_strcpy: 'strcpy',
};
