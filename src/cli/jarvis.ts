import { createProgram, runProgram } from './common.js';
import { registerConfigCommand } from './commands/config.js';
import { registerRunsCommand } from './commands/runs.js';

const program = createProgram('jarvis', 'General LLM agent for C, C++ and Rust work (alias: jvs)');
registerConfigCommand(program);
registerRunsCommand(program);

await runProgram(program);
