import { describe, expect, it } from 'vitest';
import { preprocessorArgs, splitCommand } from './compile-db.js';
import { fromPreprocessed } from './expansion.js';
import { evaluate, prepareRaw } from './raw-source.js';

describe('compile command flags', () => {
  it('splits quoted commands and keeps only what the preprocessor needs, with absolute paths', () => {
    const argv = splitCommand(`gcc -O2 -Wall -I inc -Isrc/x "-DNAME=\\"a b\\"" -DONE -U TWO -std=c99 -include cfg.h -c src/a.c -o a.o`);
    expect(argv).toContain('-DNAME="a b"');
    expect(preprocessorArgs(argv, '/proj')).toEqual(['-I', '/proj/inc', '-I/proj/src/x', '-DNAME="a b"', '-DONE', '-U', 'TWO', '-std=c99', '-include', '/proj/cfg.h']);
  });
});

describe('preprocessed output', () => {
  it('maps every kept line back to its project file and line and drops system headers', () => {
    const out = [
      '# 1 "/p/a.c"',
      '# 1 "/usr/include/stdio.h" 1 3 4',
      'typedef struct _IO_FILE FILE;',
      'typedef unsigned long size_t;',
      '# 2 "/p/a.c" 2',
      'int f(void) {',
      '',
      '  return (size_t)(1);',
      '# 10 "/p/inc/h.h" 1',
      'int g(void);',
    ].join('\n');
    const exp = fromPreprocessed(out, '/p', '/p');
    expect(exp.text).toBe('int f(void) {\n  return (size_t)(1);\nint g(void);');
    expect(exp.files).toEqual(['a.c', 'inc/h.h']);
    expect([...exp.lineFile]).toEqual([0, 0, 1]);
    expect([...exp.lineNo]).toEqual([2, 4, 10]);
    expect([...exp.externalTypes].sort()).toEqual(['FILE', 'size_t']);
  });
});

describe('raw-source conditionals', () => {
  it.each([
    ['0', 0],
    ['1 && !0', 1],
    ['defined(X) && X > 2', 1],
    ['defined Y', 0],
    ['UNKNOWN', 0],
    ['X == 3 ? 7 : 8', 7],
    ['VER >= 0x0200', 1],
    ['__GNUC_PREREQ(4, 2)', undefined],
  ])('evaluates #if %s', (expr, want) => {
    expect(evaluate(expr, new Map([['X', '3'], ['VER', '0x0300']]))).toBe(want);
  });

  it('blanks inactive branches and directives, keeps line numbers, and records function-like macros', () => {
    const src = ['#if 0', 'int a;', '#else', 'int b;', '#endif', '#ifdef FEAT', 'int c;', '#endif', '#define CALL(x) \\', '  helper(x) + other(x)', 'int d;'].join('\n');
    const r = prepareRaw(src, new Map());
    const lines = r.text.split('\n');
    expect(lines).toHaveLength(11);
    expect(lines.filter((l) => l.trim()).slice(0, 2)).toEqual(['int b;', '#define CALL(x) \\']);
    expect(lines[10]).toBe('int d;');
    expect(r.text).not.toContain('int a;');
    expect(r.text).not.toContain('int c;');
    expect(r.macros.get('CALL')).toEqual(['helper', 'other']);
    expect(prepareRaw(src, new Map([['FEAT', '1']])).text).toContain('int c;');
  });
});
