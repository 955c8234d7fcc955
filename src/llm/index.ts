/** The llm layer's public surface: what agent/, apps/ and cli/ may use. */

export type { ChatMessage, ChatRequest, ChatResult, ChatRole, DeltaVerdict, FinishReason, Platform, PlatformContext, PlatformFactory, Usage } from './platform.js';
export type { TranscriptEnvelope, TranscriptError, TranscriptReply, TranscriptRequest } from '../runs/index.js';
export {
  BUILTIN_PLATFORMS,
  createPlatform,
  defaultDataDir,
  listUserPlatforms,
  userPlatformDir,
  type CreatePlatformOptions,
} from './registry.js';
export {
  CallFailure,
  DEFAULT_RETRY,
  isRetryableStatus,
  retryAfterMs,
  retryDelay,
  runWithRetry,
  type FailureKind,
  type RetryEvent,
  type RetryOptions,
} from './retry.js';
export {
  addUsage,
  costOf,
  countMessageTokens,
  countTokens,
  estimateTokens,
  tokenizerFallbackReason,
  type Price,
} from './tokens.js';
// The HTTP providers are reached through createPlatform, which loads their SDKs on demand.
export { CONTINUE_INSTRUCTION } from './providers/chat-loop.js';
export type { HttpPlatformOptions } from './providers/provider-config.js';
export {
  createScriptedPlatform,
  createScriptedPlatformFromReplies,
  loadScript,
  type ScriptedOptions,
  type ScriptedPlatform,
  type ScriptedReply,
} from './providers/scripted.js';
export { createReplayPlatform, recordedCalls, resolveTranscriptPath } from './providers/replay.js';
export { recordTranscript, type RecordTranscriptOptions } from './record-transcript.js';
