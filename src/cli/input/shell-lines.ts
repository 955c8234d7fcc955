import { executeScriptTool } from '../../tools/index.js';
import { joinParts, type InputContext, type UserInputHandler, type InputResult } from './input-handler.js';

/**
 * `!` lines (docs/cli.md): every line starting with `!` becomes one bash script,
 * run in the working root through the same execute_script tool the model uses (saved under
 * the run directory, output capped the same way). A line holding `# JARVIS-NOCONFIRM` skips
 * the confirmation; without anyone to ask (non-interactive) only such scripts run.
 */

export const NOCONFIRM_MARK = '# JARVIS-NOCONFIRM';

export function splitShellLines(text: string): { script: string[]; other: string[] } {
  const script: string[] = [];
  const other: string[] = [];
  for (const line of text.split('\n')) {
    if (line.trimStart().startsWith('!')) script.push(line.trimStart().slice(1));
    else other.push(line);
  }
  return { script, other };
}

export function createShellLinesHandler(): UserInputHandler {
  return {
    name: 'shell',
    async handle(text: string, ctx: InputContext): Promise<InputResult> {
      const { script, other } = splitShellLines(text);
      if (script.length === 0) return { text, needReturn: false };
      const rest = joinParts(other.join('\n'));
      const body = script.join('\n');
      const preapproved = script.some((l) => l.includes(NOCONFIRM_MARK));

      if (!preapproved) {
        if (!ctx.interactive) {
          ctx.print(`not running the ! lines: nobody can confirm them in a non-interactive run (mark a line with ${NOCONFIRM_MARK} to allow it)`);
          return { text: rest, needReturn: false };
        }
        if (!(await ctx.confirm(`run this script in ${ctx.root}?\n${body}\n`, true))) {
          return { text: rest, needReturn: rest === '' };
        }
      }

      const result = await executeScriptTool.run({ script_content: `${body}\n` }, ctx.tool);
      ctx.print(result.forModel);
      const send = !ctx.interactive || (await ctx.confirm('send the result to the agent?', true));
      ctx.record?.({ type: 'input_shell', script: body, exit_code: result.data?.exitCode ?? null, sent: send });
      if (!send) return { text: rest, needReturn: rest === '' };
      const shown = script.map((l) => l.replace(NOCONFIRM_MARK, '').trimEnd()).join('\n');
      const report = `I ran this script in the working directory:\n\`\`\`bash\n${shown}\n\`\`\`\nResult:\n${result.forModel}`;
      return { text: joinParts(rest, report), needReturn: false };
    },
  };
}
