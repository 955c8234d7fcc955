import { describe, expect, it } from 'vitest';
import { JarvisError } from '../../src/util/errors.js';
import { scripted, send, teamScenario, TWO_AGENTS } from './team-harness.js';

/** What stops a team that goes round in circles, and how other endings look. */

const QUIET = TWO_AGENTS.replace(/(system_prompt: You (lead|write code)\.)/g, '$1\n    summary_on_send: false');

describe('team limits', () => {
  it('stops two agents bouncing the same messages, before delivering the repeat', async () => {
    const normal = scripted(send('coder', 'Please fix it.'), send('lead', 'Cannot, please clarify.'), send('coder', 'Please fix it.'), send('lead', 'Cannot, please clarify.'));
    const s = teamScenario(QUIET, { normal });
    const r = await s.team.run('Fix it.');
    expect(r.status).toBe('incomplete');
    expect(r.stopReason).toBe('ping_pong');
    expect(r.result).toMatch(/coder and lead keep sending each other the same messages \(hops 3-4 repeat hops 1-2\); message 4 was not delivered/);
    // three messages were delivered; the fourth (the repeat) never reached lead
    expect(r.route.map((h) => `${h.from}>${h.to}`)).toEqual(['lead>coder', 'coder>lead', 'lead>coder']);
    expect(normal.calls).toHaveLength(4);
    expect(s.transcript().find((x) => x.type === 'team_stopped')).toMatchObject({ reason: 'ping_pong', hop: 4 });
  });

  it('stops at max_messages even when every message is new', async () => {
    const yaml = `${QUIET}max_messages: 3\n`;
    const normal = scripted(send('coder', 'm1'), send('lead', 'm2'), send('coder', 'm3'), send('lead', 'm4'));
    const s = teamScenario(yaml, { normal });
    const r = await s.team.run('Talk.');
    expect(r).toMatchObject({ status: 'incomplete', stopReason: 'max_messages' });
    expect(r.result).toContain('the limit (max_messages: 3)');
    expect(r.route).toHaveLength(3);
  });

  it('lets an interactive user allow the team to go on past the limit', async () => {
    const yaml = `${QUIET}max_messages: 1\n`;
    const questions: string[] = [];
    const normal = scripted(send('coder', 'm1'), send('lead', 'm2'), 'Fine.\n<!!!COMPLETE!!!>', 'Finished.');
    const s = teamScenario(yaml, { normal }, {
      interactive: true,
      ask: async () => '',
      confirm: async (q) => {
        questions.push(q);
        return true;
      },
    });
    const r = await s.team.run('Talk.');
    expect(questions).toHaveLength(1);
    expect(questions[0]).toMatch(/limit \(max_messages: 1\).*Let the agents go on\?/);
    expect(r.route).toHaveLength(2);
    // interactive main agent without auto_complete: the empty answer ends the task
    expect(r.status).toBe('completed');
  });

  it('ends incomplete when a helper never sends its result in a non-interactive run', async () => {
    const normal = scripted(send('coder', 'Work.'), 'thinking', 'still thinking', 'more', 'done?', 'hm');
    const s = teamScenario(QUIET, { normal });
    const r = await s.team.run('Go.');
    expect(r.status).toBe('incomplete');
    expect(r.finalAgent).toBe('coder');
    expect(r.result).toMatch(/stopped without acting/);
  });

  it('fails with the reason when an agent\'s model cannot be set up', async () => {
    const s = teamScenario(TWO_AGENTS, { normal: scripted() }, {
      platforms: () => {
        throw new JarvisError('config', "unknown llm group 'nope': known groups are default");
      },
    });
    const r = await s.team.run('Go.');
    expect(r).toMatchObject({ status: 'failed', error: { code: 'config' } });
    expect(r.result).toContain("unknown llm group 'nope'");
  });

  it('stops with status interrupted when the signal is aborted', async () => {
    const ctrl = new AbortController();
    const normal = scripted(send('coder', 'Work.'), 'never served');
    const s = teamScenario(QUIET, { normal }, { signal: ctrl.signal, onHop: () => ctrl.abort() });
    const r = await s.team.run('Go.');
    expect(r.status).toBe('interrupted');
    expect(normal.calls).toHaveLength(1);
  });

  it('refuses an unknown tool in any agent\'s whitelist before anything runs', () => {
    const yaml = TWO_AGENTS.replace('    system_prompt: You write code.', '    system_prompt: You write code.\n    use_tools: [echo, rm_rf]');
    expect(() => teamScenario(yaml, { normal: scripted() })).toThrow(/team agent coder: use_tools: unknown tool rm_rf/);
  });
});
