import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { git, gitRepo, patch, runJca, scriptedEnv, transcriptOf } from './support.js';

/**
 * The scenario, end to end through the real CLI: a C project with a Makefile and a
 * failing test; the first PATCH breaks the build, the compiler's line reaches the model, the
 * second PATCH fixes it, tests pass, every change is a prefixed commit, `jca stats` counts them.
 */

export const C_PROJECT = {
  'calc.h': 'int add(int a, int b);\n',
  'calc.c': '#include "calc.h"\n\nint add(int a, int b) {\n  return a - b;\n}\n',
  'test_calc.c': '#include <assert.h>\n#include "calc.h"\n\nint main(void) {\n  assert(add(2, 2) == 4);\n  return 0;\n}\n',
  Makefile: 'all: test_calc\n\ntest_calc: calc.c test_calc.c calc.h\n\tcc -Wall -o test_calc calc.c test_calc.c\n\ntest: test_calc\n\t./test_calc\n\n.PHONY: all test\n',
  '.gitignore': 'test_calc\n',
};

describe('jca on a C project with make', () => {
  it('breaks the build, sees the compiler error, fixes it, and leaves prefixed commits and a clean tree', async () => {
    const repo = gitRepo(C_PROJECT);
    const s = scriptedEnv([
      { reply: patch('calc.c', '  return a - b;', '  return a + b'), expect: "assertion `add(2, 2) == 4` failed" },
      { reply: patch('calc.c', '  return a + b', '  return a + b;'), expect: "error: expected ';' before '}' token" },
      { reply: 'add() adds now. <!!!COMPLETE!!!>', expect: 'Verification passed' },
    ]);
    const r = await runJca(['-n', '-r', 'make the tests pass', '--prefix', '[jca-test]'], { cwd: repo, ...s });

    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.code, r.stderr + r.stdout).toBe(0);
    expect(r.stdout).toContain('2 commit(s), build and tests pass');
    expect(readFileSync(join(repo, 'calc.c'), 'utf8')).toContain('return a + b;');
    const log = git(repo, 'log', '--format=%s').trim().split('\n');
    // the two fixes, the .gitignore commit of the first run (a Makefile project: build/, *.o), the initial one
    expect(log).toHaveLength(4);
    expect(log[2]).toBe('chore: ignore build outputs (build/, *.o)');
    expect(log.slice(0, 2).every((m) => m.startsWith('[jca-test] jca: make the tests pass (calc.c)'))).toBe(true);
    expect(git(repo, 'status', '--porcelain')).toBe('');

    const requests = transcriptOf(repo).filter((x) => x.type === 'request');
    expect(JSON.stringify(requests[1])).toMatch(/calc\.c:\d+:\d+: error: expected ';' before '}' token/);

    const stats = await runJca(['stats', '--json'], { cwd: repo, ...s });
    expect(JSON.parse(stats.stdout)).toMatchObject({ commits: 2, accepted: 2, rejected: 0, insertions: 2, deletions: 2, files: 1 });
    const table = await runJca(['stats'], { cwd: repo, ...s });
    expect(table.stdout).toMatch(/commits\s+2/);
  });
});
