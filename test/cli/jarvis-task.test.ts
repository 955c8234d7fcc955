import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hang, httpError, reply, startLlmServer, type LlmServer } from '../support/llm-server.js';
import { readRunInfo, readTranscript, runDirs, runJarvis, startJarvis, waitFor } from '../support/jarvis-cli.js';
import { tempTree } from '../support/temp-tree.js';

/** `jarvis -T` end to end: the real CLI against a loopback OpenAI-compatible server. */

const KEY = 'sk-loopback-7c1d9e2f4a';
let server: LlmServer;

beforeAll(async () => {
  server = await startLlmServer();
});
afterAll(async () => {
  await server.close();
});

function project(): { cwd: string; home: string; env: Record<string, string> } {
  const root = tempTree({
    'config.yaml': [
      'llm_groups:',
      '  default:',
      '    normal:',
      '      platform: openai-compatible',
      `      base_url: ${server.openaiBaseUrl}`,
      '      model: loop-model',
      '      api_key_env: LOOP_API_KEY',
      '      max_retries: 0',
      '',
    ].join('\n'),
  });
  const cwd = join(root, 'work');
  const home = join(root, 'home');
  mkdirSync(cwd, { recursive: true });
  mkdirSync(home, { recursive: true });
  server.requests.length = 0;
  // a test that failed half-way must not feed the next one
  if (server.pending() > 0) throw new Error(`llm-server: ${server.pending()} steps left over from the previous test`);
  return { cwd, home, env: { JARVIS_CONFIG: join(root, 'config.yaml'), LOOP_API_KEY: KEY } };
}

const toolCall = (script: string) =>
  `I will do that.\n<TOOL_CALL>\nwant: run it\nname: execute_script\narguments:\n  script_content: "${script}"\n</TOOL_CALL>\n`;

function lastUserMessage(i: number): string {
  const messages = server.requests[i]?.body.messages as { role: string; content: string }[];
  return messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
}

describe('jarvis -n -T against an OpenAI-compatible server', () => {
  it('runs the shell command the model asks for, completes, and writes the transcript', async () => {
    const p = project();
    server.enqueue(reply(toolCall('echo hello > out.txt')), reply('It is done. <!!!COMPLETE!!!>'), reply('Wrote hello to out.txt.'));

    const r = await runJarvis(['-n', '-T', 'write hello into out.txt'], p);

    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.code).toBe(0);
    expect(readFileSync(join(p.cwd, 'out.txt'), 'utf8')).toBe('hello\n');
    expect(r.stdout.trim()).toBe('Wrote hello to out.txt.');
    // the tool result went back to the model on the second call
    expect(lastUserMessage(1)).toMatch(/exit code: 0/);
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);

    const [dir] = runDirs(p.cwd);
    expect(dir).toBeDefined();
    const records = readTranscript(dir as string);
    expect(records.filter((x) => x.type === 'request')).toHaveLength(3);
    expect(records.filter((x) => x.type === 'reply')).toHaveLength(3);
    expect(records.some((x) => x.type === 'task_completed')).toBe(true);
    expect(readFileSync(join(dir as string, 'transcript.jsonl'), 'utf8')).not.toContain(KEY);
    expect(readRunInfo(dir as string)).toMatchObject({ status: 'ok', command: 'jarvis -T' });
  });

  it('prints {status, result, rounds, tokens, cost, run_id} with --output-format json', async () => {
    const p = project();
    server.enqueue(reply(toolCall('uname > uname.txt')), reply('Done. <!!!COMPLETE!!!>'), reply('Saved uname output.'));

    const r = await runJarvis(['-n', '-T', 'save uname', '--output-format', 'json'], p);

    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(Object.keys(out).sort()).toEqual(['cost', 'result', 'rounds', 'run_id', 'status', 'tokens']);
    expect(out).toMatchObject({ status: 'completed', result: 'Saved uname output.', rounds: 2, cost: 0 });
    const tokens = out.tokens as { input: number; output: number };
    expect(tokens.input).toBeGreaterThan(0);
    expect(tokens.output).toBeGreaterThan(0);
    expect(runDirs(p.cwd).map((d) => d.split('/').at(-1))).toEqual([out.run_id]);
    expect(existsSync(join(p.cwd, 'uname.txt'))).toBe(true);
  });

  it('re-prompts a model that neither acts nor completes 3 times, then ends incomplete (exit 3)', async () => {
    const p = project();
    server.enqueue(...Array.from({ length: 4 }, (_, i) => reply(`Thinking about it (${i}).`)));

    const r = await runJarvis(['-n', '-T', 'do something', '--output-format', 'json'], p);

    expect(r.code).toBe(3);
    const out = JSON.parse(r.stdout) as { status: string; rounds: number; result: string };
    expect(out.status).toBe('incomplete');
    expect(out.rounds).toBe(4);
    expect(out.result).toMatch(/re-prompted 3 times/);
    expect(server.requests).toHaveLength(4);
    for (const i of [1, 2, 3]) expect(lastUserMessage(i)).toMatch(/took no action/);
    const [dir] = runDirs(p.cwd);
    expect(readRunInfo(dir as string).status).toBe('failed');
    expect(readTranscript(dir as string).some((x) => x.type === 'incomplete')).toBe(true);
  });

  it('stops on Ctrl-C during a model call: exit 130, run recorded as interrupted', async () => {
    const p = project();
    server.enqueue(hang());

    const cli = startJarvis(['-n', '-T', 'wait forever', '--output-format', 'json'], { ...p, stdin: '' });
    await waitFor(() => server.requests.length === 1, 20_000, 'the model request');
    cli.child.kill('SIGINT');
    const r = await cli.done;

    expect(r.code).toBe(130);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'interrupted', result: 'The run was interrupted.' });
    const [dir] = runDirs(p.cwd);
    expect(readRunInfo(dir as string).status).toBe('interrupted');
  });

  it('never reads stdin in non-interactive mode', async () => {
    const p = project();
    server.enqueue(reply('Nothing to do here. <!!!COMPLETE!!!>'), reply('Nothing was needed.'));
    // stdin stays open and silent: a read would hang the run until the test times out
    const cli = startJarvis(['-T', 'check', '--output-format', 'json'], { ...p, env: { ...p.env, JARVIS_NON_INTERACTIVE: '1' } });
    const r = await cli.done;
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'completed', result: 'Nothing was needed.' });
  });
});

describe('jarvis -T interactive interrupt (spec §15)', () => {
  it('stops the running tool, asks for a note and carries it to the model', async () => {
    const p = project();
    server.enqueue(
      reply(toolCall('touch started.txt; sleep 30; touch never.txt')),
      reply('Hello! <!!!COMPLETE!!!>'),
      reply('Said hello; the long script was stopped.'),
    );
    const cli = startJarvis(['-T', 'run the long script'], p);
    await waitFor(() => existsSync(join(p.cwd, 'started.txt')), 30_000, 'the script to start');
    cli.child.kill('SIGINT');
    // the note, then an empty line that ends the task when the agent asks for more
    cli.child.stdin?.end('just say hello instead\n\n');
    const r = await cli.done;

    expect(r.code).toBe(0);
    expect(existsSync(join(p.cwd, 'never.txt'))).toBe(false);
    expect(lastUserMessage(1)).toMatch(/script was killed/);
    expect(lastUserMessage(1)).toContain('just say hello instead');
    expect(r.stdout.trim()).toBe('Said hello; the long script was stopped.');
    const [dir] = runDirs(p.cwd);
    const records = readTranscript(dir as string);
    expect(records.find((x) => x.type === 'interrupt')).toMatchObject({ note: 'just say hello instead' });
    expect(records.some((x) => x.type === 'interrupt_triggered')).toBe(true);
  });

  it('aborts a model call that streams nothing at the first Ctrl-C, then asks what to do', async () => {
    const p = project();
    server.enqueue(hang(), reply('Hello! <!!!COMPLETE!!!>'), reply('Said hello instead.'));
    const cli = startJarvis(['-T', 'think for a very long time'], p);
    await waitFor(() => server.requests.length === 1, 20_000, 'the model request');
    cli.child.kill('SIGINT');
    cli.child.stdin?.end('just say hello instead\n\n');
    const r = await cli.done;

    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(3);
    expect(lastUserMessage(1)).toContain('just say hello instead');
    expect(r.stdout.trim()).toBe('Said hello instead.');
    expect(r.stderr).not.toMatch(/warning: .*empty reply/);
    const records = readTranscript(runDirs(p.cwd)[0] as string);
    expect(records.find((x) => x.type === 'interrupt')).toMatchObject({ note: 'just say hello instead' });
    expect(records.find((x) => x.type === 'error')).toMatchObject({ code: 'llm_aborted', agent: 'Jarvis' });
    // every kind of record the agent writes names it: model calls, events, its own records
    for (const type of ['request', 'reply', 'task_started', 'interrupt', 'run_result']) {
      expect(records.find((x) => x.type === type), type).toMatchObject({ agent: 'Jarvis' });
    }
  });
});

describe('jarvis errors', () => {
  it('says in one line how to configure a model when none is, and writes nothing', async () => {
    const root = tempTree({ 'empty.yaml': '# nothing yet\n', 'work/.keep': '' });
    const r = await runJarvis(['-n', '-T', 'hi'], { cwd: join(root, 'work'), home: join(root, 'home'), env: { JARVIS_CONFIG: join(root, 'empty.yaml') } });
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toMatch(/^error: no model configured: .*jarvis config init/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(runDirs(join(root, 'work'))).toEqual([]);
  });

  it('reports a provider failure as a failed task: one error line, exit 1, run recorded as failed', async () => {
    const p = project();
    server.enqueue(httpError(401, { message: 'bad key' }));
    const r = await runJarvis(['-n', '-T', 'hi'], p);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: .*401/m);
    // the provider's hint names the key variable of the config
    expect(r.stderr).toMatch(/^hint: set LOOP_API_KEY to a valid key/m);
    expect(r.stderr).toMatch(/failed · 1 round · /);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stderr).not.toContain(KEY);
    const [dir] = runDirs(p.cwd);
    expect(readRunInfo(dir as string).status).toBe('failed');
  });

  it('counts the rounds of a run that ended by a provider error (--output-format json)', async () => {
    const p = project();
    server.enqueue(reply(toolCall('true')), httpError(401, { message: 'bad key' }));
    const r = await runJarvis(['-n', '-T', 'hi', '--output-format', 'json'], p);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'failed', rounds: 2 });
  });

  it('refuses a non-interactive run without a task (exit 2)', async () => {
    const p = project();
    const r = await runJarvis(['-n'], p);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: a non-interactive run needs a task/);
    expect(runDirs(p.cwd)).toEqual([]);
  });
});

describe('jarvis agent -c def.yaml', () => {
  it('runs the defined agent with its role, tool whitelist and switches', async () => {
    const p = project();
    writeFileSync(
      join(p.cwd, 'maker.yaml'),
      [
        'name: maker',
        'description: creates files on request',
        'system_prompt: You are Maker. You create files with shell commands.',
        'use_tools: [execute_script]',
        'need_summary: false',
        'non_interactive: true',
        '',
      ].join('\n'),
    );
    server.enqueue(reply(toolCall('echo made > made.txt')), reply('Created made.txt. <!!!COMPLETE!!!>'));

    const r = await runJarvis(['agent', '-c', 'maker.yaml', '-T', 'create made.txt', '--output-format', 'json'], p);

    expect(r.stderr).not.toMatch(/error/);
    expect(r.code).toBe(0);
    expect(readFileSync(join(p.cwd, 'made.txt'), 'utf8')).toBe('made\n');
    // need_summary: false → two calls, the result is the model's last words
    expect(server.requests).toHaveLength(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'completed', result: 'Created made.txt.' });
    const system = (server.requests[0]?.body.messages as { role: string; content: string }[])[0];
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('You are Maker.');
    expect(system?.content).toContain('execute_script');
    expect(system?.content).toContain('### execute_script');
    expect(system?.content).not.toContain('### read_code');
    const [dir] = runDirs(p.cwd);
    expect(readRunInfo(dir as string).command).toBe('jarvis agent maker');
  });

  it('names the file, line and key of a bad definition and runs nothing', async () => {
    const p = project();
    writeFileSync(join(p.cwd, 'bad.yaml'), 'name: x\nsystem_prompt: hi\nuse_tool: [execute_script]\n');
    const r = await runJarvis(['agent', '-c', 'bad.yaml', '-n', '-T', 'go'], p);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toMatch(/^error: agent definition bad\.yaml:3: use_tool: unknown key/);
    expect(server.requests).toHaveLength(0);
    expect(runDirs(p.cwd)).toEqual([]);
  });

  it('rejects a definition whose tool whitelist names an unknown tool', async () => {
    const p = project();
    writeFileSync(join(p.cwd, 'bad.yaml'), 'name: x\nsystem_prompt: hi\nuse_tools: [execute_script, teleport]\n');
    const r = await runJarvis(['agent', '-c', 'bad.yaml', '-n', '-T', 'go'], p);
    expect(r.code).not.toBe(0);
    expect(r.stderr.split('\n')[0]).toMatch(/bad\.yaml: use_tools: unknown tool teleport/);
    expect(runDirs(p.cwd)).toEqual([]);
  });
});
