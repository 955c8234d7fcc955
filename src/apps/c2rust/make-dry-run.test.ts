import { describe, expect, it } from 'vitest';
import { linkFlags, parseMakeOutput, shellWords } from './make-dry-run.js';

describe('make -n output', () => {
  it('splits shell lines at operators, keeping quoted words whole', () => {
    expect(shellWords(`cd src && gcc '-DNAME="a b"' -c x.c;echo done|tee log`)).toEqual(['cd', 'src', '&&', 'gcc', '-DNAME="a b"', '-c', 'x.c', ';', 'echo', 'done', '|', 'tee', 'log']);
  });

  it('follows make -w directories, cd inside a recipe line, wrappers and continued lines', () => {
    const out = [
      "make: Entering directory '/p'",
      'cc -std=c99 -Iinc -c -o a.o a.c',
      'make -C sub',
      "make[1]: Entering directory '/p/sub'",
      'ccache gcc -O2 -DX=1 \\',
      '   -c b.c -o b.o',
      "make[1]: Leaving directory '/p/sub'",
      '(cd tools && CC=cc clang -o gen gen.c -lm)',
      'libtool --mode=compile --tag=CC gcc -c lib/l.c',
      'echo gcc -c not_a_command.c',
      'for a in t1 t2; do ./$a; done',
      'gcc -o app a.o sub/b.o -L. -lz -pthread',
      "make: Leaving directory '/p'",
    ].join('\n');
    const r = parseMakeOutput(out, '/p');
    expect(r.compiles.map((c) => [c.directory, c.file])).toEqual([
      ['/p', '/p/a.c'],
      ['/p/sub', '/p/sub/b.c'],
      ['/p/tools', '/p/tools/gen.c'],
      ['/p', '/p/lib/l.c'],
    ]);
    expect(r.compiles[1]?.arguments).toEqual(['gcc', '-O2', '-DX=1', '-c', 'b.c', '-o', 'b.o']);
    expect(r.links.map((l) => l.output)).toEqual(['/p/tools/gen', '/p/app']);
    expect(linkFlags(r.links[1]?.arguments ?? [], '/p')).toEqual(['-L/p', '-lz', '-pthread']);
  });
});
