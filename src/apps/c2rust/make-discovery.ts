import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { runProcess, writeFileAtomicSync } from '../../util/index.js';
import { listSources, type CompileDbEntry } from './compile-db.js';
import { linkFlags, parseMakeOutput, type MakeCommands } from './make-dry-run.js';

const MAKE_TIMEOUT_MS = 60_000;
/** Folders never copied for the dry run: VCS data, our own files, dependency trees, Rust builds. */
const NOT_COPIED = new Set(['.git', '.hg', '.svn', '.jarvis', 'node_modules', 'target']);
/** Targets that build the tests, tried when the default goal leaves sources uncompiled. */
const TEST_TARGETS = ['test', 'tests', 'check'];

/**
 * The compile commands `make` would run, from `make -n -B -k -w` (print every command, as if
 * everything were out of date, going on past errors, naming directories). It runs in a copy of
 * the tree: even a dry run executes the rules that remake included makefiles (`-include $(DEPS)`
 * with a `%.d` rule compiles for real), which must not write into the user's project. Paths in
 * the commands are mapped back to the project. When the default goal leaves sources uncompiled
 * and the makefile has a `test`/`tests`/`check` target, that target is dry-run too (tests are
 * often only built there). No `bear` needed.
 */
export async function makeCompileCommands(root: string, dir: string, env: NodeJS.ProcessEnv): Promise<{ database: string; linkArgs: string[] }> {
  const tmp = realpathSync(mkdtempSync(join(tmpdir(), 'jc2r-make-')));
  const copy = join(tmp, basename(root));
  try {
    cpSync(root, copy, { recursive: true, filter: (src) => !NOT_COPIED.has(basename(src)) || src === root });
    const makeEnv = { ...env };
    // A scan started from a make recipe must not inherit that make's flags or jobserver.
    for (const k of ['MAKEFLAGS', 'MFLAGS', 'MAKELEVEL', 'MAKEOVERRIDES', 'GNUMAKEFLAGS']) delete makeEnv[k];
    const all: MakeCommands = { compiles: [], links: [] };
    const errors: string[] = [];
    const dryRun = async (goal?: string) => {
      const r = await runProcess('make', ['-n', '-B', '-k', '-w', ...(goal ? [goal] : [])], { cwd: copy, env: makeEnv, timeoutMs: MAKE_TIMEOUT_MS, maxOutputBytes: 16 * 1024 * 1024 });
      if (r.timedOut) throw new Error(`make -n did not finish in ${MAKE_TIMEOUT_MS / 1000} s`);
      const found = parseMakeOutput(r.stdout, copy);
      all.compiles.push(...found.compiles);
      all.links.push(...found.links);
      if (r.exitCode !== 0) errors.push(r.stderr.split('\n').find((l) => /\*\*\*|error/i.test(l))?.trim() ?? `exit ${r.exitCode}`);
    };
    await dryRun();
    const compiled = new Set(all.compiles.map((c) => c.file));
    const missing = listSources(copy).sources.some((s) => !compiled.has(s));
    if (missing) {
      const text = makefileText(copy);
      for (const t of TEST_TARGETS) if (new RegExp(`^${t}\\s*:`, 'm').test(text)) await dryRun(t);
    }
    if (all.compiles.length === 0) throw new Error(errors[0] ? `make -n: ${errors[0]}` : 'make -n printed no compiler command');
    const back = (s: string) => s.split(copy).join(root);
    const entries: CompileDbEntry[] = all.compiles.map((c) => ({ directory: back(c.directory), file: back(c.file), arguments: (c.arguments ?? []).map(back) }));
    const linkArgs = new Set<string>();
    for (const l of all.links) for (const f of linkFlags(l.arguments.map(back), back(l.directory))) linkArgs.add(f);
    const database = join(dir, 'compile_commands.json');
    writeFileAtomicSync(database, `${JSON.stringify(entries, null, 1)}\n`);
    writeFileAtomicSync(join(dir, 'links.json'), `${JSON.stringify(all.links.map((l) => ({ directory: back(l.directory), output: back(l.output), arguments: l.arguments.map(back) })), null, 1)}\n`);
    return { database, linkArgs: [...linkArgs] };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function makefileText(dir: string): string {
  for (const f of ['GNUmakefile', 'makefile', 'Makefile']) {
    try {
      return readFileSync(join(dir, f), 'utf8');
    } catch {
      // try the next name make would read
    }
  }
  return '';
}
