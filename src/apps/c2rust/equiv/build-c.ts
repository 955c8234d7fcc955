import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import pLimit from 'p-limit';
import { JarvisError } from '../../../util/errors.js';
import { runProcess } from '../../../util/process.js';
import type { TranslationUnit } from '../compile-db.js';
import { relPath } from '../expansion.js';
import { linkFlags } from '../make-dry-run.js';
import { projectUnits } from '../project-units.js';

/**
 * The C side of a comparison, built the way the translated crate is laid out: every unit
 * compiled with its own compile command (from the project's database or its build system, as
 * `jc2r scan` finds them), the units without `main` in one archive, and each program linked from
 * its `main` unit, that archive and the libraries the build links with. Building from the
 * compile commands rather than running the project's makefile keeps the oracle independent of
 * what a makefile's `all` happens to do (run tests, install, need network).
 */
export interface CProject {
  /** Units compiled, by absolute source path. */
  objects: Map<string, string>;
  /** Sources that define `main`: the programs. */
  mains: string[];
  /** Units that did not compile, with the compiler's first error. */
  failed: { file: string; error: string }[];
  archive?: string;
  linkArgs: string[];
  linker: string;
  outDir: string;
  compileSource: string;
  notices: string[];
}

/** Flags that only concern outputs, dependencies, coverage, warnings-as-errors or linking. */
const DROP_WITH_VALUE = new Set(['-o', '-MF', '-MT', '-MQ', '-L', '-l', '-Xlinker']);
const DROP = /^(-c|-M|-MM|-MD|-MMD|-MP|-MG|-fprofile-arcs|-ftest-coverage|--coverage|-pg|-shared|-static|-rdynamic|-Werror.*|-flto.*|-fdiagnostics-color.*|-l.+|-L.+|-Wl,.*)$/;
const INPUT = /\.(c|cc|cpp|cxx|c\+\+|C|o|a|so|obj|lo)$|\.so\.\d/;

export async function compileProject(root: string, outDir: string, env: NodeJS.ProcessEnv): Promise<CProject> {
  const found = await projectUnits(root, { keepUncovered: true, env });
  const units = found.units;
  if (units.length === 0) throw new JarvisError('usage', `no C sources to build under ${root}`, { exitCode: 2 });
  mkdirSync(join(outDir, 'obj'), { recursive: true });
  const limit = pLimit(Math.max(1, availableParallelism()));
  const objects = new Map<string, string>();
  const failed: CProject['failed'] = [];
  const mains: string[] = [];
  await Promise.all(
    units.map((u) =>
      limit(async () => {
        const obj = join(outDir, 'obj', `${relPath(root, u.file).replace(/[/\\]/g, '__')}.o`);
        const r = await compileUnit(u, obj, env);
        if (typeof r === 'string') {
          failed.push({ file: u.file, error: r });
          return;
        }
        objects.set(u.file, obj);
        if (r.main) mains.push(u.file);
      }),
    ),
  );
  mains.sort();
  const libs = units.filter((u) => objects.has(u.file) && !mains.includes(u.file)).map((u) => objects.get(u.file) as string);
  let archive: string | undefined;
  if (libs.length > 0) {
    archive = join(outDir, 'libproject.a');
    rmSync(archive, { force: true });
    const r = await runProcess('ar', ['rcs', archive, ...libs], { env, timeoutMs: 120_000 });
    if (r.exitCode !== 0) throw new JarvisError('tool', `ar failed: ${r.stderr.trim().split('\n')[0] ?? ''}`, { exitCode: 2 });
  }
  const linker = units.some((u) => u.language === 'cpp') ? 'c++' : 'cc';
  const kind = found.source.kind;
  return {
    objects,
    mains,
    failed,
    archive,
    linkArgs: linkArgsOf(found.source.linkArgs ?? [], units),
    linker,
    outDir,
    compileSource: kind === 'none' ? 'default flags' : kind === 'compile_commands.json' ? (found.source.database ?? kind) : `${kind} (${found.source.buildFile})`,
    notices: found.notices,
  };
}

/**
 * What the build links with: the generator's link lines, and the `-l`/`-L`/`-pthread` of the
 * compile commands themselves (a `cc -o test a.c b.c -lcrypto` both compiles and links).
 */
function linkArgsOf(fromBuild: readonly string[], units: readonly TranslationUnit[]): string[] {
  const out = new Set(fromBuild);
  for (const u of units) if (u.argv) for (const f of linkFlags(u.argv, u.cwd)) out.add(f);
  return [...out];
}

/** Links the program whose `main` is in `cFile`; a `-lX` the linker cannot find (the project's own library) is dropped. */
export async function linkProgram(p: CProject, cFile: string, name: string, env: NodeJS.ProcessEnv): Promise<string> {
  const obj = p.objects.get(resolve(cFile));
  if (!obj) {
    const why = p.failed.find((f) => f.file === resolve(cFile))?.error;
    throw new JarvisError('tool', `the C program ${cFile} did not compile${why ? `: ${why}` : ''}`, { exitCode: 2 });
  }
  mkdirSync(join(p.outDir, 'bin'), { recursive: true });
  const exe = join(p.outDir, 'bin', name);
  let args = [...p.linkArgs];
  for (let attempt = 0; attempt < 8; attempt++) {
    const r = await runProcess(p.linker, ['-o', exe, obj, ...(p.archive ? [p.archive] : []), ...args, '-lm'], { env, timeoutMs: 120_000 });
    if (r.exitCode === 0) return exe;
    const missing = /cannot find -l(\S+?)(?::|$)/m.exec(r.stderr)?.[1];
    if (!missing || !args.includes(`-l${missing}`)) throw new JarvisError('tool', `linking the C program ${name} failed: ${firstLine(r.stderr)}`, { exitCode: 2 });
    args = args.filter((a) => a !== `-l${missing}`);
  }
  throw new JarvisError('tool', `linking the C program ${name} failed`, { exitCode: 2 });
}

/**
 * Compiles one unit with its own command minus outputs, dependency files, coverage and link
 * flags, into `obj`; the error's first line when it fails. An object whose command is unchanged
 * and whose sources and headers (from the `-MMD` file written beside it) are all older is
 * reused: re-running `jc2r equiv` after a change to the Rust side recompiles no C.
 */
async function compileUnit(u: TranslationUnit, obj: string, env: NodeJS.ProcessEnv): Promise<{ main: boolean } | string> {
  const argv = u.argv ?? ['cc', ...u.args];
  const kept: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] as string;
    if (DROP_WITH_VALUE.has(a)) i++;
    else if (!DROP.test(a) && !INPUT.test(a)) kept.push(a);
  }
  const stampFile = `${obj}.stamp`;
  const stamp = JSON.stringify([argv[0], ...kept, u.cwd, u.file, argv.slice(1).filter((a) => INPUT.test(a))]);
  const cached = upToDate(obj, stampFile, stamp, u.cwd);
  if (cached) return cached;
  rmSync(stampFile, { force: true });
  // The source spelled as the command spells it: `__FILE__` (assert messages, test reports) is
  // that text, and the translation reproduces it from the same command.
  const source = argv.slice(1).find((a) => INPUT.test(a) && resolve(u.cwd, a) === u.file) ?? u.file;
  const run = (cc: string) => runProcess(cc, [...kept, '-w', '-MMD', '-MF', `${obj}.d`, '-c', source, '-o', obj], { cwd: u.cwd, env, timeoutMs: 300_000 });
  let r;
  try {
    r = await run(argv[0] as string);
  } catch {
    // The database names a compiler this machine does not have: the system one.
    r = await run(u.language === 'cpp' ? 'c++' : 'cc');
  }
  if (r.exitCode !== 0) return firstLine(r.stderr) || `exit ${r.exitCode}`;
  const main = await definesMain(obj, env);
  writeFileSync(stampFile, JSON.stringify({ stamp, main }));
  return { main };
}

/** The cached result when the object is newer than every file it was made from and the command is the same. */
function upToDate(obj: string, stampFile: string, stamp: string, cwd: string): { main: boolean } | undefined {
  try {
    const saved = JSON.parse(readFileSync(stampFile, 'utf8')) as { stamp?: string; main?: boolean };
    if (saved.stamp !== stamp) return undefined;
    const built = statSync(obj).mtimeMs;
    const deps = readFileSync(`${obj}.d`, 'utf8').replace(/\\\n/g, ' ').split(':').slice(1).join(':').split(/\s+/).filter(Boolean);
    if (deps.length === 0 || deps.some((d) => statSync(resolve(cwd, d)).mtimeMs > built)) return undefined;
    return { main: saved.main === true };
  } catch {
    return undefined;
  }
}

async function definesMain(obj: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  const r = await runProcess('nm', ['-g', '--defined-only', obj], { env, timeoutMs: 60_000 });
  return /^\S*\s+T\s+_?main$/m.test(r.stdout);
}

function firstLine(text: string): string {
  return (text.split('\n').find((l) => /error/i.test(l)) ?? text.split('\n')[0] ?? '').trim().slice(0, 240);
}
