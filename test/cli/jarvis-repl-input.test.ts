import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { Agent } from '../../src/agent/index.js';
import { showProgress } from '../../src/cli/run-report.js';
import { createScriptedPlatformFromReplies } from '../../src/llm/index.js';
import { hang, startLlmServer, type LlmServer } from '../support/llm-server.js';
import { readRunInfo, readTranscript, runDirs, runJarvis, startJarvis, waitFor } from '../support/jarvis-cli.js';
import { writeScriptedConfig } from '../support/scripted-config.js';
import { tempTree } from '../support/temp-tree.js';

/** What the REPL shows and takes: bare `<Help>`, the summary after a Ctrl-C, replies without the marker. */

let server: LlmServer;
beforeAll(async () => {
  server = await startLlmServer();
});
afterAll(async () => {
  await server.close();
});

function dirs(): { root: string; cwd: string; home: string } {
  const root = tempTree();
  const cwd = join(root, 'work');
  const home = join(root, 'home');
  mkdirSync(cwd);
  mkdirSync(home);
  return { root, cwd, home };
}

/** A terminal-like stream that keeps what is written. */
function ttyStream(): NodeJS.WritableStream & { out: string } {
  const s = {
    isTTY: true,
    out: '',
    write(chunk: string) {
      s.out += chunk;
      return true;
    },
  };
  return s as unknown as NodeJS.WritableStream & { out: string };
}

describe('the REPL', () => {
  it('<Help> typed without the quotes lists the commands without calling the model', async () => {
    const d = dirs();
    // a script with no replies: any model call would fail the run
    const config = writeScriptedConfig(d.root, []);
    const r = await runJarvis([], { cwd: d.cwd, home: d.home, env: { JARVIS_CONFIG: config }, stdin: '<Help>\n' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("input commands:\n  '<Summary>'");
    expect(readTranscript(runDirs(d.cwd)[0] as string).filter((x) => x.type === 'request')).toHaveLength(0);
  });

  it('never shows the raw completion marker in the replies it prints', async () => {
    const d = dirs();
    const config = writeScriptedConfig(d.root, ['All done here. <!!!COMPLETE!!!>', 'Summary: nothing to do.']);
    const r = await runJarvis([], { cwd: d.cwd, home: d.home, env: { JARVIS_CONFIG: config }, stdin: 'check the tree\n' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Jarvis ▸ All done here.');
    expect(r.stdout).toContain('Summary: nothing to do.');
    expect(r.stdout + r.stderr).not.toContain('!!!COMPLETE!!!');
  });

  it('after a Ctrl-C, one more Ctrl-C abandons a summary call the server never answers, and the REPL goes on', async () => {
    const d = dirs();
    const configFile = join(d.root, 'config.yaml');
    writeFileSync(
      configFile,
      `llm_groups:\n  default:\n    normal: { platform: openai-compatible, base_url: ${server.openaiBaseUrl}, model: m, api_key_env: LOOP_KEY, max_retries: 0 }\n`,
    );
    server.requests.length = 0;
    // the task's call hangs; so does the summary after the interrupt
    server.enqueue(hang(), hang());
    const cli = startJarvis([], { cwd: d.cwd, home: d.home, env: { JARVIS_CONFIG: configFile, LOOP_KEY: 'k' } });
    onTestFinished(() => {
      if (cli.child.exitCode === null) cli.child.kill('SIGKILL');
    });
    cli.child.stdin?.write('think hard\n');
    await waitFor(() => server.requests.length === 1, 20_000, 'the task call');
    cli.child.kill('SIGINT');
    await waitFor(() => cli.stderr().includes('Interrupted. A note for the agent'), 20_000, 'the note question');
    // an empty note ends the task: the final summary is asked for
    cli.child.stdin?.write('\n');
    await waitFor(() => server.requests.length === 2, 20_000, 'the summary call');
    cli.child.kill('SIGINT');
    await waitFor(() => cli.stderr().includes('summary skipped'), 20_000, 'the summary to be abandoned');
    await waitFor(() => (cli.stderr().match(/Jarvis> /g) ?? []).length >= 2, 20_000, 'the prompt again');
    cli.child.stdin?.end();
    const r = await cli.done;
    expect(r.code, r.stderr).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(readRunInfo(runDirs(d.cwd)[0] as string)).toMatchObject({ status: 'ok' });
  });

  it('shows a spinner while the final summary is written', async () => {
    const d = dirs();
    const platform = createScriptedPlatformFromReplies({ replies: ['Done. <!!!COMPLETE!!!>', 'The summary.'] });
    const agent = new Agent({ platform, root: d.cwd, interactive: false, needSummary: true, rulesDataDir: false, systemPrompt: 'You help.', warn: () => undefined });
    const tty = ttyStream();
    const stop = showProgress(agent, tty);
    const result = await agent.run('do it');
    stop();
    expect(result).toMatchObject({ status: 'completed', result: 'The summary.' });
    expect(tty.out).toContain('Jarvis is writing the summary… (Ctrl-C to skip it)');
    expect(tty.out).toContain('Jarvis ▸ Done.\n');
  });
});
