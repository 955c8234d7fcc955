import { definitionSwitches, type Agent, type AgentFactory } from '../../agent/index.js';
import { createSendMessageHandler } from './send-message.js';
import type { TeamAgentDefinition, TeamDefinition } from './team-definition.js';
import { helperReminder, teamSystemPrompt } from './team-prompts.js';

/**
 * One agent of a team (docs/multi-agent.md), built by the run's AgentFactory like every other
 * agent (so it gets the configured tools, MCP servers, memory and methodology): its own model
 * group and whitelist, the actions TOOL_CALL, PATCH, REWRITE and SEND_MESSAGE, the team's
 * system prompt, and the completion rule — helpers never complete; the main agent does when
 * told to, and always when nobody can end it by hand.
 */

export interface TeamAgentInput {
  team: TeamDefinition;
  def: TeamAgentDefinition;
  agents: AgentFactory;
  originalQuestion: string;
  /** who last wrote to this agent: where its reminder tells it to reply */
  replyTo: () => string | undefined;
}

export async function createTeamAgent(i: TeamAgentInput): Promise<Agent> {
  const { team, def, agents } = i;
  const isMain = def.name === team.main_agent;
  const interactive = agents.run.interactive;
  const defaults = agents.kit.defaults ?? {};
  const agent = await agents.create({
    name: def.name,
    description: def.description,
    role: teamSystemPrompt(team, def, i.originalQuestion),
    model: { ...(def.llm_group ? { group: def.llm_group } : {}) },
    ...(def.use_tools ? { tools: { use: def.use_tools, source: `team agent ${def.name}: use_tools` } } : {}),
    edits: def.disable_file_edit !== true,
    actions: [createSendMessageHandler({ self: def.name, agents: team.agents.map((a) => ({ name: a.name, description: a.description })) })],
    switches: {
      ...definitionSwitches(def),
      autoComplete: isMain ? (def.auto_complete ?? ((defaults.autoComplete ?? false) || !interactive)) : false,
    },
    // a member's "task" is one message of a conversation: analysing every hop would cost a
    // model call per message and learn from fragments (docs/memory.md, "Task analysis")
    features: { analysis: false },
  });
  if (!isMain) remindIdleHelper(agent, i.replyTo);
  return agent;
}

/**
 * A helper that answers without acting gets a reminder with its next message (the idle
 * re-prompt, or the person's answer): it cannot complete, it has to send its result.
 * `before_addon_prompt` comes before the one-shot addon is taken, so the text goes out now.
 */
function remindIdleHelper(agent: Agent, replyTo: () => string | undefined): void {
  let idle = false;
  agent.events.subscribe('after_model_call', (e) => {
    idle = e.actions.length === 0;
  });
  agent.events.subscribe('before_addon_prompt', () => {
    if (!idle) return;
    idle = false;
    agent.addAddon(helperReminder(agent.name, replyTo()));
  });
}
