import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tempTree } from '../support/temp-tree.js';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CodeAgent, detectVerify, readChanges, summarize, type CodeAgentOptions } from '../../src/apps/code/index.js';
import { commitChange } from '../../src/apps/code/commit-flow.js';
import { ensureIgnored } from '../../src/apps/code/repo-setup.js';
import { takeSnapshot } from '../../src/apps/code/snapshot.js';
import { onPath } from '../../src/apps/code/lint.js';
import { createScriptedPlatformFromReplies, type ScriptedReply } from '../../src/llm/index.js';
import { AgentFactory, type AgentRunBinding } from '../../src/agent/index.js';
import { builtinTools } from '../../src/tools/index.js';
import { git, gitRepo, patch } from './support.js';

/** The code agent in-process with a scripted model: commit flow, reject, iteration limit, JSON edits, lint. */

const rewrite = (file: string, content: string) => `<REWRITE file=${file}>\n${content}</REWRITE>\n`;

/** The code agent with a scripted model and the built-in tools; `o` may set who answers (the run binding). */
async function agentFor(root: string, replies: (string | ScriptedReply)[], o: Partial<Omit<CodeAgentOptions, 'agents'>> & Partial<AgentRunBinding> = {}) {
  // what jca's repository set-up does first: the run directory is ignored
  ensureIgnored(root, join(root, '.git'));
  const platform = createScriptedPlatformFromReplies({ replies });
  const printed: string[] = [];
  const { interactive, ask, confirm, ...rest } = o;
  const agents = new AgentFactory(
    { root, models: () => ({ normal: platform }), tools: () => builtinTools(), rulesDataDir: false },
    { interactive: interactive ?? false, ...(ask ? { ask } : {}), ...(confirm ? { confirm } : {}), warn: () => undefined },
  );
  const code = await CodeAgent.create({ agents, plan: detectVerify(root, { build: '', test: '' }), print: (t) => printed.push(t), ...rest }, 'the task');
  return { code, platform, printed };
}

const lastUser = (p: { calls: ReadonlyArray<{ messages: { role: string; content: string }[] }> }, n: number) => p.calls[n]?.messages.at(-1)?.content ?? '';

describe('CodeAgent commit flow', () => {
  it('interactive reject puts changed, dirty and new files back exactly as they were', async () => {
    const repo = gitRepo({ 'calc.c': 'int x;\n', 'notes.txt': 'committed\n' });
    writeFileSync(join(repo, 'notes.txt'), 'my uncommitted note\n');
    const { code, platform } = await agentFor(
      repo,
      [rewrite('notes.txt', 'model text\n') + rewrite('new.txt', 'new\n') + rewrite('calc.c', 'int y;\n'), { reply: 'Understood.', expect: 'The user rejected this change' }],
      { interactive: true, ask: async () => '', confirm: async () => false },
    );
    const statusBefore = git(repo, 'status', '--porcelain');
    expect(statusBefore).toBe(' M notes.txt\n');
    const r = await code.run('change things');

    expect(r.agent.status).toBe('completed');
    expect(platform.calls).toHaveLength(2);
    expect(readFileSync(join(repo, 'notes.txt'), 'utf8')).toBe('my uncommitted note\n');
    expect(readFileSync(join(repo, 'calc.c'), 'utf8')).toBe('int x;\n');
    expect(existsSync(join(repo, 'new.txt'))).toBe(false);
    expect(git(repo, 'status', '--porcelain')).toBe(statusBefore);
    expect(git(repo, 'log', '--format=%s').trim().split('\n')).toEqual(['initial']);
    expect(r.rejected).toBe(1);
    expect(summarize(readChanges(repo))).toMatchObject({ rejected: 1, accepted: 0, commits: 0 });
  });

  it('interactive accept commits only the files the action changed and tells the model the diff', async () => {
    const repo = gitRepo({ 'calc.c': 'int x;\n', 'other.c': 'int o;\n' });
    writeFileSync(join(repo, 'other.c'), 'int o2;\n');
    const { code, platform } = await agentFor(repo, [patch('calc.c', 'int x;', 'int z;'), { reply: 'Done.', expect: '+int z;' }], {
      interactive: true,
      ask: async () => '',
      confirm: async () => true,
      prefix: 'PRE',
      suffix: '(SUF)',
    });
    const r = await code.run('rename x');
    expect(r.commits).toHaveLength(1);
    expect(git(repo, 'log', '-1', '--format=%s')).toBe('PRE jca: the task (calc.c) (SUF)\n');
    expect(git(repo, 'show', '--name-only', '--format=', 'HEAD').trim()).toBe('calc.c');
    expect(git(repo, 'status', '--porcelain')).toBe(' M other.c\n');
    expect(lastUser(platform, 1)).toMatch(/Committed as [0-9a-f]{10}/);
  });

  it('a file deleted by a script is committed as a deletion and summarised', async () => {
    const repo = gitRepo({ 'old.c': 'a\nb\nc\n', 'keep.c': 'k\n' });
    const tool = '<TOOL_CALL>\nwant: remove it\nname: execute_script\narguments:\n  script_content: "rm old.c"\n</TOOL_CALL>\n';
    const { code, platform } = await agentFor(repo, [tool, { reply: 'Removed. <!!!COMPLETE!!!>', expect: 'deleted old.c (3 lines)' }]);
    const r = await code.run('remove old.c');
    expect(r.commits).toHaveLength(1);
    expect(git(repo, 'ls-files').trim()).toBe('keep.c');
    expect(lastUser(platform, 1)).not.toContain('-a\n-b');
  });

  it('commits into a repository that has no commit yet', async () => {
    const repo = join(tempTree(), 'fresh');
    mkdirSync(repo);
    git(repo, 'init', '-q');
    git(repo, 'config', 'user.name', 'T');
    git(repo, 'config', 'user.email', 't@example.com');
    const { code } = await agentFor(repo, [rewrite('main.c', 'int main(void) { return 0; }\n'), 'Created. <!!!COMPLETE!!!>']);
    const r = await code.run('create main.c');
    expect(r.commits).toHaveLength(1);
    expect(git(repo, 'log', '--format=%s')).toBe('jca: the task (main.c)\n');
  });

  it('a change of more than 300 lines is shown as counts only', async () => {
    const repo = gitRepo({ 'big.txt': 'one\n' });
    const before = await takeSnapshot(repo);
    writeFileSync(join(repo, 'big.txt'), Array.from({ length: 400 }, (_, i) => `line ${i}`).join('\n') + '\n');
    const out = await commitChange({ root: repo, runId: 't', paths: ['big.txt'], before, interactive: false, subject: 'big', print: () => undefined });
    expect(out.preview).toBe('modified big.txt: +400 -1 lines (more than 300 changed lines; diff not shown)');
    expect(out.commit).toMatch(/^[0-9a-f]{40}$/);
  });
});

describe('CodeAgent verify loop', () => {
  it('stops after --max-iterations failed verifications and reports red', async () => {
    const repo = gitRepo({ 'a.txt': 'v0\n' });
    const plan = detectVerify(repo, { build: 'echo "a.c:3:1: error: still broken" >&2; exit 1', test: '' });
    const { code, platform } = await agentFor(repo, [rewrite('a.txt', 'v1\n'), { reply: rewrite('a.txt', 'v2\n'), expect: 'a.c:3:1: error: still broken' }], { plan, maxIterations: 2 });
    const r = await code.run('fix it');
    expect(platform.calls).toHaveLength(2);
    expect(r).toMatchObject({ verify: 'red', iterations: 2, limitReached: true });
    expect(r.commits).toHaveLength(2);
    expect(r.failure).toContain('a.c:3:1: error: still broken');
    expect(existsSync(join(code.agent.runDir, 'verify', '02-build.log'))).toBe(true);
  });

  it('sends the failure back when the model finishes while verification is red', async () => {
    const repo = gitRepo({ 'flag.txt': 'bad\n' });
    const plan = detectVerify(repo, { build: '', test: 'grep -q good flag.txt || { echo "FAILED test_flag.py::test_flag - flag is bad"; exit 1; }' });
    const { code } = await agentFor(repo, [
      { reply: rewrite('flag.txt', 'still bad\n'), expect: 'test test_flag.py::test_flag (test_flag.py): flag is bad' },
      { reply: 'Done. <!!!COMPLETE!!!>', expect: 'Fix this (attempt 1 of 5)' },
      { reply: rewrite('flag.txt', 'good\n'), expect: 'You stopped, but verification still fails' },
      { reply: 'Fixed. <!!!COMPLETE!!!>', expect: 'Verification passed' },
    ], { plan });
    const r = await code.run('make the flag good');
    expect(r).toMatchObject({ verify: 'green', iterations: 2, limitReached: false });
    expect(r.agent.status).toBe('completed');
    expect(r.commits).toHaveLength(2);
  });
});

describe('CodeAgent options', () => {
  it('--edit-format json: a refused edit is re-asked once with the validator error, the fix is committed', async () => {
    const repo = gitRepo({ 'calc.c': 'int add(int a, int b) {\n  return a - b;\n}\n' });
    const bad = '<EDIT>\n{"action": "edit", "file_path": "calc.c", "edits": [{"old_string": "return a-b;", "new_string": "return a + b;", "expected_replacements": 1}]}\n</EDIT>';
    const good = '<EDIT>\n{"action": "edit", "file_path": "calc.c", "edits": [{"old_string": "return a - b;", "new_string": "return a + b;", "expected_replacements": 1}]}\n</EDIT>';
    const { code, platform } = await agentFor(repo, [
      { reply: bad, expect: '"action": "edit"' },
      { reply: good, expect: 'EDIT refused (anchor_not_found)' },
      { reply: 'Done. <!!!COMPLETE!!!>', expect: '+  return a + b;' },
    ], { editFormat: 'json' });
    const r = await code.run('fix add');
    expect(platform.calls[0]?.messages[0]?.content).not.toContain('<PATCH file=');
    expect(lastUser(platform, 1)).toContain('Fix only what the error names');
    expect(r.commits).toHaveLength(1);
    expect(readFileSync(join(repo, 'calc.c'), 'utf8')).toContain('return a + b;');
    const payloads = join(code.agent.runDir, 'patches');
    expect(readFileSync(join(payloads, 'round-0001.json'), 'utf8')).toContain('return a-b;');
    expect(readFileSync(join(payloads, 'round-0002.diff'), 'utf8')).toContain('+  return a + b;');
  });

  it('commits what a sub_agent helper changes, one commit per helper action', async () => {
    const repo = gitRepo({ 'a.txt': 'old\n' });
    const delegate = '<TOOL_CALL>\nwant: the helper report\nname: sub_agent\narguments:\n  task: rewrite a.txt\n</TOOL_CALL>\n';
    const { code, platform } = await agentFor(repo, [
      delegate,
      // the helper has its own conversation: it reads the file before it may rewrite it
      '<TOOL_CALL>\nwant: the file\nname: read_code\narguments:\n  files: [{ path: a.txt }]\n</TOOL_CALL>\n',
      rewrite('a.txt', 'new\n'),
      // the helper is told of the commit right after its own action
      { reply: 'Rewritten. <!!!COMPLETE!!!>', expect: 'Committed as' },
      { reply: 'Done. <!!!COMPLETE!!!>', expect: 'SUB_AGENT_RESULT' },
    ]);
    const r = await code.run('change a.txt');
    expect(platform.remaining()).toBe(0);
    expect(r.commits).toHaveLength(1);
    expect(git(repo, 'show', '--name-only', '--format=', 'HEAD').trim()).toBe('a.txt');
    expect(git(repo, 'status', '--porcelain')).toBe('');
  });

  it('names unknown --append-tools', async () => {
    const repo = gitRepo({ 'a.c': '' });
    await expect(agentFor(repo, [], { appendTools: ['no_such_tool'] })).rejects.toThrow(/unknown tool no_such_tool/);
  });

  it.skipIf(!onPath('cppcheck'))('--lint runs cppcheck once after the edits and sends its findings back', async () => {
    const repo = gitRepo({ 'main.c': 'int main(void) { return 0; }\n' });
    const { code, printed } = await agentFor(repo, [
      rewrite('main.c', 'int main(void) {\n  int a[2];\n  a[5] = 1;\n  return a[0];\n}\n'),
      { reply: 'Done. <!!!COMPLETE!!!>', expect: 'Checkers installed for the files you changed: `cppcheck' },
      { reply: rewrite('main.c', 'int main(void) {\n  int a[2] = {0, 0};\n  a[1] = 1;\n  return a[0];\n}\n'), expect: 'main.c:3:4: warning[arrayIndexOutOfBounds]' },
      'Fixed. <!!!COMPLETE!!!>',
    ], { lint: true });
    const r = await code.run('write main');
    expect(r.commits).toHaveLength(2);
    expect(printed.filter((l) => l.startsWith('lint: cppcheck'))).toHaveLength(1);
    expect(existsSync(join(code.agent.runDir, 'verify', 'lint-cppcheck.log'))).toBe(true);
  });
});
