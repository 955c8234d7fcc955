import { describe, expect, it } from 'vitest';
import { checkReadOnly, readOnlyTools } from './read-only.js';

describe('checkReadOnly', () => {
  it.each([
    'grep -n strcpy src/*.c',
    'gcc -fsyntax-only src/a.c 2>&1 | head',
    'gcc src/a.c -o /tmp/probe && /tmp/probe AAAA >/dev/null; echo $?',
    'git log --oneline -5 && git show HEAD:src/a.c | wc -l',
    'cat src/a.c 2>/dev/null || true',
    'sed -n 10,20p src/a.c',
    'find . -name "*.c" | xargs wc -l',
  ])('allows %s', (script) => {
    expect(checkReadOnly(script)).toEqual({ allowed: true });
  });

  it.each([
    ['echo x > src/a.c', /redirects output into a file/],
    ['cat a >> b', /redirects output into a file/],
    ['ls\nrm -rf build', /line 2 runs a command that writes/],
    ['true && cp a.c b.c', /writes, moves or deletes/],
    ['sed -i s/a/b/ src/a.c', /in place/],
    ['git checkout -- .', /git command/],
    ['git -C . reset --hard', /git command/],
    ['echo hi | tee out.txt', /writes, moves or deletes/],
    ['find . -name "*.o" -delete', /through find/],
    ['patch -p1 < fix.diff', /writes, moves or deletes/],
    ['chmod +x run.sh', /writes, moves or deletes/],
    ['gcc -o a.out src/a.c', /build output/],
  ])('refuses %s', (script, reason) => {
    const v = checkReadOnly(script);
    expect(v.allowed).toBe(false);
    if (!v.allowed) expect(v.reason).toMatch(reason);
  });

  it.each([
    ["open('src/a.c', 'w').write('x')", 'python3'],
    ['import os\nos.remove("src/a.c")', 'python3'],
    ["import fs from 'node:fs'; fs.writeFileSync('a', 'b')", 'node'],
    ['import subprocess; subprocess.run(["rm", "x"])', 'python3'],
  ])('refuses a writing %s script', (script, interpreter) => {
    expect(checkReadOnly(script, interpreter).allowed).toBe(false);
  });

  it('lets a python script read', () => {
    expect(checkReadOnly("print(open('src/a.c').read().count('strcpy'))", 'python3')).toEqual({ allowed: true });
  });
});

describe('readOnlyTools', () => {
  it('gives the verifier only reading tools and a policed execute_script that refuses before running', async () => {
    const tools = readOnlyTools();
    expect(tools.names().sort()).toEqual(['execute_script', 'list_files', 'read_code', 'search_files']);
    const tool = tools.get('execute_script');
    expect(tool?.description).toContain('read-only policy');
    const refused: string[] = [];
    const policed = readOnlyTools((r) => refused.push(r)).get('execute_script');
    const result = await policed?.run({ script_content: 'rm -rf /tmp/nothing-here' }, { root: '/nonexistent', runDir: '/nonexistent/run', interactive: false, env: {} });
    expect(result?.error?.code).toBe('refused');
    expect(result?.forModel).toMatch(/^Refused by the read-only policy: the script line 1 runs a command that writes, moves or deletes files/);
    expect(refused).toHaveLength(1);
  });
});
