import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lastMessages, replies, scenario, scriptFile } from './harness.js';

const DONE = 'Done. <!!!COMPLETE!!!>';
const SRC = 'int main(void) {\n  return 1;\n}\n';

describe('PATCH and REWRITE through the agent', () => {
  it('applies a PATCH, reports it and keeps the diff in the run directory', async () => {
    const patch = '<PATCH file=main.c>\n<DIFF>\n<SEARCH>\n  return 1;\n</SEARCH>\n<REPLACE>\n  return 0;\n</REPLACE>\n</DIFF>\n</PATCH>';
    const s = scenario(replies(patch, DONE), { 'main.c': SRC });
    const r = await s.agent.run('make main return 0');
    expect(r.status).toBe('completed');
    expect(s.read('main.c')).toBe('int main(void) {\n  return 0;\n}\n');
    expect(lastMessages(s.platform)[1]).toContain('✅ PATCH main.c');
    expect(s.agent.session.userData.files).toEqual([join(s.root, 'main.c')]);
    const patches = readdirSync(join(s.agent.runDir, 'patches'));
    expect(patches).toHaveLength(1);
    expect(s.transcript().find((x) => x.type === 'patch')?.outcome).toBe('applied');
  });

  it('refuses a PATCH whose SEARCH is not in the file, says why, and leaves the file untouched', async () => {
    const patch = '<PATCH file=main.c>\n<DIFF>\n<SEARCH>\n  return 42;\n</SEARCH>\n<REPLACE>\n  return 0;\n</REPLACE>\n</DIFF>\n</PATCH>';
    const s = scenario(replies(patch, DONE), { 'main.c': SRC });
    await s.agent.run('edit');
    expect(s.read('main.c')).toBe(SRC);
    const msg = lastMessages(s.platform)[1];
    expect(msg).toContain('❌ PATCH main.c');
    expect(msg).toContain('(not_found)');
    expect(msg).toContain('return 42;');
  });

  it('merges PATCH blocks naming the same file into one all-or-nothing edit', async () => {
    const p1 = '<PATCH file=main.c>\n<DIFF>\n<SEARCH>int main(void) {</SEARCH>\n<REPLACE>int main(int argc, char **argv) {</REPLACE>\n</DIFF>\n</PATCH>';
    const p2 = '<PATCH file=main.c>\n<DIFF>\n<SEARCH>missing line</SEARCH>\n<REPLACE>x</REPLACE>\n</DIFF>\n</PATCH>';
    const s = scenario(replies(`${p1}\n${p2}`, DONE), { 'main.c': SRC });
    await s.agent.run('edit');
    expect(s.read('main.c')).toBe(SRC);
    expect(lastMessages(s.platform)[1]).toContain('1 of 2 DIFFs failed');
  });

  it('refuses a malformed PATCH with the usage help', async () => {
    const s = scenario(replies('<PATCH file=main.c>\n<SEARCH>x</SEARCH>\n</PATCH>', DONE), { 'main.c': SRC });
    await s.agent.run('edit');
    const msg = lastMessages(s.platform)[1];
    expect(msg).toContain('must be inside <DIFF>');
    expect(msg).toContain('PATCH edits part of a file');
    expect(s.read('main.c')).toBe(SRC);
  });

  it('rewrites and creates files, directories included', async () => {
    const rw = '<REWRITE file=src/new/util.c>\nint two(void) { return 2; }\n</REWRITE>\n<REWRITE file=main.c>\nint main(void) { return 2; }\n</REWRITE>';
    const s = scenario(replies(rw, DONE), { 'main.c': SRC });
    await s.agent.run('rewrite');
    expect(s.read('src/new/util.c')).toBe('int two(void) { return 2; }\n');
    expect(s.read('main.c')).toBe('int main(void) { return 2; }\n');
    expect(lastMessages(s.platform)[1]).toMatch(/✅ REWRITE src\/new\/util.c: created[\s\S]*✅ REWRITE main.c: rewritten/);
  });

  it('refuses a REWRITE cut off before its closing tag', async () => {
    const s = scenario(replies('<REWRITE file=main.c>\nint main(void) {\n', DONE), { 'main.c': SRC });
    await s.agent.run('rewrite');
    expect(s.read('main.c')).toBe(SRC);
    expect(lastMessages(s.platform)[1]).toContain('no closing </REWRITE>');
  });

  it('refuses edits outside the working root unless allowed', async () => {
    const rw = '<REWRITE file=../escaped.txt>\nout\n</REWRITE>';
    const s = scenario(replies(rw, DONE));
    await s.agent.run('escape');
    expect(existsSync(join(s.root, '..', 'escaped.txt'))).toBe(false);
    expect(lastMessages(s.platform)[1]).toContain('outside_root');
  });
});

describe('a scripted edit session', () => {
  it('recovers from a missed PATCH with the corrected one', async () => {
    const src = 'int add(int a, int b) {\n    return a * b;\n}\n';
    const s = scenario(scriptFile('patch-retry.replies.yaml'), { 'src/calc.c': src });
    const r = await s.agent.run('fix add()');
    expect(r).toMatchObject({ status: 'completed', rounds: 3 });
    expect(s.read('src/calc.c')).toBe('int add(int a, int b) {\n    return a + b;\n}\n');
    expect(s.transcript().filter((x) => x.type === 'patch').map((x) => x.outcome)).toEqual(['refused', 'applied']);
  });
});
