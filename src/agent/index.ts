/** The agent layer's public surface: what apps/ and cli/ may use (docs/agent.md). */
export { Agent } from './agent.js';
export type { AgentOptions, AgentResult, AgentStatus, InputHandler } from './types.js';
export {
  AgentFactory,
  type AgentFeatures,
  type AgentKit,
  type AgentRunBinding,
  type AgentSpec,
  type AgentSwitches,
  definitionSwitches,
  type DefinitionSwitches,
  type ModelPair,
  type ToolChoice,
} from './factory.js';
export { openAgentKit, type KitInfo, type OpenAgentKitOptions, type OpenedAgentKit } from './kit.js';
export {
  AGENT_EVENT_TYPES,
  EventBus,
  type ActionInfo,
  type ActionKind,
  type AgentEvent,
  type AgentEventAnswers,
  type AgentEventPayloads,
  type AgentEventType,
  type EventAgent,
  type EventAnswer,
  type EventCallback,
  type SubscribeOptions,
} from './events.js';
export { Session, sessionFilePath, type MessageKind, type SessionMessage } from './session.js';
export type { ActionResult, HandlerContext, Invocation, OutputHandler, ParsedReply, Prepared } from './handlers/handler.js';
export { blocksNamed, hasBlocks, refusal } from './handlers/handler.js';
export { createToolCallHandler, parseToolCallBody, TOOL_CALL, type ToolCallRequest } from './handlers/tool-call.js';
export { createPatchHandler, PATCH } from './handlers/patch.js';
export { createRewriteHandler, REWRITE } from './handlers/rewrite.js';
export { ANSWER_RETRIES, answerOf, createAnswerAction, type AnswerActionOptions, type AnswerPayload, type ParsedAnswer } from './handlers/answer.js';
export {
  buildSystemPrompt,
  DEFAULT_SUMMARY_PROMPT,
  defaultAddon,
  joinPrompts,
  loadRules,
  type RuleFile,
} from './prompt.js';
export { currentEnvironment, renderEnvironment, type EnvironmentInfo } from './environment.js';
export { FilesInPlay } from './files-in-play.js';
export { pathsNamed } from './rules.js';
export { contextBudget, KEEP_RECENT_TOOL_RESULTS, pruneToolResults } from './context.js';
export { actionNames, COMPLETION_MARKER, parseReply, withoutCompletionMarker, type TagSpec } from './protocol/index.js';
export type { MemorySettings } from './memory/manager.js';
export {
  createMethodologyTools,
  findMethodology,
  listMethodologies,
  methodologyDir,
  methodologySlug,
  SAVE_METHODOLOGY,
  saveMethodology,
  shareMethodologies,
  syncMethodologies,
  type Methodology,
  type MethodologyPlaces,
  type MethodologyScope,
  type MethodologySettings,
  type SaveMethodologyInput,
  type ShareContext,
  type ShareReport,
} from './methodology/index.js';
export { findMergeGroups, organizeMemories, type MergeGroup, type OrganizeOptions, type OrganizeResult } from './memory/organizer.js';
export {
  loadAfterToolCallPlugins,
  pluginDirsFromEnv,
  PLUGIN_DIRS_ENV,
  type AfterToolCallCallback,
  type AfterToolCallInfo,
  type AfterToolCallPlugin,
} from './plugins.js';
