import { describe, expect, it } from 'vitest';
import type { FileInput } from '../finding.js';
import { analyzeCFiles } from './index.js';

const c = (file: string, source: string): FileInput => ({ file, source, language: 'c' });

async function rulesOf(source: string): Promise<string[]> {
  const [r] = await analyzeCFiles([c('t.c', source)]);
  return (r?.findings ?? []).map((f) => `${f.rule}@${f.line}`);
}

const OVERFLOW = 'char buf[10]; strcpy(buf, "0123456789ABCDEF"); puts(buf);';

describe('constant conditions: only reachable code is judged', () => {
  it.each([
    ['if (5 == 5)', 'if (5 != 5)'],
    ['if (STATIC_TRUE)', 'if (STATIC_FALSE)'],
    ['if (staticFive == 5)', 'if (staticFive != 5)'],
    ['if (returnsTrue())', 'if (returnsFalse())'],
    ['if (GLOBAL_CONST_TRUE)', 'if (GLOBAL_CONST_FALSE)'],
    ['while (1)', 'while (0)'],
  ])('reports under %s and not under %s', async (live, dead) => {
    const prelude = `#include <string.h>\nstatic const int STATIC_TRUE = 1;\nstatic const int STATIC_FALSE = 0;\nstatic int staticFive = 5;\nstatic int returnsTrue(void) { return 1; }\nstatic int returnsFalse(void) { return 0; }\nconst int GLOBAL_CONST_TRUE = 1;\nconst int GLOBAL_CONST_FALSE = 0;\n`;
    const body = (cond: string) => `${prelude}void f(void) {\n ${cond} { ${OVERFLOW} break; }\n}\n`.replace(' break;', cond.startsWith('while') ? ' break;' : '');
    expect((await rulesOf(body(live))).some((r) => r.startsWith('c.buffer.stack-overflow'))).toBe(true);
    expect(await rulesOf(body(dead))).toEqual([]);
  });

  it('follows a flag set before a call (static and global flags)', async () => {
    const src = `#include <string.h>\nstatic int flag = 0;\nstatic void sink(void) { if (flag) { ${OVERFLOW} } }\nvoid bad(void) { flag = 1; sink(); }\nvoid good(void) { flag = 0; sink(); }\n`;
    const [r] = await analyzeCFiles([c('t.c', src)]);
    expect(r?.findings.map((f) => f.line)).toEqual([3]);
  });
});

describe('interprocedural flow', () => {
  it('judges a sink in another file with the values its caller passes', async () => {
    const a = c('dir/case_a.c', [
      '#include <string.h>',
      'void sink_b(char *data);',
      'void bad(void) { char small[50]; char *data = small; data[0] = 0; sink_b(data); }',
      'void good(void) { char big[100]; char *data = big; data[0] = 0; sink_b(data); }',
    ].join('\n'));
    const b = c('dir/case_b.c', [
      '#include <string.h>',
      'void sink_b(char *data)',
      '{',
      '    char source[100]; memset(source, \'C\', 99); source[99] = 0;',
      '    strcpy(data, source);',
      '}',
    ].join('\n'));
    const results = await analyzeCFiles([a, b]);
    expect(results.map((r) => r.file)).toEqual(['dir/case_a.c', 'dir/case_b.c']);
    const inB = results[1]?.findings ?? [];
    expect(inB.map((f) => [f.rule, f.line])).toEqual([['c.buffer.stack-overflow', 5]]);
    // the trace starts at the caller's buffer
    expect(inB[0]?.trace[0]?.note).toMatch(/'small': 50 bytes/);
  });

  it('passes values through pointers, struct members and function pointers', async () => {
    const src = [
      '#include <string.h>',
      'typedef struct { char *first; } holder;',
      'static void viaPtr(char **pp) { char *d = *pp; strcpy(d, "0123456789ABCDEF"); }',
      'static void viaStruct(holder h) { char *d = h.first; strcpy(d, "0123456789ABCDEF"); }',
      'static void viaFnPtr(char *d) { strcpy(d, "0123456789ABCDEF"); }',
      'void bad(void) {',
      '  char s[10]; char *d = s; holder h; void (*fp)(char *) = viaFnPtr;',
      '  viaPtr(&d); h.first = d; viaStruct(h); fp(d);',
      '}',
    ].join('\n');
    const lines = (await rulesOf(src)).filter((r) => r.startsWith('c.buffer.stack-overflow')).map((r) => Number(r.split('@')[1]));
    expect(lines.sort()).toEqual([3, 4, 5]);
  });
});

describe('what never produces findings', () => {
  it('ignores comments, string literals and #if 0 regions', async () => {
    const src = [
      '#include <stdio.h>',
      '/* char b[2]; strcpy(b, "overflowing"); */',
      'void f(void) {',
      '  // char b[2]; strcpy(b, "overflowing");',
      '  puts("char b[2]; strcpy(b, \\"overflowing\\"); printf(x);");',
      '#if 0',
      '  { char b[2]; strcpy(b, "overflowing"); }',
      '#endif',
      '}',
    ].join('\n');
    expect(await rulesOf(src)).toEqual([]);
  });

  it.each([
    ['empty', ''],
    ['binary', '\u0000\u0001\u0002\u00ff\ufffd'.repeat(2000)],
    ['unterminated comment', 'void f(void) { int x; /* never closed\n x = 1;'],
    ['unbalanced braces', 'void f(void) { { { if (x) { char b[2]; strcpy(b, "abc");'],
    ['macro-heavy', '#define A(x) x x\n#define B A(A(A(1)))\n' + 'int v = B;\n'.repeat(200) + 'void f(void) { FOO(BAR(baz), { qux; }) }'],
    ['deep nesting', `void f(void) { int x = ${'('.repeat(3000)}1${')'.repeat(3000)}; ${'if (x) {'.repeat(500)}x++;${'}'.repeat(500)} }`],
    ['long expression chain', `int f(int a) { return ${Array.from({ length: 20000 }, () => 'a').join(' + ')}; }`],
  ])('does not throw on %s input', async (_name, source) => {
    const results = await analyzeCFiles([c('x.c', source)]);
    expect(results).toHaveLength(1);
    expect(results[0]?.file).toBe('x.c');
  });

  it('counts parse errors per file', async () => {
    const [ok, broken] = await analyzeCFiles([c('ok.c', 'int x;\n'), c('broken.c', 'int f( { ]]] ;;; }\n')]);
    expect(ok?.parseErrors).toBe(0);
    expect(broken?.parseErrors).toBeGreaterThan(0);
  });
});

describe('sharing the parse', () => {
  it('hands each file\'s syntax tree to onTree before freeing it', async () => {
    const seen: Array<[string, string, number]> = [];
    await analyzeCFiles([c('a.c', 'int a;\n'), c('b.c', 'int b(void) { return 1; }\n')], {
      onTree: (input, root) => seen.push([input.file, root.type, root.namedChildCount]),
    });
    expect(seen).toEqual([['a.c', 'translation_unit', 1], ['b.c', 'translation_unit', 1]]);
  });

  it('lets an exception from onTree reach the caller', async () => {
    await expect(analyzeCFiles([c('a.c', 'int a;\n')], { onTree: () => { throw new Error('hook failed'); } })).rejects.toThrow('hook failed');
  });
});

describe('C++: overloads and assertions', () => {
  const cpp = async (source: string) => {
    const [r] = await analyzeCFiles([{ file: 't.cpp', source, language: 'cpp' }]);
    return (r?.findings ?? []).map((f) => `${f.rule}@${f.line}`);
  };
  const pre = '#include <stdlib.h>\n#include <string.h>\n';

  it('a call picks the overload its arguments fit', async () => {
    const src = `${pre}static void put(char *d, const char *s) { strcpy(d, s); }\nstatic void put(char *d, int n) { d[0] = (char)n; }\nvoid g(void) {\n char b[4];\n put(b, 3);\n put(b, "0123456789");\n}\n`;
    expect(await cpp(src)).toEqual(['c.buffer.stack-overflow@3']);
  });

  it.each(['assert(p != nullptr);', 'ASSERT_TRUE(p != nullptr);', 'CHECK(p);', 'ASSERT_NE(p, nullptr);', 'ASSERT_FALSE(p == nullptr);'])('past %s the condition holds', async (a) => {
    const body = (s: string) => `${pre}void f(void) {\n char *p = (char *)malloc(10);\n ${s}\n p[0] = 1;\n free(p);\n}\n`;
    expect(await cpp(body(''))).toEqual(['c.null.unchecked-alloc@6']);
    expect(await cpp(body(a))).toEqual([]);
  });
});
