import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJsonl } from '../../src/util/files.js';
import type { OrderStep, SymbolRecord } from '../../src/apps/c2rust/symbols.js';
import { tempTree } from '../support/temp-tree.js';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'jc2r.js');

function jc2r(args: string[], cwd?: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', JARVIS_FROM_SOURCE: '1' }, timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const FILES = {
  'lib.h': 'int lib_sum(int a, int b);\nint lib_twice(int a);\nextern int lib_twice(int a);\n',
  'lib.c': '#include "lib.h"\nint lib_sum(int a, int b) { return a + b; }\nint lib_twice(int a) { return lib_sum(a, a); }\n',
  'main.c': '#include "lib.h"\nint main(void) { return lib_twice(2); }\nint tool(void) { return lib_sum(1, 2); }\n',
  'bad.c': 'int broken(void) {\n  return (1;\n',
};

describe('jc2r scan / collect CLI', () => {
  it('writes symbols, order and graphs and prints the summary with parse errors per file', () => {
    const root = tempTree(FILES);
    const r = jc2r(['scan', '-p', root, '--subgraphs-dir', join(root, 'sub'), '--png']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/functions\s+5\b/);
    expect(r.stdout).toMatch(/call edges\s+3\b/);
    expect(r.stdout).toMatch(/cycles\s+0\b/);
    expect(r.stdout).toMatch(/bad\.c\s+\S+\s+[1-9]/);
    const dir = join(root, '.jarvis/c2rust');
    const symbols = readJsonl<SymbolRecord>(join(dir, 'symbols.jsonl'));
    expect(symbols.map((s) => s.name).sort()).toEqual(['broken', 'lib_sum', 'lib_twice', 'main', 'tool']);
    expect(readJsonl(join(dir, 'symbols_raw.jsonl')).length).toBeGreaterThanOrEqual(symbols.length);
    const order = readJsonl<OrderStep>(join(dir, 'translation_order.jsonl'));
    const names = order.map((s) => s.items.map((i) => i.name).join(','));
    expect(names.indexOf('lib_sum')).toBeLessThan(names.indexOf('lib_twice'));
    expect(names.indexOf('lib_twice')).toBeLessThan(names.indexOf('main'));
    expect(readFileSync(join(dir, 'graph.dot'), 'utf8')).toMatch(/digraph[\s\S]*->/);
    expect(readFileSync(join(dir, 'graph.svg'), 'utf8')).toContain('<svg');
    expect(readFileSync(join(dir, 'graph.png')).subarray(1, 4).toString()).toBe('PNG');
    const sub = readdirSync(join(root, 'sub'));
    // Roots: main, tool and broken, each with its own graph.
    expect(sub.filter((f) => f.endsWith('.svg'))).toHaveLength(3);
    expect(sub.some((f) => /^main_\d+\.dot$/.test(f))).toBe(true);

    // --only-dot redraws from symbols.jsonl without scanning again.
    rmSync(join(dir, 'graph.svg'));
    const again = jc2r(['scan', '-p', root, '--only-dot', '--dot', join(root, 'calls.dot')]);
    expect(again.code).toBe(0);
    expect(existsSync(join(root, 'calls.svg'))).toBe(true);
    expect(again.stdout).not.toMatch(/functions/);
  });

  it('collects unique function names from headers and explains what is wrong with bad input', () => {
    const root = tempTree(FILES);
    const r = jc2r(['collect', 'lib.h', 'main.c', '-o', 'roots.txt'], root);
    expect(r.code).toBe(0);
    expect(readFileSync(join(root, 'roots.txt'), 'utf8')).toBe('lib_sum\nlib_twice\n');
    expect(r.stderr).toContain('main.c: not a header');

    const none = jc2r(['scan', '-p', root, '--only-dot']);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^error: no symbols in .*symbols\.jsonl\nhint: run `jc2r scan` first\n$/);
    const missing = jc2r(['scan', '-p', join(root, 'nope')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^error: project root .* is not a directory/);
  });
});
