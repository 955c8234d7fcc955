/** MultiAgent: teams of agents that hand work to each other with SEND_MESSAGE (docs/multi-agent.md). */
export { RouteGuard, type Hop, type Stop, type StopReason } from './route-guard.js';
export {
  asTeamMessage,
  createSendMessageHandler,
  parseSendMessageBody,
  SEND_MESSAGE,
  sendMessageUsage,
  type ParsedMessage,
  type SendMessageOptions,
  type TeamMessage,
  type Teammate,
} from './send-message.js';
export {
  DEFAULT_MAX_MESSAGES,
  isTeamDocument,
  isTeamFile,
  loadTeamDefinition,
  parseTeamDefinition,
  teamAgentSchema,
  teamDefinitionSchema,
  type TeamAgentDefinition,
  type TeamDefinition,
} from './team-definition.js';
export { firstLine, incomingMessage, teamSystemPrompt } from './team-prompts.js';
export { checkTeamTools, Team, type RouteEntry, type TeamOptions, type TeamResult } from './team.js';
