import type { z } from 'zod';

/**
 * What a tool may touch, injected by the agent. Deliberately narrow: a tool sees the working
 * root, where to keep what it saves, how to stop, and how (whether) to reach a person.
 */
export interface ToolContext {
  /** The working root (real path). Paths the model names are resolved from here and must stay inside. */
  root: string;
  /** The run directory (`.jarvis/runs/<id>/`): scripts and full outputs are saved here, and read_code may read them. */
  runDir: string;
  /** Aborts a running tool: child processes are killed, searches stop. */
  signal?: AbortSignal;
  /** False in `--non-interactive` runs: no one will answer a question. */
  interactive: boolean;
  /** Asks the person at the terminal; only used when `interactive`. */
  ask?: (question: string) => Promise<string>;
  /** The whole environment child processes get (the agent decides what goes in). */
  env: NodeJS.ProcessEnv;
}

/**
 * Why a tool call did not do what was asked. The model can fix every code but `internal`
 * (a bug in the harness) and `aborted` (the user stopped the run).
 */
export type ToolErrorCode =
  | 'unknown_tool'
  | 'invalid_arguments'
  | 'not_found'
  | 'outside_root'
  | 'refused'
  | 'timeout'
  | 'aborted'
  | 'failed'
  | 'internal';

export interface ToolError {
  code: ToolErrorCode;
  message: string;
}

/** Two readers per result: the model reads `forModel`; the terminal shows `forUser` when given. */
export interface ToolResult {
  forModel: string;
  forUser?: string;
  /** Structured details for events and tests (exit code, saved paths…); never shown to the model. */
  data?: Record<string, unknown>;
  error?: ToolError;
}

export interface Tool<P extends z.ZodType = z.ZodType> {
  /** snake_case; what the model writes in `name:` (see tool-names.ts). */
  readonly name: string;
  /** What the model reads to decide when and how to call the tool. */
  readonly description: string;
  readonly params: P;
  /** Receives arguments already validated by the registry; never called with raw model input. */
  run(args: z.output<P>, ctx: ToolContext): Promise<ToolResult>;
  /**
   * The paths a call reads and writes, as the model named them, known before it runs (for
   * confirmation and for policies that watch actions). A tool that cannot know leaves it out.
   */
  paths?(args: z.output<P>): ToolPaths;
  /** One line describing a call for a person asked to confirm it; default: the name and paths. */
  describe?(args: z.output<P>): string;
}

export interface ToolPaths {
  reads?: readonly string[];
  /** `.` means anywhere under the working root */
  writes?: readonly string[];
}

/** Declares a tool; the identity function exists so `run` gets its argument type from `params`. */
export function defineTool<P extends z.ZodType>(tool: Tool<P>): Tool<P> {
  return tool;
}

/** A result that tells the model what went wrong; `forModel` and `error.message` are the same text. */
export function toolError(code: ToolErrorCode, message: string, data?: Record<string, unknown>): ToolResult {
  return { forModel: message, error: { code, message }, ...(data ? { data } : {}) };
}
