import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { addLlmGroupOption } from './llm-options.js';

/** A root with -g (as `jarvis` has) and a subcommand with -g (as `jarvis config show`). */
function program(seen: { root?: unknown; sub?: unknown; other?: unknown }): Command {
  const root = addLlmGroupOption(new Command('x').exitOverride()).action((o: { llmGroup?: unknown }) => {
    seen.root = o.llmGroup;
  });
  addLlmGroupOption(root.command('sub')).action((o: { llmGroup?: unknown }) => {
    seen.sub = o.llmGroup;
  });
  root.command('other').action((o: Record<string, unknown>) => {
    seen.other = o;
  });
  return root;
}

describe('-g/--llm-group', () => {
  it.each([
    [['sub', '-g', 'b'], 'b'],
    [['sub', '--llm-group', 'b'], 'b'],
    [['-g', 'a', 'sub'], 'a'],
    [['sub'], undefined],
  ])('reaches the subcommand that runs: %j', async (argv, want) => {
    const seen: { sub?: unknown } = {};
    await program(seen).parseAsync(argv, { from: 'user' });
    expect(seen.sub).toBe(want);
  });

  it('still belongs to the root command, and stays off subcommands without the option', async () => {
    const seen: { root?: unknown; other?: Record<string, unknown> } = {};
    await program(seen).parseAsync(['-g', 'c'], { from: 'user' });
    expect(seen.root).toBe('c');
    await program(seen).parseAsync(['-g', 'c', 'other'], { from: 'user' });
    expect(seen.other).toEqual({});
  });
});
