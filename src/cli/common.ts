import { Command, CommanderError } from 'commander';
import { JarvisError, errColors, version } from '../util/index.js';

/** A commander program with the conventions every entry point shares. */
export function createProgram(name: string, description: string): Command {
  return new Command(name)
    .description(description)
    .version(version, '-V, --version')
    .option('--debug', 'show stack traces for internal errors')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .hook('preAction', giveBackSharedOptions);
}

/**
 * `jarvis` itself takes `--json` and `-g` (for `jarvis -T`), and commander reads a program's
 * options after a subcommand's name too: `jarvis runs list --json` would set the program's
 * `--json`, not the subcommand's. The subcommand that runs gets back every option it defines
 * itself and did not see on its own.
 */
function giveBackSharedOptions(program: Command, action: Command): void {
  if (action === program) return;
  for (const o of action.options) {
    const attr = o.attributeName();
    if (action.getOptionValueSource(attr) === 'cli' || program.getOptionValueSource(attr) !== 'cli') continue;
    action.setOptionValueWithSource(attr, program.getOptionValue(attr), 'cli');
  }
}

/**
 * Parses argv and runs the command; maps errors to one line plus a hint and to the exit codes
 * 0 ok, 1 failure, 2 usage error. A stack trace is shown only for bugs or with --debug.
 */
export async function runProgram(program: Command, argv: string[] = process.argv): Promise<void> {
  endQuietlyWhenOutputCloses();
  try {
    await program.parseAsync(argv);
  } catch (e) {
    process.exitCode = reportError(e, argv.includes('--debug'));
  }
}

/**
 * A reader that goes away (`jsec scan … | head -1`) makes the next write fail with EPIPE. Unix
 * tools die quietly of SIGPIPE then; Node ignores that signal and would crash on the unhandled
 * stream error instead. Every command ends here, quietly, with the exit code decided so far
 * (0 unless the command had already failed). Other stream errors stay bugs.
 */
export function endQuietlyWhenOutputCloses(streams: readonly NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  for (const stream of streams) {
    if (stream.listeners('error').includes(onOutputError)) continue;
    stream.on('error', onOutputError);
  }
}

function onOutputError(e: NodeJS.ErrnoException): void {
  if (e.code === 'EPIPE' || e.code === 'ERR_STREAM_DESTROYED') process.exit();
  throw e;
}

export function reportError(e: unknown, debug: boolean): number {
  if (e instanceof CommanderError) {
    // commander already printed help, version or the usage message.
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return 0;
    return e.exitCode === 0 ? 0 : 2;
  }
  if (e instanceof JarvisError) {
    process.stderr.write(`${errColors.red('error:')} ${e.message}\n`);
    if (e.hint) process.stderr.write(`${errColors.dim('hint:')} ${e.hint}\n`);
    if (debug && e.stack) process.stderr.write(`${e.stack}\n`);
    return e.exitCode;
  }
  const err = e instanceof Error ? e : new Error(String(e));
  process.stderr.write(`${errColors.red('internal error:')} ${err.message}\n`);
  process.stderr.write(debug && err.stack ? `${err.stack}\n` : 'run again with --debug for the stack trace\n');
  return 1;
}
