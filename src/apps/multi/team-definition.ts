import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument } from 'yaml';
import { z } from 'zod';
import { JarvisError } from '../../util/errors.js';

/**
 * A team file for `jarvis agent -c team.yaml` (seed 000 §MultiAgent §7): the main agent, a
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

function lineOf(doc: ReturnType<typeof parseDocument>, lines: LineCounter, path: readonly PropertyKey[]): string {
  const node = path.length > 0 ? (doc.getIn(path as (string | number)[], true) as { range?: [number, number, number] } | undefined) : undefined;
  return node && typeof node === 'object' && node.range ? `:${lines.linePos(node.range[0]).line}` : '';
}

/** Parses and validates a team; every failure is one line naming the file, line and key. */
export function parseTeamDefinition(text: string, file: string): TeamDefinition {
  const lines = new LineCounter();
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true, lineCounter: lines });
  const fail = (where: string, message: string): never => {
    throw new JarvisError('config', `team definition ${file}${where}: ${message}`, { hint: 'see docs/multi-agent.md' });
  };
  const yamlErr = doc.errors[0];
  if (yamlErr) {
    const pos = lines.linePos(yamlErr.pos[0]);
    fail(`:${pos.line}:${pos.col}`, (yamlErr.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, ''));
  }
  const value: unknown = doc.toJS();
  const parsed = teamDefinitionSchema.safeParse(value ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0] as z.core.$ZodIssue;
    let path = issue.path;
    let message = issue.message;
    if (issue.code === 'unrecognized_keys') {
      path = [...issue.path, issue.keys[0] ?? ''];
      const known = Object.keys(path.length > 2 ? teamAgentSchema.shape : teamDefinitionSchema.shape);
      message = `unknown key; known keys: ${known.join(', ')}`;
    } else if (issue.code === 'invalid_type' && valueAt(value, path) === undefined) {
      message = 'is required but missing';
    }
    const key = path.length > 0 ? path.map(String).join('.') : '(top level)';
    fail(lineOf(doc, lines, path), `${key}: ${message}`);
  }
  const team = (parsed as { data: TeamDefinition }).data;
  const seen = new Map<string, number>();
  team.agents.forEach((a, i) => {
    const first = seen.get(a.name);
    if (first !== undefined) fail(lineOf(doc, lines, ['agents', i, 'name']), `agents.${i}.name: duplicate agent name "${a.name}" (also agents.${first})`);
    seen.set(a.name, i);
  });
  if (!seen.has(team.main_agent)) {
    fail(lineOf(doc, lines, ['main_agent']), `main_agent: no agent is named "${team.main_agent}"; the agents are ${[...seen.keys()].join(', ')}`);
  }
  team.agents.forEach((a, i) => {
    if (a.name !== team.main_agent && a.auto_complete === true) {
      fail(lineOf(doc, lines, ['agents', i, 'auto_complete']), `agents.${i}.auto_complete: only the main agent (${team.main_agent}) can complete the task; ${a.name} answers with SEND_MESSAGE`);
    }
  });
  if (team.task !== undefined && team.task.trim() === '') fail(lineOf(doc, lines, ['task']), 'task: is empty');
  return team;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v = root;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

export function loadTeamDefinition(file: string): TeamDefinition {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new JarvisError('usage', `team definition ${file}: cannot read (${code === 'ENOENT' ? 'no such file' : (code ?? String(e))})`);
  }
  return parseTeamDefinition(text, file);
}
