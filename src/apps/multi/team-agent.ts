import { Agent, createPatchHandler, createRewriteHandler, createToolCallHandler, type OutputHandler } from '../../agent/index.js';
import { ToolRegistry } from '../../tools/index.js';
import { createSendMessageHandler } from './send-message.js';
import type { TeamAgentDefinition, TeamDefinition } from './team-definition.js';
import { helperReminder, teamSystemPrompt } from './team-prompts.js';
import type { TeamOptions, TeamPlatforms } from './team.js';

/**
 * One agent of a team (seed 000 §MultiAgent §4): the output handlers TOOL_CALL, PATCH, REWRITE
 * and SEND_MESSAGE, `inMultiAgent`, the team's system prompt, and the completion rule — helpers
 * never complete; the main agent does when told to, and always when nobody can end it by hand.
 */

export interface TeamAgentInput {
  team: TeamDefinition;
  def: TeamAgentDefinition;
  platforms: TeamPlatforms;
  originalQuestion: string;
  options: TeamOptions;
  /** who last wrote to this agent: where its reminder tells it to reply */
  replyTo: () => string | undefined;
}

export function createTeamAgent(i: TeamAgentInput): Agent {
  const { team, def, options: o } = i;
  const isMain = def.name === team.main_agent;
  const tools = o.tools ? o.tools() : new ToolRegistry();
  if (def.use_tools) tools.use(def.use_tools);
  const handlers: OutputHandler[] = [
    createToolCallHandler(tools),
    ...(def.disable_file_edit ? [] : [createPatchHandler(), createRewriteHandler()]),
    createSendMessageHandler({ self: def.name, agents: team.agents.map((a) => ({ name: a.name, description: a.description })) }),
  ];
  const d = o.defaults ?? {};
  const agent = new Agent({
    ...d,
    name: def.name,
    description: def.description,
    systemPrompt: teamSystemPrompt(team, def, i.originalQuestion),
    platform: i.platforms.normal,
    ...(i.platforms.cheap ? { cheapPlatform: i.platforms.cheap } : {}),
    tools,
    handlers,
    root: o.root,
    ...(o.transcript ? { transcript: o.transcript } : {}),
    interactive: o.interactive,
    inMultiAgent: true,
    autoComplete: isMain ? (def.auto_complete ?? ((d.autoComplete ?? false) || !o.interactive)) : false,
    executeToolConfirm: def.execute_tool_confirm ?? d.executeToolConfirm,
    needSummary: def.need_summary ?? d.needSummary,
    ...(def.summary_prompt ? { summaryPrompt: def.summary_prompt } : {}),
    autoSummaryRounds: def.auto_summary_rounds ?? d.autoSummaryRounds,
    toolReminderRounds: def.tool_reminder_rounds ?? d.toolReminderRounds,
    maxInputTokens: def.max_input_tokens ?? d.maxInputTokens,
    allowOutsideRoot: def.allow_outside_root,
    earlyStop: def.early_stop,
    ...(o.interactive ? { ask: o.ask, confirm: o.confirm } : {}),
    ...(o.inputHandlers ? { inputHandlers: o.inputHandlers } : {}),
    ...(o.signal ? { signal: o.signal } : {}),
    ...(o.secretEnvNames ? { secretEnvNames: o.secretEnvNames } : {}),
    ...(o.rulesDataDir !== undefined ? { rulesDataDir: o.rulesDataDir } : {}),
    ...(o.warn ? { warn: o.warn } : {}),
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
