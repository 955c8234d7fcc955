import { describe, expect, it } from 'vitest';
import { diffProject, fixture } from './differential.js';

// One crate for the four programs: integer conversions and wrapping, floats, pointers and
// arrays, strings and stdio. Each runs as C (gcc) and as the translated Rust.
describe('jc2r transpile: expressions behave like the C', () => {
  it('translates integer, float, pointer and string code that prints the same and exits the same', async () => {
    const p = await diffProject(fixture('exprs'));
    expect(p.outcome.report.kept_in_c).toEqual([]);
    expect(p.outcome.report.binaries.map((b) => b.name).sort()).toEqual(['extras', 'floats', 'ints', 'pointers', 'strings']);
    await p.same('ints');
    await p.same('floats');
    await p.same('pointers', { args: ['one', 'two'] });
    const s = await p.same('strings');
    expect(s.code).toBe(3);
    expect(s.stderr).toContain('to stderr');
    const x = await p.same('extras');
    // gcc's spellings: the plain function name, `NULL` from gcc's stddef.h.
    expect(x.stdout).toContain('main main\n');
    expect(x.stdout).toContain('NULL == 0 = 1');
  });
});
