import { act, infoOf } from './act.js';
import type { ParsedReply } from './handlers/handler.js';
import { DEFAULT_SUMMARY_PROMPT, IDLE_REPROMPT, joinPrompts, toolReminder } from './prompt.js';
import { withoutCompletionMarker } from './protocol/index.js';
import type { Runtime } from './runtime.js';
import type { MessageKind } from './session.js';
import { filterTools } from './tool-filter.js';
import type { AgentResult, InputHandler } from './types.js';

/**
 * The run loop (docs/agent.md, "The loop"), one model turn per iteration: reminder,
 * auto-summary, model call, interrupt, action, then continue / complete / ask. The loop alone
 * turns an action's result into the next message.
 */

export type LoopEnd = Omit<AgentResult, 'rounds' | 'tokens' | 'cost' | 'runId'>;

interface LoopState {
  rounds: number;
  sinceReset: number;
  idle: number;
  first: boolean;
  kind: MessageKind;
  label?: string;
  lastReply: string;
}

export interface LoopOptions {
  inputHandlers: readonly InputHandler[];
  /** false after a restored session: no tool filtering on its first turn */
  first: boolean;
}

export async function runLoop(rt: Runtime, opts: LoopOptions): Promise<{ end: LoopEnd; rounds: number }> {
  const { session, settings } = rt.p;
  const st: LoopState = { rounds: 0, sinceReset: 0, idle: 0, first: opts.first, kind: 'task', lastReply: '' };
  const done = (end: LoopEnd) => ({ end, rounds: st.rounds });

  for (;;) {
    if (rt.p.stop.aborted) return done(interrupted());
    st.rounds++;
    // kept on the runtime too, so a run that ends by an exception still reports its rounds
    rt.rounds = st.rounds;
    if (settings.toolReminderRounds > 0 && st.rounds % settings.toolReminderRounds === 0) {
      session.addonPrompt = joinPrompts(session.addonPrompt, toolReminder(rt.p.handlers));
    }
    if (settings.autoSummaryRounds > 0 && st.sinceReset >= settings.autoSummaryRounds) {
      session.addonPrompt = joinPrompts(await rt.summarizeAndReset('rounds'), session.addonPrompt);
      st.sinceReset = 0;
    }
    if (st.first) {
      st.first = false;
      await filterTools(rt);
      await rt.emit('first_turn', {});
    }

    const message = session.prompt;
    session.prompt = '';
    const parsed = await rt.callModel(message, st.kind, st.label);
    const reply = parsed.text;
    st.sinceReset++;
    st.lastReply = reply;
    st.kind = 'user';
    st.label = undefined;
    if (rt.p.stop.aborted) return done(interrupted());

    if (rt.interruptRequested) {
      const r = await handleInterrupt(rt, parsed, opts.inputHandlers);
      if (r === 'complete') return done(await complete(rt, false, st.lastReply));
      if (r === 'stop') return done(interrupted());
      if (r === 'skip') continue;
    }

    // a fresh signal for this turn's action: an interrupt from now on stops it
    rt.newTurn();
    const confirm = rt.p.confirm;
    const outcome = await act(parsed, rt.p.handlers, rt.handlerContext(st.rounds), {
      beforeAction: async (invocation) => {
        const answers = await rt.emit('before_action', { currentResponse: reply, action: infoOf(invocation), args: invocation.args, signal: rt.turnAbort.signal });
        return answers.find((a) => a.deny)?.deny;
      },
      confirm: settings.executeToolConfirm && settings.interactive && confirm ? (q) => confirm(q, true) : undefined,
    });
    let toolPrompt = outcome.result.forModel;
    let end = outcome.result.end;
    if (outcome.attempted) {
      // the subscribers' notes join the result, each seen by the ones after it; one may end the run
      const event = {
        currentResponse: reply,
        ...(outcome.action ? { action: outcome.action } : {}),
        result: outcome.result,
        toolPrompt,
        needReturn: end !== undefined,
        signal: rt.turnAbort.signal,
      };
      await rt.emit('after_action', event, (a) => {
        if (a.note) event.toolPrompt = joinPrompts(event.toolPrompt, a.note);
        if (a.end && !end) end = {};
        event.needReturn = end !== undefined;
      });
      toolPrompt = event.toolPrompt;
    }
    session.prompt = joinPrompts(session.prompt, toolPrompt);
    if (outcome.handler && toolPrompt) {
      st.kind = 'tool_result';
      st.label = outcome.handler;
    }
    if (end) return done({ status: 'completed', result: toolPrompt, ...(end.payload === undefined ? {} : { payload: end.payload }) });

    if (rt.interruptRequested) {
      // interrupted while the action ran: the action is over (or was stopped); hear the person out
      const r = await handleInterrupt(rt, parsed, opts.inputHandlers, true);
      if (r === 'complete') return done(await complete(rt, false, st.lastReply));
      if (r === 'stop') return done(interrupted());
      continue;
    }
    if (rt.p.stop.aborted) return done(interrupted());
    if (outcome.handler && !outcome.refused) st.idle = 0;
    if (session.prompt.trim() !== '' || session.addonPrompt.trim() !== '') continue;

    if (parsed.completed && settings.autoComplete) return done(await complete(rt, true, st.lastReply));

    if (!settings.interactive) {
      st.idle++;
      if (st.idle > settings.maxIdleReprompts) {
        rt.record({ type: 'incomplete', reason: 'no_action', reprompts: settings.maxIdleReprompts });
        return done({
          status: 'incomplete',
          result: `The model stopped without acting or completing the task (re-prompted ${settings.maxIdleReprompts} times). Its last reply: ${withoutCompletionMarker(st.lastReply) || '(empty)'}`,
        });
      }
      session.prompt = IDLE_REPROMPT;
      continue;
    }

    const input = await askForInput(rt, opts.inputHandlers);
    if (input === undefined || rt.p.stop.aborted) return done(interrupted());
    if (input === '') return done(await complete(rt, false, st.lastReply));
    session.prompt = input;
  }
}

/**
 * Asks until there is something for the model: an input command that leaves no text (e.g. a
 * history clear) asks again rather than calling the model with nothing. '' means the person
 * ended the task; undefined that nobody can answer or the run was stopped.
 */
export async function askForInput(rt: Runtime, handlers: readonly InputHandler[]): Promise<string | undefined> {
  for (;;) {
    const answer = await askUser(rt, `${rt.p.settings.name}: your input (an empty line ends the task)`);
    if (answer === undefined || rt.p.stop.aborted) return undefined;
    if (answer.trim() === '') return '';
    const text = await applyInputHandlers(rt, answer, handlers);
    if (text.trim() !== '') return text;
  }
}

function interrupted(): LoopEnd {
  return { status: 'interrupted', result: 'The run was interrupted.' };
}


async function askUser(rt: Runtime, question: string): Promise<string | undefined> {
  if (!rt.p.ask) return undefined;
  try {
    return await rt.p.ask(question);
  } catch {
    // input closed (Ctrl-D, EOF): nobody is there to answer
    return undefined;
  }
}

/** Runs the input chain on what the person typed; the first `needReturn` ends it. */
export async function applyInputHandlers(rt: Runtime, text: string, handlers: readonly InputHandler[]): Promise<string> {
  let current = text;
  for (const h of handlers) {
    const r = await h(current, rt.agentRef);
    current = r.text;
    if (r.needReturn) break;
  }
  return current;
}

type InterruptOutcome = 'complete' | 'stop' | 'skip' | 'continue';

/**
 * Interrupts (docs/agent.md): ask for a note; empty ends the task; with an action in the reply, ask whether to
 * go on with it (no: tell the model it was rejected); otherwise the note is the next message.
 */
async function handleInterrupt(
  rt: Runtime,
  parsed: ParsedReply,
  inputHandlers: readonly InputHandler[],
  actionDone = false,
): Promise<InterruptOutcome> {
  rt.interruptRequested = false;
  if (!rt.p.settings.interactive || !rt.p.ask) return 'stop';
  const note = await askUser(rt, 'Interrupted. A note for the agent (an empty line ends the task):');
  if (note === undefined) return 'stop';
  await rt.emit('interrupt_triggered', { currentResponse: parsed.text, userInput: note });
  rt.record({ type: 'interrupt', note });
  if (note.trim() === '') return 'complete';
  const text = await applyInputHandlers(rt, note, inputHandlers);
  const hasAction = !actionDone && rt.p.handlers.some((h) => h.canHandle(parsed));
  if (hasAction) {
    const go = rt.p.confirm ? await rt.p.confirm('Carry on with the action in the reply?', true).catch(() => false) : false;
    if (go) {
      rt.p.session.prompt = joinPrompts(rt.p.session.prompt, text);
      return 'continue';
    }
    rt.p.session.prompt = joinPrompts(rt.p.session.prompt, text, 'The user stopped the action in your last reply; it was not run. Reconsider.');
    return 'skip';
  }
  rt.p.session.prompt = joinPrompts(rt.p.session.prompt, text);
  return 'skip';
}

/** Completion (docs/agent.md): the summary when wanted, else the model's last words; then TASK_COMPLETED. */
export async function complete(rt: Runtime, autoCompleted: boolean, lastReply: string): Promise<LoopEnd> {
  const { settings, session } = rt.p;
  let result = withoutCompletionMarker(lastReply) || 'Task completed.';
  await rt.emit('before_completion', { autoCompleted });
  if (settings.needSummary) {
    const prompt = settings.summaryPrompt.trim() || DEFAULT_SUMMARY_PROMPT;
    await rt.emit('before_summary', { prompt, autoCompleted, needSummary: true, reason: 'completion' });
    let summary = '';
    // one Ctrl-C skips the summary (the task is done; the summary is a courtesy)
    const call = rt.interruptibleCall();
    try {
      const r = await rt.chat(rt.p.platform, [...session.toChat(), { role: 'user', content: prompt }], undefined, call.signal);
      summary = withoutCompletionMarker(r.text ?? '');
      if (!summary) rt.p.warn('the model returned an empty summary');
    } catch (e) {
      if (rt.p.stop.aborted) return interrupted();
      if (rt.wasInterrupted(e)) {
        rt.interruptRequested = false;
        rt.p.warn('summary skipped');
      } else rt.p.warn(`the final summary failed: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      call.end();
    }
    await rt.emit('after_summary', { summary, reason: 'completion' });
    if (summary) {
      session.add('user', prompt, 'user');
      session.add('assistant', summary, 'assistant');
      result = summary;
    }
  }
  await rt.emit('task_completed', { autoCompleted, needSummary: settings.needSummary });
  return { status: 'completed', result };
}
