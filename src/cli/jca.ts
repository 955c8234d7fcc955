import { createProgram, runProgram } from './common.js';

const program = createProgram('jca', 'Code agent: edits, builds, tests and commits in a git repository');

await runProgram(program);
