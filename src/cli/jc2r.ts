import { createProgram, runProgram } from './common.js';

const program = createProgram('jc2r', 'C to Rust migration pipeline');

await runProgram(program);
