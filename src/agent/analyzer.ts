import { describeError } from '../util/index.js';
import type { Runtime } from './runtime.js';
import { sideTalk } from './side-talk.js';

/**
 * The task analyzer (docs/memory.md, "Task analysis"): once per task, when it completes, the model looks
 * back at what happened and keeps what would help next time, through whatever tools are
 * active (save_memory, a methodology tool). When a person ended the task, they are asked
 * whether they were satisfied first, and their answer goes into the analysis. Failures only
 * warn: the task's own result never depends on its analysis.
 */

/** Tool calls the analysis may make before it is cut off. */
export const ANALYSIS_MAX_TURNS = 6;

export function analysisPrompt(feedback: string | undefined, tools: readonly string[]): string {
  const lines = [
    'The task is finished. Before the final report, look back at how it went:',
    '- What worked, what was wasted effort, and why?',
    '- Is there knowledge worth keeping for similar tasks: facts about this project, a procedure that worked, a pitfall to avoid?',
  ];
  if (feedback) lines.push('', `The user's feedback on the result:\n<feedback>\n${feedback}\n</feedback>`);
  lines.push(
    '',
    tools.length > 0
      ? `If something is worth keeping, save it with one of these tools, one call per reply: ${tools.join(', ')}. Save only what is verified and reusable; avoid duplicates of what is already saved.`
      : 'No tool for saving is available; just state your conclusions briefly.',
    'When there is nothing (more) to save, reply with a one-paragraph analysis and take no action.',
  );
  return lines.join('\n');
}

/** Tools that keep knowledge: the ones the analysis is pointed at. */
function savingTools(names: readonly string[]): string[] {
  return names.filter((n) => n === 'save_memory' || /methodolog/.test(n));
}

export function attachAnalyzer(rt: Runtime): void {
  let done = false;
  rt.p.events.subscribe('task_started', () => {
    done = false;
  });
  rt.p.events.subscribe('before_completion', async ({ autoCompleted }) => {
    if (done) return;
    done = true;
    const feedback = await satisfaction(rt, autoCompleted === true);
    try {
      const saving = savingTools(rt.p.tools.names());
      const r = await sideTalk(rt, {
        prompt: analysisPrompt(feedback, saving),
        tools: [...saving, ...rt.p.tools.names().filter((n) => n === 'retrieve_memory')],
        maxTurns: ANALYSIS_MAX_TURNS,
        label: 'analysis_tool_call',
      });
      rt.record({ type: 'task_analysis', feedback: feedback ?? null, tools_run: r.toolsRun, replies: r.replies });
    } catch (e) {
      if (rt.p.stop.aborted) throw e;
      rt.p.warn(`task analysis failed: ${describeError(e)}`);
      rt.record({ type: 'task_analysis', feedback: feedback ?? null, error: describeError(e) });
    }
  });
}

/** Only a person who ended the task themselves is asked; undefined: no complaint. */
async function satisfaction(rt: Runtime, autoCompleted: boolean): Promise<string | undefined> {
  const { settings, confirm, ask } = rt.p;
  if (!settings.interactive || autoCompleted || !confirm) return undefined;
  const happy = await confirm('Are you satisfied with the result?', true).catch(() => true);
  if (happy) return undefined;
  if (!ask) return 'The user was not satisfied with the result.';
  const details = (await ask('What was wrong or missing? (an empty line skips)').catch(() => '')).trim();
  return details ? `The user was not satisfied: ${details}` : 'The user was not satisfied with the result.';
}
