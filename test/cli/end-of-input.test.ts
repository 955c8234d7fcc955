import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { git, gitRepo, patch, runJca, scriptedEnv, transcriptOf } from '../code/support.js';
import { readRunInfo, runDirs, runJarvis } from '../support/jarvis-cli.js';
import { writeScriptedConfig } from '../support/scripted-config.js';
import { tempTree } from '../support/temp-tree.js';

/**
 * End of input (Ctrl-D, a closed pipe) answers every question like an empty line, and never
 * approves anything (docs/cli.md): the same in jca, jarvis -T and a team. stdin is a real pipe
 * that is closed at once (`printf '' | …`) or after one empty line (`printf '\n' | …`).
 */

const ASK = '<TOOL_CALL>\nwant: a choice\nname: ask_user\narguments:\n  question: "Which file?"\n</TOOL_CALL>\n';
const EMPTY_ANSWER = 'The user gave an empty answer; decide yourself and continue.';

describe('end of input answers like an empty line', () => {
  it.each([
    ['end of input', ''],
    ['an empty line', '\n'],
  ])('jca -r x: %s at "your input" ends the task, exit 0, run ok', async (_what, stdin) => {
    const repo = gitRepo({ 'a.c': 'int a;\n' });
    const s = scriptedEnv(['Nothing needs to change.']);
    const r = await runJca(['-r', 'x', '--build', '', '--test', ''], { cwd: repo, ...s, stdin });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^done: 0 commit\(s\)/);
    expect(readRunInfo(runDirs(repo).at(-1) as string)).toMatchObject({ status: 'ok' });
  });

  it('jca: ask_user gets an empty answer, a [Y/n] commit question counts as no, then the task ends', async () => {
    const repo = gitRepo({ 'a.c': 'int a;\n' });
    const s = scriptedEnv([
      ASK,
      { reply: patch('a.c', 'int a;', 'int b;'), expect: EMPTY_ANSWER },
      { reply: 'Then I leave it.', expect: 'The user rejected this change' },
    ]);
    const r = await runJca(['-r', 'rename a', '--build', '', '--test', ''], { cwd: repo, ...s, stdin: '' });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(repo, 'a.c'), 'utf8')).toBe('int a;\n');
    expect(git(repo, 'log', '--format=%s')).toBe('initial\n');
    expect(transcriptOf(repo).find((x) => x.type === 'jca_change')).toMatchObject({ accepted: false });
  });

  it('jca: end of input at the uncommitted-changes question aborts (the default), leaving the tree as it was', async () => {
    const repo = gitRepo({ 'a.c': 'int a;\n' });
    writeFileSync(join(repo, 'a.c'), 'int mine;\n');
    const s = scriptedEnv([]);
    const r = await runJca(['-r', 'x'], { cwd: repo, ...s, stdin: '' });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain('error: stopped: the work tree has uncommitted changes');
    expect(readFileSync(join(repo, 'a.c'), 'utf8')).toBe('int mine;\n');
  });

  it('jarvis -T and a team: ask_user gets an empty answer at end of input and the run ends ok', async () => {
    const root = tempTree();
    const work = join(root, 'work');
    const home = join(root, 'home');
    mkdirSync(work);
    mkdirSync(home);
    const config = writeScriptedConfig(root, [ASK, { reply: 'Picked a.c. <!!!COMPLETE!!!>', expect: EMPTY_ANSWER }, 'Picked a.c.']);
    const single = await runJarvis(['-T', 'pick a file'], { cwd: work, home, env: { JARVIS_CONFIG: config }, stdin: '' });
    expect(single.code, single.stderr).toBe(0);
    expect(single.stdout).toContain('Picked a.c.');

    const teamDir = join(root, 'team');
    mkdirSync(teamDir);
    const teamConfig = writeScriptedConfig(root, [ASK, { reply: 'Picked b.c.', expect: EMPTY_ANSWER }], 'team.json', 'team-config.yaml');
    writeFileSync(join(root, 'team.yaml'), 'main_agent: lead\nagents:\n  - name: lead\n    system_prompt: You lead.\n  - name: helper\n    system_prompt: You help.\n');
    const team = await runJarvis(['agent', '-c', join(root, 'team.yaml'), '-T', 'pick a file'], { cwd: teamDir, home, env: { JARVIS_CONFIG: teamConfig }, stdin: '' });
    expect(team.code, team.stderr).toBe(0);
    expect(readRunInfo(runDirs(teamDir).at(-1) as string)).toMatchObject({ status: 'ok' });
  });
});
