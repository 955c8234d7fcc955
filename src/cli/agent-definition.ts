import { z } from 'zod';
import { JarvisError } from '../util/index.js';
import { describeIssue, parseYamlDefinition, readDefinitionFile } from '../util/config/index.js';

/**
 * `jarvis agent -c def.yaml`: an agent described in a file (docs/cli.md,
 * jarvis-agent). Keys are snake_case like the config file; unknown keys are errors so a typo
 * (`use_tool:`) is caught instead of silently ignored.
 */

export const agentDefinitionSchema = z
  .strictObject({
    name: z.string().min(1).describe('agent name: shown at the prompt, names the saved session'),
    description: z.string().default('').describe('one line on what the agent is for'),
    system_prompt: z.string().min(1).describe('the role: what the agent does and how'),
    use_tools: z.array(z.string().min(1)).optional().describe('tool whitelist; default all built-in tools'),
    llm_group: z.string().min(1).optional().describe('llm group from the config; -g overrides it'),
    task: z.string().optional().describe('task to run when -T is not given'),
    auto_complete: z.boolean().optional().describe('finish when the model says it is done'),
    execute_tool_confirm: z.boolean().optional().describe('ask before each action'),
    need_summary: z.boolean().optional().describe('ask the model for a summary at the end'),
    summary_prompt: z.string().optional().describe('what the final summary should contain'),
    auto_summary_rounds: z.number().int().positive().optional().describe('summarise and reset after this many rounds'),
    tool_reminder_rounds: z.number().int().positive().optional(),
    max_input_tokens: z.number().int().positive().optional(),
    non_interactive: z.boolean().optional().describe('never ask the user'),
    disable_file_edit: z.boolean().optional().describe('no PATCH/REWRITE: the agent edits nothing directly'),
    allow_outside_root: z.boolean().optional().describe('let edits and tools touch paths outside the working directory'),
    plan: z.boolean().optional().describe('default true: the agent is told to write a short plan before its first action'),
  });

export type AgentDefinition = z.infer<typeof agentDefinitionSchema>;

/** Parses and validates a definition; every failure is one line naming the file and the key. */
export function parseAgentDefinition(text: string, file: string): AgentDefinition {
  const doc = parseYamlDefinition(text, (where, message) => {
    throw new JarvisError('config', `agent definition ${file}${where}: ${message}`);
  });
  const parsed = agentDefinitionSchema.safeParse(doc.value ?? {});
  if (parsed.success) return parsed.data;
  const issue = describeIssue(parsed.error.issues[0] as z.core.$ZodIssue, doc.value, () => Object.keys(agentDefinitionSchema.shape));
  const more = parsed.error.issues.length > 1 ? ` (and ${parsed.error.issues.length - 1} more)` : '';
  throw new JarvisError('config', `agent definition ${file}${doc.lineOf(issue.path)}: ${issue.text}${more}`, {
    hint: 'see docs/cli.md, "Agent definitions"',
  });
}

export function loadAgentDefinition(file: string): AgentDefinition {
  return parseAgentDefinition(readDefinitionFile('agent definition', file), file);
}
