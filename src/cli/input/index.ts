/** Input handlers: what the user types passes through these before the model sees it. */
export { joinParts, runInputChain } from './input-handler.js';
export type { InputAgentOps, InputContext, UserInputHandler, InputResult } from './input-handler.js';
export { BUILTIN_REPLACEMENTS, builtinHelp, createBuiltinCommandHandler, isBuiltinCommand } from './builtin-commands.js';
export { replacementsFrom } from './replace-map.js';
export type { ReplaceEntry } from './builtin-commands.js';
export { NOCONFIRM_MARK, createShellLinesHandler, splitShellLines } from './shell-lines.js';
export { createFileContextHandler, outlineOf, quotedPaths } from './file-context.js';
export { codeSymbols } from './code-symbols.js';
export type { CodeSymbol } from './code-symbols.js';

import { createBuiltinCommandHandler, type ReplaceEntry } from './builtin-commands.js';
import { createFileContextHandler } from './file-context.js';
import type { UserInputHandler } from './input-handler.js';
import { createShellLinesHandler } from './shell-lines.js';

/** The order (docs/cli.md, input commands): built-in commands, shell lines, file context. */
export function defaultInputHandlers(replacements?: Readonly<Record<string, ReplaceEntry>>): UserInputHandler[] {
  return [createBuiltinCommandHandler(replacements), createShellLinesHandler(), createFileContextHandler()];
}
