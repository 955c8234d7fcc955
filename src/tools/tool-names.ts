/** Names the model sees; one place so prompts, whitelists and tests agree. */
export const READ_CODE = 'read_code';
export const EXECUTE_SCRIPT = 'execute_script';
export const LIST_FILES = 'list_files';
export const SEARCH_FILES = 'search_files';
export const ASK_USER = 'ask_user';

export const BUILTIN_TOOL_NAMES = [READ_CODE, EXECUTE_SCRIPT, LIST_FILES, SEARCH_FILES, ASK_USER] as const;
export type BuiltinToolName = (typeof BUILTIN_TOOL_NAMES)[number];
