import { z } from 'zod';
import { defineTool, toolError, type Tool } from '../../tools/index.js';
import { describeError } from '../../util/index.js';
import { saveMethodology, type MethodologyPlaces } from './store.js';

/**
 * `save_methodology`: the model keeps how it solved a kind of problem, for later tasks to be
 * given (docs/methodology.md). The task analyzer points the model at it when a task completes.
 */

export const SAVE_METHODOLOGY = 'save_methodology';

const params = z.object({
  problem_type: z.string().min(3).max(200).describe('the kind of problem, general enough to recur, e.g. "fix a failing CMake build"'),
  content: z.string().min(20).describe('the method as markdown: the steps, the checks, the pitfalls; no task-specific details'),
  scope: z.enum(['project', 'global']).default('project').describe('project: only this project; global: every project of this user'),
});

export function createMethodologyTools(places: MethodologyPlaces): Tool[] {
  return [
    defineTool({
      name: SAVE_METHODOLOGY,
      description:
        'Saves a reusable method for a kind of problem; later tasks of that kind are given it. ' +
        'Saving under an existing problem type replaces that methodology.',
      params,
      describe: (a) => `save_methodology: the ${a.scope} methodology "${a.problem_type}" (${a.content.split('\n').find((l) => l.trim() !== '')?.trim().slice(0, 80) ?? ''})`,
      async run(args) {
        try {
          const m = saveMethodology(places, { problemType: args.problem_type, content: args.content, scope: args.scope });
          return { forModel: `Saved the ${m.scope} methodology "${m.problemType}" (${m.name}.md).`, data: { name: m.name, scope: m.scope, path: m.path } };
        } catch (e) {
          return toolError('failed', `The methodology was not saved: ${describeError(e)}`);
        }
      },
    }),
  ];
}
