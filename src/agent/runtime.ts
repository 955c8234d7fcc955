import { type ChatMessage, type ChatResult, type Platform, countTokens } from '../llm/index.js';
import type { TranscriptWriter } from '../runs/index.js';
import type { ToolRegistry } from '../tools/index.js';
import { isJarvisError } from '../util/index.js';
import { contextBudget, pruneToolResults } from './context.js';
import { summarizeAndReset, type ResetReason } from './history-reset.js';
import type { AgentEvent, AgentEventPayloads, AgentEventType, EventAnswer, EventBus } from './events.js';
import type { HandlerContext, OutputHandler, ParsedReply } from './handlers/handler.js';
import { defaultAddon, joinPrompts } from './prompt.js';
import { actionNames, ReplyReader, type TagSpec } from './protocol/index.js';
import type { MessageKind, Session } from './session.js';

/**
 * The state one agent run works on, and the model call with the context budget around it
 * (docs/agent.md). The loop (run-loop.ts) decides what to do; this file
 * knows how to talk to the model and keep the conversation within bounds.
 */

export interface RuntimeSettings {
  name: string;
  description: string;
  interactive: boolean;
  autoComplete: boolean;
  executeToolConfirm: boolean;
  maxInputTokens?: number;
  autoSummaryRounds: number;
  toolReminderRounds: number;
  toolFilterThreshold: number;
  needSummary: boolean;
  summaryPrompt: string;
  allowOutsideRoot: boolean;
  toolTimeoutMs: number;
  earlyStop: boolean;
  maxIdleReprompts: number;
  modelSettings?: { maxTokens?: number; temperature?: number };
}

export interface RuntimeParts {
  settings: RuntimeSettings;
  runId: string;
  root: string;
  runDir: string;
  platform: Platform;
  cheapPlatform: Platform;
  tools: ToolRegistry;
  handlers: readonly OutputHandler[];
  session: Session;
  events: EventBus;
  transcript?: TranscriptWriter;
  env: NodeJS.ProcessEnv;
  /** aborted when the run must stop (the caller's signal) */
  stop: AbortSignal;
  ask?: (question: string) => Promise<string>;
  confirm?: (question: string, defaultYes: boolean) => Promise<boolean>;
  warn: (message: string) => void;
  /** rebuilds the system prompt (after tool filtering the tool list changes) */
  buildSystemPrompt: () => string;
}

export class Runtime {
  readonly p: RuntimeParts;
  tokens = { input: 0, output: 0 };
  cost = 0;
  /** set by agent.interrupt(); the stream stops and the interrupt flow runs after the reply */
  interruptRequested = false;
  /** aborted by an interrupt while a tool runs; renewed every turn */
  turnAbort = new AbortController();
  task = '';
  /** main-loop rounds so far in this run (run-loop.ts keeps it current) */
  rounds = 0;
  private readonly tags: TagSpec[];
  private addonCache: { text: string; tokens: number } | undefined;
  private unlinkTurn: (() => void) | undefined;
  private callAbort: AbortController | undefined;
  private readonly stopTags: Set<string>;

  constructor(parts: RuntimeParts) {
    this.p = parts;
    this.tags = parts.handlers.flatMap((h) => [...h.tags]);
    this.stopTags = new Set(parts.handlers.filter((h) => !h.multiBlock).flatMap((h) => h.tags.map((t) => t.name)));
  }

  /** Ctrl-C in an interactive run: stop the reply being streamed, or the action running. */
  requestInterrupt(): void {
    this.interruptRequested = true;
    this.callAbort?.abort();
    this.turnAbort.abort();
  }

  get agentRef(): { name: string; runId: string } {
    return { name: this.p.settings.name, runId: this.p.runId };
  }

  /**
   * Emits an event and waits for its subscribers. The payload object becomes the event, so a
   * caller that changes it in `afterAnswer` (the run loop joining `after_action` notes) changes
   * what later subscribers see.
   */
  emit<T extends AgentEventType>(type: T, payload: AgentEventPayloads[T], afterAnswer?: (answer: EventAnswer<T>) => void): Promise<EventAnswer<T>[]> {
    const event = Object.assign(payload, { type, agent: this.agentRef }) as unknown as AgentEvent<T>;
    return this.p.events.emit(event, afterAnswer ? { afterAnswer } : {});
  }

  record(record: { type: string } & Record<string, unknown>): void {
    try {
      this.p.transcript?.write({ agent: this.p.settings.name, ...record });
    } catch (e) {
      this.p.warn(`transcript: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  get budget(): number | undefined {
    return contextBudget(this.p.settings.maxInputTokens, this.p.platform.contextWindow);
  }

  handlerContext(round: number): HandlerContext {
    return {
      root: this.p.root,
      runDir: this.p.runDir,
      allowOutsideRoot: this.p.settings.allowOutsideRoot,
      interactive: this.p.settings.interactive,
      tools: this.p.tools,
      signal: this.turnAbort.signal,
      toolTimeoutMs: this.p.settings.toolTimeoutMs,
      ask: this.p.settings.interactive ? this.p.ask : undefined,
      env: this.p.env,
      round,
      record: (r) => this.record(r),
    };
  }

  /** One chat call on any platform, counted into the run's totals. */
  async chat(
    platform: Platform,
    messages: ChatMessage[],
    onDelta?: (d: string) => 'stop' | void,
    signal: AbortSignal = this.p.stop,
  ): Promise<ChatResult> {
    // the caller's token cap and temperature go with the agent's own replies, not with summaries
    const m = platform === this.p.platform ? this.p.settings.modelSettings : undefined;
    const r = await platform.chat({
      messages,
      signal,
      ...(onDelta ? { onDelta } : {}),
      ...(m?.maxTokens !== undefined ? { maxTokens: m.maxTokens } : {}),
      ...(m?.temperature !== undefined ? { temperature: m.temperature } : {}),
    });
    this.tokens.input += r.usage.inputTokens;
    this.tokens.output += r.usage.outputTokens;
    this.cost += r.cost;
    return r;
  }

  /**
   * Sends `message` (with the addon) and returns the reply as it was parsed while it streamed,
   * cut after the first stopping block. The message and reply join the session. Budget: prune, then summarise; a
   * provider's "context too long" does the same and retries once.
   */
  async callModel(message: string, kind: MessageKind, label?: string): Promise<ParsedReply> {
    const { session, settings } = this.p;
    const hasSessionAddon = session.addonPrompt.trim() !== '';
    await this.emit('before_addon_prompt', { needComplete: true, currentMessage: message, hasSessionAddon });
    const oneShot = session.addonPrompt;
    session.addonPrompt = '';
    const transient = defaultAddon({ needComplete: true, autoComplete: settings.autoComplete, actions: this.p.handlers.map((h) => h.name) });
    let permanent = joinPrompts(message, oneShot);
    await this.emit('after_addon_prompt', { needComplete: true, addonText: joinPrompts(oneShot, transient), finalMessage: joinPrompts(permanent, transient) });

    permanent = await this.fitBudget(permanent, this.addonTokens(transient) + 8);
    for (let attempt = 0; ; attempt++) {
      const final = joinPrompts(permanent, transient);
      session.add('user', permanent, kind, label);
      await this.emit('before_model_call', { message: final });
      const messages = session.toChat();
      (messages[messages.length - 1] as ChatMessage).content = final;
      let reply: ParsedReply;
      try {
        reply = await this.readReply(this.p.platform, messages, { earlyStop: this.p.settings.earlyStop, interruptible: true });
      } catch (e) {
        session.removeLast();
        if (isJarvisError(e) && e.code === 'llm_context_too_long' && attempt === 0) {
          this.record({ type: 'context_too_long', tokens: session.tokens });
          permanent = joinPrompts(await this.summarizeAndReset('context_too_long'), permanent);
          continue;
        }
        throw e;
      }
      session.add('assistant', reply.text, 'assistant');
      await this.emit('after_model_call', { message: final, response: reply.text, actions: actionNames(reply) });
      return reply;
    }
  }

  /** The default addon is the same text nearly every turn: count it once. */
  private addonTokens(text: string): number {
    if (this.addonCache?.text !== text) this.addonCache = { text, tokens: countTokens(text) };
    return this.addonCache.tokens;
  }

  /**
   * A fresh abort signal for this turn's action: aborted by an interrupt (this turn only) or
   * by the run's stop signal. The previous turn's link to the stop signal is removed.
   */
  newTurn(): void {
    this.unlinkTurn?.();
    const ctrl = new AbortController();
    const onStop = () => ctrl.abort();
    if (this.p.stop.aborted) ctrl.abort();
    else this.p.stop.addEventListener('abort', onStop, { once: true });
    this.unlinkTurn = () => this.p.stop.removeEventListener('abort', onStop);
    this.turnAbort = ctrl;
  }

  /**
   * One model call whose reply is parsed as it streams (the only parse of it): the reader
   * sees every chunk and ends the stream after the first stopping block when `earlyStop`.
   * `interruptible`: an interrupt aborts the call (a model may be silent for a long time before
   * its first token) and the reply is what had streamed so far.
   */
  async readReply(platform: Platform, messages: ChatMessage[], o: { earlyStop: boolean; interruptible?: boolean }): Promise<ParsedReply> {
    const reader = new ReplyReader({ tags: this.tags, ...(o.earlyStop ? { stopAfter: this.stopTags } : {}) });
    const onDelta = (delta: string): 'stop' | void => (this.interruptRequested && o.interruptible ? 'stop' : reader.push(delta));
    if (!o.interruptible) return reader.finish((await this.chat(platform, messages, onDelta)).text ?? '');
    const call = this.interruptibleCall();
    let text: string;
    try {
      const r = await this.chat(platform, messages, onDelta, call.signal);
      text = r.text ?? '';
    } catch (e) {
      if (!this.wasInterrupted(e)) throw e;
      text = reader.text;
    } finally {
      call.end();
    }
    // an interrupted call is empty because it was stopped, not because the model said nothing
    if (text === '' && !this.interruptRequested) this.p.warn(`${platform.name}: the model returned an empty reply`);
    return reader.finish(text);
  }

  /**
   * The abort signal of one model call: aborted by an interrupt (Ctrl-C in an interactive run)
   * or by the run's stop. `end()` unlinks it from the stop signal, which lives for the whole run.
   */
  interruptibleCall(): { signal: AbortSignal; end(): void } {
    const call = new AbortController();
    const onStop = () => call.abort();
    if (this.p.stop.aborted) call.abort();
    else this.p.stop.addEventListener('abort', onStop, { once: true });
    this.callAbort = call;
    return {
      signal: call.signal,
      end: () => {
        if (this.callAbort === call) this.callAbort = undefined;
        this.p.stop.removeEventListener('abort', onStop);
      },
    };
  }

  /** Whether `e` ended a call because the person interrupted it (not because the run stopped). */
  wasInterrupted(e: unknown): boolean {
    return this.interruptRequested && !this.p.stop.aborted && isJarvisError(e) && e.code === 'llm_aborted';
  }

  /** Makes room for a message of `extra` tokens: stubs first, then a summary and reset. */
  private async fitBudget(message: string, extra: number): Promise<string> {
    const budget = this.budget;
    if (budget === undefined) return message;
    const need = () => this.p.session.tokens + countTokens(message) + 4 + extra;
    if (need() <= budget) return message;
    const pruned = pruneToolResults(this.p.session);
    if (pruned > 0) this.record({ type: 'context_pruned', stubs: pruned, tokens: this.p.session.tokens, budget });
    if (need() <= budget) return message;
    return joinPrompts(await this.summarizeAndReset('budget'), message);
  }

  /** Summarise, clear, re-apply the system prompt; returns the carry-over (history-reset.ts). */
  summarizeAndReset(reason: ResetReason): Promise<string> {
    return summarizeAndReset(this, reason);
  }
}
