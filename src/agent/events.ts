/**
 * The agent's event bus (spec jarvis-core §9): 15 events, each a `type` literal with a typed
 * payload. Subscribers run synchronously in subscription order; one that throws is reported
 * through `onError` and the others still run, so an app's hook can never break a run.
 */

/** The agent as events see it: enough to identify the run without reaching into internals. */
export interface EventAgent {
  readonly name: string;
  readonly runId: string;
}

export interface AgentEventPayloads {
  task_started: { name: string; description: string; userInput: string };
  before_addon_prompt: { needComplete: boolean; currentMessage: string; hasSessionAddon: boolean };
  after_addon_prompt: { needComplete: boolean; addonText: string; finalMessage: string };
  before_model_call: { message: string };
  /** `actions`: the action blocks in the reply (complete or cut), by tag name, in order */
  after_model_call: { message: string; response: string; actions: string[] };
  before_tool_call: { currentResponse: string };
  after_tool_call: { currentResponse: string; needReturn: boolean; toolPrompt: string };
  before_tool_filter: { task: string; totalTools: number; threshold: number };
  tool_filtered: { task: string; selectedTools: string[]; totalTools: number; threshold: number };
  before_history_clear: Record<never, never>;
  after_history_clear: Record<never, never>;
  /** `reason`: the task completed, or the history is being condensed to free context */
  before_summary: { prompt: string; autoCompleted: boolean; needSummary: boolean; reason: 'completion' | 'context' };
  after_summary: { summary: string; reason: 'completion' | 'context' };
  interrupt_triggered: { currentResponse: string; userInput: string };
  task_completed: { autoCompleted: boolean; needSummary: boolean };
}

export type AgentEventType = keyof AgentEventPayloads;

export const AGENT_EVENT_TYPES: readonly AgentEventType[] = [
  'task_started',
  'before_addon_prompt',
  'after_addon_prompt',
  'before_model_call',
  'after_model_call',
  'before_tool_call',
  'after_tool_call',
  'before_tool_filter',
  'tool_filtered',
  'before_history_clear',
  'after_history_clear',
  'before_summary',
  'after_summary',
  'interrupt_triggered',
  'task_completed',
];

/** What a subscriber receives: the event's `type`, the agent, and the payload fields. */
export type AgentEvent<T extends AgentEventType = AgentEventType> = {
  [K in T]: { type: K; agent: EventAgent } & AgentEventPayloads[K];
}[T];

export type EventCallback<T extends AgentEventType> = (event: AgentEvent<T>) => void;

export interface EventBusOptions {
  /** told about a subscriber that threw; default: ignore */
  onError?: (type: AgentEventType, error: unknown) => void;
}

export class EventBus {
  private readonly subs = new Map<AgentEventType, EventCallback<AgentEventType>[]>();
  private readonly anySubs: EventCallback<AgentEventType>[] = [];
  private readonly onError: (type: AgentEventType, error: unknown) => void;

  constructor(options: EventBusOptions = {}) {
    this.onError = options.onError ?? (() => undefined);
  }

  /** Calls `cb` for every `type` event; returns a function that unsubscribes it. */
  subscribe<T extends AgentEventType>(type: T, cb: EventCallback<T>): () => void {
    const list = this.subs.get(type) ?? [];
    list.push(cb as EventCallback<AgentEventType>);
    this.subs.set(type, list);
    return () => this.unsubscribe(type, cb);
  }

  unsubscribe<T extends AgentEventType>(type: T, cb: EventCallback<T>): void {
    const list = this.subs.get(type);
    if (!list) return;
    const i = list.indexOf(cb as EventCallback<AgentEventType>);
    if (i !== -1) list.splice(i, 1);
  }

  /** Every event, after the type-specific subscribers (the transcript recorder uses it). */
  subscribeAll(cb: EventCallback<AgentEventType>): () => void {
    this.anySubs.push(cb);
    return () => {
      const i = this.anySubs.indexOf(cb);
      if (i !== -1) this.anySubs.splice(i, 1);
    };
  }

  emit<T extends AgentEventType>(event: AgentEvent<T>): void {
    // copies: a subscriber may unsubscribe itself while being called
    const list = [...(this.subs.get(event.type) ?? []), ...this.anySubs];
    for (const cb of list) {
      try {
        cb(event as AgentEvent<AgentEventType>);
      } catch (e) {
        try {
          this.onError(event.type, e);
        } catch {
          // the error reporter itself failed; nothing more can be done without risking the run
        }
      }
    }
  }
}
