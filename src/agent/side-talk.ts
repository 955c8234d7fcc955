import type { ChatMessage, Platform } from '../llm/index.js';
import { ToolRegistry, type Tool } from '../tools/index.js';
import { act } from './act.js';
import type { OutputHandler } from './handlers/handler.js';
import { createToolCallHandler } from './handlers/tool-call.js';
import type { Runtime } from './runtime.js';

/**
 * A side conversation on top of the task's history that does not join it: the memory
 * force-save and the task analysis ask the model something with the whole task in view, run
 * the tool calls it answers with, and leave the session as it was, so the final summary and
 * later turns see only the task. Only TOOL_CALL is acted on, and only for the tools named in
 * `tools` (saving knowledge): no file edits or scripts run here, so nothing bypasses the
 * confirmation the main loop asks for.
 */

export interface SideTalkOptions {
  /** what the model is asked */
  prompt: string;
  /** model replies at most (each may run one tool) */
  maxTurns: number;
  /** the tools the model may call here (those not active in the agent are left out) */
  tools: readonly string[];
  /** names the records in the transcript, e.g. `memory_force_save` */
  label: string;
  /** the model asked (default the agent's own) */
  platform?: Platform;
  /** asked before these tools run (a yes/no for the person); no answer runs nothing */
  confirm?: { tools: readonly string[]; ask: (question: string) => Promise<boolean> };
}

export interface SideTalkResult {
  /** tool names run, in order */
  toolsRun: string[];
  replies: number;
}

export async function sideTalk(rt: Runtime, o: SideTalkOptions): Promise<SideTalkResult> {
  const allowed = o.tools.map((n) => rt.p.tools.get(n)).filter((t): t is Tool => t !== undefined);
  const registry = new ToolRegistry(allowed);
  const handler: OutputHandler = createToolCallHandler(registry);
  const messages: ChatMessage[] = [...rt.p.session.toChat(), { role: 'user', content: o.prompt }];
  const toolsRun: string[] = [];
  let replies = 0;
  for (let turn = 0; turn < o.maxTurns; turn++) {
    // the whole reply counts here, as the side talk has never stopped a stream early
    const parsed = await rt.readReply(o.platform ?? rt.p.platform, messages, { earlyStop: false });
    replies++;
    messages.push({ role: 'assistant', content: parsed.text });
    // a reply without an action ends the talk: the model has nothing (more) to save
    if (!handler.canHandle(parsed)) break;
    const c = o.confirm;
    const outcome = await act(parsed, [handler], { ...rt.handlerContext(0), tools: registry }, {
      // a proposal the person turns down is not kept; the model is told so and may propose something else
      ...(c
        ? {
            beforeAction: async (i) => {
              if (!c.tools.includes(i.name)) return undefined;
              const yes = await c.ask(`Keep what the task analysis proposes? ${i.description}`).catch(() => false);
              return yes ? undefined : 'the user declined it';
            },
          }
        : {}),
    });
    // the tool that ran: a call refused before it ran (unknown tool, bad arguments) ran nothing
    const ran = outcome.action?.name;
    if (ran !== undefined) toolsRun.push(ran);
    rt.record({ type: o.label, tool: ran ?? null });
    messages.push({ role: 'user', content: outcome.result.forModel || 'The action produced no output.' });
  }
  return { toolsRun, replies };
}
