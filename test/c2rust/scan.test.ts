import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanProject } from '../../src/apps/c2rust/scan.js';
import type { SymbolRecord } from '../../src/apps/c2rust/symbols.js';
import { tempTree } from '../support/temp-tree.js';

const hasCc = spawnSync('cc', ['--version']).status === 0;

const fnNamed = (symbols: SymbolRecord[], name: string, file?: string) => {
  const found = symbols.find((s) => s.category === 'function' && s.name === name && (!file || s.file === file));
  if (!found) throw new Error(`no function ${name}${file ? ` in ${file}` : ''}`);
  return found;
};
const idOf = (symbols: SymbolRecord[], name: string, file?: string) => fnNamed(symbols, name, file).id;

const PROJECT = {
  'include/util.h': [
    '#ifndef UTIL_H',
    '#define UTIL_H',
    'typedef unsigned int u32;',
    'struct point { int x; int y; };',
    'typedef struct { const char *name; int (*cb)(int); } handler;',
    'enum color { RED, GREEN = 5 };',
    'int util_add(int a, int b);',
    'int util_unused_decl(void);',
    '#define LOG(x) log_value(x)',
    'static inline int twice(int v) {',
    '  return util_add(v, v);',
    '}',
    '#endif',
  ].join('\n'),
  'src/util.c': [
    '#include "util.h"',
    '#include <string.h>',
    'static int helper(int x) { return x + 1; }',
    'void log_value(int v) { (void)v; }',
    'int util_add(int a, int b) {',
    '  char buf[8];',
    '  memcpy(buf, "abc", 4);',
    '  return helper(a) + (u32)(b);',
    '}',
  ].join('\n'),
  'src/main.c': [
    '#include "util.h"',
    '#include <stdio.h>',
    'static int helper(int x) { return x * 2; }',
    'static int is_even(unsigned n);',
    'static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }',
    'static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }',
    'int apply(int (*op)(int), int v) { return op(v); }',
    'struct ops { int (*run)(int); };',
    'int run_ops(struct ops *o) { return o->run(1) + (*o->run)(2); }',
    '#if 0',
    'int dead_code(void) { return missing_function(); }',
    '#endif',
    '#ifdef FEATURE_X',
    'int feature_x(void) { return 1; }',
    '#endif',
    'int main(void) {',
    '  LOG(helper(3));',
    '  printf("%d\\n", twice(is_odd(7)));',
    '  return apply(helper, 4);',
    '}',
  ].join('\n'),
};

describe.skipIf(!hasCc)('jc2r scan (cc -E front end)', () => {
  it('records definitions with their original file, lines, signature, return type and params', async () => {
    const root = tempTree(PROJECT);
    const r = await scanProject({ root });
    const add = fnNamed(r.symbols, 'util_add');
    expect(add).toMatchObject({
      category: 'function',
      qualified_name: 'util_add',
      file: 'src/util.c',
      start_line: 5,
      end_line: 9,
      signature: 'int util_add(int a, int b)',
      return_type: 'int',
      params: [{ name: 'a', type: 'int' }, { name: 'b', type: 'int' }],
      language: 'c',
    });
    // A static inline function in a header keeps the header as its file.
    expect(fnNamed(r.symbols, 'twice')).toMatchObject({ file: 'include/util.h', start_line: 10, end_line: 12, storage: 'static', inline: true });
    expect(fnNamed(r.symbols, 'helper', 'src/main.c').storage).toBe('static');
    expect(r.summary.preprocessor).toBe('cc');
    expect(r.summary.rawUnits).toBe(0);
  });

  it('resolves a static function within its own file first', async () => {
    const root = tempTree(PROJECT);
    const { symbols } = await scanProject({ root });
    expect(fnNamed(symbols, 'util_add').ref_ids).toContain(idOf(symbols, 'helper', 'src/util.c'));
    expect(fnNamed(symbols, 'util_add').ref_ids).not.toContain(idOf(symbols, 'helper', 'src/main.c'));
    expect(fnNamed(symbols, 'main').ref_ids).toContain(idOf(symbols, 'helper', 'src/main.c'));
  });

  it('sees calls hidden in macros and in macro arguments, keeps library calls, and does not take casts for calls', async () => {
    const root = tempTree(PROJECT);
    const { symbols } = await scanProject({ root });
    const main = fnNamed(symbols, 'main');
    expect(main.calls).toEqual(expect.arrayContaining(['log_value', 'helper', 'printf', 'twice', 'is_odd', 'apply']));
    expect(main.ref_ids).toContain(idOf(symbols, 'log_value'));
    expect(fnNamed(symbols, 'twice').calls).toEqual(['util_add']);
    const add = fnNamed(symbols, 'util_add');
    expect(add.calls).toEqual(['memcpy', 'helper']);
    expect(add.ref).toContain('u32');
  });

  it('records calls through function pointers as unresolved with their expression', async () => {
    const root = tempTree(PROJECT);
    const { symbols } = await scanProject({ root });
    expect(fnNamed(symbols, 'apply').unresolved_calls).toEqual([{ expr: 'op', line: 7 }]);
    expect(fnNamed(symbols, 'apply').calls).toEqual([]);
    expect(fnNamed(symbols, 'run_ops').unresolved_calls?.map((u) => u.expr)).toEqual(['o->run', '(*o->run)']);
    // Passing a function as a value makes it a dependency too (after the callees in ref).
    const main = fnNamed(symbols, 'main');
    expect(main.ref_ids).toContain(idOf(symbols, 'helper', 'src/main.c'));
  });

  it('skips #if 0 always and evaluates #ifdef from -D', async () => {
    const root = tempTree(PROJECT);
    const without = await scanProject({ root });
    expect(without.symbols.some((s) => s.name === 'dead_code' || s.name === 'feature_x')).toBe(false);
    const withX = await scanProject({ root, defines: ['FEATURE_X'] });
    expect(fnNamed(withX.symbols, 'feature_x').file).toBe('src/main.c');
    expect(withX.symbols.some((s) => s.name === 'dead_code')).toBe(false);
  });

  it('takes the file set, include paths and defines from compile_commands.json', async () => {
    const root = tempTree(PROJECT);
    // A relative `directory` is taken from the database's folder (build/), as some generators write it.
    mkdirSync(join(root, 'build'));
    writeFileSync(join(root, 'build/compile_commands.json'), JSON.stringify([{ directory: '..', file: 'src/main.c', command: 'cc -Iinclude -DFEATURE_X -c src/main.c -o main.o' }]));
    const r = await scanProject({ root });
    expect(r.summary.compileCommands).toMatch(/build\/compile_commands\.json$/);
    expect(r.units.map((u) => u.file.slice(root.length + 1))).toEqual(['src/main.c']);
    expect(fnNamed(r.symbols, 'feature_x')).toBeTruthy();
    // util.c is not in the database, so util_add is only declared: a call, but no definition.
    expect(r.symbols.some((s) => s.name === 'util_add')).toBe(false);
    expect(r.raw.find((s) => s.name === 'util_add')).toMatchObject({ category: 'function', defined: false, file: 'include/util.h' });
  });

  it('records types with fields, typedefs, enums, header declarations and globals', async () => {
    const root = tempTree({ ...PROJECT, 'src/globals.c': '#include "util.h"\nstruct point origin;\nstatic int counter = 0;\n' });
    const r = await scanProject({ root });
    const types = r.symbols.filter((s) => s.category === 'type');
    expect(types.find((t) => t.name === 'point')).toMatchObject({ kind: 'struct', file: 'include/util.h', start_line: 4, fields: [{ name: 'x', type: 'int' }, { name: 'y', type: 'int' }] });
    expect(types.find((t) => t.name === 'u32')).toMatchObject({ kind: 'typedef', underlying: 'unsigned int' });
    expect(types.find((t) => t.name === 'handler')?.fields).toEqual([{ name: 'name', type: 'const char *' }, { name: 'cb', type: 'int (*)(int)' }]);
    expect(types.find((t) => t.name === 'color')?.fields).toEqual([{ name: 'RED', type: '' }, { name: 'GREEN', type: '5' }]);
    expect(r.raw.find((s) => s.name === 'util_unused_decl')).toMatchObject({ defined: false, signature: 'int util_unused_decl(void)' });
    expect(r.raw.filter((s) => s.category === 'variable').map((v) => [v.name, v.storage])).toEqual([['origin', ''], ['counter', 'static']]);
  });

  it('orders callees first and gives mutual recursion one step', async () => {
    const root = tempTree(PROJECT);
    const { symbols, order, roots } = await scanProject({ root });
    const stepOf = new Map<number, number>();
    for (const s of order) for (const id of s.ids) stepOf.set(id, s.step);
    const odd = idOf(symbols, 'is_odd');
    const even = idOf(symbols, 'is_even');
    expect(stepOf.get(odd)).toBe(stepOf.get(even));
    expect(order.find((s) => s.ids.includes(odd))?.ids).toHaveLength(2);
    expect(stepOf.get(idOf(symbols, 'util_add')) as number).toBeLessThan(stepOf.get(idOf(symbols, 'twice')) as number);
    expect(stepOf.get(idOf(symbols, 'twice')) as number).toBeLessThan(stepOf.get(idOf(symbols, 'main')) as number);
    expect(roots).toContain(idOf(symbols, 'main'));
    expect(roots).not.toContain(idOf(symbols, 'util_add'));
  });

  it('falls back to the raw file, with a notice, when the preprocessor fails on one file', async () => {
    const root = tempTree({ ...PROJECT, 'src/broken.c': '#include "no_such_header.h"\nint lonely(void) { return 1; }\n' });
    const r = await scanProject({ root });
    expect(r.files.find((f) => f.file === 'src/broken.c')).toMatchObject({ mode: 'raw' });
    expect(r.notices.some((n) => n.startsWith('src/broken.c: preprocessor failed') && n.includes('no_such_header.h'))).toBe(true);
    expect(fnNamed(r.symbols, 'lonely').file).toBe('src/broken.c');
    expect(fnNamed(r.symbols, 'main').file).toBe('src/main.c');
  });
});

describe('jc2r scan (raw-source fallback)', () => {
  it('resolves #if on known defines and function-like macros without a preprocessor, and says so', async () => {
    const root = tempTree(PROJECT);
    const r = await scanProject({ root, preprocess: false });
    expect(r.summary.preprocessor).toBeNull();
    expect(r.notices.some((n) => n.includes('raw sources'))).toBe(true);
    expect(r.symbols.some((s) => s.name === 'dead_code' || s.name === 'feature_x')).toBe(false);
    const main = fnNamed(r.symbols, 'main');
    expect(main.calls).toContain('log_value');
    expect(main.calls).not.toContain('LOG');
    expect(fnNamed(r.symbols, 'twice').file).toBe('include/util.h');
    const withX = await scanProject({ root, preprocess: false, defines: ['FEATURE_X'] });
    expect(fnNamed(withX.symbols, 'feature_x').start_line).toBe(14);
  });

  it('names functions declared through a name-wrapping macro (BZ_API(name)) in raw sources', async () => {
    const root = tempTree({
      'api.h': '#define API(f) f\nint API(api_open)(const char *path);\n',
      'api.c': '#include "api.h"\nint API(api_open)(const char *path) { return path != 0; }\nint user(void) { return api_open("x"); }\n',
    });
    const r = await scanProject({ root, preprocess: false });
    const open = fnNamed(r.symbols, 'api_open');
    expect(open.params).toEqual([{ name: 'path', type: 'const char *' }]);
    expect(fnNamed(r.symbols, 'user').ref_ids).toEqual([open.id]);
    expect(r.symbols.some((s) => s.name === 'API')).toBe(false);
  });

  it('scans malformed C without crashing and counts parse errors per file', async () => {
    const table = Array.from({ length: 3000 }, (_, i) => `#define M${i}(a) ((a) + ${i})`).join('\n');
    const root = tempTree({
      'ok.c': 'int fine(void) { return 0; }\n',
      'braces.c': 'int open_brace(void) {\n  if (1) {\n    return 2;\n\nint after(void) { return fine(); }\n',
      'string.c': 'int str(void) {\n  const char *s = "unterminated;\n  return 0;\n}\nint next_one(void) { return 1; }\n',
      'knr.c': 'int knr(a, b)\n  int a;\n  char *b;\n{\n  return a + fine();\n}\n',
      'macros.c': `${table}\nint uses_macros(int v) { return M2999(v) + M0(v); }\n`,
    });
    for (const preprocess of [true, false]) {
      const r = await scanProject({ root, preprocess: preprocess && hasCc });
      const errors = new Map(r.files.map((f) => [f.file, f.parseErrors]));
      expect(errors.get('ok.c')).toBe(0);
      expect(errors.get('knr.c')).toBe(0);
      expect(errors.get('braces.c')).toBeGreaterThan(0);
      expect(r.summary.parseErrors).toBeGreaterThan(0);
      expect(fnNamed(r.symbols, 'knr').params).toEqual([{ name: 'a', type: 'int' }, { name: 'b', type: 'char *' }]);
      expect(fnNamed(r.symbols, 'knr').calls).toEqual(['fine']);
      expect(fnNamed(r.symbols, 'uses_macros').file).toBe('macros.c');
    }
  });
});

describe.skipIf(!hasCc)('jc2r scan header reuse', () => {
  it('parses a header again where it is included inside a struct, after it stood alone elsewhere', async () => {
    const root = tempTree({
      'fields.h': 'int first;\nint second;\n',
      'a.c': '#include "fields.h"\nint use_a(void) { return first; }\n',
      'b.c': 'struct record {\n#include "fields.h"\n};\nint use_b(struct record *r) { return r->second; }\n',
      'c.c': '#include "fields.h"\nint use_c(void) { return second; }\n',
    });
    const r = await scanProject({ root });
    expect(r.symbols.find((s) => s.name === 'record')?.fields).toEqual([{ name: 'first', type: 'int' }, { name: 'second', type: 'int' }]);
    expect(r.raw.filter((s) => s.category === 'variable').map((v) => v.name).sort()).toEqual(['first', 'second']);
    expect(r.summary.parseErrors).toBe(0);
  });
});
