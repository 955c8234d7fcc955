import { readFileSync } from 'node:fs';
import { parseDocument } from 'yaml';
import { z } from 'zod';
import { JarvisError } from '../../util/index.js';
import { describeIssue, parseYamlDefinition, readDefinitionFile } from '../../util/config/index.js';

/**
 * A team file for `jarvis agent -c team.yaml` (docs/multi-agent.md): the main agent, a
 * prompt shared by all, and the agents with their roles, tools, model groups and switches.
 * Keys are snake_case like the config; unknown keys are errors so a typo is caught.
 */

export const DEFAULT_MAX_MESSAGES = 50;

export const teamAgentSchema = z.strictObject({
  name: z.string().trim().min(1).describe('the name other agents send to (case-sensitive)'),
  description: z.string().default('').describe('one line on what the agent does: other agents see it'),
  system_prompt: z.string().min(1).describe('the role of this agent'),
  use_tools: z.array(z.string().min(1)).optional().describe('tool whitelist; default all built-in tools'),
  llm_group: z.string().min(1).optional().describe('llm group from the config; default the run\'s group'),
  summary_on_send: z.boolean().default(true).describe('a cheap-model summary of the sender\'s work goes with each message it sends'),
  clear_after_send_message: z.boolean().default(false).describe('drop this agent\'s history after each message it sends'),
  auto_complete: z.boolean().optional().describe('main agent only: finish on the completion marker (default: when non-interactive)'),
  execute_tool_confirm: z.boolean().optional(),
  need_summary: z.boolean().optional().describe('main agent: a final summary when the task completes'),
  summary_prompt: z.string().optional(),
  auto_summary_rounds: z.number().int().positive().optional(),
  tool_reminder_rounds: z.number().int().positive().optional(),
  max_input_tokens: z.number().int().positive().optional(),
  disable_file_edit: z.boolean().optional().describe('no PATCH/REWRITE for this agent'),
  allow_outside_root: z.boolean().optional(),
  early_stop: z.boolean().optional().describe('stop generation after the first complete action block (default true)'),
});

export const teamDefinitionSchema = z.strictObject({
  main_agent: z.string().trim().min(1).describe('the agent that gets the task and gives the final answer'),
  common_system_prompt: z.string().default('').describe('put first in every agent\'s system prompt'),
  agents: z.array(teamAgentSchema).min(1),
  max_messages: z.number().int().positive().default(DEFAULT_MAX_MESSAGES).describe('messages routed before the run stops'),
  task: z.string().optional().describe('task to run when -T is not given'),
  non_interactive: z.boolean().optional().describe('never ask the user'),
});

export type TeamAgentDefinition = z.infer<typeof teamAgentSchema>;
export type TeamDefinition = z.infer<typeof teamDefinitionSchema>;

/** A file is a team (not a single agent) when it has `main_agent` or `agents` at the top. */
export function isTeamDocument(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && ('main_agent' in value || 'agents' in value);
}

export function isTeamFile(file: string): boolean {
  try {
    const doc = parseDocument(readFileSync(file, 'utf8'));
    return doc.errors.length === 0 && isTeamDocument(doc.toJS());
  } catch {
    return false;
  }
}

/** Parses and validates a team; every failure is one line naming the file, line and key. */
export function parseTeamDefinition(text: string, file: string): TeamDefinition {
  const fail = (where: string, message: string): never => {
    throw new JarvisError('config', `team definition ${file}${where}: ${message}`, { hint: 'see docs/multi-agent.md' });
  };
  const doc = parseYamlDefinition(text, fail);
  const lineOf = doc.lineOf;
  const parsed = teamDefinitionSchema.safeParse(doc.value ?? {});
  if (!parsed.success) {
    const issue = describeIssue(parsed.error.issues[0] as z.core.$ZodIssue, doc.value, (path) =>
      Object.keys(path.length > 2 ? teamAgentSchema.shape : teamDefinitionSchema.shape),
    );
    fail(lineOf(issue.path), issue.text);
  }
  const team = (parsed as { data: TeamDefinition }).data;
  const seen = new Map<string, number>();
  team.agents.forEach((a, i) => {
    const first = seen.get(a.name);
    if (first !== undefined) fail(lineOf(['agents', i, 'name']), `agents.${i}.name: duplicate agent name "${a.name}" (also agents.${first})`);
    seen.set(a.name, i);
  });
  if (!seen.has(team.main_agent)) {
    fail(lineOf(['main_agent']), `main_agent: no agent is named "${team.main_agent}"; the agents are ${[...seen.keys()].join(', ')}`);
  }
  team.agents.forEach((a, i) => {
    if (a.name !== team.main_agent && a.auto_complete === true) {
      fail(lineOf(['agents', i, 'auto_complete']), `agents.${i}.auto_complete: only the main agent (${team.main_agent}) can complete the task; ${a.name} answers with SEND_MESSAGE`);
    }
  });
  if (team.task !== undefined && team.task.trim() === '') fail(lineOf(['task']), 'task: is empty');
  return team;
}

export function loadTeamDefinition(file: string): TeamDefinition {
  return parseTeamDefinition(readDefinitionFile('team definition', file), file);
}
