import type { ToolContext } from '../../tools/index.js';

/**
 * Input handlers (docs/cli.md, "Input commands") look at what the user typed before it
 * reaches the model: `'<Tag>'` commands, `!` shell lines, `'quoted path'` file context. They
 * are the command line's: the person types at a terminal, and every front end (REPL, `-T`,
 * jca, teams) passes them to its agents as input adapters (AgentSpec.input, through the input
 * bridge, input-ops.ts). The Agent itself satisfies InputAgentOps.
 */

/** What the agent lets an input command do to it; the front end adapts its Agent to this. */
export interface InputAgentOps {
  /** Summarises the conversation, clears it and carries the summary into the next message (Agent.summarizeAndClear). */
  summarizeAndClear(): Promise<string>;
  /** Drops the conversation, keeping the system prompt. */
  clearHistory(): Promise<void> | void;
  /** Text joined once to the next message to the model. */
  addAddon(text: string): void;
  /** The tool-usage reminder the model is given. */
  toolUsage(): string;
  /** Saves the session; returns the file written. */
  saveSession(): string;
}

export interface InputContext {
  /** working root: quoted paths resolve from here, `!` scripts run here */
  root: string;
  /** false: nobody can be asked; shell lines run only when marked `# JARVIS-NOCONFIRM` */
  interactive: boolean;
  /** yes/no question to the person at the terminal (only called when interactive) */
  confirm(question: string, defaultYes: boolean): Promise<boolean>;
  /** shows a line to the user (not to the model) */
  print(text: string): void;
  /** where `!` scripts and their outputs are saved, how to stop them, their environment */
  tool: ToolContext;
  agent: InputAgentOps;
  /** appends a record to the run's transcript (what the user's commands did) */
  record?: (record: { type: string } & Record<string, unknown>) => void;
}

export interface InputResult {
  /** the text that goes on to the next handler and finally to the model; '' sends nothing */
  text: string;
  /** stop the chain here; the model is not called with this input */
  needReturn: boolean;
  /** the user asked to leave (SaveSession); the front end ends the run and exits 0 */
  exit?: boolean;
}

export interface UserInputHandler {
  readonly name: string;
  handle(text: string, ctx: InputContext): Promise<InputResult>;
}

/**
 * Runs the handlers in order; the first that sets `needReturn` ends the chain. An empty final
 * text means the model is not called (the caller asks again or completes).
 */
export async function runInputChain(handlers: readonly UserInputHandler[], text: string, ctx: InputContext): Promise<InputResult> {
  let current: InputResult = { text, needReturn: false };
  for (const h of handlers) {
    const next = await h.handle(current.text, ctx);
    current = { ...next, exit: (current.exit ?? false) || (next.exit ?? false) };
    if (current.needReturn) break;
  }
  return current;
}

/** Joins non-empty parts with a blank line, as the agent joins prompts. */
export function joinParts(...parts: readonly string[]): string {
  return parts.map((p) => p.trim()).filter((p) => p !== '').join('\n\n');
}
