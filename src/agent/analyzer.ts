import { describeError } from '../util/index.js';
import type { Runtime } from './runtime.js';
import { sideTalk } from './side-talk.js';

/**
 * The task analyzer (docs/memory.md, "Task analysis"): once per task, when it completes, the cheap
 * model looks back at what happened and keeps what would help next time, through whatever tools
 * are active (save_memory, save_methodology for a procedure that will recur, save_tool for a
 * tool that was missing). Tasks of a few words are skipped. When a person ended the task, they are asked
 * whether they were satisfied first, and their answer goes into the analysis. Failures only
 * warn: the task's own result never depends on its analysis.
 */

/** Tool calls the analysis may make before it is cut off. */
export const ANALYSIS_MAX_TURNS = 6;

/** Tasks of fewer words ("hi", "list the files") teach nothing worth a model call. */
export const ANALYSIS_MIN_WORDS = 4;

/** Proposals that change what later runs do: a person in the run is asked before they are kept. */
const PROPOSALS = ['save_methodology', 'save_tool'];

export function analysisPrompt(feedback: string | undefined, tools: readonly string[]): string {
  const lines = [
    'The task is finished. Before the final report, look back at how it went:',
    '- What worked, what was wasted effort, and why?',
    '- Is there knowledge worth keeping for similar tasks: facts about this project, a procedure that worked, a pitfall to avoid?',
  ];
  if (feedback) lines.push('', `The user's feedback on the result:\n<feedback>\n${feedback}\n</feedback>`);
  if (tools.some((t) => /methodolog/.test(t))) {
    lines.push(
      '- Did the task follow a procedure that will come back (the same steps for a kind of problem)? Then propose it as a methodology: the steps, the checks and the pitfalls, general enough to reuse.',
    );
  }
  if (tools.includes('save_tool')) {
    lines.push(
      '- Was a tool missing, so that you had to do by hand (long scripts, repeated commands) what one call could do? Then write that tool as a module with save_tool; keep it small, with no top-level side effects.',
    );
  }
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
  return names.filter((n) => n === 'save_memory' || n === 'save_tool' || /methodolog/.test(n));
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => /\w/.test(w)).length;
}

export function attachAnalyzer(rt: Runtime): void {
  let done = false;
  rt.p.events.subscribe('task_started', () => {
    done = false;
  });
  rt.p.events.subscribe('before_completion', async ({ autoCompleted }) => {
    if (done) return;
    done = true;
    if (wordCount(rt.task) < ANALYSIS_MIN_WORDS) {
      rt.record({ type: 'task_analysis', skipped: 'short task' });
      return;
    }
    const feedback = await satisfaction(rt, autoCompleted === true);
    try {
      const saving = savingTools(rt.p.tools.names());
      const { interactive } = rt.p.settings;
      const confirm = rt.p.confirm;
      const r = await sideTalk(rt, {
        prompt: analysisPrompt(feedback, saving),
        tools: [...saving, ...rt.p.tools.names().filter((n) => n === 'retrieve_memory')],
        maxTurns: ANALYSIS_MAX_TURNS,
        label: 'analysis_tool_call',
        // the cheap model: reflecting on a finished task does not need the strong one
        platform: rt.p.cheapPlatform,
        ...(interactive && confirm ? { confirm: { tools: PROPOSALS, ask: (q: string) => confirm(q, true) } } : {}),
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
