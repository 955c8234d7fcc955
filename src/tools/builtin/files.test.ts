import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTree } from '../../../test/support/temp-tree.js';
import { findRipgrep } from '../files/ripgrep.js';
import { ToolRegistry } from '../registry.js';
import type { ToolContext } from '../tool.js';
import { listFilesTool } from './list-files.js';
import { searchFilesTool } from './search-files.js';

const hasRipgrep = findRipgrep(process.env) !== null;
const backends = [
  { backend: 'ripgrep', env: { ...process.env, JARVIS_RIPGREP: undefined }, skip: !hasRipgrep },
  { backend: 'js', env: { ...process.env, JARVIS_RIPGREP: 'off' }, skip: false },
] as const;

/** A project with every kind of entry the ignore rules must handle. */
function project(): string {
  const root = tempTree({
    '.gitignore': 'build/\n*.tmp\n!keep.tmp\n/only-root.txt\n',
    'a.c': 'int main(void) { return helper(); }\n',
    'b.h': 'int helper(void);\n',
    'keep.tmp': 'kept\n',
    'x.tmp': 'main ignored by pattern\n',
    'only-root.txt': 'main anchored ignore\n',
    'build/out.c': 'int main(void) { return 0; }\n',
    'sub/.gitignore': '*.gen.c\n',
    'sub/only-root.txt': 'not anchored here\n',
    'sub/x.c': 'static int helper(void) { return 1; }\n// MAIN in capitals\n',
    'sub/x.gen.c': 'int main_generated;\n',
    'sub/deep/y.c': 'void f(void) {}\r\nint main2;\r\n',
    'sub/deep/z.rs': 'fn main() {}\n',
    '.hidden/h.c': 'int main;\n',
    '.env': 'SECRET=main\n',
    'bin.dat': Buffer.from('main\0\x01\x02binary'),
  });
  symlinkSync(join(root, 'a.c'), join(root, 'link.c'));
  return root;
}

function tools(root: string, env: NodeJS.ProcessEnv) {
  const ctx: ToolContext = { root, runDir: join(root, '.jarvis/runs/r1'), interactive: false, env };
  const reg = new ToolRegistry([listFilesTool, searchFilesTool]);
  return {
    list: (args: Record<string, unknown>) => reg.invoke('list_files', args, ctx),
    search: (args: Record<string, unknown>) => reg.invoke('search_files', args, ctx),
  };
}

describe.each(backends)('list_files and search_files with the $backend backend', ({ backend, env, skip }) => {
  it.skipIf(skip)('lists non-ignored, non-hidden files sorted by path, honouring nested and negated rules', async () => {
    const { list } = tools(project(), env);
    const r = await list({ path: '.' });
    expect(r.forModel).toBe(['8 files under .:', 'a.c', 'b.h', 'bin.dat', 'keep.tmp', 'sub/deep/y.c', 'sub/deep/z.rs', 'sub/only-root.txt', 'sub/x.c'].join('\n'));
    expect(r.data?.backend).toBe(backend);
  });

  it.skipIf(skip)('applies the rules of parent directories when listing a subdirectory', async () => {
    const root = project();
    writeFileSync(join(root, 'sub/deep/w.tmp'), 'x\n');
    const { list } = tools(root, env);
    const r = await list({ path: 'sub/deep' });
    expect(r.forModel).toBe('2 files under sub/deep:\nsub/deep/y.c\nsub/deep/z.rs');
  });

  it.skipIf(skip)('filters by glob (braces too) relative to path, and by depth', async () => {
    const { list } = tools(project(), env);
    expect((await list({ path: '.', glob: '*.c' })).data?.files).toEqual(['a.c', 'sub/deep/y.c', 'sub/x.c']);
    expect((await list({ path: '.', glob: '*.{h,rs}' })).data?.files).toEqual(['b.h', 'sub/deep/z.rs']);
    expect((await list({ path: 'sub', glob: 'deep/*.c' })).data?.files).toEqual(['sub/deep/y.c']);
    expect((await list({ path: '.', max_depth: 1 })).data?.files).toEqual(['a.c', 'b.h', 'bin.dat', 'keep.tmp']);
    expect((await list({ path: '.', max_depth: 2, glob: '*.c' })).data?.files).toEqual(['a.c', 'sub/x.c']);
  });

  it.skipIf(skip)('says when the directory itself is ignored', async () => {
    const { list } = tools(project(), env);
    const r = await list({ path: 'build' });
    expect(r.forModel).toBe('0 files under build:\n[note: build itself is excluded by an ignore file]');
  });

  it.skipIf(skip)('stops climbing for ignore files at the git root', async () => {
    const outer = tempTree({ '.gitignore': '*.c\n', 'plain/a.c': 'x\n', 'plain/a.h': 'x\n', 'repo/a.c': 'x\n', 'repo/a.h': 'x\n' });
    mkdirSync(join(outer, 'repo/.git'));
    expect((await tools(join(outer, 'repo'), env).list({ path: '.' })).data?.files).toEqual(['a.c', 'a.h']);
    expect((await tools(join(outer, 'plain'), env).list({ path: '.' })).data?.files).toEqual(['a.h']);
  });

  it.skipIf(skip)('shows at most 500 paths and counts the rest', async () => {
    const root = tempTree();
    mkdirSync(join(root, 'many'));
    for (let i = 0; i < 510; i++) writeFileSync(join(root, 'many', `f${String(i).padStart(3, '0')}.c`), '');
    const r = await tools(root, env).list({ path: 'many' });
    const out = r.forModel.split('\n');
    expect(out[0]).toBe('510 files under many:');
    expect(out[500]).toBe('many/f499.c');
    expect(out[501]).toBe('[… 10 more not shown; narrow with a deeper path, glob or max_depth]');
  });

  it.skipIf(skip)('searches only files list_files would show, skipping binary files', async () => {
    const { search } = tools(project(), env);
    const r = await search({ path: '.', regex: 'main' });
    // Not build/out.c, x.tmp, only-root.txt, sub/x.gen.c (ignored), .hidden/h.c, .env (hidden), bin.dat (binary), link.c (symlink).
    expect(r.forModel).toBe(
      ['3 matches for /main/ in 3 files under .:', 'a.c:1: int main(void) { return helper(); }', 'sub/deep/y.c:2: int main2;', 'sub/deep/z.rs:1: fn main() {}'].join('\n'),
    );
  });

  it.skipIf(skip)('honours (?i), look-ahead, glob and a single-file path', async () => {
    const { search } = tools(project(), env);
    expect((await search({ path: 'sub', regex: '(?i)main' })).data?.matches).toEqual([
      { path: 'sub/deep/y.c', line: 2, text: 'int main2;' },
      { path: 'sub/deep/z.rs', line: 1, text: 'fn main() {}' },
      { path: 'sub/x.c', line: 2, text: '// MAIN in capitals' },
    ]);
    expect((await search({ path: '.', regex: 'main(?=\\()', glob: '*.rs' })).data?.matches).toEqual([{ path: 'sub/deep/z.rs', line: 1, text: 'fn main() {}' }]);
    expect((await search({ path: 'sub/x.c', regex: 'helper' })).forModel).toBe(
      '1 match for /helper/ in 1 file under sub/x.c:\nsub/x.c:1: static int helper(void) { return 1; }',
    );
  });

  it.skipIf(skip)('stops at 100 matches in path order and says more exist', async () => {
    const root = tempTree({ 'a.txt': 'hit\n'.repeat(80), 'b.txt': 'hit\n'.repeat(80) });
    const r = await tools(root, env).search({ path: '.', regex: 'hit' });
    const out = r.forModel.split('\n');
    expect(out[0]).toBe('First 100 matches for /hit/ in 2 files under .:');
    expect(out[80]).toBe('a.txt:80: hit');
    expect(out[81]).toBe('b.txt:1: hit');
    expect(out[100]).toBe('b.txt:20: hit');
    expect(out[101]).toMatch(/^\[more matches exist/);
  });

  it.skipIf(skip)('reports no match and a bad regex clearly', async () => {
    const { search } = tools(project(), env);
    expect((await search({ path: '.', regex: 'nothing_like_this' })).forModel).toBe('No matches for /nothing_like_this/ in 8 files under ..');
    const bad = await search({ path: '.', regex: 'int (' });
    expect(bad.error?.code).toBe('invalid_arguments');
    expect(bad.forModel).toMatch(/^regex is not a valid regular expression: .*Fix the pattern/);
  });
});

describe.skipIf(!hasRipgrep)('both backends', () => {
  it('give identical answers on the same tree', async () => {
    const root = project();
    const rg = tools(root, backends[0].env);
    const js = tools(root, backends[1].env);
    const calls: [string, Record<string, unknown>][] = [
      ['list', { path: '.' }],
      ['list', { path: 'sub', glob: '**/*.c' }],
      ['list', { path: '.', max_depth: 2 }],
      ['search', { path: '.', regex: 'int \\w+' }],
      ['search', { path: '.', regex: 'e', glob: '*.{c,h}' }],
    ];
    for (const [kind, args] of calls) {
      const a = kind === 'list' ? await rg.list(args) : await rg.search(args);
      const b = kind === 'list' ? await js.list(args) : await js.search(args);
      expect(a.forModel, `${kind} ${JSON.stringify(args)}`).toBe(b.forModel);
    }
  });
});
