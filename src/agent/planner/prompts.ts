/**
 * What the planner says to the model (docs/planner.md), in our own words: the planning
 * request, the retry when the plan is too long, a child's task, the request for a summary of
 * the results, and what goes back to the parent.
 */

/** Plans longer than this are retried once, then dropped (docs/planner.md). */
export const MAX_SUBTASKS = 4;

export function planRequest(task: string): string {
  return [
    'You decide whether a task should be split into sub-tasks, each done in turn by a separate helper agent with the same tools.',
    'Split only when the task has clearly separate stages whose results feed each other; a task one agent can do in a few steps needs no plan.',
    '',
    'If no split is needed, reply with exactly:',
    '<DONT_NEED/>',
    '',
    `Otherwise reply with a YAML list of 2 to ${MAX_SUBTASKS} sub-tasks inside <PLAN> tags. Each item is one self-contained instruction that names the files, commands and results it concerns, because the helper sees only the original task, its own item and the results of earlier items:`,
    '<PLAN>',
    '- Find where the configuration file is parsed and list its functions',
    '- Add a check for the missing key in that parser and run the tests',
    '</PLAN>',
    '',
    '<task>',
    task,
    '</task>',
  ].join('\n');
}

export function planRetryRequest(count: number): string {
  return `That plan has ${count} sub-tasks; at most ${MAX_SUBTASKS} are allowed. Merge related steps and answer again with a <PLAN> of at most ${MAX_SUBTASKS} items, or <DONT_NEED/>.`;
}

export interface SubTaskOutcome {
  index: number;
  task: string;
  agent: string;
  status: 'completed' | 'incomplete' | 'failed' | 'interrupted';
  result: string;
}

export function renderOutcome(o: SubTaskOutcome): string {
  return `<SUB_TASK_RESULT index="${o.index}" agent="${o.agent}" status="${o.status}">\ntask: ${o.task}\nresult:\n${o.result.trim() || '(empty)'}\n</SUB_TASK_RESULT>`;
}

export function renderResults(outcomes: readonly SubTaskOutcome[]): string {
  return `<SUB_TASK_RESULTS>\n${outcomes.map(renderOutcome).join('\n')}\n</SUB_TASK_RESULTS>`;
}

export function renderPlan(tasks: readonly string[]): string {
  return `<PLAN>\n${tasks.map((t) => `- ${JSON.stringify(t)}`).join('\n')}\n</PLAN>`;
}

/** The message a child agent starts from: the whole task for context, earlier results, then its part. */
export function childTask(original: string, task: string, index: number, total: number, earlier: readonly SubTaskOutcome[]): string {
  const parts = [
    `You are helper agent ${index} of ${total}, working on one part of a larger task that was split into sub-tasks.`,
    `<ORIGINAL_TASK>\n${original}\n</ORIGINAL_TASK>`,
  ];
  if (earlier.length > 0) parts.push(`Results of the sub-tasks before yours:\n${renderResults(earlier)}`);
  parts.push(
    `<SUB_TASK>\n${task}\n</SUB_TASK>`,
    'Do only your sub-task: the other parts are done by other helpers. When it is done, say what you did and what you found, with the details the next helpers need (paths, names, values).',
  );
  return parts.join('\n\n');
}

export function summaryRequest(original: string, outcomes: readonly SubTaskOutcome[]): string {
  return [
    'Helper agents worked through the sub-tasks of the task below. Summarise their results for the agent that will finish the task: what was done, what was found, what failed or is still missing.',
    `<ORIGINAL_TASK>\n${original}\n</ORIGINAL_TASK>`,
    renderResults(outcomes),
    'Reply with the summary inside <RESULT_SUMMARY></RESULT_SUMMARY> tags.',
  ].join('\n\n');
}

/** What the parent continues from: its task, the plan, the results and their summary. */
export function parentPrompt(original: string, tasks: readonly string[], outcomes: readonly SubTaskOutcome[], summary: string): string {
  return [
    original,
    `The task was split into sub-tasks, and helper agents have run them in order:\n${renderPlan(tasks)}`,
    renderResults(outcomes),
    ...(summary ? [`<RESULT_SUMMARY>\n${summary}\n</RESULT_SUMMARY>`] : []),
    'Integrate these results and produce the final output of the original task. Check what the helpers report instead of redoing their work, and finish whatever failed or is missing.',
  ].join('\n\n');
}

/** The tag's body when the model used it, else the whole reply. */
export function extractSummary(reply: string): string {
  const m = /<RESULT_SUMMARY>([\s\S]*?)(?:<\/RESULT_SUMMARY>|$)/i.exec(reply);
  return (m ? (m[1] ?? '') : reply).trim();
}
