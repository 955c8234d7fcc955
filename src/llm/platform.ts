import type { ModelConfig } from '../util/config/index.js';

/**
 * The one model interface (docs/llm.md). Platforms are stateless: the caller owns the message
 * list and passes all of it on every call, so save/restore, pruning and replay work the same
 * for every provider.
 */

export type ChatRole = 'system' | 'user' | 'assistant';

export interface ChatMessage {
  role: ChatRole;
  content: string;
}

/** The caller's answer to a streamed chunk: 'stop' ends generation there (the caller has what it needs). */
export type DeltaVerdict = 'stop' | void;

export interface ChatRequest {
  messages: ChatMessage[];
  /** aborts the HTTP stream; the call then rejects with a JarvisError code `llm_aborted` */
  signal?: AbortSignal;
  /**
   * Streamed text as it arrives, in order; what it is given adds up to `ChatResult.text`. Return
   * 'stop' to cut the stream (finishReason becomes 'early_stop'). The caller reads the chunks
   * (the agent parses its protocol from them); a platform only passes them on.
   */
  onDelta?: (delta: string) => DeltaVerdict;
  /** overrides the model config for this call */
  maxTokens?: number;
  temperature?: number;
}

export type FinishReason = 'stop' | 'length' | 'early_stop';

export interface Usage {
  inputTokens: number;
  outputTokens: number;
  /** true when counted locally because the provider did not report usage */
  estimated: boolean;
}

export interface ChatResult {
  text: string;
  finishReason: FinishReason;
  usage: Usage;
  /** USD from the configured prices; 0 when no price is configured */
  cost: number;
  latencyMs: number;
  /** provider calls this result took (continuations after a length stop, retries) */
  attempts: number;
  model: string;
}

export interface Platform {
  /** registry name, e.g. `openai-compatible` */
  readonly name: string;
  readonly model: string;
  /** context window in tokens, when known from config or the provider */
  readonly contextWindow?: number;
  chat(request: ChatRequest): Promise<ChatResult>;
}

/** What a platform factory receives: its config and a place to note warnings. */
export interface PlatformContext {
  config: ModelConfig;
  /** directory that relative paths in the config (script files, transcripts) resolve against */
  baseDir: string;
  env: NodeJS.ProcessEnv;
  warn: (message: string) => void;
}

export type PlatformFactory = (ctx: PlatformContext) => Platform | Promise<Platform>;
