import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { OutputHandler } from './handlers/handler.js';
import { COMPLETION_MARKER } from './protocol/index.js';

/**
 * What the model is told (docs/agent.md), in our own words: the system prompt
 * (role + each handler's usage + the project's rules), the per-turn addon, the periodic
 * reminder and the summary requests.
 */

export interface RuleFile {
  /** where it came from, shown in the prompt so the model can cite it */
  source: string;
  text: string;
}

/** One rules file is capped: a huge AGENTS.md must not eat the context. */
const MAX_RULE_CHARS = 20_000;

/**
 * Rules in precedence order, general to specific: `<dataDir>/rules/*.md`, `<root>/.jarvis/rules/*.md`,
 * then `<root>/AGENTS.md`. Files in a directory are taken in name order; unreadable ones are skipped.
 */
export function loadRules(root: string, dataDir: string | undefined): RuleFile[] {
  const out: RuleFile[] = [];
  const dirs = [...(dataDir ? [join(dataDir, 'rules')] : []), join(root, '.jarvis', 'rules')];
  for (const dir of dirs) {
    let names: string[];
    try {
      names = readdirSync(dir).filter((n) => n.endsWith('.md')).sort();
    } catch {
      continue;
    }
    for (const n of names) pushFile(out, join(dir, n));
  }
  pushFile(out, join(root, 'AGENTS.md'));
  return out;
}

function pushFile(out: RuleFile[], path: string): void {
  try {
    if (!existsSync(path) || !statSync(path).isFile()) return;
    let text = readFileSync(path, 'utf8').trim();
    if (!text) return;
    if (text.length > MAX_RULE_CHARS) text = `${text.slice(0, MAX_RULE_CHARS)}\n[… cut: the file is longer than ${MAX_RULE_CHARS} characters]`;
    out.push({ source: path, text });
  } catch {
    // an unreadable rules file is not worth failing a run over
  }
}

export function renderRules(rules: readonly RuleFile[]): string {
  if (rules.length === 0) return '';
  const body = rules.map((r) => `# From ${r.source}\n${r.text}`).join('\n\n');
  return `<rules>\nFollow these project and user rules; where they conflict, the later one wins.\n\n${body}\n</rules>`;
}

export function actionsUsage(handlers: readonly OutputHandler[]): string {
  return handlers.map((h) => `## ${h.name}\n${h.usage()}`).join('\n\n');
}

/** role + how to act + rules, in one text. */
export function buildSystemPrompt(role: string, handlers: readonly OutputHandler[], rules: readonly RuleFile[]): string {
  const parts = [role.trim()];
  if (handlers.length > 0) {
    parts.push(
      [
        '# How to act',
        `You act by writing an action block in your reply. The actions are: ${handlers.map((h) => h.name).join(', ')}.`,
        'Take one action per reply (several PATCH or REWRITE blocks may go together), then stop: its result comes in the next message. Never invent a result.',
        '',
        actionsUsage(handlers),
      ].join('\n'),
    );
  }
  const r = renderRules(rules);
  if (r) parts.push(r);
  return parts.join('\n\n');
}

/** The reminder sent with every turn's message unless a one-shot addon replaces it. */
export function defaultAddon(o: { needComplete: boolean; autoComplete: boolean; actions: readonly string[] }): string {
  const lines = [
    '<system_prompt>',
    '- If the task is done, say so with the reason and take no action.',
    ...(o.needComplete && o.autoComplete ? [`- When the task is completely done, write ${COMPLETION_MARKER} on its own line.`] : []),
    `- Otherwise take exactly one action (${o.actions.join(', ') || 'none available'}) and wait for its result.`,
    '- If something is unclear, ask the user; after 5 failed attempts at the same step, stop and ask.',
    'Please continue.',
    '</system_prompt>',
  ];
  return lines.join('\n');
}

export function toolReminder(handlers: readonly OutputHandler[]): string {
  return `<reminder>\nA reminder of how to act (one action per reply):\n\n${actionsUsage(handlers)}\n</reminder>`;
}

export const DEFAULT_SUMMARY_PROMPT = `The task is finished. Report to the user:
- what was done and the outcome;
- files changed or created;
- anything left undone, and problems you met.
Be brief and factual. Take no action.`;

/** Asks the cheap model to condense a conversation that is about to be dropped. */
export const HISTORY_SUMMARY_PROMPT = `The conversation above will be cleared to free context. Write what is needed to continue the task without it:
- the task and its goal;
- what has been done, with key findings (file paths, function names, commands, error messages);
- what failed and why;
- the next steps.
Write only the summary, no action blocks.`;

export function summaryCarryOver(task: string, summary: string): string {
  return [
    'The conversation was reset to free context. Key information so far:',
    `<content>\n${summary.trim() || '(no summary was produced)'}\n</content>`,
    task ? `The task:\n<task>\n${task}\n</task>` : '',
    'Do not repeat finished steps. Continue from here; ask the user if something essential is missing.',
  ]
    .filter(Boolean)
    .join('\n\n');
}

export const IDLE_REPROMPT = `Your reply took no action and did not signal completion. Either take exactly one action, or, if the task is complete, write ${COMPLETION_MARKER}.`;

/** Joins prompt parts, dropping empty ones. */
export function joinPrompts(...parts: readonly (string | undefined)[]): string {
  return parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').join('\n\n');
}
