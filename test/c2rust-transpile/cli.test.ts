import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJsonl } from '../../src/util/files.js';
import { startCli } from '../support/jarvis-cli.js';
import { writeScriptedConfig } from '../support/scripted-config.js';
import { tempTree } from '../support/temp-tree.js';

const JC2R = join(import.meta.dirname, '../../bin/jc2r.js');

function jc2r(cwd: string, args: string[], env: Record<string, string> = {}) {
  const home = join(cwd, '.home');
  mkdirSync(home, { recursive: true });
  return startCli(JC2R, args, { cwd, home, env, stdin: '' });
}

const GOOD = `#include <stdio.h>
/* Greets. */
int main(void) { printf("hi\\n"); return 0; }
`;

describe('jc2r transpile (CLI)', { timeout: 120_000 }, () => {
  it('Ctrl-C during the deterministic translation exits 130 and leaves neither a crate nor its unfinished directory', async () => {
    // enough functions that rustfmt works on the temp directory for a while
    const fns = Array.from({ length: 400 }, (_, i) => `int f${i}(int x) { int y = x * ${i}; if (y > 7) return y - ${i}; return y + f${Math.max(0, i - 1)}(x - 1) * 0; }`).join('\n');
    const base = tempTree({ 'proj/many.c': `${fns}\nint main(void) { return f3(2) == 5; }\n` });
    const run = jc2r(base, ['transpile', 'proj', '--no-model']);
    const unfinished = () => readdirSync(base).filter((n) => n.includes('.jc2r-tmp-'));
    for (let i = 0; i < 3000 && unfinished().length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(unfinished(), 'the translation reached its temp directory').toHaveLength(1);
    run.child.kill('SIGINT');
    const r = await run.done;
    expect(r.code, r.stderr).toBe(130);
    expect(readdirSync(base).filter((n) => n !== 'proj' && n !== '.home')).toEqual([]);
  });

  it('translates what it can, reports files clang rejects and C++ files, and writes the artifacts', async () => {
    const base = tempTree({ 'proj/good.c': GOOD, 'proj/broken.c': 'int f( {\n', 'proj/extra.cpp': 'int g() { return 1; }\n' });
    const proj = join(base, 'proj');
    const r = await jc2r(base, ['transpile', '-p', 'proj']).done;
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/C files with errors\s+2\n/);
    expect(r.stdout).toMatch(/broken\.c\s+.*error/);
    expect(r.stdout).toMatch(/extra\.cpp\s+C\+\+ is not translated/);
    const crate = join(base, 'proj_rs');
    expect(readFileSync(join(crate, 'Cargo.toml'), 'utf8')).toMatch(/\[\[bin\]\]\nname = "good"/);
    const main = readFileSync(join(crate, 'src/bin/good.rs'), 'utf8');
    expect(main).toContain('// Greets.');
    const report = JSON.parse(readFileSync(join(proj, '.jarvis/c2rust/transpile_report.json'), 'utf8')) as {
      files: { file: string; status: string }[];
      binaries: { name: string; c_file: string }[];
    };
    expect(report.files.filter((f) => f.status === 'error').map((f) => f.file).sort()).toEqual(['broken.c', 'extra.cpp']);
    expect(report.binaries).toEqual([{ name: 'good', c_file: 'good.c' }]);
    const map = readJsonl<{ c_name: string; rust_file: string }>(join(proj, '.jarvis/c2rust/symbol_map.jsonl'));
    expect(map).toContainEqual(expect.objectContaining({ c_name: 'main', rust_file: 'src/bin/good.rs' }));
  });

  it('translates the files the Makefile compiles, with its flags, plus tests; leaves contrib out and says so', async () => {
    // Without the Makefile's -DGREETING the program does not even compile; contrib/ is no part
    // of the build (and not C that clang accepts); tests/ is a program no rule builds.
    const base = tempTree({
      'proj/Makefile': 'CFLAGS = -DGREETING=\\"hello\\" -Iinc\nhi: hi.o\n\t$(CC) -o hi hi.o\nhi.o: hi.c\n\t$(CC) $(CFLAGS) -c hi.c\n',
      'proj/inc/greet.h': '#define TIMES 2\n',
      'proj/hi.c': '#include <stdio.h>\n#include "greet.h"\nint main(void) { for (int i = 0; i < TIMES; i++) puts(GREETING); return 0; }\n',
      'proj/contrib/odd.c': 'this is not C\n',
      'proj/tests/t.c': '#include <stdio.h>\nint main(void) { puts("test"); return 0; }\n',
    });
    const r = await jc2r(base, ['transpile', 'proj']).done;
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/compile commands\s+make -n \(Makefile\); 1 source\(s\) not in the build left out/);
    expect(r.stderr).toMatch(/contrib\/odd\.c/);
    const report = JSON.parse(readFileSync(join(base, 'proj/.jarvis/c2rust/transpile_report.json'), 'utf8')) as {
      compile_source: { kind: string; build_file: string };
      sources_left_out: string[];
      binaries: { name: string }[];
    };
    expect(report.compile_source).toMatchObject({ kind: 'make', build_file: 'Makefile' });
    expect(report.sources_left_out).toEqual(['contrib/odd.c']);
    expect(report.binaries.map((b) => b.name).sort()).toEqual(['hi', 't']);
    expect(readFileSync(join(base, 'proj_rs/src/bin/hi.rs'), 'utf8')).toContain('hello');
  });

  it('refuses to replace a non-empty output directory without --force, and replaces it with --force', async () => {
    const base = tempTree({ 'proj/good.c': GOOD, 'out/keep.txt': 'mine' });
    const refused = await jc2r(base, ['transpile', '-p', 'proj', '-o', 'out']).done;
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/out is not empty: refusing to overwrite it/);
    expect(refused.stderr).toMatch(/--force/);
    expect(readdirSync(join(base, 'out'))).toEqual(['keep.txt']);
    const forced = await jc2r(base, ['transpile', '-p', 'proj', '-o', 'out', '--force', '--json']).done;
    expect(forced.code, forced.stderr).toBe(0);
    const rep = JSON.parse(forced.stdout) as { crate: string; functions: { translated: number } };
    expect(rep.crate).toBe(join(base, 'out'));
    expect(rep.functions.translated).toBe(1);
    expect(existsSync(join(base, 'out/keep.txt'))).toBe(false);
    expect(existsSync(join(base, 'out/src/lib.rs'))).toBe(true);
  });

  it('with --no-model writes the deterministic translation only, even with a model configured; --model without one says how to configure it', async () => {
    const base = tempTree({ 'proj/good.c': GOOD });
    const config = writeScriptedConfig(base, []);
    const r = await jc2r(base, ['transpile', '-p', 'proj', '--no-model'], { JARVIS_CONFIG: config }).done;
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(base, 'proj_rs/src/bin/good.rs'))).toBe(true);
    expect(existsSync(join(base, 'proj/.jarvis/c2rust/progress.json'))).toBe(false);
    expect(existsSync(join(base, 'proj_rs/.git'))).toBe(false);
    writeFileSync(join(base, 'empty.yaml'), '# no model here\n');
    const none = await jc2r(base, ['transpile', '-p', 'proj', '--model', '--force'], { JARVIS_CONFIG: join(base, 'empty.yaml') }).done;
    expect(none.code).not.toBe(0);
    expect(none.stderr).toMatch(/jc2r transpile --model needs a model/);
    expect(none.stderr).toMatch(/--no-model/);
    expect(none.stderr).not.toMatch(/\n\s+at /);
  });

  it('names the Debian package when clang is missing', async () => {
    const base = tempTree({ 'proj/good.c': GOOD });
    const r = await jc2r(base, ['transpile', '-p', 'proj'], { CLANG: '/nonexistent/clang' }).done;
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/clang not found/);
    expect(r.stderr).toMatch(/Debian package `clang`/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(base, 'proj_rs'))).toBe(false);
  });

  it('leaves either no crate or a complete one when killed at any moment', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 12; i++) files[`proj/m${i}.c`] = `#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\nint f${i}(int x) { return x * ${i}; }\n`;
    files['proj/main.c'] = GOOD;
    const base = tempTree(files);
    for (const delay of [150, 400, 700, 1000, 1400, 1900]) {
      const p = jc2r(base, ['transpile', '-p', 'proj', '--force']);
      await new Promise((res) => setTimeout(res, delay));
      p.child.kill('SIGKILL');
      await p.done;
      const crate = join(base, 'proj_rs');
      if (existsSync(crate)) {
        // A crate in place is whole: every module lib.rs declares exists.
        const lib = readFileSync(join(crate, 'src/lib.rs'), 'utf8');
        for (const m of lib.matchAll(/^pub mod (\w+);$/gm)) expect(existsSync(join(crate, 'src', `${m[1]}.rs`)), `${m[1]}.rs after ${delay} ms`).toBe(true);
        expect(readFileSync(join(crate, 'Cargo.toml'), 'utf8')).toMatch(/\[workspace\]/);
      }
      const report = join(base, 'proj/.jarvis/c2rust/transpile_report.json');
      if (existsSync(report)) expect(() => JSON.parse(readFileSync(report, 'utf8')) as unknown).not.toThrow();
      const leftovers = readdirSync(base).filter((n) => n.includes('.jc2r-') && !n.startsWith('proj_rs.jc2r-tmp-') && !n.startsWith('proj_rs.jc2r-old-'));
      expect(leftovers).toEqual([]);
    }
    // The next run clears what a killed run left beside the crate.
    const r = await jc2r(base, ['transpile', '-p', 'proj', '--force']).done;
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(base).filter((n) => n.includes('.jc2r-'))).toEqual([]);
  });
});
