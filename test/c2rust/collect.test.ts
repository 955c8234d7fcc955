import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectFunctionNames } from '../../src/apps/c2rust/collect.js';
import { JarvisError } from '../../src/util/errors.js';
import { tempTree } from '../support/temp-tree.js';

const hasCc = spawnSync('cc', ['--version']).status === 0;

const API_H = [
  '#include "types.h"',
  '#define API(name) (name)',
  'int API(api_open)(const char *path);',
  'int api_open(const char *path);',
  '#ifdef WITH_EXTRA',
  'void api_extra(void);',
  '#endif',
  'static inline int api_inline(int x) { return x; }',
  'typedef int (*api_cb)(int);',
  'extern int api_counter;',
].join('\n');

describe.skipIf(!hasCc)('jc2r collect', () => {
  it('writes each declared function once, in order, and not those of included headers', async () => {
    const root = tempTree({ 'inc/api.h': API_H, 'inc/types.h': 'int types_helper(void);\n' });
    const out = join(root, 'roots.txt');
    const r = await collectFunctionNames({ headers: [join(root, 'inc/api.h')], out });
    expect(readFileSync(out, 'utf8')).toBe('api_open\napi_inline\n');
    expect(r.headers).toEqual([{ file: join(root, 'inc/api.h'), mode: 'preprocessed', names: 2 }]);
  });

  it('applies the defines of compile_commands.json given with --cc-root', async () => {
    const root = tempTree({ 'inc/api.h': API_H, 'inc/types.h': '', 'a.c': '' });
    mkdirSync(join(root, 'build'));
    writeFileSync(join(root, 'build/compile_commands.json'), JSON.stringify([{ directory: root, file: 'a.c', arguments: ['cc', '-DWITH_EXTRA', '-c', 'a.c'] }]));
    const out = join(root, 'roots.txt');
    await collectFunctionNames({ headers: [join(root, 'inc/api.h')], out, ccRoot: join(root, 'build') });
    expect(readFileSync(out, 'utf8')).toBe('api_open\napi_extra\napi_inline\n');
  });
});

describe('jc2r collect input checks', () => {
  it('skips non-headers and missing files, and fails when nothing is left', async () => {
    const root = tempTree({ 'a.c': 'int f(void);\n' });
    await expect(collectFunctionNames({ headers: [join(root, 'a.c'), join(root, 'none.h')], out: join(root, 'r.txt') })).rejects.toThrow(JarvisError);
    await expect(collectFunctionNames({ headers: [join(root, 'a.c')], out: join(root, 'r.txt') })).rejects.toThrow(/not a header/);
  });
});
