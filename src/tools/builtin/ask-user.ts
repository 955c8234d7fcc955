import { z } from 'zod';
import { defineTool } from '../tool.js';
import { ASK_USER } from '../tool-names.js';

/** The answer in a non-interactive run: nobody will reply, so the model must not stall. */
export const NO_ONE_THERE =
  'No one is available to answer: this run is non-interactive. Decide yourself, choosing the most reasonable option, say which assumption you made, and continue with the task.';

const params = z.strictObject({
  question: z.string().min(1).describe('The question, with the options you see if there are any'),
});

export const askUserTool = defineTool({
  name: ASK_USER,
  description: 'Ask the user a question when you cannot decide from what you can read or run. Ask only what you really need.',
  params,
  paths: () => ({ reads: [], writes: [] }),
  async run(args, ctx) {
    if (!ctx.interactive || !ctx.ask) {
      return { forModel: NO_ONE_THERE, forUser: `(no one to ask) ${args.question}`, data: { answered: false } };
    }
    const answer = (await ctx.ask(args.question)).trim();
    return {
      forModel: answer === '' ? 'The user gave an empty answer; decide yourself and continue.' : `The user answered:\n${answer}`,
      data: { answered: true, answer },
    };
  },
});
