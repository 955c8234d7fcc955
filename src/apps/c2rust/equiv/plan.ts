import { existsSync, readFileSync } from 'node:fs';
import { basename, extname, isAbsolute, join, resolve } from 'node:path';
import { JarvisError } from '../../../util/errors.js';
import { c2rustDir } from '../artifacts.js';
import { relPath } from '../expansion.js';

/** `{bin}` or `{bin:NAME}` in a command: where the program under test goes. */
const PLACEHOLDER = /\{bin(?::([A-Za-z0-9_.+-]+))?\}/g;

/** A program as both sides have it: the Rust binary's name and the C file holding its `main`. */
export interface ProgramPair {
  name: string;
  cFile: string;
}

/** The commands to run: `--run` ones, then the lines of `--commands FILE` (blank lines and `#` comments skipped). */
export function readCommands(runs: readonly string[], commandsFile?: string): string[] {
  const out = [...runs];
  if (commandsFile) {
    let text: string;
    try {
      text = readFileSync(commandsFile, 'utf8');
    } catch (e) {
      throw new JarvisError('usage', `cannot read the commands file ${commandsFile}: ${(e as Error).message}`);
    }
    for (const line of text.split('\n')) if (line.trim() && !line.trim().startsWith('#')) out.push(line.trim());
  }
  for (const c of out) {
    if (!PLACEHOLDER.test(c)) throw new JarvisError('usage', `command \`${c}\` has no {bin} or {bin:NAME}: it would run the same thing twice`, { hint: 'write {bin} where the program goes, e.g. --run "{bin} -9 input.txt"' });
    PLACEHOLDER.lastIndex = 0;
  }
  return out;
}

/** The program names a command uses; a bare `{bin}` is `single` (the one binary, or --bin). */
export function programsIn(command: string, single: string | undefined): string[] {
  const names = new Set<string>();
  for (const m of command.matchAll(PLACEHOLDER)) {
    const name = m[1] ?? single;
    if (!name) throw new JarvisError('usage', `\`${command}\` uses {bin} but the crate has several binaries`, { hint: 'name one with --bin NAME, or write {bin:NAME}' });
    names.add(name);
  }
  return [...names];
}

/** The command with each placeholder replaced by the program's path in the run's bin directory. */
export function substitute(command: string, binDir: string, single: string | undefined): string {
  return command.replace(PLACEHOLDER, (_m, name: string | undefined) => shellQuote(join(binDir, name ?? (single as string))));
}

function shellQuote(s: string): string {
  return /^[\w./+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

interface ReportBinary {
  name?: unknown;
  c_file?: unknown;
}

/**
 * Which C file each Rust binary comes from: `transpile_report.json`'s `binaries` when the crate
 * was made by `jc2r transpile`, else the C file with a `main` whose stem is the binary's name
 * (the translator's naming rule).
 */
export function pairPrograms(root: string, rustBins: Iterable<string>, cMains: readonly string[]): Map<string, ProgramPair> {
  const fromReport = new Map<string, string>();
  const report = join(c2rustDir(root), 'transpile_report.json');
  if (existsSync(report)) {
    try {
      const data = JSON.parse(readFileSync(report, 'utf8')) as { binaries?: ReportBinary[] };
      for (const b of data.binaries ?? []) {
        if (typeof b.name === 'string' && typeof b.c_file === 'string') fromReport.set(b.name, isAbsolute(b.c_file) ? b.c_file : resolve(root, b.c_file));
      }
    } catch {
      // An unreadable report: fall back to the naming rule.
    }
  }
  const out = new Map<string, ProgramPair>();
  for (const name of rustBins) {
    const byReport = fromReport.get(name);
    const byStem = cMains.filter((f) => basename(f, extname(f)) === name);
    const cFile = byReport ?? (byStem.length === 1 ? byStem[0] : undefined);
    if (cFile) out.set(name, { name, cFile });
  }
  return out;
}

/** Test programs: a C file under a test folder, or named like a test. */
export function isTestProgram(root: string, cFile: string): boolean {
  const rel = relPath(root, cFile).toLowerCase();
  return /(^|\/)(tests?|testing|unittests?|check)\//.test(rel) || /(^|[_\-/])tests?([_\-.]|$)|^test|_test\.|tests?\.c/.test(basename(rel));
}
