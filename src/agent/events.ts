import type { ToolResult } from '../tools/index.js';

/**
 * The agent's event stream (docs/agent.md, "Events"): every point of a run where the core,
 * an app or a plugin may watch or step in, as a `type` literal with a typed payload. The run
 * awaits each event: subscribers run in subscription order and may be async (git, a build, a
 * question to the person all finish before the run goes on). Two events take answers:
 * `before_action` (`{ deny }` refuses the action) and `after_action` (`{ note }` joins the
 * result the model reads next, `{ end: true }` ends the run with it). A subscriber that throws
 * is reported through `onError` and the others still run, unless the run is being stopped.
 */

/** The agent as events see it: enough to identify the run without reaching into internals. */
export interface EventAgent {
  readonly name: string;
  readonly runId: string;
}

/** What an action is: a tool call, an edit, a message to another agent, a final answer. */
export type ActionKind = 'tool' | 'edit' | 'message' | 'answer';

/**
 * A checked action, before it runs: what `before_action` subscribers and the person asked to
 * confirm it see. Paths are as the model named them, relative to the root when inside it.
 */
export interface ActionInfo {
  /** the output handler: `TOOL_CALL`, `PATCH`, `REWRITE`, `SEND_MESSAGE`, … */
  handler: string;
  kind: ActionKind;
  /** the tool for a tool call, else the handler's name */
  name: string;
  /** files or directories it reads; undefined when the tool does not say */
  reads?: readonly string[];
  /** files it writes (`.` for anywhere under the root); undefined when the tool does not say */
  writes?: readonly string[];
  /** one line for a person, e.g. `read_code (reads src/main.c)` */
  description: string;
}

export interface AgentEventPayloads {
  task_started: { name: string; description: string; userInput: string };
  /** before the first model call of a task, after tool filtering: memory and methodology prompts join here */
  first_turn: Record<never, never>;
  before_addon_prompt: { needComplete: boolean; currentMessage: string; hasSessionAddon: boolean };
  after_addon_prompt: { needComplete: boolean; addonText: string; finalMessage: string };
  before_model_call: { message: string };
  /** `actions`: the action blocks in the reply (complete or cut), by tag name, in order */
  after_model_call: { message: string; response: string; actions: string[] };
  /**
   * An action was checked and is about to run; `args` are its validated arguments. `signal`
   * (here and in `after_action`) aborts when the person interrupts or the run stops: long work
   * in a subscriber should follow it.
   */
  before_action: { currentResponse: string; action: ActionInfo; args: unknown; signal: AbortSignal };
  /**
   * An action ran, or was refused (`action` is undefined when it never got past the checks).
   * `result` is what the handler returned (`forUser` and `data` included); `toolPrompt` is what
   * the model reads next, with the notes of the subscribers before this one.
   */
  after_action: { currentResponse: string; action?: ActionInfo; result: ToolResult; toolPrompt: string; needReturn: boolean; signal: AbortSignal };
  before_tool_filter: { task: string; totalTools: number; threshold: number };
  tool_filtered: { task: string; selectedTools: string[]; totalTools: number; threshold: number };
  before_history_clear: Record<never, never>;
  after_history_clear: Record<never, never>;
  /** `reason`: the task completed, or the history is being condensed to free context */
  before_summary: { prompt: string; autoCompleted: boolean; needSummary: boolean; reason: 'completion' | 'context' };
  after_summary: { summary: string; reason: 'completion' | 'context' };
  interrupt_triggered: { currentResponse: string; userInput: string };
  /** the task is completing, before the final summary (the task analyzer runs here) */
  before_completion: { autoCompleted: boolean };
  task_completed: { autoCompleted: boolean; needSummary: boolean };
}

/** What a subscriber of these events may answer; other events take no answer. */
export interface AgentEventAnswers {
  before_action: { deny: string };
  after_action: { note?: string; end?: boolean };
}

export type AgentEventType = keyof AgentEventPayloads;

export const AGENT_EVENT_TYPES: readonly AgentEventType[] = [
  'task_started',
  'first_turn',
  'before_addon_prompt',
  'after_addon_prompt',
  'before_model_call',
  'after_model_call',
  'before_action',
  'after_action',
  'before_tool_filter',
  'tool_filtered',
  'before_history_clear',
  'after_history_clear',
  'before_summary',
  'after_summary',
  'interrupt_triggered',
  'before_completion',
  'task_completed',
];

/** What a subscriber receives: the event's `type`, the agent, and the payload fields. */
export type AgentEvent<T extends AgentEventType = AgentEventType> = {
  [K in T]: { type: K; agent: EventAgent } & AgentEventPayloads[K];
}[T];

export type EventAnswer<T extends AgentEventType> = T extends keyof AgentEventAnswers ? AgentEventAnswers[T] : never;

/**
 * A subscriber. It may be async (a promise it returns is awaited); for `before_action` and
 * `after_action` it may answer.
 */
export type EventCallback<T extends AgentEventType> = T extends keyof AgentEventAnswers
  ? (event: AgentEvent<T>) => EventAnswer<T> | void | undefined | Promise<EventAnswer<T> | void | undefined>
  : (event: AgentEvent<T>) => void;

export interface SubscribeOptions {
  /**
   * Runs after the subscribers that may answer, and its answer is ignored: for plugins and
   * displays that want to see an action's result with every note already joined.
   */
  observer?: boolean;
  /**
   * Also follows the helper agents this agent starts (planned sub-tasks, `sub_agent`): their
   * actions are this agent's work too (jca commits what a helper changes).
   */
  inherit?: boolean;
}

export interface EventBusOptions {
  /** told about a subscriber that threw; default: ignore */
  onError?: (type: AgentEventType, error: unknown) => void;
  /** while this says true (the run is being stopped), a subscriber's error ends the emit */
  stopping?: () => boolean;
}

type AnyCallback = (event: AgentEvent) => unknown;

export class EventBus {
  private readonly subs = new Map<AgentEventType, AnyCallback[]>();
  private readonly observers = new Map<AgentEventType, AnyCallback[]>();
  private readonly anySubs: AnyCallback[] = [];
  private readonly inherited: { type: AgentEventType; cb: AnyCallback; options: SubscribeOptions }[] = [];
  private readonly onError: (type: AgentEventType, error: unknown) => void;
  private readonly stopping: () => boolean;

  constructor(options: EventBusOptions = {}) {
    this.onError = options.onError ?? (() => undefined);
    this.stopping = options.stopping ?? (() => false);
  }

  /** Calls `cb` for every `type` event; returns a function that unsubscribes it. */
  subscribe<T extends AgentEventType>(type: T, cb: EventCallback<T>, options: SubscribeOptions = {}): () => void {
    const table = options.observer ? this.observers : this.subs;
    const list = table.get(type) ?? [];
    list.push(cb as AnyCallback);
    table.set(type, list);
    if (options.inherit) this.inherited.push({ type, cb: cb as AnyCallback, options });
    return () => {
      const k = this.inherited.findIndex((s) => s.cb === (cb as AnyCallback));
      if (k !== -1) this.inherited.splice(k, 1);
      for (const t of [this.subs, this.observers]) {
        const l = t.get(type);
        const i = l?.indexOf(cb as AnyCallback) ?? -1;
        if (l && i !== -1) l.splice(i, 1);
      }
    };
  }

  /** Gives `child` (a helper agent's bus) this bus's inherited subscriptions. */
  passOn(child: EventBus): void {
    // the callbacks were typed for their own event when subscribed; the cast only erases that
    for (const s of this.inherited) child.subscribe(s.type as 'task_started', s.cb as EventCallback<'task_started'>, s.options);
  }

  /** Every event, after the type-specific subscribers (the transcript recorder uses it). */
  subscribeAll(cb: (event: AgentEvent) => void | Promise<void>): () => void {
    this.anySubs.push(cb);
    return () => {
      const i = this.anySubs.indexOf(cb);
      if (i !== -1) this.anySubs.splice(i, 1);
    };
  }

  /**
   * Runs every subscriber of the event in order, awaiting the async ones, and returns the
   * answers given. `afterAnswer` sees each answer before the next subscriber runs: the run
   * loop joins `after_action` notes into the event's `toolPrompt` there, so later subscribers
   * (and the transcript) see them.
   */
  async emit<T extends AgentEventType>(event: AgentEvent<T>, hooks: { afterAnswer?: (answer: EventAnswer<T>) => void } = {}): Promise<EventAnswer<T>[]> {
    const answers: EventAnswer<T>[] = [];
    // copies: a subscriber may unsubscribe itself while being called
    for (const cb of [...(this.subs.get(event.type) ?? [])]) {
      const answer = await this.call(event as AgentEvent, cb);
      if (answer !== undefined && answer !== null) {
        answers.push(answer as EventAnswer<T>);
        hooks.afterAnswer?.(answer as EventAnswer<T>);
      }
    }
    for (const cb of [...(this.observers.get(event.type) ?? []), ...this.anySubs]) await this.call(event as AgentEvent, cb);
    return answers;
  }

  private async call(event: AgentEvent, cb: AnyCallback): Promise<unknown> {
    try {
      const r = cb(event);
      // only a promise is awaited: a run emits ~15 events a turn, most to synchronous subscribers
      return r instanceof Promise ? await r : r;
    } catch (e) {
      if (this.stopping()) throw e;
      try {
        this.onError(event.type, e);
      } catch {
        // the error reporter itself failed; nothing more can be done without risking the run
      }
      return undefined;
    }
  }
}
