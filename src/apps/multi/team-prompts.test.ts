import { describe, expect, it } from 'vitest';
import { sendMessageUsage } from './send-message.js';
import { parseTeamDefinition } from './team-definition.js';
import { incomingMessage, teamSystemPrompt } from './team-prompts.js';

/** What the model sees, pinned so prompt changes show in review. */

const team = parseTeamDefinition(
  `main_agent: lead
common_system_prompt: Shared rules.
agents:
  - {name: lead, description: plans and answers, system_prompt: You lead.}
  - {name: coder, description: writes code, system_prompt: You code.}
`,
  't.yaml',
);

describe('team prompts', () => {
  it('renders the SEND_MESSAGE usage for an agent', () => {
    expect(sendMessageUsage({ self: 'coder', agents: team.agents })).toMatchSnapshot();
  });

  it('renders the main agent\'s and a helper\'s team prompt', () => {
    const [lead, coder] = team.agents;
    expect(teamSystemPrompt(team, lead!, 'Fix the bug.')).toMatchSnapshot();
    expect(teamSystemPrompt(team, coder!, 'Fix the bug.')).toMatchSnapshot();
  });

  it('leaves the summary section out when there is no summary', () => {
    expect(incomingMessage('lead', '  ', 'Do it.')).toBe('You received a message from lead.\n\n<content>\nDo it.\n</content>');
  });
});
