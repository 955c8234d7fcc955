import type { Platform } from '../llm/index.js';
import type { TranscriptWriter } from '../runs/index.js';
import type { ToolRegistry } from '../tools/index.js';
import type { EnvironmentInfo } from './environment.js';
import type { OutputHandler } from './handlers/handler.js';
import type { MemorySettings } from './memory/manager.js';
import type { MethodologySettings } from './methodology/select.js';
import type { AfterToolCallPlugin } from './plugins.js';

/** How a run ended. `incomplete`: non-interactive and the model stopped acting without finishing. */
export type AgentStatus = 'completed' | 'incomplete' | 'failed' | 'interrupted';

export interface AgentResult {
  status: AgentStatus;
  /** the summary (need_summary), the model's last words, or what went wrong */
  result: string;
  /** model turns of the main loop */
  rounds: number;
  /** every model call of the run: turns, summaries, tool filtering */
  tokens: { input: number; output: number };
  /** USD at the configured prices (0 without prices) */
  cost: number;
  runId: string;
  /** what a handler returned with needReturn (e.g. a SEND_MESSAGE `{to, content}`) */
  payload?: unknown;
  /** set when status is `failed` */
  error?: { code: string; message: string; hint?: string };
}

/**
 * Runs on what a person typed (the task and later answers) before it reaches the model;
 * the first one that answers `needReturn: true` ends the chain. An empty `text` then means
 * there is nothing for the model this turn.
 */
export type InputHandler = (
  text: string,
  agent: { readonly name: string; readonly runId: string },
) => Promise<{ text: string; needReturn: boolean }> | { text: string; needReturn: boolean };

/**
 * What one agent is and how it behaves. Apps and the CLI build agents through AgentFactory
 * (factory.ts), which fills these in from the configuration; tests and benchmarks may build
 * one directly.
 */
export interface AgentOptions {
  /** default "Jarvis"; names the saved session file and the prompt to the user */
  name?: string;
  description?: string;
  /** the role: what the agent is for; handler usage and rules are added to it */
  systemPrompt: string;
  platform: Platform;
  /** summaries and tool filtering; defaults to `platform` */
  cheapPlatform?: Platform;
  /** the tools the model may call (the agent's own registry: tool filtering narrows it); default none */
  tools?: ToolRegistry;
  /** the output handlers, in order; default TOOL_CALL, PATCH, REWRITE */
  actions?: readonly OutputHandler[];
  /** working directory: tools and edits resolve paths from it; `.jarvis/` lives here */
  root: string;
  /** records requests, replies, tool calls and events; the agent wraps its platforms with it */
  transcript?: TranscriptWriter;
  /** false: never ask anyone; `ask`/`confirm` are not called */
  interactive: boolean;
  /** `<!!!COMPLETE!!!>` ends the task; default: only when not interactive (nobody can end it by hand) */
  autoComplete?: boolean;
  /** ask before every action (interactive only) */
  executeToolConfirm?: boolean;
  /** token budget for a request; default 80% of the platform's context window */
  maxInputTokens?: number;
  /** summarise and reset after this many rounds (default 20) */
  autoSummaryRounds?: number;
  /** repeat the action usage every N rounds (default 20, env JARVIS_TOOL_REMINDER_ROUNDS) */
  toolReminderRounds?: number;
  /** with more tools than this the cheap model picks the relevant ones on the first turn (default 30) */
  toolFilterThreshold?: number;
  /** ask the model for a summary when the task completes (default true) */
  needSummary?: boolean;
  summaryPrompt?: string;
  /** where `rules/*.md` of the user live (default $JARVIS_DATA_DIR or ~/.jarvis); `false` skips rules files */
  rulesDataDir?: string | false;
  /** asks the person; required when interactive */
  ask?: (question: string) => Promise<string>;
  /** yes/no question; defaults to `ask` with y/n */
  confirm?: (question: string, defaultYes: boolean) => Promise<boolean>;
  /** run on the task and on user answers, in order */
  inputHandlers?: readonly InputHandler[];
  /** aborting it stops the run (status `interrupted`) */
  signal?: AbortSignal;
  allowOutsideRoot?: boolean;
  /** a tool call running longer is stopped (default 600 000 ms) */
  toolTimeoutMs?: number;
  /** stop generation after the first complete TOOL_CALL/SEND_MESSAGE block (default true) */
  earlyStop?: boolean;
  /** non-interactive: re-prompts when the model neither acts nor completes (default 3) */
  maxIdleReprompts?: number;
  /** environment for tool child processes (default process.env minus `secretEnvNames`) */
  env?: NodeJS.ProcessEnv;
  /** env vars holding API keys: never passed to tools */
  secretEnvNames?: readonly string[];
  /** notices for the person (a subscriber that threw, an empty reply); default stderr */
  warn?: (message: string) => void;
  /** memory prompts and force-save (docs/memory.md); the memory tools themselves go into `tools` */
  memory?: MemorySettings;
  /** reflect on the task once when it completes, saving what is worth keeping (docs/memory.md; default false) */
  useAnalysis?: boolean;
  /** split a task into sub-tasks run by child agents before the first turn (docs/planner.md; default false) */
  plan?: boolean;
  /** how deep planned sub-tasks and `sub_agent` helpers may nest (default 2) */
  planMaxDepth?: number;
  /** offer the model the `sub_agent` tool (docs/planner.md; default false) */
  subAgent?: boolean;
  /** pick saved methodologies for the task on the first turn (docs/methodology.md) */
  methodology?: MethodologySettings;
  /** after-tool-call plugins: `after_action` observers of this agent and of its helpers (plugins.ts) */
  plugins?: readonly AfterToolCallPlugin[];
  /** refuse an edit to an existing file the agent has not read in this run (docs/agent.md; default false) */
  readBeforeEdit?: boolean;
  /** OS, shell, directory and date in the system prompt; default read from this machine, `false` leaves it out */
  environment?: EnvironmentInfo | false;
  /** passed with every call to the agent's own model (a one-line answer needs few tokens) */
  modelSettings?: { maxTokens?: number; temperature?: number };
}

/**
 * Where a child agent (a planned sub-task, a `sub_agent` helper) works: in its parent's run,
 * one level deeper. The delegation code passes it; nobody else does.
 */
export interface AgentPlace {
  runId: string;
  runDir: string;
  depth: number;
}
