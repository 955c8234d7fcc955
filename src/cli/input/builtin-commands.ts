import { joinParts, type InputContext, type UserInputHandler, type InputResult } from './input-handler.js';

/**
 * `'<Tag>'` commands typed anywhere in the input, quotes optional (docs/cli.md). A command's
 * token is removed; what is left of the text still goes to the model, so `'<Clear>' now fix
 * the build` clears and then asks. Unknown tags stay in the text untouched: a user quoting
 * `'<T>'` in a C++ question must not lose it.
 */

export interface ReplaceEntry {
  /** the text the token stands for */
  template: string;
  description: string;
  /** true: the token is removed and the template goes into the one-shot addon; false: replaced inline */
  append: boolean;
}

/** The built-in shortcuts, in our own words. */
export const BUILTIN_REPLACEMENTS: Readonly<Record<string, ReplaceEntry>> = {
  Fix: {
    description: 'find the root cause of the problem described and fix it',
    append: true,
    template:
      'Find the root cause of the problem described above before changing anything: reproduce it, read the code involved, then make the smallest change that fixes the cause (not the symptom) and run what proves it is fixed.',
  },
  Check: {
    description: 'review the code or change described for bugs, without editing',
    append: true,
    template:
      'Review the code in question for defects: memory and bounds errors, unchecked results, integer overflow, races, undefined behaviour, missing error handling. Report each with file, line and why it is wrong. Do not edit files.',
  },
  Dev: {
    description: 'implement the feature described, with tests',
    append: true,
    template:
      'Implement what is described above. Read the surrounding code first and follow its conventions, keep the change focused, add or update tests, and build and run them before you finish.',
  },
  FindRelatedFiles: {
    description: 'list the files relevant to the task before acting',
    append: true,
    template:
      'Before acting, search the repository for the files relevant to this task (definitions, callers, tests, build files) and list them with one line each on why they matter.',
  },
};

type CommandName = 'Summary' | 'Clear' | 'ToolUsage' | 'SaveSession' | 'Help';

const COMMANDS: Readonly<Record<CommandName, string>> = {
  Summary: 'summarise the conversation so far, clear it and continue from the summary',
  Clear: 'clear the conversation (the system prompt stays)',
  ToolUsage: 'remind the model how to call tools on the next message',
  SaveSession: 'save the session to .jarvis/ and exit; resume with --restore-session',
  Help: 'list these commands',
};

/**
 * `'<Name>'` anywhere, or `<Name>` without the quotes standing alone between spaces (or at the
 * start or end of the text): people type it as the help shows it, with or without the quotes.
 * An unquoted tag touching other text (`std::vector<Summary>`) is code, not a command.
 */
const TOKEN = /'<([A-Za-z][\w-]*)>'|(?<=^|\s)<([A-Za-z][\w-]*)>(?=\s|$)/g;

function isCommand(name: string): name is CommandName {
  return Object.hasOwn(COMMANDS, name);
}

/** A name the built-in commands own (a replace_map entry may not take it). */
export function isBuiltinCommand(name: string): boolean {
  return isCommand(name) || name === 'ReloadConfig';
}

/** One line per command and shortcut, for `'<Help>'` and the docs. */
export function builtinHelp(replacements: Readonly<Record<string, ReplaceEntry>> = BUILTIN_REPLACEMENTS): string {
  const lines = Object.entries(COMMANDS).map(([n, d]) => `  '<${n}>'  ${d}`);
  lines.push(...Object.entries(replacements).map(([n, e]) => `  '<${n}>'  ${e.description}`));
  return lines.join('\n');
}

export function createBuiltinCommandHandler(
  replacements: Readonly<Record<string, ReplaceEntry>> = BUILTIN_REPLACEMENTS,
): UserInputHandler {
  return {
    name: 'builtin',
    async handle(text: string, ctx: InputContext): Promise<InputResult> {
      const ran: CommandName[] = [];
      const addons: string[] = [];
      const shortcuts: string[] = [];
      const rest = text.replace(TOKEN, (token: string, quoted: string | undefined, bare: string | undefined) => {
        const name = quoted ?? bare ?? '';
        if (isCommand(name)) {
          if (!ran.includes(name)) ran.push(name);
          return '';
        }
        const entry = Object.hasOwn(replacements, name) ? replacements[name] : undefined;
        if (!entry) return token;
        if (!shortcuts.includes(name)) shortcuts.push(name);
        if (!entry.append) return entry.template;
        if (!addons.includes(entry.template)) addons.push(entry.template);
        return '';
      });
      for (const a of addons) ctx.agent.addAddon(a);
      if (ran.length > 0 || shortcuts.length > 0) ctx.record?.({ type: 'input_command', commands: ran, shortcuts });

      let exit = false;
      for (const name of ran) {
        if (name === 'Help') ctx.print(`input commands:\n${builtinHelp(replacements)}`);
        else if (name === 'Clear') {
          await ctx.agent.clearHistory();
          ctx.print('conversation cleared');
        } else if (name === 'Summary') {
          await ctx.agent.summarizeAndClear();
          ctx.print('conversation summarised; the summary goes with the next message');
        } else if (name === 'ToolUsage') ctx.agent.addAddon(ctx.agent.toolUsage());
        else if (name === 'SaveSession') {
          const file = ctx.agent.saveSession();
          ctx.print(`session saved to ${file}; resume with --restore-session`);
          exit = true;
        }
      }
      const remaining = joinParts(rest);
      if (exit) return { text: '', needReturn: true, exit };
      // A lone command is complete in itself; the model is not called for it.
      const onlyCommands = ran.some((n) => n !== 'ToolUsage') && remaining === '';
      return { text: remaining, needReturn: onlyCommands };
    },
  };
}
