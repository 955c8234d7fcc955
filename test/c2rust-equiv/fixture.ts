import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeTree } from '../support/temp-tree.js';

/**
 * A small C project and a hand-written Rust version of it, standing in for a translation: the
 * same programs (`stats` from tools/stats.c, `test_util` from tests/test_util.c) and, like a
 * translation with bugs, three deliberate slips in `stats`, each only on some input:
 *  - it takes `\v` for a word character (Rust's is_ascii_whitespace has no vertical tab; C's
 *    isspace does): a different stdout on a file holding one;
 *  - it exits 1, not 2, when the input cannot be opened (same message): a different exit status;
 *  - it writes OUT without its final newline: a different written file.
 * test_util prints a heap address, which varies from run to run in C already.
 */
export const C_PROJECT: Record<string, string> = {
  'include/util.h': 'int count_words(const char *s);\nint count_lines(const char *s);\n',
  'src/util.c': [
    '#include <ctype.h>',
    '#include "util.h"',
    'int count_words(const char *s) {',
    '  int n = 0, in = 0;',
    '  for (; *s; s++) {',
    '    if (isspace((unsigned char)*s)) in = 0;',
    '    else if (!in) { in = 1; n++; }',
    '  }',
    '  return n;',
    '}',
    "int count_lines(const char *s) { int n = 0; for (; *s; s++) if (*s == '\\n') n++; return n; }",
  ].join('\n'),
  'tools/stats.c': [
    '#include <stdio.h>',
    '#include "util.h"',
    'int main(int argc, char **argv) {',
    // __FILE__ is the source as the build's command spells it (make: tools/stats.c).
    '  if (argc < 2) { fprintf(stderr, "usage: %s FILE [OUT] (%s)\\n", argv[0], __FILE__); return 64; }',
    '  FILE *f = fopen(argv[1], "r");',
    '  if (!f) { fprintf(stderr, "%s: cannot open %s\\n", argv[0], argv[1]); return 2; }',
    '  char buf[4096];',
    '  size_t n = fread(buf, 1, sizeof buf - 1, f);',
    '  buf[n] = 0;',
    '  fclose(f);',
    '  int lines = count_lines(buf), words = count_words(buf);',
    '  printf("%s: %d lines, %d words\\n", argv[1], lines, words);',
    '  if (argc > 2) {',
    '    FILE *o = fopen(argv[2], "w");',
    '    fprintf(o, "lines=%d\\nwords=%d\\n", lines, words);',
    '    fclose(o);',
    '  }',
    '  return 0;',
    '}',
  ].join('\n'),
  'tests/test_util.c': [
    '#include <stdio.h>',
    '#include <stdlib.h>',
    '#include "util.h"',
    'int main(void) {',
    '  int fails = 0;',
    '  fails += count_words("a b\\tc\\vd") != 4;',
    '  fails += count_lines("x\\ny\\n") != 2;',
    '  void *p = malloc(8);',
    '  printf("scratch at %p\\n", p);',
    '  printf("%d failure(s)\\n", fails);',
    '  free(p);',
    '  return fails;',
    '}',
  ].join('\n'),
  // The build: equiv takes each unit's flags from `make -n` (-Iinclude, -O1).
  Makefile: [
    'CFLAGS = -O1 -Iinclude',
    'all: stats test_util',
    'stats: tools/stats.c src/util.c',
    '\t$(CC) $(CFLAGS) -o $@ tools/stats.c src/util.c',
    'test_util: tests/test_util.c src/util.c',
    '\t$(CC) $(CFLAGS) -o $@ tests/test_util.c src/util.c',
  ].join('\n'),
  'data/input.txt': 'one two\nthree\tfour five\n',
  'data/vt.txt': 'one\vtwo three\n',
};

export const RUST_CRATE: Record<string, string> = {
  'Cargo.toml': [
    '[package]',
    'name = "demo_rs"',
    'version = "0.1.0"',
    'edition = "2021"',
    '',
    '[[bin]]',
    'name = "stats"',
    'path = "src/bin/stats.rs"',
    '',
    '[[bin]]',
    'name = "test_util"',
    'path = "src/bin/test_util.rs"',
  ].join('\n'),
  'src/lib.rs': [
    '/// C isspace: space, \\t, \\n, \\v, \\f, \\r.',
    'pub fn is_space(c: u8) -> bool { matches!(c, b\' \' | b\'\\t\' | b\'\\n\' | 0x0b | 0x0c | b\'\\r\') }',
    'pub fn count_words(s: &[u8]) -> i32 {',
    '    let (mut n, mut inw) = (0, false);',
    '    for &c in s {',
    '        if is_space(c) { inw = false } else if !inw { inw = true; n += 1 }',
    '    }',
    '    n',
    '}',
    "pub fn count_lines(s: &[u8]) -> i32 { s.iter().filter(|&&c| c == b'\\n').count() as i32 }",
  ].join('\n'),
  'src/bin/stats.rs': [
    'use std::io::Write;',
    'fn count_words(s: &[u8]) -> i32 {',
    '    let (mut n, mut inw) = (0, false);',
    '    for &c in s {',
    '        if c.is_ascii_whitespace() { inw = false } else if !inw { inw = true; n += 1 }',
    '    }',
    '    n',
    '}',
    'fn main() {',
    '    let args: Vec<String> = std::env::args().collect();',
    '    if args.len() < 2 { eprintln!("usage: {} FILE [OUT] (tools/stats.c)", args[0]); std::process::exit(64); }',
    '    let data = match std::fs::read(&args[1]) {',
    '        Ok(d) => d,',
    '        Err(_) => { eprintln!("{}: cannot open {}", args[0], args[1]); std::process::exit(1); }',
    '    };',
    '    let (lines, words) = (demo_rs::count_lines(&data), count_words(&data));',
    '    println!("{}: {} lines, {} words", args[1], lines, words);',
    '    if args.len() > 2 {',
    '        let mut o = std::fs::File::create(&args[2]).unwrap();',
    '        write!(o, "lines={}\\nwords={}", lines, words).unwrap();',
    '    }',
    '}',
  ].join('\n'),
  'src/bin/test_util.rs': [
    'fn main() {',
    '    let mut fails = 0;',
    '    fails += (demo_rs::count_words(b"a b\\tc\\x0bd") != 4) as i32;',
    '    fails += (demo_rs::count_lines(b"x\\ny\\n") != 2) as i32;',
    '    let p = Box::new(0u64);',
    '    println!("scratch at {:p}", p);',
    '    println!("{} failure(s)", fails);',
    '    std::process::exit(fails);',
    '}',
  ].join('\n'),
};

/** `<tmp>/demo` and `<tmp>/demo_rs`, the crate where `jc2r equiv` looks by default. */
export function writeProjects(): { base: string; root: string; crate: string } {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'jc2r-equiv-test-')));
  const root = join(base, 'demo');
  const crate = join(base, 'demo_rs');
  writeTree(root, C_PROJECT);
  writeTree(crate, RUST_CRATE);
  return { base, root, crate };
}
