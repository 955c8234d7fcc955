import type { Command } from 'commander';
import { resolve } from 'node:path';
import { artifactPath } from '../../apps/c2rust/artifacts.js';
import { collectFunctionNames } from '../../apps/c2rust/collect.js';
import { errColors } from '../../util/output.js';

/** `jc2r collect HEADER… -o roots.txt`: function names declared in headers, one per line. */
export function registerCollect(program: Command): void {
  program
    .command('collect')
    .description('write the unique function names declared in HEADERs (the roots for lib-replace)')
    .argument('<headers...>', 'header files (.h/.hh/.hpp/.hxx)')
    .option('-o, --out <file>', 'output file (default .jarvis/c2rust/roots.txt)')
    .option('--cc-root <dir>', 'directory (or path) of compile_commands.json for include paths and defines')
    .option('--no-preprocess', 'parse the raw headers instead of `cc -E` output')
    .action(async (headers: string[], flags: { out?: string; ccRoot?: string; preprocess: boolean }) => {
      const out = resolve(flags.out ?? artifactPath(process.cwd(), 'roots'));
      const r = await collectFunctionNames({ headers, out, ccRoot: flags.ccRoot, preprocess: flags.preprocess });
      for (const h of r.headers) if (h.skipped) process.stderr.write(`${errColors.dim('skipped:')} ${h.file}: ${h.skipped}\n`);
      process.stdout.write(`${r.names.length} function name(s) from ${r.headers.filter((h) => !h.skipped).length} header(s) written to ${r.out}\n`);
    });
}
