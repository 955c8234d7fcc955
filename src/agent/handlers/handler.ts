import type { ToolErrorCode, ToolRegistry, ToolResult } from '../../tools/index.js';
import type { ActionInfo } from '../events.js';
import type { ParsedReply, TagSpec } from '../protocol/index.js';

export { blocksNamed, type ParsedReply } from '../protocol/index.js';

/**
 * Output handlers turn a model reply into an action (docs/agent.md, "The path of a reply"):
 * TOOL_CALL, PATCH, REWRITE, and whatever an app adds (a team's SEND_MESSAGE, an answer
 * block). Each works in two steps. `prepare` reads the parsed reply and checks it: the result
 * is an invocation (what runs, with which validated arguments, touching which paths) or a
 * refusal the model reads. `execute` runs the invocation and returns the result shape tools
 * use. Only the run loop turns a result into the next message.
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
  /** the loop's round number, for file names and records */
  round: number;
  /** appends a record to the transcript (no-op without one) */
  record: (record: { type: string } & Record<string, unknown>) => void;
}

/** A tool result, and whether the run ends with it. */
export interface ActionResult extends ToolResult {
  /** end `run()` now, returning `payload` (SEND_MESSAGE hands control to another agent; an answer) */
  end?: { payload?: unknown };
}

/** A checked action, ready to run. */
export interface Invocation extends ActionInfo {
  /** the arguments after validation (a tool's parsed arguments, the edits per file, the message) */
  args: unknown;
  execute(ctx: HandlerContext): Promise<ActionResult>;
}

/** What `prepare` found: an action to run, or a refusal for the model (nothing ran). */
export type Prepared = { invocation: Invocation } | { refused: ActionResult };

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
  /** Reads and checks the action in the reply; never runs anything. */
  prepare(reply: ParsedReply, ctx: HandlerContext): Prepared | Promise<Prepared>;
}

/** A refusal whose text the model reads (nothing ran): by default the block itself was wrong. */
export function refusal(forModel: string, o: { code?: ToolErrorCode; end?: ActionResult['end'] } = {}): Prepared {
  const error = { code: o.code ?? 'invalid_arguments', message: forModel.split('\n')[0] ?? '' };
  return { refused: { forModel, error, ...(o.end ? { end: o.end } : {}) } };
}

/** True when the reply holds at least one block (complete or cut) of one of the handler's tags. */
export function hasBlocks(reply: ParsedReply, tags: readonly TagSpec[]): boolean {
  const names = new Set(tags.map((t) => t.name));
  return reply.blocks.some((b) => names.has(b.name)) || reply.unclosed.some((b) => names.has(b.name));
}
