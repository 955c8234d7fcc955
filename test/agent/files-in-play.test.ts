import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinTools, ToolRegistry } from '../../src/tools/index.js';
import { lastMessages, replies, scenario, toolCall } from './harness.js';

const DONE = 'Done. <!!!COMPLETE!!!>';
const SRC = 'int main(void) {\n  return 1;\n}\n';
const PATCH = '<PATCH file=main.c>\n<DIFF>\n<SEARCH>\n  return 1;\n</SEARCH>\n<REPLACE>\n  return 0;\n</REPLACE>\n</DIFF>\n</PATCH>';

describe('read before edit (issue 19, AgentCli guard)', () => {
  it('refuses an edit to a file not read in this run, then applies it once the file was read', async () => {
    const s = scenario(replies(PATCH, toolCall('read_code', { files: [{ path: 'main.c' }] }), PATCH, DONE), { 'main.c': SRC }, {
      tools: new ToolRegistry(builtinTools()),
      readBeforeEdit: true,
    });
    const r = await s.agent.run('make main return 0');
    expect(r.status).toBe('completed');
    const msgs = lastMessages(s.platform);
    expect(msgs[1]).toContain('main.c has not been read in this run. Read it first');
    expect(s.read('main.c')).toBe('int main(void) {\n  return 0;\n}\n');
    expect(msgs[3]).toContain('✅ PATCH main.c');
    expect(s.transcript().filter((x) => x.type === 'action_denied')).toHaveLength(1);
  });

  it('lets the agent create a new file without reading anything, and edit what it wrote', async () => {
    const rw = '<REWRITE file=util.c>\nint two(void) { return 1; }\n</REWRITE>';
    const patch = '<PATCH file=util.c>\n<DIFF>\n<SEARCH>return 1;</SEARCH>\n<REPLACE>return 2;</REPLACE>\n</DIFF>\n</PATCH>';
    const s = scenario(replies(rw, patch, DONE), {}, { tools: new ToolRegistry(builtinTools()), readBeforeEdit: true });
    await s.agent.run('add util.c');
    expect(s.read('util.c')).toBe('int two(void) { return 2; }\n');
  });

  it('is off unless asked for', async () => {
    const s = scenario(replies(PATCH, DONE), { 'main.c': SRC });
    await s.agent.run('make main return 0');
    expect(s.read('main.c')).toContain('return 0;');
  });
});

describe('where the agent runs, in the system prompt (issue 19)', () => {
  it('names the OS, the shell, the working directory and the date', async () => {
    const s = scenario(replies(DONE), {}, { environment: { os: 'Linux 6.1 (x64)', shell: '/bin/zsh', cwd: '/home/me/proj', date: '2026-11-25' } });
    await s.agent.run('say hi');
    const system = s.platform.calls[0]?.messages[0]?.content ?? '';
    expect(system).toContain('Operating system: Linux 6.1 (x64)');
    expect(system).toContain('/bin/zsh');
    expect(system).toContain('Working directory: /home/me/proj');
    expect(system).toContain("Today's date: 2026-11-25");
  });

  it('reads them from this machine by default', async () => {
    const s = scenario(replies(DONE));
    await s.agent.run('say hi');
    const system = s.platform.calls[0]?.messages[0]?.content ?? '';
    expect(system).toContain(`Working directory: ${s.agent.root}`);
    expect(system).toMatch(/Today's date: \d{4}-\d\d-\d\d/);
  });
});

describe('rules files with front-matter globs (issue 19)', () => {
  const RULES = {
    '.jarvis/rules/c.md': '---\nglobs: ["*.c", "*.h"]\n---\nC RULE: use C11 and no VLAs.\n',
    '.jarvis/rules/all.md': 'ALWAYS RULE\n',
    'AGENTS.md': 'AGENTS RULE\n',
    'src/parse.c': SRC,
    'README.md': 'hi\n',
  };
  // no user rules directory: only the project's files count
  const opts = { tools: new ToolRegistry(builtinTools()), rulesDataDir: join('/nonexistent', 'jarvis-data') };

  it('leaves a globbed rule out until a matching file is read, then adds it to the system prompt', async () => {
    const s = scenario(replies(toolCall('read_code', { files: [{ path: 'src/parse.c' }] }), DONE), RULES, opts);
    await s.agent.run('look at the README');
    const first = s.platform.calls[0]?.messages[0]?.content ?? '';
    const second = s.platform.calls[1]?.messages[0]?.content ?? '';
    expect(first).toContain('ALWAYS RULE');
    expect(first).toContain('AGENTS RULE');
    expect(first).not.toContain('C RULE');
    expect(second).toContain('C RULE: use C11');
    expect(second).toContain('(for *.c, *.h)');
    expect(second).not.toContain('globs:');
  });

  it('applies a globbed rule from the start when the task names a matching file', async () => {
    const s = scenario(replies(DONE), RULES, opts);
    await s.agent.run('fix the crash in src/parse.c');
    expect(s.platform.calls[0]?.messages[0]?.content).toContain('C RULE');
  });
});
