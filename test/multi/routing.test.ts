import { describe, expect, it } from 'vitest';
import { echoCall, scripted, send, teamScenario, TWO_AGENTS } from './team-harness.js';

/** The routing loop end to end: scripted models, real agents, a real transcript. */

const TASK = 'Print hi with the echo tool and tell me what happened.';

describe('a team run', () => {
  it('routes main → helper → main and returns the main agent\'s final answer', async () => {
    const normal = scripted(
      { reply: `I will ask the coder.\n${send('coder', 'Please echo hi.\nThen report back.')}`, expect: TASK },
      { reply: echoCall('hi'), expect: 'You received a message from lead' },
      { reply: send('lead', 'Echo printed: hi'), expect: '<stdout>\nhi' },
      { reply: 'The coder printed hi.\n<!!!COMPLETE!!!>', expect: 'You received a message from coder' },
      'Final: the coder printed hi with echo.',
    );
    const cheap = scripted('Lead asked for an echo of hi.', 'Coder ran echo hi; it worked.');
    const s = teamScenario(TWO_AGENTS, { normal, cheap });

    const r = await s.team.run(TASK);

    expect(r.status).toBe('completed');
    expect(r.result).toBe('Final: the coder printed hi with echo.');
    expect(r.finalAgent).toBe('lead');
    expect(r.route).toEqual([
      { n: 1, from: 'lead', to: 'coder', subject: 'Please echo hi.', summary: true },
      { n: 2, from: 'coder', to: 'lead', subject: 'Echo printed: hi', summary: true },
    ]);
    expect(s.toolRuns).toEqual(['hi']);
    expect(normal.remaining()).toBe(0);
    expect(cheap.remaining()).toBe(0);

    // the coder's first request: common prompt first, its role, the original question; the message with from + summary
    const coderFirst = normal.calls[1]?.messages ?? [];
    expect(coderFirst[0]?.content.startsWith('COMMON-RULES-FIRST')).toBe(true);
    expect(coderFirst[0]?.content).toContain('You write code.');
    expect(coderFirst[0]?.content).toContain(`<original_question>\n${TASK}\n</original_question>`);
    expect(coderFirst.at(-1)?.content).toContain('<summary_of_sender_work>\nLead asked for an echo of hi.\n</summary_of_sender_work>');
    expect(coderFirst.at(-1)?.content).toContain('<content>\nPlease echo hi.\nThen report back.\n</content>');
    // the main agent's prompt has the common prompt first but no original-question section
    const leadSystem = normal.calls[0]?.messages[0]?.content ?? '';
    expect(leadSystem.startsWith('COMMON-RULES-FIRST')).toBe(true);
    expect(leadSystem).not.toContain('<original_question>');
    expect(leadSystem).toContain('SEND_MESSAGE');
    // the lead's second run continues its own conversation
    const leadAgain = normal.calls[3]?.messages ?? [];
    expect(leadAgain.some((m) => m.role === 'assistant' && m.content.includes('I will ask the coder.'))).toBe(true);

    const hops = s.transcript().filter((x) => x.type === 'team_message');
    expect(hops.map((h) => [h.from, h.to, h.subject])).toEqual([
      ['lead', 'coder', 'Please echo hi.'],
      ['coder', 'lead', 'Echo printed: hi'],
    ]);
    expect(s.transcript().filter((x) => x.type === 'team_agent_created').map((x) => x.agent)).toEqual(['lead', 'coder']);
    expect(s.transcript().at(-1)).toMatchObject({ type: 'team_result', status: 'completed', messages: 2 });
  });

  it('builds a helper only when it gets its first message', async () => {
    const s = teamScenario(TWO_AGENTS, { normal: scripted('Nothing to delegate: the answer is 4.\n<!!!COMPLETE!!!>', 'It is 4.') });
    const r = await s.team.run('What is 2+2?');
    expect(r).toMatchObject({ status: 'completed', result: 'It is 4.', route: [] });
    expect([...s.team.built.keys()]).toEqual(['lead']);
  });

  it('answers an unknown target with the list of agents, and the model recovers', async () => {
    const normal = scripted(
      send('reviewer', 'Review this.'),
      { reply: send('coder', 'Review this.'), expect: 'there is no agent named "reviewer"' },
      { reply: send('lead', 'Looks fine.'), expect: 'You received a message from lead' },
      'Reviewed: fine.\n<!!!COMPLETE!!!>',
      'Done: the coder found it fine.',
    );
    const s = teamScenario(TWO_AGENTS, { normal, cheap: scripted('s1', 's2') });
    const r = await s.team.run('Get a review.');
    expect(r.status).toBe('completed');
    const guidance = normal.calls[1]?.messages.at(-1)?.content ?? '';
    expect(guidance).toContain('Agents you can write to:\n- coder: writes and runs code');
    expect(guidance).not.toContain('- lead:');
    expect(r.route.map((h) => h.to)).toEqual(['coder', 'lead']);
    expect(s.transcript().filter((x) => x.type === 'send_message_rejected')).toHaveLength(1);
  });

  it('rejects two SEND_MESSAGE blocks in one reply when early stop is off', async () => {
    const yaml = TWO_AGENTS.replace('    system_prompt: You lead.', '    system_prompt: You lead.\n    early_stop: false');
    const normal = scripted(
      `${send('coder', 'first')}\n${send('coder', 'second')}`,
      { reply: 'I will just answer: nothing to do.\n<!!!COMPLETE!!!>', expect: 'the reply holds 2 <SEND_MESSAGE> blocks' },
      'Nothing was sent.',
    );
    const s = teamScenario(yaml, { normal });
    const r = await s.team.run('Try two messages.');
    expect(r).toMatchObject({ status: 'completed', result: 'Nothing was sent.', route: [] });
    expect([...s.team.built.keys()]).toEqual(['lead']);
  });

  it('delivers a message whose closing tag is missing, and says it was repaired', async () => {
    const normal = scripted(
      send('coder', 'Unclosed but fine.', false),
      { reply: send('lead', 'got it'), expect: '<content>\nUnclosed but fine.\n</content>' },
      { reply: 'ok\n<!!!COMPLETE!!!>', expect: 'was delivered. (Its closing </SEND_MESSAGE> was missing' },
      'All good.',
    );
    const s = teamScenario(TWO_AGENTS, { normal, cheap: scripted('a', 'b') });
    const r = await s.team.run('Send without closing.');
    expect(r.status).toBe('completed');
    expect(s.transcript().find((x) => x.type === 'send_message')).toMatchObject({ from: 'lead', to: 'coder', repaired: true });
  });

  it('explains a YAML error with its usual causes, then accepts the corrected block', async () => {
    const normal = scripted(
      '<SEND_MESSAGE>\nto: coder\ncontent: fix this: now\n</SEND_MESSAGE>',
      { reply: send('coder', 'fix this: now'), expect: 'the body is not valid YAML' },
      { reply: send('lead', 'fixed'), expect: 'fix this: now' },
      'Fixed.\n<!!!COMPLETE!!!>',
      'The coder fixed it.',
    );
    const s = teamScenario(TWO_AGENTS, { normal, cheap: scripted('a', 'b') });
    const r = await s.team.run('Fix it.');
    expect(r.status).toBe('completed');
    const guidance = normal.calls[1]?.messages.at(-1)?.content ?? '';
    expect(guidance).toMatch(/Usual causes: .*colon/);
    expect(guidance).toContain('indented');
    expect(guidance).toContain('quotes');
  });

  it('sends without a summary when the hand-off summary fails', async () => {
    const normal = scripted(
      send('coder', 'Do the thing.'),
      { reply: send('lead', 'Thing done.'), expect: '<content>\nDo the thing.' },
      'Done.\n<!!!COMPLETE!!!>',
      'The thing is done.',
    );
    // no replies at all: every hand-off summary call fails
    const s = teamScenario(TWO_AGENTS, { normal, cheap: scripted() });
    const r = await s.team.run('Do the thing.');
    expect(r.status).toBe('completed');
    expect(r.route.map((h) => h.summary)).toEqual([false, false]);
    expect(normal.calls[1]?.messages.at(-1)?.content).not.toContain('<summary_of_sender_work>');
    expect(s.warnings.some((w) => /hand-off summary for lead → coder failed/.test(w))).toBe(true);
    expect(s.transcript().filter((x) => x.type === 'handoff_summary').map((x) => x.ok)).toEqual([false, false]);
  });

  it('makes no summary call when summary_on_send is false', async () => {
    const yaml = TWO_AGENTS.replace('    system_prompt: You lead.', '    system_prompt: You lead.\n    summary_on_send: false');
    const cheap = scripted('coder summary');
    const normal = scripted(send('coder', 'x'), send('lead', 'y'), 'ok\n<!!!COMPLETE!!!>', 'done');
    const s = teamScenario(yaml, { normal, cheap });
    const r = await s.team.run('t');
    expect(r.route.map((h) => h.summary)).toEqual([false, true]);
    expect(cheap.remaining()).toBe(0);
  });

  it('clears the sender\'s history after it sends when clear_after_send_message is set', async () => {
    const yaml = TWO_AGENTS.replace('    system_prompt: You write code.', '    system_prompt: You write code.\n    clear_after_send_message: true\n    summary_on_send: false');
    const normal = scripted(
      send('coder', 'First job.'),
      send('lead', 'First done.'),
      send('coder', 'Second job.'),
      { reply: send('lead', 'Second done.'), expect: 'Your history was cleared after you sent a message to lead' },
      'Both done.\n<!!!COMPLETE!!!>',
      'Both jobs done.',
    );
    const s = teamScenario(yaml, { normal, cheap: scripted('a', 'b') });
    const r = await s.team.run('Two jobs.');
    expect(r.status).toBe('completed');
    const coderSecond = normal.calls[3]?.messages ?? [];
    // system prompt + the new message only: the first job is gone
    expect(coderSecond).toHaveLength(2);
    expect(coderSecond.some((m) => m.content.includes('First job.'))).toBe(false);
  });

  it('reminds a helper that answers without acting to send its result', async () => {
    const normal = scripted(
      send('coder', 'What is 6*7?'),
      'It is 42.',
      { reply: send('lead', 'It is 42.'), expect: 'send your result with SEND_MESSAGE to lead, who asked you' },
      'Answer: 42\n<!!!COMPLETE!!!>',
      '42.',
    );
    const s = teamScenario(TWO_AGENTS, { normal, cheap: scripted('a', 'b') });
    const r = await s.team.run('6*7?');
    expect(r).toMatchObject({ status: 'completed', result: '42.' });
  });

  it('gives each agent the models of its own llm group, set up once per group', async () => {
    const yaml = TWO_AGENTS.replace('    system_prompt: You write code.', '    system_prompt: You write code.\n    llm_group: fast\n    summary_on_send: false').replace(
      '    system_prompt: You lead.',
      '    system_prompt: You lead.\n    summary_on_send: false',
    );
    const leadModel = scripted(send('coder', 'job 1'), send('coder', 'job 2'), 'done\n<!!!COMPLETE!!!>', 'Both jobs done.');
    const coderModel = scripted(send('lead', 'did 1'), send('lead', 'did 2'));
    const asked: (string | undefined)[] = [];
    const s = teamScenario(yaml, { normal: leadModel }, {
      platforms: (g) => {
        asked.push(g);
        return { normal: g === 'fast' ? coderModel : leadModel };
      },
    });
    const r = await s.team.run('Two jobs.');
    expect(r).toMatchObject({ status: 'completed', result: 'Both jobs done.' });
    expect(asked).toEqual([undefined, 'fast']);
    expect(leadModel.remaining()).toBe(0);
    expect(coderModel.remaining()).toBe(0);
  });
});
