/** MCP client tools: servers from the `mcp:` config, each tool registered as `{server}.tool_call.{tool}`. */
export { McpManager } from './manager.js';
export type { McpManagerOptions, McpServerStatus } from './manager.js';
export { MAX_RESTARTS, McpCallError, McpConnection } from './connection.js';
export { MCP_BASE_ENV, serverEnvironment } from './transport.js';
export { resourceGetName, resourceListName, toolCallName } from './server-tools.js';
