/**
 * Points in a run where a manager may do async work that the run waits for (events are
 * synchronous and cannot): asking the model to save memories before the history goes, or
 * reflecting on a finished task. A hook that fails is reported and the run goes on.
 *
 * - `first_run`: before the first model call of a task (after tool filtering)
 * - `after_tool_call`: an action ran (or was refused), before `after_tool_call` is emitted (plugins)
 * - `before_history_clear`: a summary and reset is about to drop the conversation
 * - `before_summary`: the task is completing, before the final summary (the analyzer)
 * - `before_task_completed`: after the final summary, before `task_completed`
 */
export type HookPoint = 'first_run' | 'after_tool_call' | 'before_history_clear' | 'before_summary' | 'before_task_completed';

export interface HookInfo {
  /** set on the completion points: the model ended the task itself (not a person) */
  autoCompleted?: boolean;
  /** `after_tool_call`: the reply that held the action, what goes back to the model, whether run() ends */
  response?: string;
  toolPrompt?: string;
  needReturn?: boolean;
}

export type Hook = (info: HookInfo) => Promise<void> | void;

export class AgentHooks {
  private readonly hooks = new Map<HookPoint, Hook[]>();

  constructor(private readonly onError: (point: HookPoint, error: unknown) => void) {}

  on(point: HookPoint, hook: Hook): void {
    this.hooks.set(point, [...(this.hooks.get(point) ?? []), hook]);
  }

  /** Runs the hooks of `point` in order; the first abort-caused error is the caller's to see. */
  async run(point: HookPoint, info: HookInfo = {}, stop?: AbortSignal): Promise<void> {
    for (const h of this.hooks.get(point) ?? []) {
      try {
        await h(info);
      } catch (e) {
        if (stop?.aborted) throw e;
        this.onError(point, e);
      }
    }
  }
}
