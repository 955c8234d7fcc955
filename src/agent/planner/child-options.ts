import { ToolRegistry, type Tool } from '../../tools/index.js';
import { SUB_AGENT } from '../sub-agent-tool.js';
import { createToolCallHandler, TOOL_CALL } from '../handlers/tool-call.js';
import type { AgentOptions } from '../types.js';

/**
 * A child agent's options (docs/planner.md): everything the parent was given (role, models,
 * summary settings, memory, analysis, methodology, plugins, planning limits) except what makes
 * it a child: its own name and tools, no person to ask, completion on the marker. Where it
 * works (the parent's run, one level deeper) is its AgentPlace. Spreading the parent's
 * options means a setting added later is inherited too.
 */

export const DEFAULT_PLAN_MAX_DEPTH = 2;

export interface ChildSpec {
  name: string;
  /** the parent's stop signal (or a tool call's): stopping the parent stops the child */
  signal: AbortSignal;
  /** the parent's registry; the child gets its own registry with the tools active now */
  tools: ToolRegistry;
}

export function childAgentOptions(parent: AgentOptions, spec: ChildSpec): AgentOptions {
  const tools = activeCopy(spec.tools);
  const child: AgentOptions = {
    ...parent,
    name: spec.name,
    description: `helper agent of ${parent.name?.trim() || 'Jarvis'}`,
    tools,
    // the parent's actions (its edit format, a team's SEND_MESSAGE), with TOOL_CALL listing the child's own tools
    ...(parent.actions ? { actions: parent.actions.map((a) => (a.name === TOOL_CALL ? createToolCallHandler(tools) : a)) } : {}),
    interactive: false,
    autoComplete: true,
    inputHandlers: [],
    signal: spec.signal,
  };
  // nobody answers a child
  delete child.ask;
  delete child.confirm;
  return child;
}

/**
 * A registry of the currently active tools. A copy, so a child's tool filtering cannot narrow
 * the parent's tools, and without `sub_agent`, which is bound to the parent: the child gets
 * its own when its depth allows.
 */
function activeCopy(tools: ToolRegistry): ToolRegistry {
  return new ToolRegistry(tools.names().filter((n) => n !== SUB_AGENT).map((n) => tools.get(n) as Tool));
}
