import type { Tool } from '../tool.js';
import { askUserTool } from './ask-user.js';
import { executeScriptTool } from './execute-script.js';
import { listFilesTool } from './list-files.js';
import { readCodeTool } from './read-code.js';
import { searchFilesTool } from './search-files.js';

/** The built-in tools in the order the prompt lists them. */
export function builtinTools(): Tool[] {
  return [readCodeTool, searchFilesTool, listFilesTool, executeScriptTool, askUserTool];
}
