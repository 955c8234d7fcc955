import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitRepo, runJca, scriptedEnv, transcriptOf } from '../code/support.js';
import { readTranscript, runDirs, runJarvis } from '../support/jarvis-cli.js';
import { EVERYTHING_BIN } from '../support/mcp-peers.js';
import { tempTree } from '../support/temp-tree.js';

/**
 * An MCP server named in the configuration reaches every agent the AgentFactory builds, not only
 * `jarvis -T`: here `jca` and a team member call it, over the real server-everything (stdio)
 * and a scripted model, through the real command lines.
 */

const echo = (message: string) =>
  `<TOOL_CALL>\nwant: the echo\nname: every.tool_call.echo\narguments:\n  message: ${JSON.stringify(message)}\n</TOOL_CALL>`;

/** A scripted config plus an `mcp:` entry for server-everything over stdio. */
function withEverything(s: { env: Record<string, string> }): void {
  const config = s.env.JARVIS_CONFIG as string;
  appendFileSync(config, `mcp:\n  - name: every\n    command: ${JSON.stringify(process.execPath)}\n    args: [${JSON.stringify(EVERYTHING_BIN)}, stdio]\n`);
}

const send = (to: string, content: string) => `<SEND_MESSAGE>\nto: ${to}\ncontent: |\n  ${content}\n</SEND_MESSAGE>`;

describe('MCP servers from the config, through the agent factory', () => {
  it('jca calls an MCP tool and reads its result', async () => {
    const repo = gitRepo({ 'a.c': 'int a;\n' });
    const s = scriptedEnv([echo('from jca'), { reply: 'Nothing to change. <!!!COMPLETE!!!>', expect: 'Echo: from jca' }]);
    withEverything(s);
    const r = await runJca(['-n', '-r', 'say hello through the echo server', '--build', '', '--test', ''], { cwd: repo, ...s });
    expect(r.code, r.stderr).toBe(0);
    const records = transcriptOf(repo);
    expect(records.find((x) => x.type === 'tool_result' && x.name === 'every.tool_call.echo')).not.toHaveProperty('error');
    // the tool was offered in the system prompt, beside the code tools
    const first = records.find((x) => x.type === 'request') as unknown as { messages: { content: string }[] };
    expect(first.messages[0]?.content).toContain('### every.tool_call.echo');
  }, 60_000);

  it('a team member calls an MCP tool and hands its result on', async () => {
    const project = tempTree({});
    const team = join(project, 'team.yaml');
    writeFileSync(
      team,
      [
        'main_agent: lead',
        'agents:',
        '  - name: lead',
        '    description: answers the user',
        '    system_prompt: You lead.',
        '    summary_on_send: false',
        '    need_summary: false',
        '  - name: helper',
        '    description: asks the echo server',
        '    system_prompt: You help.',
        '    summary_on_send: false',
        '',
      ].join('\n'),
    );
    const s = scriptedEnv([
      send('helper', 'Ask the echo server to say hi.'),
      { reply: echo('from a team member'), expect: 'Ask the echo server to say hi.' },
      { reply: send('lead', 'It said: Echo: from a team member'), expect: 'Echo: from a team member' },
      { reply: 'It said hi. <!!!COMPLETE!!!>', expect: 'It said: Echo: from a team member' },
    ]);
    withEverything(s);
    const r = await runJarvis(['agent', '-c', team, '-n', '-T', 'Have the helper ask the echo server.'], { cwd: project, ...s });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('It said hi.');
    const records = readTranscript(runDirs(project).at(-1) as string);
    const call = records.find((x) => x.type === 'tool_result' && x.name === 'every.tool_call.echo');
    expect(call).toMatchObject({ agent: 'helper' });
    expect(call).not.toHaveProperty('error');
  }, 60_000);
});
