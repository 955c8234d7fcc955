import type { ChatMessage } from '../../llm/index.js';
import { JarvisError, describeError } from '../../util/index.js';
import type { Runtime } from '../runtime.js';
import type { SubAgentOutcome } from '../sub-agent-tool.js';
import { parsePlanReply } from './plan-reply.js';
import {
  childTask,
  extractSummary,
  MAX_SUBTASKS,
  parentPrompt,
  planRequest,
  planRetryRequest,
  summaryRequest,
  type SubTaskOutcome,
} from './prompts.js';

/**
 * The task planner (docs/planner.md): before the first turn, the model may split the task
 * into at most four sub-tasks; child agents run them in order, each seeing the original task
 * and the earlier results; the results and a summary become the parent's first message.
 * Planning is an optimisation: when it fails, the task runs as it would have without it.
 */

export interface PlanOptions {
  depth: number;
  maxDepth: number;
  /** name prefix of the children: `<name>-child-<i>` */
  name: string;
  runChild: (name: string, task: string) => Promise<SubAgentOutcome>;
}

const PLANNER_ROLE = 'You plan work for software agents. You answer only in the format you are asked for.';

/** Plans and runs the sub-tasks; true when the parent's prompt now holds their results. */
export async function planAndDispatch(rt: Runtime, o: PlanOptions): Promise<boolean> {
  const original = rt.p.session.prompt;
  if (original.trim() === '') return false;
  if (o.depth >= o.maxDepth) {
    rt.record({ type: 'plan_skipped', reason: 'depth', depth: o.depth, max_depth: o.maxDepth });
    return false;
  }
  let tasks: string[] | undefined;
  try {
    tasks = await askForPlan(rt, original, o.depth);
  } catch (e) {
    if (rt.p.stop.aborted) throw e;
    rt.p.warn(`planning failed, running the task unplanned: ${describeError(e)}`);
    rt.record({ type: 'plan_skipped', reason: 'error', depth: o.depth, message: describeError(e) });
    return false;
  }
  if (!tasks) return false;

  const outcomes: SubTaskOutcome[] = [];
  for (const [i, task] of tasks.entries()) {
    if (rt.p.stop.aborted) throw new JarvisError('llm_aborted', 'the run was stopped');
    const name = `${o.name}-child-${i + 1}`;
    const r = await o.runChild(name, childTask(original, task, i + 1, tasks.length, outcomes));
    if (r.status === 'interrupted' && rt.p.stop.aborted) throw new JarvisError('llm_aborted', 'the run was stopped');
    // a failed child is recorded and the rest go on: later ones may not need its part
    outcomes.push({ index: i + 1, task, agent: r.agent, status: r.status, result: r.result });
  }

  let summary = '';
  try {
    const r = await rt.chat(rt.p.cheapPlatform, [
      { role: 'system', content: PLANNER_ROLE },
      { role: 'user', content: summaryRequest(original, outcomes) },
    ]);
    summary = extractSummary(r.text ?? '');
  } catch (e) {
    if (rt.p.stop.aborted) throw e;
    rt.p.warn(`the summary of the sub-task results failed: ${describeError(e)}`);
  }
  rt.p.session.prompt = parentPrompt(original, tasks, outcomes, summary);
  rt.record({
    type: 'plan_done',
    depth: o.depth,
    completed: outcomes.filter((x) => x.status === 'completed').length,
    failed: outcomes.filter((x) => x.status !== 'completed').map((x) => x.index),
    summary: summary !== '',
  });
  return true;
}

/** The sub-tasks, or undefined for "no plan" (not needed, unreadable, or too long twice). */
async function askForPlan(rt: Runtime, task: string, depth: number): Promise<string[] | undefined> {
  const messages: ChatMessage[] = [
    { role: 'system', content: PLANNER_ROLE },
    { role: 'user', content: planRequest(task) },
  ];
  for (let attempt = 1; attempt <= 2; attempt++) {
    const r = await rt.chat(rt.p.platform, messages);
    const reply = r.text ?? '';
    const parsed = parsePlanReply(reply);
    if (parsed.kind === 'dont_need') {
      rt.record({ type: 'plan_skipped', reason: 'not_needed', depth });
      return undefined;
    }
    if (parsed.kind === 'invalid') {
      rt.record({ type: 'plan_skipped', reason: 'invalid', depth, message: parsed.reason });
      return undefined;
    }
    if (parsed.tasks.length <= MAX_SUBTASKS) {
      if (parsed.tasks.length < 2) {
        // one sub-task is the task itself handed to a helper: no gain, only cost
        rt.record({ type: 'plan_skipped', reason: 'single_task', depth });
        return undefined;
      }
      rt.record({ type: 'plan', depth, attempt, tasks: parsed.tasks });
      return parsed.tasks;
    }
    rt.record({ type: 'plan_too_long', depth, attempt, count: parsed.tasks.length });
    messages.push({ role: 'assistant', content: reply }, { role: 'user', content: planRetryRequest(parsed.tasks.length) });
  }
  rt.record({ type: 'plan_skipped', reason: 'too_many_subtasks', depth });
  return undefined;
}
