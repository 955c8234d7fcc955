import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTree } from '../../../test/support/temp-tree.js';
import { ToolRegistry } from '../registry.js';
import type { ToolContext } from '../tool.js';
import { readCodeTool } from './read-code.js';

const lines = (n: number, p = 'l') => Array.from({ length: n }, (_, i) => `${p}${i + 1}`).join('\n') + '\n';

function setup(files: Record<string, string | Buffer>) {
  const root = tempTree(files);
  const ctx: ToolContext = { root, runDir: join(root, '.jarvis/runs/r1'), interactive: false, env: process.env };
  const reg = new ToolRegistry([readCodeTool]);
  return { root, ctx, read: (req: unknown[]) => reg.invoke('read_code', { files: req }, ctx) };
}

describe('read_code', () => {
  it('shows numbered lines of a whole file', async () => {
    const { read } = setup({ 'src/main.c': 'int main(void) {\n  return 0;\n}\n' });
    const r = await read([{ path: 'src/main.c' }]);
    expect(r.error).toBeUndefined();
    expect(r.forModel).toBe('=== src/main.c (lines 1-3 of 3) ===\n1 | int main(void) {\n2 |   return 0;\n3 | }');
    expect(r.data).toEqual({ files: [{ path: 'src/main.c', start: 1, end: 3, total: 3 }] });
  });

  it('shows a range, pads numbers, and clamps a range past the end with a note', async () => {
    const { read } = setup({ 'a.txt': lines(12) });
    const r = await read([{ path: 'a.txt', start_line: 9, end_line: 40 }]);
    expect(r.forModel).toBe(
      '=== a.txt (lines 9-12 of 12) ===\n 9 | l9\n10 | l10\n11 | l11\n12 | l12\n[note: end_line 40 is past the end of the file; showed up to line 12]',
    );
    const neg = await read([{ path: 'a.txt', start_line: 0, end_line: -1 }]);
    expect(neg.forModel).toContain('(lines 1-12 of 12)');
    expect(neg.forModel).toContain('[note: start_line 0 is before the first line; started at line 1]');
  });

  it('refuses an impossible range with the reason', async () => {
    const { read } = setup({ 'a.txt': lines(5) });
    expect((await read([{ path: 'a.txt', start_line: 9 }])).forModel).toBe('a.txt: start_line 9 is past the end of the file (5 lines)');
    const back = await read([{ path: 'a.txt', start_line: 4, end_line: 2 }]);
    expect(back.error?.code).toBe('refused');
    expect(back.forModel).toBe('a.txt: end_line 2 is before start_line 4');
  });

  it('shows at most 1000 lines and says where to continue', async () => {
    const { read } = setup({ 'big.txt': lines(2500) });
    const r = await read([{ path: 'big.txt', start_line: 1001 }]);
    const out = r.forModel.split('\n');
    expect(out[0]).toBe('=== big.txt (lines 1001-2000 of 2500) ===');
    expect(out).toHaveLength(1002);
    expect(out[1000]).toBe('2000 | l2000');
    expect(out[1001]).toContain('next start_line=2001');
  });

  it('refuses binary files, directories and paths outside the root, symlinks included', async () => {
    const { root, read } = setup({ 'prog.o': Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1, 2]), 'src/x.c': 'x\n' });
    const outside = tempTree({ 'secret.txt': 'top secret\n' });
    symlinkSync(join(outside, 'secret.txt'), join(root, 'link.txt'));
    symlinkSync(outside, join(root, 'linkdir'));
    const r = await read([{ path: 'prog.o' }, { path: 'src' }, { path: '../x' }, { path: 'link.txt' }, { path: 'linkdir/secret.txt' }, { path: outside + '/secret.txt' }]);
    expect(r.error?.code).toBe('refused');
    const parts = r.forModel.split('\n\n');
    expect(parts[0]).toMatch(/^prog\.o: is a binary file/);
    expect(parts[1]).toMatch(/^src: is a directory; list it with list_files/);
    expect(parts[2]).toMatch(/^\.\.\/x is outside the working root/);
    expect(parts[3]).toMatch(/^link\.txt is outside the working root .* \(through a symbolic link to .*secret\.txt\)/);
    expect(parts[4]).toMatch(/^linkdir\/secret\.txt is outside the working root/);
    expect(parts[5]).toMatch(/is outside the working root/);
    expect(r.forModel).not.toContain('top secret');
  });

  it('reads a symlink that stays inside the root', async () => {
    const { root, read } = setup({ 'real.txt': 'inside\n' });
    symlinkSync(join(root, 'real.txt'), join(root, 'alias.txt'));
    expect((await read([{ path: 'alias.txt' }])).forModel).toContain('1 | inside');
  });

  it('names close matches for a missing file', async () => {
    const { read } = setup({ 'src/parser/lexer.c': 'x\n', 'src/parser/lexer.h': 'x\n', 'README.md': 'x\n' });
    const r = await read([{ path: 'src/lexer.c' }]);
    expect(r.error?.code).toBe('not_found');
    expect(r.forModel).toBe('src/lexer.c: no such file; did you mean src/parser/lexer.c, src/parser/lexer.h?');
    const none = await read([{ path: 'zzzzzzzz.rs' }]);
    expect(none.forModel).toBe('zzzzzzzz.rs: no such file');
  });

  it('reads several files, reporting failures beside successes without failing the call', async () => {
    const { read } = setup({ 'a.txt': 'A\n', 'b.txt': 'B\n' });
    const r = await read([{ path: 'a.txt' }, { path: 'nope.txt' }, { path: 'b.txt', start_line: 1, end_line: 1 }]);
    expect(r.error).toBeUndefined();
    expect(r.forModel).toContain('=== a.txt (lines 1-1 of 1) ===\n1 | A');
    expect(r.forModel).toContain('nope.txt: no such file');
    expect(r.forModel).toContain('=== b.txt (lines 1-1 of 1) ===\n1 | B');
  });

  it('reads files in the run directory even when it lies outside the root', async () => {
    const { ctx } = setup({});
    const runDir = tempTree({ 'outputs/full.txt': 'saved output\n' });
    const r = await new ToolRegistry([readCodeTool]).invoke('read_code', { files: [{ path: join(runDir, 'outputs/full.txt') }] }, { ...ctx, runDir });
    expect(r.forModel).toContain('1 | saved output');
  });

  it('shows an empty file as empty', async () => {
    const { root, read } = setup({});
    mkdirSync(join(root, 'd'));
    writeFileSync(join(root, 'd/empty.c'), '');
    expect((await read([{ path: 'd/empty.c' }])).forModel).toBe('=== d/empty.c (empty file) ===');
  });
});
