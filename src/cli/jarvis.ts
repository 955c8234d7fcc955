import { createProgram, runProgram } from './common.js';
import { registerConfigCommand } from './commands/config.js';
import { registerRunsCommand } from './commands/runs.js';
import { registerRunTask } from './commands/run-task.js';
import { registerAgentDefCommand } from './commands/agent-def.js';
import { registerMemoryCommand } from './commands/memory.js';
import { registerMethodologyCommand } from './commands/methodology.js';

const program = createProgram('jarvis', 'General LLM agent for C, C++ and Rust work (alias: jvs)');
registerConfigCommand(program);
registerRunsCommand(program);
registerRunTask(program);
registerAgentDefCommand(program);
registerMemoryCommand(program);
registerMethodologyCommand(program);

await runProgram(program);
