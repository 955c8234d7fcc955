import { Option, type Command } from 'commander';
import { resolve } from 'node:path';
import { artifactPath, collectFunctionNames } from '../../apps/c2rust/index.js';
import { errColors, JarvisError } from '../../util/index.js';

/** `jc2r collect HEADER… -o roots.txt`: function names declared in headers, one per line. */
export function registerCollect(program: Command): void {
  program
    .command('collect')
    .description('write the unique function names declared in HEADERs (the roots for lib-replace)')
    .argument('<headers...>', 'header files (.h/.hh/.hpp/.hxx)')
    .option('-o, --output <file>', 'output file (default .jarvis/c2rust/roots.txt)')
    .addOption(new Option('--out <file>').hideHelp())
    .option('--cc-root <dir>', 'directory (or path) of compile_commands.json for include paths and defines')
    .option('--no-preprocess', 'parse the raw headers instead of `cc -E` output')
    .option('--json', 'print the names and the headers read as JSON')
    .action(async (headers: string[], flags: { output?: string; out?: string; ccRoot?: string; preprocess: boolean; json?: boolean }) => {
      // --out is the older spelling of --output (-o is the output file in every command)
      if (flags.output !== undefined && flags.out !== undefined && flags.output !== flags.out) throw new JarvisError('usage', '-o/--output and --out both given', { hint: 'use -o FILE alone' });
      const out = resolve(flags.output ?? flags.out ?? artifactPath(process.cwd(), 'roots'));
      const r = await collectFunctionNames({ headers, out, ccRoot: flags.ccRoot, preprocess: flags.preprocess });
      for (const h of r.headers) if (h.skipped) process.stderr.write(`${errColors.dim('skipped:')} ${h.file}: ${h.skipped}\n`);
      if (flags.json) {
        process.stdout.write(`${JSON.stringify({ out: r.out, names: r.names, headers: r.headers }, null, 2)}\n`);
        return;
      }
      process.stdout.write(`${r.names.length} function name(s) from ${r.headers.filter((h) => !h.skipped).length} header(s) written to ${r.out}\n`);
    });
}
