import type { Command } from 'commander';
import { createProgram } from './common.js';
import { registerCodeCommit } from './commands/code-commit.js';
import { registerCodeRun } from './commands/code-run.js';
import { registerCodeStats } from './commands/code-stats.js';

/** The `jca` command line, built but not run (src/cli/jca.ts runs it; the flag convention test walks it). */
export function jcaProgram(): Command {
  const program = createProgram('jca', 'Code agent: edits, builds, tests and commits in a git repository');
  registerCodeStats(program);
  registerCodeCommit(program);
  registerCodeRun(program);
  return program;
}
