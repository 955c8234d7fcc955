import { createProgram, runProgram } from './common.js';

const program = createProgram('jarvis', 'General LLM agent for C, C++ and Rust work (alias: jvs)');

await runProgram(program);
