import { Option, type Command } from 'commander';
import { JarvisError } from '../util/index.js';

/**
 * The flag conventions every command follows (docs/cli.md, "One flag convention"), as helpers:
 * the path a command works on is positional (the old option spelling still works), and a short
 * flag that now means something else elsewhere is still read, with a note, where old scripts
 * may use it.
 */

/**
 * The path a command works on: the positional argument, or the option older scripts pass
 * (`-p DIR`). Giving both with different values is a usage error; neither gives `fallback`.
 */
export function positionalPath(positional: string | undefined, option: string | undefined, flag: string, fallback?: string): string | undefined {
  if (positional !== undefined && option !== undefined && positional !== option) {
    throw new JarvisError('usage', `two paths given: ${positional} and ${flag} ${option}`, { hint: 'give the path once, as the argument' });
  }
  return positional ?? option ?? fallback;
}

/**
 * Keeps reading an old short flag that takes a value (`-n 5` in `jc2r optimize`) after it
 * lost its place to a flag that means the same in every command (`-n` is
 * `--non-interactive`). It is hidden from `--help`; using it prints one note on stderr and
 * sets the option it stood for. Only for a command where the letter is free, so reading it
 * is never ambiguous.
 */
export function acceptDeprecatedShort(command: Command, o: { short: string; option: string; now: string; why: string }): Command {
  const attr = new Option(`${o.option} <value>`).attributeName();
  const old = new Option(`${o.short} <value>`).hideHelp();
  const oldAttr = old.attributeName();
  return command.addOption(old).hook('preAction', (_self, action) => {
    const value: unknown = action.getOptionValue(oldAttr);
    if (value === undefined) return;
    if (action.getOptionValueSource(attr) === 'cli') {
      throw new JarvisError('usage', `${o.short} and ${o.option} both given`, { hint: `use ${o.now} alone` });
    }
    process.stderr.write(`${commandPath(action)}: ${o.short} is deprecated here, use ${o.now} (${o.why})\n`);
    action.setOptionValueWithSource(attr, value, 'cli');
  });
}

/** `jc2r optimize`: the command's name with its parents'. */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}
