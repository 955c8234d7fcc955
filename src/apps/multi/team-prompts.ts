import { joinPrompts } from '../../agent/index.js';
import type { TeamAgentDefinition, TeamDefinition } from './team-definition.js';

/**
 * What the agents of a team are told (docs/multi-agent.md, in our own words): the common
 * prompt first, then the agent's role, then who is on the team; a helper also gets the user's
 * original question so every agent works toward the same goal.
 */

export function teamSystemPrompt(team: TeamDefinition, agent: TeamAgentDefinition, originalQuestion: string): string {
  const isMain = agent.name === team.main_agent;
  const roster = team.agents.map((a) => `- ${a.name}${a.name === agent.name ? ' (you)' : ''}${a.name === team.main_agent ? ' [main]' : ''}${a.description ? `: ${a.description}` : ''}`);
  const duty = isMain
    ? [
        'You are the main agent: the user\'s task comes to you and your final answer goes back to the user.',
        'Hand parts of the work to the agent best suited for them with SEND_MESSAGE, one message per reply; the reply comes back to you as a message.',
        'When the whole task is done, give the final answer yourself.',
      ]
    : [
        'You are a helper in this team, not the main agent: you cannot end the task, and a plain reply reaches nobody.',
        'Do the work you are asked to do with your own actions; when your part is done, or you are stuck, send the result with SEND_MESSAGE to the agent that asked you (or to whoever should act next).',
      ];
  const team_ = [`# Your team`, `You are ${agent.name}. The agents of this team:`, ...roster, '', ...duty].join('\n');
  const question = isMain ? '' : `# The user's original question\nThe whole team works toward this:\n<original_question>\n${originalQuestion.trim()}\n</original_question>`;
  return joinPrompts(team.common_system_prompt, agent.system_prompt, team_, question);
}

/** The message a receiver gets: who sent it, the summary of the sender's work, the content. */
export function incomingMessage(from: string, summary: string, content: string): string {
  return joinPrompts(
    `You received a message from ${from}.`,
    summary.trim() ? `<summary_of_sender_work>\n${summary.trim()}\n</summary_of_sender_work>` : '',
    `<content>\n${content.trim()}\n</content>`,
  );
}

export const HANDOFF_SUMMARY_PROMPT = `You are about to hand work to another agent. Write a short hand-off summary of your work so far for it:
- what you did and found (file paths, functions, commands, results);
- decisions you made and why;
- what is still open.
At most 15 lines of plain text. No action blocks; do not repeat the message itself.`;

export function handoffRequest(from: string, to: string, content: string): string {
  return `${HANDOFF_SUMMARY_PROMPT}\n\nYou (${from}) are sending this to ${to}:\n<content>\n${content.trim()}\n</content>`;
}

/** Joined to a helper's next message after a reply in which it took no action. */
export function helperReminder(self: string, replyTo: string | undefined): string {
  const target = replyTo ? `to ${replyTo}, who asked you` : 'to the agent that should act next';
  return `<team_reminder>\nYou are ${self}, a helper: a reply without an action reaches nobody and the completion marker does nothing for you. Take your next action, or send your result with SEND_MESSAGE ${target}.\n</team_reminder>`;
}

/** Joined to a sender's next message after its history was cleared (clear_after_send_message). */
export function afterClearNote(to: string, content: string): string {
  return `Your history was cleared after you sent a message to ${to}. What you sent:\n<content>\n${content.trim()}\n</content>`;
}

/** First non-empty line, for progress and the route. */
export function firstLine(text: string, max = 100): string {
  const line = text.split('\n').find((l) => l.trim() !== '')?.trim() ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
