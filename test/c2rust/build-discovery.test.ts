import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanProject } from '../../src/apps/c2rust/scan.js';
import { tempTree } from '../support/temp-tree.js';

const has = (tool: string) => spawnSync(tool, ['--version']).status === 0;
const hasCc = has('cc');
/** A case whose build tool is missing is skipped, and its title says which tool. */
const title = (text: string, tool: string) => (has(tool) ? text : `${text} [skipped: ${tool} is not installed]`);

/**
 * The same program for every build system: which function exists depends on MODE_FAST, which
 * only the build defines, and the header is only found through the build's include path.
 */
const SOURCES = {
  'inc/config.h': '#define GREETING "hi"\n',
  'src/main.c': [
    '#include "config.h"',
    '#include <stdio.h>',
    '#if MODE_FAST',
    'static int fast_path(int x) { return x * 2; }',
    '#define RUN(x) fast_path(x)',
    '#else',
    'static int slow_path(int x) { return x + x; }',
    '#define RUN(x) slow_path(x)',
    '#endif',
    'int helper(int v);',
    'int main(void) { printf("%s %d\\n", GREETING, RUN(helper(2))); return 0; }',
  ].join('\n'),
  'src/helper.c': 'int helper(int v) { return v + 1; }\n',
  'tests/check.c': '#include "config.h"\nint helper(int v);\nint main(void) { return helper(1) == 2 ? 0 : 1; }\n',
};

function fnNames(symbols: { category: string; name: string }[]): string[] {
  return symbols.filter((s) => s.category === 'function').map((s) => s.name).sort();
}

/** Every file under `root` except our own `.jarvis/`, relative. */
function projectFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const n of readdirSync(dir)) {
      const p = join(dir, n);
      if (n === '.jarvis') continue;
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(root, p));
    }
  };
  walk(root);
  return out.sort();
}

describe.skipIf(!hasCc)('jc2r scan: compile commands from the build system', () => {
  it(title('configures a CMake project in a build dir of its own and uses its flags', 'cmake'), async () => {
    if (!has('cmake')) return;
    const root = tempTree({
      ...SOURCES,
      'CMakeLists.txt': [
        'cmake_minimum_required(VERSION 3.10)',
        'project(demo C)',
        'add_executable(app src/main.c src/helper.c)',
        'target_compile_definitions(app PRIVATE MODE_FAST=1)',
        'target_include_directories(app PRIVATE inc)',
        'target_link_libraries(app m)',
      ].join('\n'),
    });
    const before = projectFiles(root);
    const r = await scanProject({ root });
    expect(r.summary.compileSource).toMatchObject({ kind: 'cmake', buildFile: 'CMakeLists.txt', cached: false });
    expect(r.summary.compileSource.linkArgs).toContain('-lm');
    expect(fnNames(r.symbols)).toEqual(['fast_path', 'helper', 'main']);
    expect(r.summary.parseErrors).toBe(0);
    // tests/check.c is not part of the CMake build: left out and counted, not scanned with guessed flags.
    expect(r.summary.sourcesLeftOut).toBe(1);
    expect(r.notices.join('\n')).toContain('tests/check.c');
    expect(projectFiles(root)).toEqual(before);

    const again = await scanProject({ root });
    expect(again.summary.compileSource).toMatchObject({ kind: 'cmake', cached: true });
    expect(fnNames(again.symbols)).toEqual(['fast_path', 'helper', 'main']);
  });

  it(title('reads a meson project through meson setup', 'meson'), async () => {
    if (!has('meson') || !has('ninja')) return;
    const root = tempTree({
      ...SOURCES,
      'meson.build': [
        "project('demo', 'c')",
        "add_project_arguments('-DMODE_FAST=1', language: 'c')",
        "cc = meson.get_compiler('c')",
        "executable('app', 'src/main.c', 'src/helper.c', include_directories: include_directories('inc'), dependencies: cc.find_library('m'))",
        "test('check', executable('check', 'tests/check.c', 'src/helper.c', include_directories: include_directories('inc')))",
      ].join('\n'),
    });
    const r = await scanProject({ root });
    expect(r.summary.compileSource).toMatchObject({ kind: 'meson', buildFile: 'meson.build' });
    expect(r.summary.compileSource.linkArgs).toContain('-lm');
    expect(fnNames(r.symbols)).toEqual(['fast_path', 'helper', 'main', 'main']);
    expect(r.summary.sourcesLeftOut).toBe(0);
  });

  it(title('dry-runs a Makefile in a copy: its flags, its test target, and nothing written into the project', 'make'), async () => {
    if (!has('make')) return;
    const root = tempTree({
      ...SOURCES,
      // The dependency files make remakes even under -n: they must be made in a copy.
      Makefile: [
        'CFLAGS = -DMODE_FAST=1 -Iinc',
        'OBJS = src/main.o src/helper.o',
        'DEPS = $(OBJS:.o=.d)',
        'all: app',
        'app: $(OBJS)',
        '\t$(CC) -o $@ $(OBJS) -lm',
        '%.o %.d: %.c',
        '\t$(CC) $(CFLAGS) -MMD -c $< -o $*.o',
        '-include $(DEPS)',
        'test: tests/check.c src/helper.c',
        '\tcd tests && $(CC) -I../inc -o check check.c ../src/helper.c && ./check',
      ].join('\n'),
    });
    const before = projectFiles(root);
    const r = await scanProject({ root });
    expect(r.summary.compileSource).toMatchObject({ kind: 'make', buildFile: 'Makefile' });
    expect(r.summary.compileSource.linkArgs).toContain('-lm');
    expect(fnNames(r.symbols)).toEqual(['fast_path', 'helper', 'main', 'main']);
    const check = r.units.find((u) => u.file.endsWith('tests/check.c'));
    expect(check?.cwd).toBe(join(root, 'tests'));
    expect(check?.args).toContain(`-I${join(root, 'inc')}`);
    expect(projectFiles(root)).toEqual(before);
  });

  it('falls back to the default flags, with a notice, when the build cannot be configured', async () => {
    const root = tempTree({ ...SOURCES, 'CMakeLists.txt': 'this is not cmake(\n' });
    const r = await scanProject({ root });
    expect(r.summary.compileSource.kind).toBe('none');
    if (has('cmake')) expect(r.notices.join('\n')).toMatch(/CMakeLists\.txt found but CMake configure gave no compile commands/);
    expect(fnNames(r.symbols)).toEqual(['helper', 'main', 'main', 'slow_path']);
  });
});

/**
 * bzip2.c without -D BZ_UNIX=1: the attribute macro is defined only under a platform #if, so the
 * prototypes read `static void f(int) NORETURN;` and tree-sitter took them, with the typedef
 * after them, for one definition whose body is the struct's braces.
 */
const PROTOTYPES = {
  'prog.c': [
    '#include <stdio.h>',
    '#if PLATFORM_UNIX',
    '#  define NORETURN __attribute__ ((noreturn))',
    '#endif',
    '#if PLATFORM_WIN',
    '#  define NORETURN /**/',
    '#endif',
    'typedef int Int32;',
    'static void    ioError        ( void )        NORETURN;',
    'static void    cleanUpAndFail ( Int32 )       NORETURN;',
    'static void    crcError       ( void )        NORETURN;',
    '',
    'static void    copyFileName ( char*, char* );',
    '',
    'typedef',
    '   struct { unsigned char b[8]; }',
    '   UInt64;',
    '',
    'static void cleanUpAndFail ( Int32 ec ) { fprintf(stderr, "fail\\n"); _exit(ec); }',
    'static void ioError ( void ) { cleanUpAndFail(1); }',
    'static void crcError ( void ) { cleanUpAndFail(2); }',
    'static void copyFileName ( char* to, char* from ) { while ((*to++ = *from++)) ; }',
    'int old_style(a, b) int a; char *b; { return a + (b != 0); }',
    'int main(void) { UInt64 u; (void)u; ioError(); crcError(); return old_style(1, 0); }',
  ].join('\n'),
};

describe('jc2r scan: no function made of several declarations', () => {
  it.each([
    ['preprocessed', true],
    ['raw', false],
  ] as const)('keeps the one real definition and names the #if that selected no branch (%s)', async (_mode, preprocess) => {
    if (preprocess && !hasCc) return;
    const root = tempTree(PROTOTYPES);
    const r = await scanProject({ root, preprocess });
    const defs = r.symbols.filter((s) => s.category === 'function' && s.name === 'cleanUpAndFail');
    expect(defs.map((d) => [d.start_line, d.end_line])).toEqual([[19, 19]]);
    // Nothing is made of the prototype block (lines 9-17).
    expect(r.symbols.filter((x) => x.category === 'function' && x.start_line < 19)).toEqual([]);
    // Every caller points at the real definition, which is therefore no root.
    const callers = r.symbols.filter((s) => s.ref_ids.includes(defs[0]?.id as number)).map((s) => s.name).sort();
    expect(callers).toEqual(['crcError', 'ioError']);
    expect(r.roots).not.toContain(defs[0]?.id);
    // K&R definitions are still definitions.
    expect(r.symbols.find((s) => s.name === 'old_style')?.params.map((p) => p.type)).toEqual(['int', 'char *']);
    const report = r.files.find((f) => f.file === 'prog.c');
    expect(report?.parseErrors).toBeGreaterThan(0);
    expect(report?.hint).toContain('`NORETURN` is only defined under `#if PLATFORM_UNIX` (prog.c:2) and `#if PLATFORM_WIN` (prog.c:5), where no branch was selected');
    expect(report?.hint).toContain('-D PLATFORM_UNIX=1');
  });

  it('has no parse errors and no hint once the branch is selected', async () => {
    const root = tempTree(PROTOTYPES);
    const r = await scanProject({ root, defines: ['PLATFORM_UNIX=1'], preprocess: hasCc });
    expect(r.summary.parseErrors).toBe(0);
    expect(r.files.some((f) => f.hint)).toBe(false);
    expect(r.symbols.filter((s) => s.name === 'cleanUpAndFail' && s.category === 'function')).toHaveLength(1);
  });
});
