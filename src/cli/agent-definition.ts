import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument } from 'yaml';
import { z } from 'zod';
import { JarvisError } from '../util/errors.js';

/**
 * `jarvis agent -c def.yaml`: an agent described in a file (spec jarvis-core §20,
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

function lineOf(doc: ReturnType<typeof parseDocument>, lines: LineCounter, path: readonly PropertyKey[]): string {
  if (path.length === 0) return '';
  // only a value that is there has a line; a missing key's parent line would mislead
  const node = doc.getIn(path as (string | number)[], true) as { range?: [number, number, number] } | undefined;
  return node && typeof node === 'object' && node.range ? `:${lines.linePos(node.range[0]).line}` : '';
}

/** Parses and validates a definition; every failure is one line naming the file and the key. */
export function parseAgentDefinition(text: string, file: string): AgentDefinition {
  const lines = new LineCounter();
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true, lineCounter: lines });
  const yamlErr = doc.errors[0];
  if (yamlErr) {
    const pos = lines.linePos(yamlErr.pos[0]);
    const first = (yamlErr.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
    throw new JarvisError('config', `agent definition ${file}:${pos.line}:${pos.col}: ${first}`);
  }
  const value: unknown = doc.toJS();
  const parsed = agentDefinitionSchema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0] as z.core.$ZodIssue;
  let path = issue.path;
  let message = issue.message;
  if (issue.code === 'unrecognized_keys') {
    path = [...issue.path, issue.keys[0] ?? ''];
    message = `unknown key; known keys: ${Object.keys(agentDefinitionSchema.shape).join(', ')}`;
  }
  if (issue.code === 'invalid_type' && valueAt(value, path) === undefined) message = 'is required but missing';
  const key = path.length > 0 ? path.map(String).join('.') : '(top level)';
  const more = parsed.error.issues.length > 1 ? ` (and ${parsed.error.issues.length - 1} more)` : '';
  throw new JarvisError('config', `agent definition ${file}${lineOf(doc, lines, path)}: ${key}: ${message}${more}`, {
    hint: 'see docs/cli.md, "Agent definitions"',
  });
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v = root;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

export function loadAgentDefinition(file: string): AgentDefinition {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new JarvisError('usage', `agent definition ${file}: cannot read (${code === 'ENOENT' ? 'no such file' : (code ?? String(e))})`);
  }
  return parseAgentDefinition(text, file);
}
