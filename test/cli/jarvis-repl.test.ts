import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRunInfo, readTranscript, runDirs, runJarvis, startJarvis, waitFor } from '../support/jarvis-cli.js';
import { writeScriptedConfig, type Reply } from '../support/scripted-config.js';
import { tempTree } from '../support/temp-tree.js';

/** The REPL driven through a pipe, with the scripted platform (each `expect` checks what the model was sent). */

function project(replies: Reply[], name = 'replies.yaml') {
  const root = tempTree();
  const cwd = join(root, 'work');
  const home = join(root, 'home');
  mkdirSync(cwd, { recursive: true });
  mkdirSync(home, { recursive: true });
  const config = writeScriptedConfig(root, replies, name, `${name}.config.yaml`);
  return { root, cwd, home, env: { JARVIS_CONFIG: config } };
}

const toolCall = (script: string) =>
  `<TOOL_CALL>\nwant: run it\nname: execute_script\narguments:\n  script_content: "${script}"\n</TOOL_CALL>\n`;

describe('jarvis REPL', () => {
  it('reads a continued line as one task, runs it, ends it on an empty line, and quits at end of input', async () => {
    const p = project([
      { reply: toolCall('echo repl > out.txt'), expect: 'make \nout.txt' },
      { reply: 'Made it. <!!!COMPLETE!!!>', expect: 'exit code: 0' },
      { reply: 'Created out.txt.' },
    ]);
    const r = await runJarvis([], { ...p, stdin: "'<Help>'\nmake \\\nout.txt\n\n" });

    expect(r.stderr).not.toMatch(/error/);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("'<SaveSession>'");
    expect(readFileSync(join(p.cwd, 'out.txt'), 'utf8')).toBe('repl\n');
    expect(r.stdout).toContain('Created out.txt.');
    const [dir] = runDirs(p.cwd);
    expect(readRunInfo(dir as string)).toMatchObject({ status: 'ok', command: 'jarvis' });
    expect(readTranscript(dir as string).filter((x) => x.type === 'request')).toHaveLength(3);
  });

  it("saves the session with '<SaveSession>' and a later run restores it", async () => {
    const first = project([{ reply: 'Noted: kiwi.' }], 'first.yaml');
    const r1 = await runJarvis([], { ...first, stdin: "remember the word kiwi\n'<SaveSession>'\n" });
    expect(r1.code).toBe(0);
    const saved = join(first.cwd, '.jarvis', 'saved_session_Jarvis_scripted_scripted.json');
    expect(existsSync(saved)).toBe(true);
    expect(r1.stdout).toMatch(/session saved to .*--restore-session/);

    const second = project([{ reply: 'The word was kiwi. <!!!COMPLETE!!!>', expect: 'remember the word kiwi' }, 'kiwi'], 'second.yaml');
    const r2 = await runJarvis(['-n', '-T', 'which word?', '--restore-session', '--output-format', 'json'], {
      ...second,
      cwd: first.cwd,
    });
    expect(r2.stderr).not.toMatch(/error/);
    expect(r2.code).toBe(0);
    expect(JSON.parse(r2.stdout)).toMatchObject({ status: 'completed', result: 'kiwi' });
    // restoring consumes the file
    expect(existsSync(saved)).toBe(false);
  });

  it('quits on Ctrl-C pressed twice at the prompt (exit 130)', async () => {
    const p = project([]);
    const cli = startJarvis([], p);
    await waitFor(() => cli.stderr().includes('Jarvis> '), 20_000, 'the prompt');
    cli.child.kill('SIGINT');
    await waitFor(() => (cli.stderr().match(/Jarvis> /g) ?? []).length >= 2, 20_000, 'the second prompt');
    cli.child.kill('SIGINT');
    const r = await cli.done;
    expect(r.code).toBe(130);
    expect(r.stdout).toContain('Ctrl-C again to quit');
  });

  it('treats end of input at a confirmation as no: the ! line does not run', async () => {
    const p = project([]);
    const r = await runJarvis([], { ...p, stdin: '!touch nope.txt\n' });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('touch nope.txt');
    expect(existsSync(join(p.cwd, 'nope.txt'))).toBe(false);
  });

  it('runs a ! line without asking when marked NOCONFIRM and sends its output on', async () => {
    const p = project([{ reply: 'I see hello-from-shell. <!!!COMPLETE!!!>', expect: 'hello-from-shell' }, 'Saw the output.']);
    const r = await runJarvis([], { ...p, stdin: '!echo hello-from-shell # JARVIS-NOCONFIRM\ny\n\n' });
    expect(r.stderr).not.toMatch(/error/);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Saw the output.');
    const [dir] = runDirs(p.cwd);
    expect(readTranscript(dir as string).find((x) => x.type === 'input_shell')).toMatchObject({ exit_code: 0, sent: true });
  });
});
