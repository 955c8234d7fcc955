import { z } from 'zod';
import { defineTool, toolError, type Tool } from '../tools/index.js';
import type { AgentStatus } from './types.js';

/**
 * `sub_agent`: the model hands one self-contained task to a fresh helper agent with the same
 * role and tools (docs/planner.md). The helper's conversation stays out of the caller's
 * context; only its result comes back, which is the point: a long search or a side job does
 * not fill the caller's history.
 */

export const SUB_AGENT = 'sub_agent';

export interface SubAgentOutcome {
  agent: string;
  status: AgentStatus;
  result: string;
}

export type RunSubAgent = (task: string, signal: AbortSignal | undefined) => Promise<SubAgentOutcome>;

const params = z.object({
  task: z.string().min(1).describe('the whole task for the helper: it does not see your conversation'),
  context: z.string().optional().describe('facts the helper needs: paths, findings so far, constraints'),
});

export function createSubAgentTool(run: RunSubAgent): Tool<typeof params> {
  return defineTool({
    name: SUB_AGENT,
    description:
      'Delegates one self-contained task to a helper agent with your role and tools, and returns its final report. ' +
      'The helper does not see this conversation: put everything it needs into task and context. ' +
      'Use it for a separable job whose details you do not need to keep (a broad search, a side investigation).',
    params,
    async run(args, ctx) {
      const task = args.context?.trim() ? `${args.task}\n\n<CONTEXT>\n${args.context.trim()}\n</CONTEXT>` : args.task;
      const out = await run(task, ctx.signal);
      const text = `<SUB_AGENT_RESULT agent="${out.agent}" status="${out.status}">\n${out.result.trim() || '(empty)'}\n</SUB_AGENT_RESULT>`;
      const data = { agent: out.agent, status: out.status };
      if (out.status === 'completed') return { forModel: text, data };
      if (out.status === 'interrupted') return toolError('aborted', text, data);
      return toolError('failed', text, data);
    },
  });
}
