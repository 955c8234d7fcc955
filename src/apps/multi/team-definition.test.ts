import { describe, expect, it } from 'vitest';
import { isTeamDocument, parseTeamDefinition } from './team-definition.js';

const OK = `main_agent: dev
agents:
  - name: dev
    system_prompt: You develop.
  - name: reviewer
    description: reviews diffs
    system_prompt: You review.
    clear_after_send_message: true
`;

describe('parseTeamDefinition', () => {
  it('fills the defaults', () => {
    const t = parseTeamDefinition(OK, 't.yaml');
    expect(t.max_messages).toBe(50);
    expect(t.common_system_prompt).toBe('');
    expect(t.agents.map((a) => [a.name, a.summary_on_send, a.clear_after_send_message])).toEqual([
      ['dev', true, false],
      ['reviewer', true, true],
    ]);
  });

  it.each([
    [OK.replace('main_agent: dev', 'main_agent: boss'), /t\.yaml:1: main_agent: no agent is named "boss"; the agents are dev, reviewer/],
    [OK.replace('name: reviewer', 'name: dev'), /t\.yaml:5: agents\.1\.name: duplicate agent name "dev" \(also agents\.0\)/],
    [OK.replace('    clear_after_send_message: true', '    clear_after_send: true'), /t\.yaml:8: agents\.1\.clear_after_send: unknown key; known keys: name, description/],
    [OK.replace('main_agent: dev\n', ''), /main_agent: is required but missing/],
    [OK.replace('    system_prompt: You review.\n', ''), /agents\.1\.system_prompt: is required but missing/],
    [`${OK}max_messages: 0\n`, /max_messages: Too small/],
    [`${OK}    auto_complete: true\n`, /agents\.1\.auto_complete: only the main agent \(dev\) can complete the task/],
    ['main_agent: dev\nagents: [\n', /t\.yaml:\d+:\d+: /],
    [`${OK}mode: fast\n`, /mode: unknown key; known keys: main_agent, common_system_prompt, agents/],
  ])('reports a bad file in one line (%#)', (text, message) => {
    expect(() => parseTeamDefinition(text, 't.yaml')).toThrow(message);
  });

  it('tells a team file from a single-agent definition', () => {
    expect(isTeamDocument({ main_agent: 'x' })).toBe(true);
    expect(isTeamDocument({ agents: [] })).toBe(true);
    expect(isTeamDocument({ name: 'x', system_prompt: 'y' })).toBe(false);
    expect(isTeamDocument(null)).toBe(false);
  });
});
