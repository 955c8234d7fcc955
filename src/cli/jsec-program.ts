import type { Command } from 'commander';
import { createProgram, runProgram } from './common.js';
import { registerSecAgent } from './commands/sec-agent.js';
import { registerSecBench } from './commands/sec-bench.js';
import { registerSecScan } from './commands/sec-scan.js';

/** The `jsec` command line, built but not run (src/cli/jsec.ts runs it; the flag convention test walks it). */
export function jsecProgram(): Command {
  const program = createProgram('jsec', 'Security analysis of C, C++ and Rust code');
  registerSecScan(program);
  registerSecBench(program);
  registerSecAgent(program);
  return program;
}

/** Runs the whole `jsec` command line (src/cli/jsec.ts, for anything but `scan`). */
export async function runJsec(): Promise<void> {
  await runProgram(jsecProgram());
}
