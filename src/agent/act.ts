import { describeError } from '../util/index.js';
import type { ActionInfo } from './events.js';
import type { ActionResult, HandlerContext, Invocation, OutputHandler, ParsedReply } from './handlers/handler.js';

/**
 * One action per turn (docs/agent.md, "The path of a reply"): pick the one handler that can
 * act on the reply, let it prepare the action, ask who must agree, run it. Several handlers →
 * the model is told to do one operation per turn; none → nothing to do. Nothing a handler
 * throws escapes: it becomes the result the model reads, so the loop carries on.
 */

export interface ActOutcome {
  /** the reply held action blocks (false: nothing to do, `result` is empty) */
  attempted: boolean;
  /** the one handler that took the reply (undefined when none or several could) */
  handler?: string;
  /** the checked action, when the handler's checks passed */
  action?: ActionInfo;
  result: ActionResult;
  /** the person said no (execute_tool_confirm): nothing ran and the model is told nothing */
  refused?: boolean;
}

export interface ActOptions {
  /** asks the `before_action` subscribers; a reason means the action is denied */
  beforeAction?: (invocation: Invocation) => Promise<string | undefined>;
  /** asked before an action runs; absent means no confirmation */
  confirm?: (question: string) => Promise<boolean>;
}

const NOTHING: ActOutcome = { attempted: false, result: { forModel: '' } };

export async function act(reply: ParsedReply, handlers: readonly OutputHandler[], ctx: HandlerContext, o: ActOptions = {}): Promise<ActOutcome> {
  let matched: OutputHandler[];
  try {
    matched = handlers.filter((h) => h.canHandle(reply));
  } catch (e) {
    const message = `The reply could not be examined: ${describeError(e)}`;
    return { attempted: true, result: { forModel: message, error: { code: 'internal', message } } };
  }
  if (matched.length > 1) {
    const names = matched.map((h) => h.name).join(', ');
    ctx.record({ type: 'action_rejected', reason: 'several_operations', handlers: matched.map((h) => h.name) });
    const message = `Only one operation type per turn: your reply used ${names}. Send one of them now and the next in a later reply, after you have seen the result.`;
    return { attempted: true, result: { forModel: message, error: { code: 'refused', message } } };
  }
  const handler = matched[0];
  if (!handler) return NOTHING;
  const failed = (e: unknown): ActOutcome => {
    ctx.record({ type: 'action_error', handler: handler.name, message: describeError(e) });
    const message = `The ${handler.name} action failed: ${describeError(e)}`;
    return { attempted: true, handler: handler.name, result: { forModel: message, error: { code: 'internal', message } } };
  };

  let invocation: Invocation;
  try {
    const prepared = await handler.prepare(reply, ctx);
    if ('refused' in prepared) return { attempted: true, handler: handler.name, result: prepared.refused };
    invocation = prepared.invocation;
  } catch (e) {
    return failed(e);
  }
  const action = infoOf(invocation);

  const denied = o.beforeAction ? await o.beforeAction(invocation) : undefined;
  if (denied !== undefined) {
    ctx.record({ type: 'action_denied', handler: handler.name, name: action.name, reason: denied });
    const message = `Your ${action.description} was not run: ${denied}`;
    return { attempted: true, handler: handler.name, action, result: { forModel: message, error: { code: 'refused', message } } };
  }
  if (o.confirm) {
    let ok: boolean;
    try {
      ok = await o.confirm(`Run the ${handler.name} action the model asked for: ${action.description}?`);
    } catch {
      // no answer (the input closed): nothing runs without a yes
      ok = false;
    }
    if (!ok) {
      ctx.record({ type: 'action_refused', handler: handler.name, name: action.name });
      return { attempted: true, handler: handler.name, action, result: { forModel: '' }, refused: true };
    }
  }
  try {
    return { attempted: true, handler: handler.name, action, result: await invocation.execute(ctx) };
  } catch (e) {
    return { ...failed(e), action };
  }
}

/** What events and records show of an invocation (no arguments, no function). */
export function infoOf(i: Invocation): ActionInfo {
  return {
    handler: i.handler,
    kind: i.kind,
    name: i.name,
    ...(i.reads ? { reads: i.reads } : {}),
    ...(i.writes ? { writes: i.writes } : {}),
    description: i.description,
  };
}
