import type { Command } from 'commander';
import { createProgram } from './common.js';
import { registerCollect } from './commands/c2rust-collect.js';
import { registerOptimize } from './commands/c2rust-optimize.js';
import { registerScan } from './commands/c2rust-scan.js';
import { registerTranspile } from './commands/c2rust-transpile.js';
import { registerEquiv } from './commands/c2rust-equiv.js';
import { registerConfig } from './commands/c2rust-config.js';
import { registerLibReplace } from './commands/c2rust-lib-replace.js';
import { registerPrepare } from './commands/c2rust-prepare.js';
import { registerRun } from './commands/c2rust-run.js';
import { registerBench } from './commands/c2rust-bench.js';

/** The `jc2r` command line, built but not run (src/cli/jc2r.ts runs it; the flag convention test walks it). */
export function jc2rProgram(): Command {
  const program = createProgram('jc2r', 'C to Rust migration pipeline');
  registerOptimize(program);
  registerCollect(program);
  registerScan(program);
  registerTranspile(program);
  registerEquiv(program);
  registerConfig(program);
  registerLibReplace(program);
  registerPrepare(program);
  registerRun(program);
  registerBench(program);
  return program;
}
