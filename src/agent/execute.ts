import { describeError } from '../util/errors.js';
import type { HandlerContext, OutputHandler, ParsedReply } from './handlers/handler.js';

/** The outcome of `executeToolCall`: what to tell the model next and whether `run()` ends. */
export interface ExecuteOutcome {
  needReturn: boolean;
  prompt: string;
  /** the handler that acted, if one did */
  handler?: string;
  payload?: unknown;
  /** the person refused the action (execute_tool_confirm) */
  refused?: boolean;
}

export interface ExecuteOptions {
  /** asked before an action runs; absent means no confirmation */
  confirm?: (question: string) => Promise<boolean>;
}

/**
 * spec jarvis-core §5: pick the one handler that can act on the reply. Several → tell the model
 * to do one operation per turn; none → nothing to do; a refusal → nothing ran. Nothing a
 * handler throws escapes: it becomes the next message, so the loop carries on.
 */
export async function executeToolCall(
  reply: ParsedReply,
  handlers: readonly OutputHandler[],
  ctx: HandlerContext,
  options: ExecuteOptions = {},
): Promise<ExecuteOutcome> {
  let matched: OutputHandler[];
  try {
    matched = handlers.filter((h) => h.canHandle(reply));
  } catch (e) {
    return { needReturn: false, prompt: `The reply could not be examined: ${describeError(e)}` };
  }
  if (matched.length > 1) {
    const names = matched.map((h) => h.name).join(', ');
    ctx.record({ type: 'action_rejected', reason: 'several_operations', handlers: matched.map((h) => h.name) });
    return {
      needReturn: false,
      prompt: `Only one operation type per turn: your reply used ${names}. Send one of them now and the next in a later reply, after you have seen the result.`,
    };
  }
  const handler = matched[0];
  if (!handler) return { needReturn: false, prompt: '' };
  if (options.confirm) {
    let ok: boolean;
    try {
      ok = await options.confirm(`Run the ${handler.name} action the model asked for?`);
    } catch {
      // no answer (the input closed): nothing runs without a yes
      ok = false;
    }
    if (!ok) {
      ctx.record({ type: 'action_refused', handler: handler.name });
      return { needReturn: false, prompt: '', handler: handler.name, refused: true };
    }
  }
  try {
    const r = await handler.handle(reply, ctx);
    return { needReturn: r.needReturn, prompt: r.prompt, handler: handler.name, ...(r.payload === undefined ? {} : { payload: r.payload }) };
  } catch (e) {
    ctx.record({ type: 'action_error', handler: handler.name, message: describeError(e) });
    return { needReturn: false, prompt: `The ${handler.name} action failed: ${describeError(e)}`, handler: handler.name };
  }
}
