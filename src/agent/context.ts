import type { ChatMessage } from '../llm/index.js';
import type { Session } from './session.js';

/**
 * Keeping the conversation inside the budget (docs/agent.md, "Context budget"), cheapest step first:
 * old tool results become one-line stubs (the newest few stay whole, the model is likely
 * still using them); only if that is not enough is the history summarised and reset.
 */

export const KEEP_RECENT_TOOL_RESULTS = 6;

/** Share of the context window a request may fill when no `max_input_tokens` is set. */
export const DEFAULT_BUDGET_SHARE = 0.8;

export function contextBudget(maxInputTokens: number | undefined, contextWindow: number | undefined): number | undefined {
  if (maxInputTokens !== undefined && maxInputTokens > 0) return maxInputTokens;
  if (contextWindow !== undefined && contextWindow > 0) return Math.floor(contextWindow * DEFAULT_BUDGET_SHARE);
  return undefined;
}

function stubFor(label: string | undefined, tokens: number): string {
  const what = label ? `the ${label} result` : 'this result';
  return `[${what} (${tokens} tokens) was removed to save context; run the action again if you still need it]`;
}

/**
 * Replaces every tool result but the newest `keep` by a stub. Returns how many were replaced;
 * repeated calls replace nothing more, so it is safe to run before every turn.
 */
export function pruneToolResults(session: Session, keep = KEEP_RECENT_TOOL_RESULTS): number {
  const idx: number[] = [];
  session.messages.forEach((m, i) => {
    if (m.kind === 'tool_result') idx.push(i);
  });
  const old = idx.slice(0, Math.max(0, idx.length - keep));
  for (const i of old) {
    const m = session.messages[i];
    if (m) session.replace(i, stubFor(m.label, m.tokens), 'stub');
  }
  return old.length;
}

/**
 * The history as one text for the summariser, newest part kept when it is longer than
 * `maxChars` (the summariser's own context is limited too).
 */
export function renderHistory(messages: readonly ChatMessage[], maxChars: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i] as ChatMessage;
    if (m.role === 'system') continue;
    const piece = `[${m.role}]\n${m.content}`;
    if (size + piece.length > maxChars) {
      const room = maxChars - size;
      if (room > 200) parts.push(`[${m.role}, start cut]\n…${m.content.slice(m.content.length - room + 40)}`);
      parts.push('[earlier messages omitted]');
      break;
    }
    parts.push(piece);
    size += piece.length + 2;
  }
  return parts.reverse().join('\n\n');
}
