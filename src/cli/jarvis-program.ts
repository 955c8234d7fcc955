import type { Command } from 'commander';
import { createProgram } from './common.js';
import { registerAgentDefCommand } from './commands/agent-def.js';
import { registerConfigCommand } from './commands/config.js';
import { registerMemoryCommand } from './commands/memory.js';
import { registerMethodologyCommand } from './commands/methodology.js';
import { registerRunTask } from './commands/run-task.js';
import { registerRunsCommand } from './commands/runs.js';

/** The `jarvis` command line, built but not run (src/cli/jarvis.ts runs it; the flag convention test walks it). */
export function jarvisProgram(): Command {
  const program = createProgram('jarvis', 'General LLM agent for C, C++ and Rust work (alias: jvs)');
  registerConfigCommand(program);
  registerRunsCommand(program);
  registerRunTask(program);
  registerAgentDefCommand(program);
  registerMemoryCommand(program);
  registerMethodologyCommand(program);
  return program;
}
