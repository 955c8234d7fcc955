import { Option, type Command } from 'commander';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { runEquiv, type Difference, type EquivReport } from '../../apps/c2rust/index.js';
import { colors, errColors, formatTable, JarvisError } from '../../util/index.js';
import { positionalPath } from '../flags.js';

interface EquivFlags {
  project?: string;
  crate?: string;
  run: string[];
  commands?: string;
  bin?: string;
  cBin: string[];
  seed?: string | false;
  timeout: string;
  release?: boolean;
  cRuns: string;
  jobs: string;
  keep?: boolean;
  json?: boolean;
}

const collectList = (v: string, prev: string[]) => [...prev, v];

/** `jc2r equiv`: the C program and its Rust translation on the same commands; exit 0 same, 1 different, 2 usage or build error. */
export function registerEquiv(program: Command): void {
  program
    .command('equiv')
    .description('build the C project and its Rust crate, run both on the same commands, and show the first difference')
    .argument('[path]', 'the C project root (default: the current directory)')
    .addOption(new Option('-p, --project <root>', 'the older spelling of the path argument').hideHelp())
    .option('--crate <dir>', 'the Rust crate (default <root>_rs)')
    .option('--run <command>', 'a shell command; {bin} or {bin:NAME} is the program (repeatable)', collectList, [])
    .option('--commands <file>', 'a file of such commands, one per line (# comments)')
    .option('--bin <name>', 'the binary a bare {bin} means when the crate has several')
    .option('--c-bin <name=path>', 'use this C executable for binary NAME instead of building it (repeatable)', collectList, [])
    .option('--seed <dir>', 'files each run starts with, copied into its working directory (default: the project root)')
    .option('--no-seed', 'start each run in an empty directory')
    .option('--timeout <seconds>', 'per run', '10')
    .option('--release', 'build the crate with --release (default: debug, whose overflow checks make silent differences visible)')
    .option('--c-runs <n>', '2: run the C twice to find output that varies by itself (timings, pointers); 1: once', '2')
    .option('-j, --jobs <n>', 'commands run at the same time', '2')
    .option('--keep', 'keep the run directories and print where they are')
    .option('--json', 'print the report as JSON')
    .action(async (pathArg: string | undefined, flags: EquivFlags) => {
      const root = resolve(positionalPath(pathArg, flags.project, '-p', '.') ?? '.');
      if (!existsSync(root) || !statSync(root).isDirectory()) throw new JarvisError('usage', `project root ${root} is not a directory`, { hint: 'pass the C project root as the argument' });
      const timeout = Number(flags.timeout);
      if (!(timeout > 0)) throw new JarvisError('usage', `--timeout ${flags.timeout}: give a number of seconds above 0`);
      const cRuns = Number(flags.cRuns);
      if (cRuns !== 1 && cRuns !== 2) throw new JarvisError('usage', `--c-runs ${flags.cRuns}: give 1 or 2`);
      const jobs = Number(flags.jobs);
      if (!Number.isInteger(jobs) || jobs < 1) throw new JarvisError('usage', `--jobs ${flags.jobs}: give a whole number from 1`);
      const cPrograms = new Map<string, string>();
      for (const spec of flags.cBin) {
        const eq = spec.indexOf('=');
        if (eq <= 0 || !existsSync(spec.slice(eq + 1))) throw new JarvisError('usage', `--c-bin ${spec}: give NAME=PATH of an existing executable`);
        cPrograms.set(spec.slice(0, eq), resolve(spec.slice(eq + 1)));
      }
      const report = await runEquiv({
        root,
        crate: flags.crate,
        runs: flags.run,
        commandsFile: flags.commands,
        bin: flags.bin,
        cPrograms,
        seed: flags.seed === false ? null : flags.seed,
        timeoutMs: timeout * 1000,
        release: flags.release,
        cRuns,
        jobs,
        keep: flags.keep,
        onProgress: flags.json ? undefined : (m) => process.stderr.write(`${errColors.dim(m)}\n`),
      });
      if (flags.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      else printReport(report);
      process.exitCode = report.different > 0 ? 1 : 0;
    });
}

function printReport(r: EquivReport): void {
  for (const n of r.notices) process.stderr.write(`${errColors.dim('notice:')} ${n}\n`);
  const rows = r.commands.map((c) => [
    String(c.index + 1),
    c.equal ? colors.green('same') : colors.red(`different (${[...new Set(c.differences.map((d) => d.kind))].join(', ')})`),
    c.c.status,
    c.rust.status,
    c.command,
  ]);
  process.stdout.write(`${formatTable([['#', 'result', 'C', 'Rust', 'command'], ...rows])}\n`);
  for (const c of r.commands) for (const n of c.notes) process.stdout.write(`${colors.dim(`note (#${c.index + 1}):`)} ${n}\n`);
  if (r.firstDifference) {
    const { index, command, difference } = r.firstDifference;
    process.stdout.write(`\n${colors.bold('first difference')} (#${index + 1}: ${command})\n${describe(difference)}\n`);
    // The rest of that command's differences: a crash's message on stderr explains a short stdout.
    const others = r.commands[index]?.differences.slice(1) ?? [];
    if (others.length > 0) process.stdout.write(`${colors.dim('also in this command:')}\n${others.map(describe).join('\n')}\n`);
  }
  process.stdout.write(`\n${r.equal}/${r.commands.length} command(s) behave the same${r.runDir ? `; run directories kept in ${r.runDir}` : ''}\n`);
}

function describe(d: Difference): string {
  const lines = [`  ${d.message}`];
  if (d.kind !== 'exit' && d.kind !== 'timeout') {
    lines.push(`  C:    ${d.c}`, `  Rust: ${d.rust}`);
    if (d.column !== undefined && d.offset !== undefined) lines.push(`  (byte ${d.offset}, line ${d.line}, column ${d.column})`);
  }
  return lines.join('\n');
}
