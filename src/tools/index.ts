/** The tools layer: tool contract, registry, built-in tools, memory tools, MCP and external tools (docs/tools.md). */
export { defineTool, toolError } from './tool.js';
export type { Tool, ToolContext, ToolError, ToolErrorCode, ToolPaths, ToolResult } from './tool.js';
export { ToolRegistry, jsonSchemaOf } from './registry.js';
export type { CheckedCall, ToolSpec } from './registry.js';
export { ASK_USER, BUILTIN_TOOL_NAMES, EXECUTE_SCRIPT, LIST_FILES, READ_CODE, SEARCH_FILES } from './tool-names.js';
export type { BuiltinToolName } from './tool-names.js';
export { KEEP_LINES, MAX_OUTPUT_LINES, truncateOutput } from './truncate.js';
export type { Truncated, TruncateOptions } from './truncate.js';
export { builtinTools } from './builtin/index.js';
export { askUserTool, NO_ONE_THERE } from './builtin/ask-user.js';
export { SEARCH_WEB } from './builtin/search-web.js';
export { executeScriptTool, makeExecuteScriptTool } from './builtin/execute-script.js';
export type { ExecuteScriptOptions } from './builtin/execute-script.js';
export { listFilesTool } from './builtin/list-files.js';
export { readCodeTool } from './builtin/read-code.js';
export { searchFilesTool } from './builtin/search-files.js';
export { findRipgrep } from './files/ripgrep.js';
// memory (docs/memory.md): the store of the three scopes and the tools over it
export {
  CLEAR_MEMORY,
  createMemoryTools,
  DEFAULT_RETRIEVE_LIMIT,
  LONG_TERM_TYPES,
  MEMORY_TOOL_NAMES,
  MEMORY_TYPES,
  MemoryStore,
  memoryEntrySchema,
  normaliseTags,
  queryWords,
  rankMemories,
  relevance,
  renderMemory,
  RETRIEVE_MEMORY,
  SAVE_MEMORY,
  type MemoryEntry,
  type MemoryStoreOptions,
  type MemoryType,
  type RetrieveQuery,
} from './memory/index.js';
// what does not ship as a built-in: search_web, MCP servers' tools, the user's tool modules (docs/extending.md)
export {
  createSaveToolTool,
  SAVE_TOOL,
  validateToolModule,
  type SaveToolOptions,
  externalResult,
  externalToolDirs,
  extensionSecretEnvNames,
  loadExtensionTools,
  loadExternalTools,
  paramsFromJsonSchema,
  type ExtensionTools,
  type ExtensionToolsOptions,
  type ExternalToolOptions,
  type JsonSchemaParamsOptions,
} from './external/index.js';
export { MAX_RESTARTS, McpCallError, McpConnection, McpManager, MCP_BASE_ENV, resourceGetName, resourceListName, serverEnvironment, toolCallName } from './mcp/index.js';
export type { McpManagerOptions, McpServerStatus } from './mcp/index.js';
