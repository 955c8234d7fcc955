import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lastMessages, replies, scenario, toolCall } from './harness.js';

const DONE = 'Done. <!!!COMPLETE!!!>';

describe('tool limits', () => {
  it('stops a tool that runs past its timeout and tells the model', async () => {
    const s = scenario(replies(toolCall('wait_for_abort', {}), DONE), {}, { toolTimeoutMs: 50 });
    const r = await s.agent.run('wait');
    expect(r.status).toBe('completed');
    const msg = lastMessages(s.platform)[1];
    expect(msg).toContain('TOOL_CALL wait_for_abort failed (timeout)');
    expect(msg).toContain('did not finish within 0.1 s');
  });

  it('keeps the head and tail of an oversize output and saves all of it', async () => {
    const s = scenario(replies(toolCall('count_lines', { n: 500 }), DONE));
    await s.agent.run('count');
    const msg = lastMessages(s.platform)[1];
    expect(msg).toContain('line 1\n');
    expect(msg).toContain('line 500');
    expect(msg).not.toContain('line 250\n');
    expect(msg).toContain('440 lines omitted');
    const rec = s.transcript().find((x) => x.type === 'tool_result');
    expect(rec?.truncated).toBe(true);
    const saved = rec?.saved_path as string;
    expect(existsSync(saved)).toBe(true);
    expect(readFileSync(saved, 'utf8').split('\n')).toHaveLength(500);
    expect(saved.startsWith(join(s.agent.runDir, 'outputs'))).toBe(true);
  });
});

describe('non-interactive runs', () => {
  it('re-prompts a model that neither acts nor completes, then ends incomplete', async () => {
    const s = scenario(replies('I think so.', 'Maybe.', 'Hmm.', 'Well.', 'never asked'));
    const r = await s.agent.run('do something');
    expect(r.status).toBe('incomplete');
    expect(r.rounds).toBe(4);
    expect(s.platform.remaining()).toBe(1);
    expect(lastMessages(s.platform).slice(1).every((m) => m.includes('took no action and did not signal completion'))).toBe(true);
    expect(r.result).toContain('re-prompted 3 times');
  });

  it('a reply with only prose and the marker completes', async () => {
    const s = scenario(replies('Nothing to do here. <!!!COMPLETE!!!>'));
    const r = await s.agent.run('nothing');
    expect(r).toMatchObject({ status: 'completed', result: 'Nothing to do here.', rounds: 1 });
  });

  it('never lets an exception escape: a model failure ends the run as failed', async () => {
    const s = scenario(replies(toolCall('echo', { text: 'a' })));
    const r = await s.agent.run('go');
    expect(r.status).toBe('failed');
    expect(r.error?.code).toBe('llm_script');
    expect(r.result).toMatch(/^Task failed: /);
    expect(s.transcript().at(-1)).toMatchObject({ type: 'run_result', status: 'failed' });
  });

  it('stops with status interrupted when the signal aborts', async () => {
    const ctrl = new AbortController();
    const s = scenario(replies(toolCall('wait_for_abort', {}), DONE), {}, { signal: ctrl.signal });
    s.agent.events.subscribe('before_action', () => {
      setTimeout(() => ctrl.abort(), 10);
    });
    const r = await s.agent.run('wait');
    expect(r.status).toBe('interrupted');
    expect(s.platform.remaining()).toBe(1);
  });
});
