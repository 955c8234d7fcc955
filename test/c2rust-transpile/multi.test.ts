import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJsonl } from '../../src/util/files.js';
import { diffProject, fixture } from './differential.js';

describe('jc2r transpile: a project with a library, two programs and C that stays C', () => {
  it('links the translated library, keeps variadic and setjmp functions in C through build.rs, and behaves like the C', async () => {
    const p = await diffProject(fixture('multi'), { cflags: ['-Iinclude'] });
    const kept = p.outcome.report.kept_in_c.map((k) => `${k.name}: ${k.reason}`).sort();
    expect(kept).toEqual([
      'checked: setjmp/longjmp (non-local jumps)',
      'guarded_div: setjmp/longjmp (non-local jumps)',
      'log_msg: variadic function definition (C-variadic bodies are unstable in Rust)',
    ]);
    expect(p.outcome.report.binaries).toEqual([
      { name: 'main', c_file: 'app/main.c' },
      { name: 'check', c_file: 'tests/check.c' },
    ]);
    await p.same('main', { args: ['pentagon'] });
    await p.same('check');
    expect(existsSync(join(p.crate, 'build.rs'))).toBe(true);
    // The struct from the shared header is defined once, in types.rs.
    const mods = ['src/shapes.rs', 'src/logging.rs', 'src/bin/main.rs'].map((f) => readFileSync(join(p.crate, f), 'utf8'));
    expect(mods.every((m) => !/struct shape\b/.test(m))).toBe(true);
    const cargo = readFileSync(join(p.crate, 'Cargo.toml'), 'utf8');
    expect(cargo).toMatch(/\[\[bin\]\]\nname = "main"\npath = "src\/bin\/main.rs"\ntest = false/);
    const map = readJsonl<{ c_name: string; rust_name: string; rust_file: string; rust_start_line: number }>(p.outcome.symbolMapPath);
    const mk = map.find((m) => m.c_name === 'make_shape');
    expect(mk).toMatchObject({ rust_name: 'crate::shapes::make_shape', rust_file: 'src/shapes.rs' });
    const lines = readFileSync(join(p.crate, 'src/shapes.rs'), 'utf8').split('\n');
    const start = mk?.rust_start_line ?? 0;
    // The range starts at the item's attributes (`#[no_mangle]`) and ends at its closing brace.
    expect(lines.slice(start - 1, start + 1).join('\n')).toMatch(/#\[no_mangle\]\npub unsafe extern "C" fn make_shape\(/);
  });
});
