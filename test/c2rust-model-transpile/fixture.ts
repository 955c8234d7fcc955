/**
 * A small C project of ours (three functions in `stats.c`, a `main` that prints their
 * results) and the replies a model would give to convert it: per function a plan, a first
 * write with a real type error, a repair from rustc's message, and reviews; `sum_clamped`'s
 * first review finds a real defect of the first version (a negative `n`), which the fixer
 * resolves with a test.
 */

export const PROJECT: Record<string, string> = {
  'stats.h': 'int clamp(int v, int lo, int hi);\nint sum_clamped(const int *xs, int n);\nint average(const int *xs, int n);\n',
  'stats.c': `#include "stats.h"

/* Clamps v into [lo, hi]. */
int clamp(int v, int lo, int hi) {
    if (v < lo) return lo;
    if (v > hi) return hi;
    return v;
}

/* Sum of the first n values, each clamped to [0, 100]. */
int sum_clamped(const int *xs, int n) {
    int s = 0;
    for (int i = 0; i < n; i++) s += clamp(xs[i], 0, 100);
    return s;
}

/* Average of the clamped values, 0 for an empty array. */
int average(const int *xs, int n) {
    if (n <= 0) return 0;
    return sum_clamped(xs, n) / n;
}
`,
  'test_stats.c': `#include <stdio.h>
#include "stats.h"

int main(void) {
    int xs[5] = {5, 150, -3, 40, 99};
    printf("clamp %d %d %d\\n", clamp(5, 0, 10), clamp(-1, 0, 10), clamp(11, 0, 10));
    printf("sum %d\\n", sum_clamped(xs, 5));
    printf("avg %d %d\\n", average(xs, 5), average(xs, 0));
    return 0;
}
`,
};

export const FUNCTIONS = ['clamp', 'sum_clamped', 'average'];

/** The tests the converted `clamp` comes with. */
export const CLAMP_TESTS = `#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clamp_keeps_bounds() {
        assert_eq!(clamp(5, 0, 10), 5);
        assert_eq!(clamp(-1, 0, 10), 0);
        assert_eq!(clamp(11, 0, 10), 10);
    }
}`;

const patch = (search: string, replace: string) => `<PATCH file=src/stats.rs>\n<DIFF>\n<SEARCH>${search}</SEARCH>\n<REPLACE>${replace}</REPLACE>\n</DIFF>\n</PATCH>`;
const DONE = 'Done.\n<!!!COMPLETE!!!>';
const plan = (signature: string, notes: string) => `<PLAN>\n${JSON.stringify({ signature, notes })}\n</PLAN>`;
const review = (issues: string[]) => `<REVIEW>\n${JSON.stringify({ issues })}\n</REVIEW>`;

/** The deterministic translation of each function, after the stage renamed it `<name>_ffi`. */
const FFI = {
  clamp: `#[export_name = "clamp"]
pub unsafe extern "C" fn clamp_ffi(mut v: c_int, mut lo: c_int, mut hi: c_int) -> c_int {
    if v < lo {
        return lo;
    }
    if v > hi {
        return hi;
    }
    return v;
}`,
  sum_clamped: `#[export_name = "sum_clamped"]
pub unsafe extern "C" fn sum_clamped_ffi(mut xs: *const c_int, mut n: c_int) -> c_int {`,
  average: `#[export_name = "average"]
pub unsafe extern "C" fn average_ffi(mut xs: *const c_int, mut n: c_int) -> c_int {`,
};

const SUM_BODY = `    let mut s: c_int = 0;
    {
        let mut i: c_int = 0;
        while i < n {
            s += clamp_ffi(*xs.offset(i as isize), 0, 100);
            i += 1;
        }
    }
    return s;
}`;

const AVG_BODY = `    if n <= 0 {
        return 0;
    }
    return sum_clamped_ffi(xs, n) / n;
}`;

/** Every reply of an uninterrupted run, in the order the stage asks. */
export function conversionReplies(): { fn: string; replies: string[] }[] {
  return [
    {
      fn: 'clamp',
      replies: [
        plan('pub fn clamp(v: i32, lo: i32, hi: i32) -> i32', 'pure; same comparisons as the C'),
        patch(
          FFI.clamp,
          `/// Clamps \`v\` into \`[lo, hi]\`.
pub fn clamp(v: i32, lo: i32, hi: i32) -> i32 {
    if v < lo {
        return lo as i64;
    }
    v.min(hi)
}

#[export_name = "clamp"]
pub extern "C" fn clamp_ffi(v: c_int, lo: c_int, hi: c_int) -> c_int {
    clamp(v, lo, hi)
}

${CLAMP_TESTS}`,
        ),
        DONE,
        patch('        return lo as i64;', '        return lo;'),
        DONE,
        review([]),
      ],
    },
    {
      fn: 'sum_clamped',
      replies: [
        plan('pub fn sum_clamped(xs: &[i32]) -> i32', 'the slice replaces (xs, n)'),
        patch(
          `${FFI.sum_clamped}\n${SUM_BODY}`,
          `/// Sum of the values, each clamped to [0, 100].
pub fn sum_clamped(xs: &[i32]) -> i32 {
    let s: i32 = xs.iter().map(|&x| clamp(x, 0, 100)).sum();
    s as usize
}

#[export_name = "sum_clamped"]
pub unsafe extern "C" fn sum_clamped_ffi(xs: *const c_int, n: c_int) -> c_int {
    // SAFETY: C callers pass \`n\` readable values at \`xs\`.
    sum_clamped(unsafe { std::slice::from_raw_parts(xs, n as usize) })
}`,
        ),
        DONE,
        patch('    s as usize\n', '    s\n'),
        DONE,
        review(['sum_clamped_ffi: a negative n becomes a huge usize in from_raw_parts (undefined behaviour); the C loop returns 0 for n <= 0']),
        patch(
          `    // SAFETY: C callers pass \`n\` readable values at \`xs\`.
    sum_clamped(unsafe { std::slice::from_raw_parts(xs, n as usize) })
}`,
          `    if n <= 0 || xs.is_null() {
        return 0;
    }
    // SAFETY: \`xs\` is non-null and C callers pass \`n\` (> 0) readable values at it.
    sum_clamped(unsafe { std::slice::from_raw_parts(xs, n as usize) })
}

#[cfg(test)]
mod sum_tests {
    use super::*;

    #[test]
    fn negative_count_is_empty() {
        let xs = [5, 150];
        assert_eq!(unsafe { sum_clamped_ffi(xs.as_ptr(), -2) }, 0);
        assert_eq!(sum_clamped(&xs), 105);
    }
}`,
        ),
        DONE,
        review([]),
      ],
    },
    {
      fn: 'average',
      replies: [
        plan('pub fn average(xs: &[i32]) -> i32', '0 for an empty slice'),
        patch(
          `${FFI.average}\n${AVG_BODY}`,
          `/// Average of the clamped values, 0 for an empty slice.
pub fn average(xs: &[i32]) -> i32 {
    if xs.is_empty() {
        return 0;
    }
    sum_clamped(xs) / xs.len()
}

#[export_name = "average"]
pub unsafe extern "C" fn average_ffi(xs: *const c_int, n: c_int) -> c_int {
    if n <= 0 || xs.is_null() {
        return 0;
    }
    // SAFETY: \`xs\` is non-null and C callers pass \`n\` (> 0) readable values at it.
    average(unsafe { std::slice::from_raw_parts(xs, n as usize) })
}

#[cfg(test)]
mod average_tests {
    use super::*;

    #[test]
    fn average_of_clamped() {
        assert_eq!(average(&[5, 150, -3, 40, 99]), 48);
        assert_eq!(average(&[]), 0);
    }
}`,
        ),
        DONE,
        patch('    sum_clamped(xs) / xs.len()\n', '    sum_clamped(xs) / xs.len() as i32\n'),
        DONE,
        review([]),
      ],
    },
  ];
}
