import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffProject, fixture } from './differential.js';

describe('jc2r transpile: programs written the way people write them', () => {
  it('translates command tables, tagged unions, bitfields, goto cleanup, static locals and wide strings, and behaves like the C', async () => {
    const p = await diffProject(fixture('realistic'));
    const kept = p.outcome.report.kept_in_c.map((k) => `${k.name}: ${k.reason}`).sort();
    // main stays C here (long double) and still is `main` to __func__.
    const ld = 'long double (x87 80-bit: no Rust type with its precision or calling convention)';
    expect(kept).toEqual([
      `as_double: ${ld}`,
      `bias: variable: ${ld}`,
      'flags: variable: initialiser of a union bitfield',
      `main: ${ld}`,
      'report: variadic function definition (C-variadic bodies are unstable in Rust)',
      'safe_sum: setjmp/longjmp (non-local jumps)',
      `scale: variable: ${ld}`,
      `scaled: ${ld}`,
      'stats_fold: setjmp/longjmp (non-local jumps)',
    ]);
    // Globals of a type Rust cannot hold stay C with their users; the rest of the file is Rust.
    // The 80-bit digits show it: in f64 the second number would print 2.39999999999999991118.
    expect((await p.same('measure')).stdout).toBe('4.500000 2.40000000000000000009 4 0.10000000000000001\n6 14\nmain measure.c:22\n');
    const inv = await p.same('inventory', { args: ['add', 'hammer:t', 'add', 'oil:f', 'add', 'bolt:p', 'add', 'bad:q', 'add', 'nocolon', 'total', '20000', 'list', 'total', '10', 'frob'] });
    expect(inv.stdout).toContain('oil        kind=2 qty=3737 fragile litres=4.50');
    expect(inv.stdout).toContain('total 11211 is under 20000');
    expect(inv.stderr).toBe("add: unknown kind 'q'\nadd: want name:kind, got 'nocolon'\nunknown command frob\n");
    // A local left uninitialised in a loop body carries its value to the next iteration; C kept
    // in C shares its file's statics with the Rust (two files each have a static `calls`).
    const sum = await p.same('checksum', { stdin: 'hello world\nab\nzebra crossing\nbang!\n\xe9t\xe9 long line\nxy\n' });
    expect(sum.stdout).toContain('banner plain|5|9786\nwide 7 34\n');
    expect(sum.stdout).toContain('zebra crossing short');
    expect(sum.stdout).toMatch(/fold=-96021342 -1 stats_calls=1011\ncalls=\d+\n$/);
    // The C kept in C reports the C build's __FILE__, __LINE__ and __func__.
    expect(sum.stderr).toBe('stats.c:22: stats_fold: negative value\n');
    // offsetof inside a macro (container_of) and with constant indices is translated.
    const ht = await p.same('ht');
    expect(ht.stdout).toContain('after del 7 offsets 10 16\n');
    expect(ht.stderr).toMatch(/^\[ht\.c:\d+ grow\] grew to 4\n/);
    // The union member initialised is the one clang names by id (two anonymous structs).
    const shapes = await p.same('shapes', { args: ['26'], stdin: 'one\ntwo\n' });
    expect(shapes.stdout).toContain('1 kind=1 vis=0 col=-1 depth=-6 area=10.000\n');
    expect(shapes.stdout).toContain('pair 7+19=26\n');
    expect(shapes.stderr).toBe('fopen: No such file or directory\ncleanup ran\n');
    // What x86-64 C tolerates: a misaligned read, buf[-1] inside a struct, an extern of the wrong type.
    expect((await p.same('legacy')).stdout).toBe('7 44332211 7 200000001\n');
    await p.same('lex');
    await p.same('lex', { args: ['a bb ccc dddd eeeee ffffff ggggggg hhhhhhhhh iiii'] });
    const rs = readFileSync(join(p.crate, 'src/bin/checksum.rs'), 'utf8');
    // `(x as T) < y`: without the parentheses Rust reads a generic argument list.
    expect(rs).toMatch(/\(n as c_int\) < bits/);
    expect(rs).toMatch(/\[119i32, 105, 100, 101, 92, 34, 10, 0\]/);
  });
});
