/**
 * The llm layer's public surface (docs/llm.md): the one model interface, how a platform is made
 * from a model config, token counts, the recorder that writes model calls to a run's
 * transcript, and the scripted platform tests and examples drive the agents with. Retries,
 * providers and replay stay inside: they are reached through `createPlatform`.
 */
export type { ChatMessage, ChatRequest, ChatResult, ChatRole, FinishReason, Platform, PlatformContext, PlatformFactory, Usage } from './platform.js';
export { createPlatform, type CreatePlatformOptions } from './registry.js';
export { countMessageTokens, countTokens, estimateTokens } from './tokens.js';
export { recordTranscript, type RecordTranscriptOptions } from './record-transcript.js';
export { createScriptedPlatformFromReplies, loadScript, type ScriptedPlatform, type ScriptedReply } from './providers/scripted.js';
// what a continuation after a length stop says to the model (tests check the wire format with it)
export { CONTINUE_INSTRUCTION } from './providers/chat-loop.js';
