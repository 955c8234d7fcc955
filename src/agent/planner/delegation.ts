import { describeError } from '../../util/index.js';
import type { Runtime } from '../runtime.js';
import { createSubAgentTool, SUB_AGENT, type SubAgentOutcome } from '../sub-agent-tool.js';
import type { AgentOptions, AgentPlace, AgentResult } from '../types.js';
import { childAgentOptions, DEFAULT_PLAN_MAX_DEPTH } from './child-options.js';
import { planAndDispatch } from './planner.js';

/**
 * Everything that hands work to child agents: the planner (before the first turn of a task)
 * and the `sub_agent` tool (whenever the model asks). Both stop at `planMaxDepth`, so helpers
 * cannot spawn helpers without end. Children share the parent's transcript: their records
 * sit between `sub_agent_start` and `sub_agent_end`, and their tokens count in the parent's totals.
 */

/** Builds an agent; passed in by the Agent class so this module need not import it. */
export type SpawnAgent = (options: AgentOptions, place: AgentPlace) => { run(task: string): Promise<AgentResult> };

export interface Delegation {
  /** Plans the task in the session prompt when `plan` is on; errors never reach the caller. */
  maybePlan(): Promise<void>;
}

export function setupDelegation(rt: Runtime, options: AgentOptions, depth: number, spawn: SpawnAgent): Delegation {
  const maxDepth = options.planMaxDepth ?? DEFAULT_PLAN_MAX_DEPTH;
  const parentName = rt.p.settings.name;
  let helpers = 0;

  const runChild = async (name: string, task: string, signal: AbortSignal): Promise<SubAgentOutcome> => {
    rt.record({ type: 'sub_agent_start', agent: name, depth: depth + 1, task });
    let res: AgentResult;
    try {
      const child = spawn(childAgentOptions(options, { name, signal, tools: rt.p.tools }), { runDir: rt.p.runDir, runId: rt.p.runId, depth: depth + 1 });
      res = await child.run(task);
    } catch (e) {
      // run() never throws; the constructor may (a bad option): that child fails, not the parent
      rt.record({ type: 'sub_agent_end', agent: name, status: 'failed', error: describeError(e) });
      return { agent: name, status: 'failed', result: `Task failed: ${describeError(e)}` };
    }
    rt.tokens.input += res.tokens.input;
    rt.tokens.output += res.tokens.output;
    rt.cost += res.cost;
    rt.record({ type: 'sub_agent_end', agent: name, status: res.status, rounds: res.rounds, tokens: res.tokens });
    return { agent: name, status: res.status, result: res.result };
  };

  if (options.subAgent && depth < maxDepth) {
    if (rt.p.tools.names().includes(SUB_AGENT)) {
      rt.p.warn(`the tool registry already has a ${SUB_AGENT} tool; give each agent its own registry`);
    } else {
      rt.p.tools.register(
        createSubAgentTool((task, toolSignal) => {
          const signal = toolSignal ? AbortSignal.any([toolSignal, rt.p.stop]) : rt.p.stop;
          return runChild(`${parentName}-sub-${++helpers}`, task, signal);
        }),
      );
      // the tool list is part of the system prompt
      rt.p.session.setSystemPrompt(rt.p.buildSystemPrompt());
    }
  }

  return {
    async maybePlan() {
      if (!options.plan) return;
      await planAndDispatch(rt, { depth, maxDepth, name: parentName, runChild: (name, task) => runChild(name, task, rt.p.stop) });
    },
  };
}
