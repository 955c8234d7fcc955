import type { ToolRegistry } from '../../tools/index.js';
import type { ParsedReply, TagSpec } from '../protocol/index.js';

export { blocksNamed, type ParsedReply } from '../protocol/index.js';

/**
 * Output handlers turn a model reply into an action (spec jarvis-core §5): TOOL_CALL, PATCH,
 * REWRITE, and whatever an app adds (MultiAgent's SEND_MESSAGE). The run loop parses a reply
 * once; handlers look at the parsed blocks, never at raw text with their own regexes.
 */

/** Everything a handler may touch; injected by the agent, narrow on purpose. */
export interface HandlerContext {
  /** working root (real path); edits and tool paths resolve from here */
  root: string;
  /** `.jarvis/runs/<id>/`: saved outputs and patches go here */
  runDir: string;
  allowOutsideRoot: boolean;
  interactive: boolean;
  tools: ToolRegistry;
  /** aborted when the run is interrupted or stopped */
  signal: AbortSignal;
  /** a tool call running longer than this is stopped and reported to the model as a timeout */
  toolTimeoutMs: number;
  ask?: (question: string) => Promise<string>;
  env: NodeJS.ProcessEnv;
  /** per-task scratch space shared by handlers and apps (`files`, `__last_executed_tool__`, …) */
  userData: Record<string, unknown>;
  /** the loop's round number, for file names and records */
  round: number;
  /** appends a record to the transcript (no-op without one) */
  record: (record: { type: string } & Record<string, unknown>) => void;
}

export interface HandlerResult {
  /** end `run()` now, returning `payload` (SEND_MESSAGE hands control to another agent) */
  needReturn: boolean;
  /** the next message to the model (the tool result, the edit report, an error with usage help) */
  prompt: string;
  payload?: unknown;
}

export interface OutputHandler {
  /** "TOOL_CALL", "PATCH", "REWRITE": named in prompts and in the one-operation-per-turn message */
  readonly name: string;
  /** the tags the reply parser must know for this handler */
  readonly tags: readonly TagSpec[];
  /**
   * Several blocks per reply are normal (PATCH, REWRITE), so generation goes on after the first
   * one; for the others the stream stops at the first complete block (one action per turn).
   */
  readonly multiBlock?: boolean;
  canHandle(reply: ParsedReply): boolean;
  /** how to use this handler, written for the model; part of the system prompt */
  usage(): string;
  handle(reply: ParsedReply, ctx: HandlerContext): Promise<HandlerResult>;
}
