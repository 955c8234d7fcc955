import { renderHistory } from './context.js';
import { HISTORY_SUMMARY_PROMPT, summaryCarryOver } from './prompt.js';
import type { Runtime } from './runtime.js';

export type ResetReason = 'budget' | 'rounds' | 'context_too_long' | 'requested';

/**
 * Summarises the history with the cheap model, clears it, re-applies the system prompt, and
 * returns the carry-over text for the next message (docs/agent.md, "Context budget").
 */
export async function summarizeAndReset(rt: Runtime, reason: ResetReason): Promise<string> {
  const { session } = rt.p;
  const before = session.tokens;
  // memory's force-save subscribes here: the model still sees the whole history
  await rt.emit('before_summary', { prompt: HISTORY_SUMMARY_PROMPT, autoCompleted: false, needSummary: true, reason: 'context' });
  const window = rt.p.cheapPlatform.contextWindow ?? rt.p.platform.contextWindow;
  // ~3 characters per token leaves room for the request's own words and the reply
  const maxChars = window ? Math.max(4000, Math.floor(window * 0.6 * 3)) : 200_000;
  let summary = '';
  try {
    const r = await rt.chat(rt.p.cheapPlatform, [
      { role: 'system', content: 'You condense the conversation of a software agent so it can continue after a reset.' },
      { role: 'user', content: `${renderHistory(session.toChat(), maxChars)}\n\n---\n${HISTORY_SUMMARY_PROMPT}` },
    ]);
    summary = r.text ?? '';
  } catch (e) {
    if (rt.p.stop.aborted) throw e;
    // without a summary the reset still has to happen, or the next call fails the same way
    rt.p.warn(`history summary failed: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!summary.trim()) rt.p.warn('the history summary is empty; continuing with the task text only');
  await rt.emit('after_summary', { summary, reason: 'context' });
  const pending = session.prompt;
  const userData = session.userData;
  await rt.emit('before_history_clear', {});
  session.clearHistory();
  session.setSystemPrompt(rt.p.buildSystemPrompt());
  session.userData = userData;
  session.prompt = pending;
  await rt.emit('after_history_clear', {});
  rt.record({ type: 'context_reset', reason, tokens_before: before, tokens_after: session.tokens });
  return summaryCarryOver(rt.task, summary);
}
