import { createProgram, runProgram } from './common.js';

const program = createProgram('jsec', 'Security analysis of C, C++ and Rust code');

await runProgram(program);
