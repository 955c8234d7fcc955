import { createProgram, runProgram } from './common.js';
import { registerCodeRun } from './commands/code-run.js';
import { registerCodeStats } from './commands/code-stats.js';

const program = createProgram('jca', 'Code agent: edits, builds, tests and commits in a git repository');
registerCodeStats(program);
registerCodeRun(program);

await runProgram(program);
