import type { OutputHandler } from './handlers/handler.js';
import { renderEnvironment, type EnvironmentInfo } from './environment.js';
import { COMPLETION_MARKER } from './protocol/index.js';
import { renderRules, type RuleFile } from './rules.js';

export { loadRules, renderRules, type RuleFile } from './rules.js';

/**
 * What the model is told (docs/agent.md), in our own words: the system prompt
 * (role + each handler's usage + the project's rules), the per-turn addon, the periodic
 * reminder and the summary requests.
 */

export function actionsUsage(handlers: readonly OutputHandler[]): string {
  return handlers.map((h) => `## ${h.name}\n${h.usage()}`).join('\n\n');
}

/** role + where it runs + how to act + rules, in one text. */
export function buildSystemPrompt(role: string, handlers: readonly OutputHandler[], rules: readonly RuleFile[], environment?: EnvironmentInfo): string {
  const parts = [role.trim()];
  if (environment) parts.push(renderEnvironment(environment));
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
