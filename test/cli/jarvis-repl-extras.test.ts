import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { git, gitRepo } from '../code/support.js';
import { readTranscript, runDirs, runJarvis, startJarvis, waitFor } from '../support/jarvis-cli.js';
import type { Reply } from '../support/scripted-config.js';
import { tempTree } from '../support/temp-tree.js';

/**
 * The REPL conveniences of issue 19 item 3 through the real CLI and a pipe: the start banner,
 * predefined tasks, replace_map, '<ReloadConfig>', and handing a task to jca in a git repository.
 */

function project(replies: Reply[], extra = '', cwd?: string) {
  const root = tempTree();
  const work = cwd ?? join(root, 'work');
  const home = join(root, 'home');
  mkdirSync(work, { recursive: true });
  mkdirSync(home, { recursive: true });
  writeFileSync(join(root, 'replies.json'), JSON.stringify({ replies }));
  const config = join(root, 'config.yaml');
  writeFileSync(config, `llm_groups:\n  default:\n    normal: { platform: scripted, script: ./replies.json }\n${extra}`);
  return { root, config, cwd: work, home, env: { JARVIS_CONFIG: config } };
}

describe('jarvis REPL start', () => {
  it('prints one banner line with the model, the tools, MCP servers, memory, methodologies and analysis', async () => {
    const p = project([]);
    const r = await runJarvis([], { ...p, stdin: '' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/scripted\/scripted · \d+ tools · no MCP servers · memory 0 · methodologies 0 · analysis off/);
  });

  it('offers the predefined tasks by number and runs the one chosen', async () => {
    const p = project(
      [{ reply: 'Hello, team. <!!!COMPLETE!!!>', expect: 'Greet the team in one line' }, 'Greeted.'],
      'tasks:\n  - Build the project\n  - { name: greet, task: "Greet the team in one line" }\n',
    );
    const r = await runJarvis([], { ...p, stdin: '2\n\n' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Predefined tasks:\n  1. Build the project\n  2. greet: Greet the team in one line');
    expect(r.stderr).toContain('Run one? (1-2, Enter to skip)');
    expect(r.stdout).toContain('Greeted.');
  });
});

describe('replace_map', () => {
  it("expands a configured '<Name>' before the model sees it, and '<Help>' lists it", async () => {
    const p = project(
      [{ reply: 'Ran them. <!!!COMPLETE!!!>', expect: 'Run bench/run.sh and compare with BENCHMARKS.md please' }, 'Benchmarked.'],
      `replace_map:\n  "'<Bench>'": { template: "Run bench/run.sh and compare with BENCHMARKS.md", description: "run the benchmarks" }\n  "'<Summary>'": "not allowed"\n`,
    );
    const r = await runJarvis([], { ...p, stdin: "'<Help>'\n'<Bench>' please\n\n" });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("'<Bench>'  run the benchmarks");
    expect(r.stderr).toContain("replace_map: '<Summary>' is a built-in input command; the entry is ignored");
    expect(r.stdout).toContain('Benchmarked.');
  });
});

describe("'<ReloadConfig>'", () => {
  it('rebuilds the agent from the edited configuration and keeps the conversation', async () => {
    const p = project([{ reply: 'Noted: kiwi. <!!!COMPLETE!!!>' }, 'Noted.', { reply: 'It was kiwi. <!!!COMPLETE!!!>', expect: 'remember the word kiwi' }, 'Answered.']);
    const child = startJarvis([], p);
    const write = (t: string) => child.child.stdin?.write(t);
    write('remember the word kiwi\n\n');
    const requests = () => {
      try {
        return readTranscript(runDirs(p.cwd)[0] as string).filter((x) => x.type === 'request').length;
      } catch {
        return 0;
      }
    };
    // the task and its summary were asked: the REPL is back at its prompt
    await waitFor(() => requests() >= 2, 20_000, 'the first task');
    // the new configuration: the second script starts where the conversation goes on
    writeFileSync(join(p.root, 'replies2.json'), JSON.stringify({ replies: [{ reply: 'It was kiwi. <!!!COMPLETE!!!>', expect: 'remember the word kiwi' }, 'Answered.'] }));
    writeFileSync(p.config, 'llm_groups:\n  default:\n    normal: { platform: scripted, script: ./replies2.json }\nreplace_map:\n  "\'<Word>\'": "which word was it?"\n');
    write("'<ReloadConfig>'\n'<Word>'\n\n");
    child.child.stdin?.end();
    const r = await child.done;
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('configuration reloaded');
    expect(r.stdout).toContain('Answered.');
    const runs = runDirs(p.cwd);
    expect(runs).toHaveLength(2);
    // the new configuration's shorthand was expanded for the reloaded agent
    expect(readTranscript(runs[1] as string).find((x) => x.type === 'task_started')).toMatchObject({ userInput: 'which word was it?' });
  });
});

describe('handing a task to jca', () => {
  it('in a git repository, "y" runs jca on the task with the same input, and the REPL goes on', async () => {
    const repo = gitRepo({ 'a.c': 'int a;\n' });
    const patch = '<PATCH file=a.c>\n<DIFF>\n<SEARCH>\nint a;\n</SEARCH>\n<REPLACE>\nint b;\n</REPLACE>\n</DIFF>\n</PATCH>\n';
    const p = project([patch, 'Renamed.'], 'agent: { use_analysis: false }\n', repo);
    // the offer: y; jca: commit yes (Enter), end the task (Enter), keep the commits (Enter); then end of input
    const r = await runJarvis([], { ...p, stdin: 'rename a to b in a.c\ny\n\n\n\n' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Hand this task to jca, which edits, builds, tests and commits? [y/N, "never" stops asking]');
    expect(git(repo, 'log', '--format=%s').trim().split('\n')).toEqual(['jca: rename a to b in a.c (a.c)', 'initial']);
    expect(r.stdout).toContain('jca finished (exit 0)');
  });

  it('is not offered outside a git repository, and "never" stops the offers', async () => {
    const outside = project([{ reply: 'Hi. <!!!COMPLETE!!!>' }, 'Said hi.']);
    const r = await runJarvis([], { ...outside, env: { ...outside.env, GIT_CEILING_DIRECTORIES: outside.root }, stdin: 'say hi to me\n\n' });
    expect(r.stderr).not.toContain('Hand this task to jca');
    const repo = gitRepo({ 'a.c': 'int a;\n' });
    const p = project([{ reply: 'One. <!!!COMPLETE!!!>' }, 'First.', { reply: 'Two. <!!!COMPLETE!!!>' }, 'Second.'], '', repo);
    const r2 = await runJarvis([], { ...p, stdin: 'first question here\nnever\n\nsecond question here\n\n' });
    expect(r2.code, r2.stderr).toBe(0);
    expect(r2.stderr.match(/Hand this task to jca/g)).toHaveLength(1);
    expect(r2.stdout).toContain('Second.');
  });
});
