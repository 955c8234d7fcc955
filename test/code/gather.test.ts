import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CodeAgent, detectVerify } from '../../src/apps/code/index.js';
import { codeNames, gather } from '../../src/apps/code/gather.js';
import { ensureIgnored } from '../../src/apps/code/repo-setup.js';
import { AgentFactory } from '../../src/agent/index.js';
import { createScriptedPlatformFromReplies } from '../../src/llm/index.js';
import { readRecords, startRun } from '../../src/runs/index.js';
import { builtinTools } from '../../src/tools/index.js';
import { git, gitRepo } from './support.js';

/** jca's gather step and its read-before-edit guard, on real repositories with a scripted model. */

const BIG = `/* generated */\n${'int filler_value = 0;\n'.repeat(1500)}`;
const FILES = {
  'src/parse.c': 'int parse_args(int argc) {\n  return argc;\n}\n',
  'src/main.c': 'int parse_args(int);\nint main(int c, char **v) { return parse_args(c); }\n',
  'src/big.c': BIG,
  'README.md': 'demo\n',
};

async function codeAgent(repo: string, replies: string[]) {
  ensureIgnored(repo, join(repo, '.git'));
  const platform = createScriptedPlatformFromReplies({ replies });
  const { writer } = startRun({ projectDir: repo, command: 'test', argv: [] });
  const agents = new AgentFactory(
    { root: repo, models: () => ({ normal: platform }), tools: () => builtinTools(), rulesDataDir: false },
    { interactive: false, transcript: writer, warn: () => undefined },
  );
  const code = await CodeAgent.create({ agents, plan: detectVerify(repo, { build: '', test: '' }), print: () => undefined }, 'the task');
  return { code, platform, records: () => readRecords(writer.path).records };
}

describe('the gather step (issue 19)', () => {
  it('picks code names out of a requirement', () => {
    expect(codeNames('make parse_args() accept --help, and fix Parser::run in readConfig')).toEqual(['parse_args', 'run', 'readConfig']);
    expect(codeNames('Fix the crash when the file is empty')).toEqual([]);
  });

  it('lists the repository, searches the names and reads the named files first, within the budget', async () => {
    const repo = gitRepo(FILES);
    const g = await gather(repo, 'parse_args in src/parse.c must reject negative counts');
    expect(g.total).toBe(4);
    expect(g.searched).toEqual({ parse_args: ['src/main.c', 'src/parse.c'] });
    expect(g.read[0]).toBe('src/parse.c');
    expect(g.read).toContain('src/main.c');
    // the 30 KB file does not fit the budget: listed, not read
    expect(g.read).not.toContain('src/big.c');
    expect(g.text).toContain('src/big.c');
    expect(g.text).toContain('<file path="src/parse.c">\nint parse_args(int argc)');
  });

  it('gives the model the gathered files with the requirement, records it, and lets it edit them without a read', async () => {
    const repo = gitRepo(FILES);
    const patch = '<PATCH file=src/parse.c>\n<DIFF>\n<SEARCH>  return argc;</SEARCH>\n<REPLACE>  return argc < 0 ? -1 : argc;</REPLACE>\n</DIFF>\n</PATCH>';
    const { code, platform, records } = await codeAgent(repo, [patch, 'Done. <!!!COMPLETE!!!>']);
    const r = await code.run('parse_args in src/parse.c must reject negative counts');
    expect(r.commits).toHaveLength(1);
    const first = platform.calls[0]?.messages.at(-1)?.content ?? '';
    expect(first).toContain('Files mentioning parse_args: src/main.c, src/parse.c');
    expect(first).toContain('<file path="src/parse.c">');
    expect(records().find((x) => x.type === 'jca_gather')).toMatchObject({ listed: 4, read: expect.arrayContaining(['src/parse.c']) });
  });

  it('refuses an edit to a file it has not read (the big one), and takes it once read', async () => {
    const repo = gitRepo(FILES);
    const patch = '<PATCH file=src/big.c>\n<DIFF>\n<SEARCH>/* generated */</SEARCH>\n<REPLACE>/* generated, do not edit */</REPLACE>\n</DIFF>\n</PATCH>';
    const read = '<TOOL_CALL>\nwant: the file\nname: read_code\narguments:\n  files: [{ path: src/big.c, start_line: 1, end_line: 3 }]\n</TOOL_CALL>';
    const { code, platform } = await codeAgent(repo, [patch, read, patch, 'Done. <!!!COMPLETE!!!>']);
    const r = await code.run('mark the generated file');
    expect(platform.calls[1]?.messages.at(-1)?.content).toContain('src/big.c has not been read in this run. Read it first');
    expect(r.commits).toHaveLength(1);
    expect(git(repo, 'log', '-1', '--name-only', '--format=').trim()).toBe('src/big.c');
  });
});
