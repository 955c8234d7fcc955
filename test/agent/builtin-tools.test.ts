import { describe, expect, it } from 'vitest';
import { Agent } from '../../src/agent/index.js';
import { readRecords, startRun } from '../../src/runs/index.js';
import { builtinTools, ToolRegistry } from '../../src/tools/index.js';
import { tempTree } from '../support/temp-tree.js';
import { lastMessages, replies } from './harness.js';

describe('the agent with the built-in tools', () => {
  it('reads a file, runs a script that edits it, and a script that times out', async () => {
    const root = tempTree({ 'notes.txt': 'first line\n' });
    const platform = replies(
      '<TOOL_CALL>\nwant: the notes\nname: read_code\narguments:\n  files:\n    - path: notes.txt\n</TOOL_CALL>',
      "<TOOL_CALL>\nwant: append a line\nname: execute_script\narguments:\n  script_content: |\n    echo 'second line' >> notes.txt\n    cat notes.txt\n</TOOL_CALL>",
      '<TOOL_CALL>\nwant: nothing\nname: execute_script\narguments:\n  script_content: sleep 30\n  timeout: 0.3\n</TOOL_CALL>',
      'Done <!!!COMPLETE!!!>',
    );
    const { writer } = startRun({ projectDir: root, command: 'test', argv: [] });
    const agent = new Agent({
      systemPrompt: 'test',
      platform,
      tools: new ToolRegistry(builtinTools()),
      root,
      transcript: writer,
      interactive: false,
      needSummary: false,
      rulesDataDir: false,
    });
    const r = await agent.run('edit notes');
    expect(r.status).toBe('completed');
    const msgs = lastMessages(platform);
    expect(msgs[1]).toContain('first line');
    expect(msgs[2]).toContain('second line');
    expect(msgs[3]).toMatch(/tim(ed|e) ?out/i);
    expect(readRecords(writer.path).records.filter((x) => x.type === 'tool_call').map((x) => x.name)).toEqual([
      'read_code',
      'execute_script',
      'execute_script',
    ]);
    // the system prompt lists the built-in tools with their schemas
    expect(platform.calls[0]?.messages[0]?.content).toContain('### execute_script');
  });
});
