import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AGENT_EVENT_TYPES, Agent } from '../../src/agent/index.js';
import type { Platform } from '../../src/llm/index.js';
import { JarvisError } from '../../src/util/errors.js';
import { lastMessages, replies, scenario, testTools, toolCall } from './harness.js';

/** A person who answers from a list, and remembers what was asked. */
function person(...answers: string[]) {
  const asked: string[] = [];
  return {
    asked,
    ask: async (q: string) => {
      asked.push(q);
      const a = answers.shift();
      if (a === undefined) throw new Error('no more answers');
      return a;
    },
  };
}

const ONE_LINE_CALL = '<TOOL_CALL>{"want": "w", "name": "echo", "arguments": {"text": "x"}}</TOOL_CALL>';

describe('interactive runs', () => {
  it('asks the person when the model stops, and an empty line completes', async () => {
    const p = person('now say bye', '');
    const s = scenario(replies('Hello.', 'Bye.'), {}, { interactive: true, ask: p.ask });
    const r = await s.agent.run('greet');
    expect(r).toMatchObject({ status: 'completed', result: 'Bye.', rounds: 2 });
    expect(lastMessages(s.platform)[1]).toContain('now say bye');
    expect(p.asked[0]).toContain('Jarvis: your input');
  });

  it('does not complete on the marker unless auto-complete is on', async () => {
    const p = person('');
    const s = scenario(replies('Done <!!!COMPLETE!!!>'), {}, { interactive: true, ask: p.ask });
    await s.agent.run('x');
    expect(p.asked).toHaveLength(1);
  });

  it('runs nothing when the person refuses the action (execute_tool_confirm)', async () => {
    const p = person('n', '');
    const s = scenario(replies(toolCall('echo', { text: 'x' })), {}, { interactive: true, ask: p.ask, executeToolConfirm: true });
    const r = await s.agent.run('x');
    expect(r.status).toBe('completed');
    expect(p.asked[0]).toContain('Run the TOOL_CALL action');
    expect(s.log.calls).toEqual([]);
    expect(s.transcript().some((x) => x.type === 'action_refused')).toBe(true);
  });

  it('runs the input handlers on the task and on answers', async () => {
    const p = person('second', '');
    const s = scenario(replies('a', 'b'), {}, {
      interactive: true,
      ask: p.ask,
      inputHandlers: [(text) => ({ text: text.toUpperCase(), needReturn: false })],
    });
    await s.agent.run('first');
    expect(lastMessages(s.platform)[0]).toContain('FIRST');
    expect(lastMessages(s.platform)[1]).toContain('SECOND');
  });
});

describe('input that leaves nothing for the model', () => {
  it('asks again instead of calling the model with an empty message', async () => {
    const p = person("'<Clear>'", 'real question', '');
    const s = scenario(replies('first', 'answer'), {}, {
      interactive: true,
      ask: p.ask,
      inputHandlers: [(text) => (text.startsWith("'<") ? { text: '', needReturn: true } : { text, needReturn: false })],
    });
    await s.agent.run('start');
    expect(s.platform.calls).toHaveLength(2);
    expect(lastMessages(s.platform)[1]).toContain('real question');
    expect(p.asked).toHaveLength(3);
  });
});

describe('interrupts', () => {
  it('stops a running tool, asks for a note and passes it to the model', async () => {
    const p = person('use echo instead', '');
    const s = scenario(replies(toolCall('wait_for_abort', {}), 'OK, noted.'), {}, { interactive: true, ask: p.ask });
    const notes: string[] = [];
    s.agent.events.subscribe('before_action', () => {
      setTimeout(() => s.agent.interrupt(), 10);
    });
    s.agent.events.subscribe('interrupt_triggered', (e) => notes.push(e.userInput));
    const r = await s.agent.run('wait');
    expect(r.status).toBe('completed');
    expect(notes).toEqual(['use echo instead']);
    const msg = lastMessages(s.platform)[1];
    expect(msg).toContain('use echo instead');
    expect(msg).toContain('wait_for_abort failed (aborted)');
  });

  it('an interrupt during the reply cuts it; without a complete action nothing runs', async () => {
    const p = person('stop and explain', '');
    const s = scenario(replies(`Let me look.\n${toolCall('echo', { text: 'x' })}`, 'Explained.'), {}, { interactive: true, ask: p.ask });
    s.agent.events.subscribe('before_model_call', () => {
      if (s.platform.calls.length === 0) s.agent.interrupt();
    });
    await s.agent.run('look');
    expect(s.log.calls).toEqual([]);
    expect(lastMessages(s.platform)[1]).toContain('stop and explain');
  });

  it.each([
    ['y', 1, 'TOOL_CALL echo result'],
    ['n', 0, 'The user stopped the action'],
  ])('with a complete action in the cut reply, asks whether to carry on (%s)', async (answer, runs, expected) => {
    const p = person('a note', answer, '');
    const s = scenario(replies(ONE_LINE_CALL, 'fine'), {}, { interactive: true, ask: p.ask });
    s.agent.events.subscribe('before_model_call', () => {
      if (s.platform.calls.length === 0) s.agent.interrupt();
    });
    await s.agent.run('go');
    expect(s.log.calls).toHaveLength(runs);
    expect(p.asked[1]).toContain('Carry on with the action');
    expect(lastMessages(s.platform)[1]).toContain(expected);
    expect(lastMessages(s.platform)[1]).toContain('a note');
  });

  it('an interrupt aborts a model call that has not answered yet', async () => {
    const p = person('try again', '');
    const later = replies('second answer');
    const platform: Platform = {
      name: 'slow',
      model: 'm',
      chat: (req) =>
        later.calls.length === 0 && !req.messages.at(-1)?.content.includes('try again')
          ? new Promise((_resolve, reject) => {
              req.signal?.addEventListener('abort', () => reject(new JarvisError('llm_aborted', 'aborted')), { once: true });
            })
          : later.chat(req),
    };
    const s = scenario(later, {}, { platform, interactive: true, ask: p.ask });
    s.agent.events.subscribe('before_model_call', () => {
      if (later.calls.length === 0) setTimeout(() => s.agent.interrupt(), 20);
    });
    const r = await s.agent.run('go');
    expect(r.status).toBe('completed');
    expect(p.asked[0]).toContain('Interrupted');
    expect(later.calls[0]?.messages.at(-1)?.content).toContain('try again');
  });

  it('an empty note ends the task', async () => {
    const p = person('');
    const s = scenario(replies('thinking…', 'unused'), {}, { interactive: true, ask: p.ask });
    s.agent.events.subscribe('before_model_call', () => s.agent.interrupt());
    const r = await s.agent.run('go');
    expect(r.status).toBe('completed');
    expect(s.platform.remaining()).toBe(1);
  });
});

describe('sessions', () => {
  it('saves the conversation and restores it once into a new agent', async () => {
    const s = scenario(replies(toolCall('echo', { text: 'remember me' }), 'Done <!!!COMPLETE!!!>'));
    await s.agent.run('first task');
    const file = s.agent.saveSession();
    expect(file).toBe(`${s.root}/.jarvis/saved_session_Jarvis_scripted_scripted.json`);
    expect(existsSync(file)).toBe(true);

    const next = replies('Continued <!!!COMPLETE!!!>');
    const agent2 = new Agent({
      systemPrompt: 'You are a test agent.',
      platform: next,
      tools: testTools({ calls: [] }),
      root: s.root,
      interactive: false,
      needSummary: false,
      rulesDataDir: false,
    });
    expect(agent2.restoreSession()).toBe(true);
    expect(existsSync(file)).toBe(false);
    const r = await agent2.run('second task');
    expect(r.status).toBe('completed');
    const sent = next.calls[0]?.messages.map((m) => m.content).join('\n') ?? '';
    expect(sent).toContain('first task');
    expect(sent).toContain('remember me');
    expect(next.calls[0]?.messages.at(-1)?.content).toContain('second task');
    expect(agent2.restoreSession()).toBe(false);
  });
});

describe('prompts', () => {
  it('adds the tool reminder every tool_reminder_rounds rounds', async () => {
    const s = scenario(replies(toolCall('echo', { text: 'a' }), toolCall('echo', { text: 'b' }), 'ok <!!!COMPLETE!!!>'), {}, { toolReminderRounds: 2 });
    await s.agent.run('go');
    const msgs = lastMessages(s.platform);
    expect(msgs[0]).not.toContain('<reminder>');
    expect(msgs[1]).toContain('<reminder>');
    expect(msgs[2]).not.toContain('<reminder>');
  });
});

describe('events', () => {
  it('fires all 15 events in one run, each recorded in the transcript', async () => {
    const p = person('a note', '');
    const cheap = replies('1', 'summary of history');
    const main = replies(toolCall('echo', { text: 'a' }), 'thinking', 'ok <!!!COMPLETE!!!>', 'final summary');
    const s = scenario(main, {}, {
      interactive: true,
      autoComplete: true,
      ask: p.ask,
      cheapPlatform: cheap,
      toolFilterThreshold: 1,
      autoSummaryRounds: 1,
      needSummary: true,
    });
    const fired = new Set<string>();
    for (const t of AGENT_EVENT_TYPES) s.agent.events.subscribe(t, (e: { type: string }) => {
      fired.add(e.type);
    });
    let interrupted = false;
    s.agent.events.subscribe('before_model_call', () => {
      if (main.calls.length === 1 && !interrupted) {
        interrupted = true;
        s.agent.interrupt();
      }
    });
    const filtered: string[][] = [];
    s.agent.events.subscribe('tool_filtered', (e) => filtered.push(e.selectedTools));
    const r = await s.agent.run('go');
    expect(r.status).toBe('completed');
    expect([...fired].sort()).toEqual([...AGENT_EVENT_TYPES].sort());
    expect(filtered).toEqual([['echo']]);
    const types = new Set(s.transcript().map((x) => x.type));
    for (const t of AGENT_EVENT_TYPES) expect(types.has(t)).toBe(true);
    expect(r.result).toBe('final summary');
  });
});
