/** The tools layer: tool contract, registry, built-in tools. */
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
export { executeScriptTool, makeExecuteScriptTool } from './builtin/execute-script.js';
export type { ExecuteScriptOptions } from './builtin/execute-script.js';
export { listFilesTool } from './builtin/list-files.js';
export { readCodeTool } from './builtin/read-code.js';
export { searchFilesTool } from './builtin/search-files.js';
export { findRipgrep } from './files/ripgrep.js';
