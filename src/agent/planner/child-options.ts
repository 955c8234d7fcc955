import { ToolRegistry, type Tool } from '../../tools/index.js';
import { SUB_AGENT } from '../sub-agent-tool.js';
import type { AgentOptions } from '../types.js';

/**
 * A child agent's options (spec jarvis-core §14): everything the parent was given (role,
 * models, summary settings, memory, analysis, methodology, plugins, planning limits) except
 * what makes it a child: its own name, no person to ask, completion on the marker, one level
 * deeper. Spreading the parent's options means a setting added later is inherited too.
 */

export const DEFAULT_PLAN_MAX_DEPTH = 2;

export interface ChildSpec {
  name: string;
  /** the parent's: the child's saved outputs and transcript records join the parent's run */
  runDir: string;
  runId: string;
  /** the parent's stop signal (or a tool call's): stopping the parent stops the child */
  signal: AbortSignal;
  /** the parent's registry; the child gets its own registry with the tools active now */
  tools: ToolRegistry;
}

export function childAgentOptions(parent: AgentOptions, spec: ChildSpec): AgentOptions {
  const child: AgentOptions = {
    ...parent,
    name: spec.name,
    description: `helper agent of ${parent.name?.trim() || 'Jarvis'}`,
    tools: activeCopy(spec.tools),
    runDir: spec.runDir,
    runId: spec.runId,
    interactive: false,
    autoComplete: true,
    inMultiAgent: true,
    inputHandlers: [],
    signal: spec.signal,
    planDepth: (parent.planDepth ?? 0) + 1,
  };
  // nobody answers a child; its tool list is already narrowed to the parent's current one
  delete child.ask;
  delete child.confirm;
  delete child.useTools;
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
