import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { jarvisProgram } from './jarvis-program.js';
import { jc2rProgram } from './jc2r-program.js';
import { jcaProgram } from './jca-program.js';
import { jsecProgram } from './jsec-program.js';

/**
 * The one flag convention of docs/cli.md, checked on every command the four programs define:
 * a short flag means one thing everywhere, commands with output take --json, the path a
 * command works on is an argument, and the table in docs/cli.md lists every command and option.
 */

function* walk(c: Command, path: string): Generator<[string, Command]> {
  yield [path, c];
  for (const s of c.commands) yield* walk(s, `${path} ${s.name()}`);
}

const commands = new Map([jarvisProgram(), jcaProgram(), jsecProgram(), jc2rProgram()].flatMap((p) => [...walk(p, p.name())]));
const visible = (c: Command): Option[] => c.options.filter((o) => !o.hidden);
const COMMON = new Set(['--version', '--debug', '--help']);

/** Commands that only group others. */
const GROUPS = ['jarvis config', 'jarvis runs', 'jarvis memory', 'jarvis methodology', 'jsec', 'jsec bench', 'jc2r', 'jc2r bench'];
/** Commands that do something and confirm it in a line: nothing to read as JSON. */
const ACTIONS = ['jarvis config init', 'jarvis memory export', 'jarvis memory import', 'jarvis memory organize', 'jarvis methodology share', 'jarvis methodology sync'];
/** Commands that work on one path: it is their argument. */
const PATH_COMMANDS = ['jsec scan', 'jsec agent', 'jsec bench juliet', 'jc2r scan', 'jc2r optimize', 'jc2r equiv', 'jc2r transpile', 'jc2r config', 'jc2r lib-replace', 'jc2r prepare', 'jc2r run', 'jc2r bench crust'];

describe('the flag convention (docs/cli.md)', () => {
  it('knows every command (a new one must be placed in the lists above and the docs table)', () => {
    expect([...commands.keys()].sort()).toMatchSnapshot();
  });

  it('gives each short flag one meaning across all commands', () => {
    const meanings = new Map<string, Set<string>>();
    for (const c of commands.values()) {
      for (const o of visible(c)) if (o.short) meanings.set(o.short, (meanings.get(o.short) ?? new Set()).add(o.long ?? o.short));
    }
    const ambiguous = [...meanings].filter(([, longs]) => longs.size > 1).map(([s, longs]) => `${s}: ${[...longs].join(', ')}`);
    expect(ambiguous).toEqual([]);
    expect(Object.fromEntries([...meanings].map(([s, l]) => [s, [...l][0]]))).toMatchObject({
      '-n': '--non-interactive',
      '-r': '--requirement',
      '-T': '--task',
      '-g': '--llm-group',
      '-o': '--output',
      '-p': '--project',
      '-c': '--agent-definition',
    });
  });

  it('reads an older short flag only where its letter has no visible meaning in that command', () => {
    for (const [path, c] of commands) {
      const shorts = new Set(visible(c).flatMap((o) => (o.short ? [o.short] : [])));
      for (const o of c.options.filter((x) => x.hidden && x.short)) expect(shorts.has(o.short as string), `${path} ${o.short}`).toBe(false);
    }
  });

  it('offers --json on every command with output', () => {
    const missing = [...commands]
      .filter(([path]) => !GROUPS.includes(path) && !ACTIONS.includes(path))
      .filter(([, c]) => !c.options.some((o) => o.long === '--json'))
      .map(([path]) => path);
    expect(missing).toEqual([]);
  });

  it('takes the path a command works on as its argument', () => {
    for (const path of PATH_COMMANDS) expect(commands.get(path)?.registeredArguments.length, path).toBe(1);
  });

  it('lists every command and its options in the table of docs/cli.md', () => {
    const doc = readFileSync(resolve(import.meta.dirname, '../../docs/cli.md'), 'utf8');
    for (const [path, c] of commands) {
      if (GROUPS.includes(path)) continue;
      const row = doc.split('\n').find((l) => l.startsWith(`| \`${path}\` |`));
      expect(row, `a row for ${path}`).toBeDefined();
      for (const o of visible(c)) {
        if (COMMON.has(o.long ?? '')) continue;
        expect(row, `${path} ${o.flags}`).toContain(`\`${o.short ? `${o.short}/` : ''}${o.long}\``);
      }
    }
  });
});
